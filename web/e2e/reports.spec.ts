import { expect, test, type Locator } from '@playwright/test';
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

  // By line: one of the first line's items comes back to stock, and the amount is what it is worth.
  const form = panel.getByRole('form', { name: 'Record refund' });
  await expect(form.getByLabel('Amount (Ksh)')).toHaveValue('');
  await form.getByRole('button', { name: 'Record refund' }).click();
  await expect(form.getByText('Say why the money is refunded.')).toBeVisible();

  const first = form.locator('tbody tr').first();
  const what = (await first.getByRole('cell').first().textContent()) ?? '';
  await first.getByLabel(`Quantity to refund of ${what}`).fill('1');
  await first.getByLabel(`Put ${what} back in stock`).check();
  await expect(form.getByText(/^The lines chosen are worth Ksh\s[\d,.]+\.$/)).toBeVisible();
  await expect(form.getByLabel('Amount (Ksh)')).not.toHaveValue('');
  const reference = `E2E${testInfo.project.name.toUpperCase()}${Date.now().toString(36).toUpperCase()}`;
  await form.getByLabel('Reason').fill('Bags arrived wet');
  await form.getByLabel('M-Pesa reference').fill(reference);
  await form.getByRole('button', { name: 'Record refund' }).click();
  const confirm = form.getByRole('group', { name: 'Confirm the refund' });
  await expect(confirm).toContainText(`1 × ${what.replace(/ \(.*\)$/, '')} back in stock`);
  await confirm.getByRole('button', { name: /^Record Ksh/ }).click();
  const recorded = panel.getByText(/^Refund of Ksh\s[\d,.]+ recorded: the order is (partly refunded|refunded)\.$/);
  await expect(recorded).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Refunds recorded' })).toContainText(reference);
  await expect(panel.getByRole('list', { name: 'Refunds recorded' })).toContainText('(stock returned)');

  // The rest (other lines and the delivery fee), when the order had more, as an amount alone: the
  // order is refunded.
  if ((await recorded.textContent())?.endsWith('partly refunded.')) await refundTheRest(panel, reference);
  await expect(panel.getByRole('heading', { level: 2 })).toContainText('Refunded');
  await expect(panel.getByRole('form', { name: 'Record refund' })).toHaveCount(0);
});

async function refundTheRest(panel: Locator, reference: string) {
  const rest = panel.getByRole('form', { name: 'Record refund' });
  const most = (await rest.getByText(/At most Ksh\s[\d,.]+ can be refunded\./).textContent())?.match(/Ksh\s([\d,.]+)/)?.[1] ?? '';
  expect(most).not.toBe('');
  await rest.getByLabel('Amount (Ksh)').fill(most.replace(/,/g, ''));
  await rest.getByLabel('Reason').fill('Order returned');
  await rest.getByLabel('M-Pesa reference').fill(`${reference}B`);
  await rest.getByRole('button', { name: 'Record refund' }).click();
  await rest.getByRole('group', { name: 'Confirm the refund' }).getByRole('button', { name: /^Record Ksh/ }).click();
  await expect(panel.getByText(/^Refund of Ksh\s[\d,.]+ recorded: the order is refunded\.$/)).toBeVisible();
}
