import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, createAdmin, signIn } from './admin-helpers';

// Pay on delivery and the rider's screen (docs/product.md, "The rider's screen") on a 360 px
// phone against the real binary: a farmer pays the delivery fee by M-Pesa, the owner gives the
// order to a rider, and the rider collects the goods' money at the door through the --dev
// simulator and marks it delivered. The rider's role is set in the database, as the users
// screen sets it.

const RIDER = { email: 'otieno.rider@mifugobora.co.ke', password: 'Ruiru2026Rider', phone: '254722000301' };

test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test.beforeAll(createAdmin);

async function bearer(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/login/', { data: { username: email, password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { access: string }).access;
}

test('a rider collects a pay-on-delivery order at the door and marks it delivered', async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the rider’s screen is a phone screen');
  test.setTimeout(120_000);

  // The rider's account, given the rider role.
  const signup = await page.request.post('/api/auth/register/', {
    data: { first_name: 'Otieno', last_name: 'Rider', email: RIDER.email, phone: RIDER.phone, password: RIDER.password },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  execFileSync('sqlite3', ['-cmd', '.timeout 5000', `${process.env.E2E_TMPDIR}/e2e.db`, `UPDATE users SET role = 'rider' WHERE email = '${RIDER.email}'`]);

  // A farmer in Kiambu (a zone the demo opens to pay on delivery) pays only the fee now.
  const context = await browser.newContext();
  const farmer = await context.newPage();
  const products = (await (await farmer.request.get('/api/products/')).json()) as { variants: { id: number; stock: number; price: string }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 5 && Number(v.price) < 5000);
  expect(variant, 'a demo size in stock under the cap').toBeTruthy();
  expect((await farmer.request.post('/api/cart/items/', { data: { variant: variant!.id, quantity: 1 } })).status()).toBe(201);
  const res = await farmer.request.post('/api/payments/mpesa/initiate/', {
    data: {
      paymentMethod: 'on_delivery',
      phone: '0708374149',
      customerInfo: { name: 'Wanjiku Mwangi', email: 'wanjiku.pod@example.co.ke', phone: '0712345678' },
      shippingAddress: { address: 'Plot 4, Eastern Bypass', city: 'Ruiru', county: 'Kiambu', postalCode: '' },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { orderId, orderToken } = (await res.json()) as { orderId: string; orderToken: string };
  const status = async () =>
    ((await (await farmer.request.get(`/api/orders/${orderId}/`, { headers: { 'X-Order-Token': orderToken } })).json()) as { status: string }).status;
  await expect.poll(status, { timeout: 30_000 }).toBe('awaiting_delivery_payment');
  await context.close();

  // The owner gives it to the rider and dispatches it.
  const owner = await bearer(page.request, ADMIN.email, ADMIN.password);
  const auth = { Authorization: `Bearer ${owner}` };
  const riders = (await (await page.request.get('/api/admin/riders/summary/', { headers: auth })).json()) as { riders: { rider_id: number; name: string }[] };
  const rider = riders.riders.find((r) => r.name === 'Otieno Rider');
  expect(rider, 'the rider in the back office’s list').toBeTruthy();
  expect((await page.request.put(`/api/admin/orders/${orderId}/rider/`, { headers: auth, data: { rider_id: rider!.rider_id } })).status()).toBe(200);
  const dispatched = await page.request.patch(`/api/admin/orders/${orderId}/`, { headers: auth, data: { status: 'dispatched', courier: 'Otieno (rider)' } });
  expect(dispatched.ok(), await dispatched.text()).toBeTruthy();

  // The rider, on a phone.
  await page.goto('/login');
  await signIn(page, RIDER.email, RIDER.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/rider');
  const card = page.getByTestId('delivery').filter({ hasText: orderId });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Call 254712345678' })).toHaveAttribute('href', 'tel:+254712345678');
  await expect(card.getByRole('link', { name: 'Open in the map' })).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);
  await expect(card).toHaveAttribute('data-paid', 'false');

  await card.getByRole('button', { name: 'Collect payment' }).click();
  await card.getByRole('button', { name: 'Collect payment' }).last().click();
  await expect(card.getByText(/request is on the customer’s phone/)).toBeVisible();
  await expect(card.getByText(/Account number \(the order number\)/)).toBeVisible();
  // The simulated phone pays; the card turns green only once the callback is in.
  await expect(card).toHaveAttribute('data-paid', 'true', { timeout: 30_000 });
  await expect(card.getByText('Paid. The shop has the money.')).toBeVisible();

  await card.getByRole('button', { name: 'Delivered' }).click();
  await card.getByRole('button', { name: 'Confirm delivered' }).click();
  await expect(card.getByText('Delivered', { exact: true }).last()).toBeVisible();
  await expect(page.getByTestId('summary-delivered')).toHaveText('1');

  // Nothing spills past a 360 px screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
