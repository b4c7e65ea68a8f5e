import { expect, test, type Page } from '@playwright/test';

/** On a phone the main links sit behind the menu button; open it when it is there. */
async function openMenuIfCollapsed(page: Page, isMobile: boolean) {
  if (!isMobile) return;
  const button = page.getByRole('button', { name: 'Menu' });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
}

test('home shows the header navigation and the footer', async ({ page, isMobile }) => {
  // A Content-Security-Policy violation or a script error shows up here.
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  await page.goto('/');

  await expect(page).toHaveTitle(/Mifugo Bora Feeds/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Cart' })).toBeVisible();

  await openMenuIfCollapsed(page, isMobile);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const name of ['Home', 'Shop', 'About', 'Contact']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }

  const footer = page.getByRole('contentinfo');
  for (const name of ['Products', 'Contact Us', 'Navigation', 'Our Company']) {
    await expect(footer.getByRole('heading', { name })).toBeVisible();
  }
  await expect(footer.getByText('We accept')).toBeVisible();
  expect(errors).toEqual([]);
});

test('the menu closes after choosing a page on a phone', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the menu button exists only on narrow screens');
  await page.goto('/');

  await openMenuIfCollapsed(page, isMobile);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();

  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' })).toBeHidden();
});

test('an unknown address shows the error screen, whose links work', async ({ page }) => {
  await page.goto('/no-such-page');

  const heading = page.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' });
  await expect(heading).toBeVisible();
  const main = page.getByRole('main');

  await main.getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();

  await page.goBack();
  await expect(heading).toBeVisible();
  await main.getByRole('link', { name: 'Home', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Shop Now' })).toBeVisible();
});
