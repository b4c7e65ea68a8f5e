import { expect, test } from '@playwright/test';

// The API's page (/api/docs): Redoc renders the OpenAPI document under the page's own
// Content-Security-Policy, and no page of the shop loads the renderer.

test('the API page shows the document, searchable, within its policy', async ({ page, isMobile }) => {
  // Redoc renders the whole document (well over a hundred operations) before the page settles, on
  // the phone project with a slowed CPU.
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/api/docs');

  await expect(page.getByRole('heading', { name: /Mifugo Bora Feeds shop API/ })).toBeVisible();
  await expect(page.getByText('List the active products').first()).toBeAttached();
  // The search runs in Redoc's worker, which the page's policy allows from a blob. On a phone
  // it sits in the menu, behind a button of Redoc's own.
  if (!isMobile) {
    await page.getByPlaceholder('Search...').fill('refund');
    // The worker indexes the whole document first: on a busy machine that takes seconds.
    await expect(page.locator('[data-role="search:results"]')).toContainText('Record money sent back, or send it by M-Pesa', { timeout: 30_000 });
  }
  expect(errors).toEqual([]);
});

test('the shop never loads the API renderer', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(loaded.filter((p) => p.startsWith('/apidocs/'))).toEqual([]);
});
