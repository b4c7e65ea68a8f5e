import { expect, test } from '@playwright/test';
import { createAdmin, openAdmin, openTab } from './admin-helpers';

// The back office's Reports tab and refunds (docs/product.md section 5) against the real binary,
// on the demo shop's past sales (--dev seeds four months of them).

test.beforeAll(createAdmin);

test('the Reports tab draws the demo shop sales', async ({ page }) => {
  await openAdmin(page);
  await openTab(page, 'Reports');
  const panel = page.getByRole('main');
  const series = panel.locator('svg[data-chart="series"]');
  await expect(series).toBeVisible();
  await expect(series.locator('title').first()).toHaveText('Revenue per day');
  // The last 30 days, a column each, and some of them with sales.
  await expect(series.locator('rect[data-period]')).toHaveCount(30);
  expect(await series.locator('rect[data-period][height="0"]').count()).toBeLessThan(30);
  await expect(panel.locator('svg[data-chart="bars"] rect').first()).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Top 10 products by revenue' })).toBeVisible();
  await expect(panel.getByText('Average order value')).toBeVisible();

  // By month: fewer, wider columns.
  await panel.getByLabel('Group by').selectOption('month');
  await expect(series.locator('title').first()).toHaveText('Revenue per month');
  expect(await series.locator('rect[data-period]').count()).toBeLessThanOrEqual(2);

  const download = page.waitForEvent('download');
  await panel.getByRole('button', { name: 'Download CSV (sales)' }).click();
  expect((await download).suggestedFilename()).toMatch(/^sales-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
});

test('the admin records a refund on a delivered order', async ({ page }, testInfo) => {
  await openAdmin(page);
  await openTab(page, 'Orders');
  const panel = page.getByRole('main');
  // Each browser project refunds an order of its own.
  await panel
    .getByRole('group', { name: 'Status' })
    .getByRole('button', { name: testInfo.project.name === 'phone' ? /^Delivered/ : /^Collected/ })
    .click();
  await expect(page).toHaveURL(/status=(delivered|collected)/);
  await panel.getByRole('link', { name: /^Open ORDER-/ }).first().click();

  const form = panel.getByRole('form', { name: 'Record refund' });
  await expect(form.getByLabel('Amount (Ksh)')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Record refund' }).click();
  await expect(form.getByText('Say why the money is refunded.')).toBeVisible();

  const reference = `E2E${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  await form.getByLabel('Reason').fill('Bags arrived wet');
  await form.getByLabel('M-Pesa reference').fill(reference);
  await form.getByLabel("Put this order's items back in stock").check();
  await form.getByRole('button', { name: 'Record refund' }).click();

  await expect(panel.getByText(/^Refund of Ksh [\d,.]+ recorded: the order is refunded\.$/)).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Refunds recorded' })).toContainText(reference);
  await expect(panel.getByRole('heading', { level: 2 })).toContainText('Refunded');
  await expect(panel.getByRole('form', { name: 'Record refund' })).toHaveCount(0);
});
