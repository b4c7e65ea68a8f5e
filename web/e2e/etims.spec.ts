import { expect, test } from '@playwright/test';
import { ADMIN, createAdmin } from './admin-helpers';

// KRA eTIMS in `--dev` (docs/etims.md): a paid order's invoice reaches the built-in simulator, the
// order page shows the signed invoice with its CU invoice number and the QR code of KRA's link, and
// a refund's credit note follows against that invoice.

test.beforeAll(createAdmin);

type SimInvoice = { invcNo: number; orgInvcNo: number; rcptTyCd: string; trdInvcNo: string; totAmt: number };

test('a paid order becomes a signed KRA invoice, and a refund its credit note', async ({ page }) => {
  const products = (await (await page.request.get('/api/products/')).json()) as { variants: { id: number; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 5);
  expect(variant, 'a demo size in stock').toBeTruthy();
  expect((await page.request.post('/api/cart/items/', { data: { variant: variant!.id, quantity: 1 } })).status()).toBe(201);
  const res = await page.request.post('/api/payments/mpesa/initiate/', {
    data: {
      phone: '0708374149',
      customerInfo: { name: 'Akinyi Achieng', email: 'akinyi@example.co.ke', phone: '0708374149', kraPin: 'P051234567X' },
      shippingAddress: { address: 'Plot 7, Thika Road', city: 'Ruiru', county: 'Kiambu', postalCode: '' },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { orderId, orderToken } = (await res.json()) as { orderId: string; orderToken: string };
  const order = async () =>
    (await (await page.request.get(`/api/orders/${orderId}/`, { headers: { 'X-Order-Token': orderToken } })).json()) as {
      etims: { status: string; cu_invoice_no: string; invoice_no: number; verify_url: string };
    };
  await expect.poll(async () => (await order()).etims.status, { timeout: 60_000 }).toBe('signed');
  const signed = (await order()).etims;

  await page.goto('/');
  await page.evaluate(([id, token]) => localStorage.setItem(`orderToken:${id}`, token!), [orderId, orderToken]);
  await page.goto(`/order-confirmation?orderId=${encodeURIComponent(orderId)}`);
  const invoice = page.getByRole('region', { name: 'KRA tax invoice' });
  await expect(invoice).toContainText(signed.cu_invoice_no);
  await expect(invoice).toContainText('P051234567X');
  await expect(invoice.getByRole('img', { name: /QR code/ })).toBeVisible();
  await expect(invoice.getByRole('link', { name: 'Check this invoice with KRA' })).toHaveAttribute('href', signed.verify_url);

  const sim = async () => (await (await page.request.get('/dev/etims/invoices?format=json')).json()) as SimInvoice[];
  const sale = (await sim()).find((i) => i.trdInvcNo === orderId && i.rcptTyCd === 'S');
  expect(sale?.invcNo).toBe(signed.invoice_no);

  // A part refund, recorded by the owner: its credit note goes against the invoice.
  const login = await page.request.post('/api/auth/login/', { data: { username: ADMIN.email, password: ADMIN.password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { access } = (await login.json()) as { access: string };
  const refund = await page.request.post(`/api/admin/orders/${orderId}/refunds/`, {
    headers: { Authorization: `Bearer ${access}` },
    // A reference of its own: the phone and desktop runs share the shop.
    data: { amount: '100.00', reason: 'A torn bag', reference: `TK${Date.now().toString(36).toUpperCase().slice(-8)}`, restock: false },
  });
  expect(refund.status(), await refund.text()).toBe(201);
  await expect
    .poll(async () => (await sim()).filter((i) => i.rcptTyCd === 'R' && i.orgInvcNo === signed.invoice_no).map((i) => i.totAmt), { timeout: 60_000 })
    .toEqual([100]);
});
