import { expect, test } from '@playwright/test';
import { createAdmin, openAdmin, openOrder, openTab } from './admin-helpers';

// Refunds by M-Pesa (docs/product.md section 5, docs/payments.md section 12) against the real
// binary: in --dev the shop sends B2C payments to the built-in simulator, which checks the
// initiator's credential and posts the result back.

test.beforeAll(createAdmin);

test('an overpaid order is refunded in one click, and the refund turns to sent without a reload', async ({ page, browser }) => {
  // A farmer pays by prompt, then sends Ksh 100 more by Paybill to the same order.
  const context = await browser.newContext();
  const guest = await context.newPage();
  const products = (await (await guest.request.get('/api/products/')).json()) as { variants: { id: number; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 5);
  expect(variant, 'a demo size in stock').toBeTruthy();
  expect((await guest.request.post('/api/cart/items/', { data: { variant: variant!.id, quantity: 1 } })).status()).toBe(201);
  const res = await guest.request.post('/api/payments/mpesa/initiate/', {
    data: {
      phone: '0708374149',
      customerInfo: { name: 'Akinyi Achieng', email: 'akinyi@example.co.ke', phone: '0708374149' },
      shippingAddress: { address: 'Plot 7, Thika Road', city: 'Ruiru', county: 'Kiambu', postalCode: '' },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { orderId, orderToken } = (await res.json()) as { orderId: string; orderToken: string };
  const read = async () =>
    (await (await guest.request.get(`/api/orders/${orderId}/`, { headers: { 'X-Order-Token': orderToken } })).json()) as {
      status: string;
      total: string;
      amount_paid: string;
    };
  await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe('paid');
  const paid = await guest.request.post('/dev/mpesa/paybill/', { data: { account: orderId, amount: '100.00', phone: '254708374149' } });
  expect(paid.status()).toBe(202);
  // The confirmation may be in before the first read: wait for the total plus the Ksh 100.
  const total = Number((await read()).total);
  await expect.poll(async () => Number((await read()).amount_paid), { timeout: 30_000 }).toBe(total + 100);
  await context.close();

  await openAdmin(page);
  await openTab(page, 'Orders');
  await openOrder(page, orderId);

  // A page that reloaded would lose this mark.
  await page.evaluate(() => ((window as unknown as { refundMark: string }).refundMark = 'same page'));
  await page.getByRole('button', { name: 'Refund Ksh 100 by M-Pesa' }).click();
  const confirm = page.getByRole('group', { name: 'Confirm the refund' });
  await expect(confirm).toContainText('Send Ksh 100 by M-Pesa to 0708 374 149 (Akinyi Achieng)?');
  await confirm.getByRole('button', { name: 'Send Ksh 100' }).click();

  const refunds = page.getByRole('list', { name: 'Refunds recorded' });
  await expect(refunds.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(refunds).toContainText('Ksh 100 by M-Pesa');
  await expect(refunds).toContainText('to 0708 374 149');
  await expect(refunds.locator('strong')).toHaveText(/^[A-Z0-9]{10}$/);
  await expect(page.getByText('Refunded in all: Ksh 100')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { refundMark?: string }).refundMark)).toBe('same page');
});
