import { expect, test } from '@playwright/test';
import { adminNav, createAdmin, openAdmin, openOrder, openTab, signIn } from './admin-helpers';

// Staff roles (docs/product.md, "Roles") against the real binary: the owner makes a customer a
// clerk on the users screen, and the clerk's admin shows only the clerk's tabs, no revenue on the
// dashboard and no refunds on an order.

test.beforeAll(createAdmin);

test('an owner makes a user a clerk, whose admin shows no revenue and no refund button', async ({ page, browser }, info) => {
  const tag = `${info.project.name}-${Date.now()}`;
  const clerk = { email: `clerk-${tag}@mifugobora.co.ke`, password: 'Duka2026Clerk' };

  // The future clerk has an account, and there is an order to look at.
  const context = await browser.newContext();
  const guest = await context.newPage();
  const phone = `2547${String(Date.now()).slice(-8)}`;
  const registered = await guest.request.post('/api/auth/register/', {
    data: { first_name: 'Wairimu', last_name: 'Njeri', email: clerk.email, phone, password: clerk.password },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const products = (await (await guest.request.get('/api/products/')).json()) as { variants: { id: number; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 5);
  expect((await guest.request.post('/api/cart/items/', { data: { variant: variant!.id, quantity: 1 } })).status()).toBe(201);
  const placed = await guest.request.post('/api/payments/mpesa/initiate/', {
    data: {
      phone: '0708374149',
      customerInfo: { name: 'Kamau Mwangi', email: 'kamau@example.co.ke', phone: '0708374149' },
      shippingAddress: { address: 'Plot 3, Kenol Road', city: 'Ruiru', county: 'Kiambu', postalCode: '' },
    },
  });
  expect(placed.ok(), await placed.text()).toBeTruthy();
  const { orderId } = (await placed.json()) as { orderId: string };
  await context.close();

  // The owner gives the role.
  await openAdmin(page);
  await expect(page.getByText('Total revenue')).toBeVisible();
  await openTab(page, 'Users');
  await page.getByLabel('Search users').fill(clerk.email);
  const role = page.getByLabel(`Role of ${clerk.email}`);
  await expect(role).toHaveValue('customer');
  page.once('dialog', (d) => void d.accept());
  await role.selectOption('clerk');
  await expect(page.getByText(`${clerk.email} is now a clerk.`)).toBeVisible();
  await expect(role).toHaveValue('clerk');

  // The clerk's admin.
  const clerkContext = await browser.newContext();
  const desk = await clerkContext.newPage();
  await desk.goto('/admin');
  await expect(desk).toHaveURL(/\/login$/);
  await signIn(desk, clerk.email, clerk.password);
  await expect(desk.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const nav = await adminNav(desk);
  await expect(nav.getByRole('list').getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Messages']);
  await expect(desk.getByText('Total orders')).toBeVisible();
  await expect(desk.getByText('Total revenue')).toHaveCount(0);

  await openTab(desk, 'Orders');
  await openOrder(desk, orderId);
  await expect(desk.getByRole('heading', { name: 'Delivery address' })).toBeVisible();
  await expect(desk.getByRole('heading', { name: 'Refunds' })).toHaveCount(0);
  await expect(desk.getByRole('button', { name: /refund/i })).toHaveCount(0);
  await clerkContext.close();
});
