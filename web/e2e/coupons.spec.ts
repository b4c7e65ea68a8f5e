import { expect, test } from '@playwright/test';
import { createAdmin, openAdmin, openTab } from './admin-helpers';

// Coupons (issue 16): the owner makes a code in the back office, a farmer types it in the cart and
// sees the discount; a wrong code is refused under the field. Against the real binary; each project
// (phone, desktop) makes its own code, as they share one server.

test.describe.configure({ timeout: 90_000 });
test.beforeAll(createAdmin);

test('the admin creates a code and a shopper applies it in the cart', async ({ page, browser }, testInfo) => {
  const code = `MAZIWA-${testInfo.project.name.toUpperCase()}`;
  await openAdmin(page);
  await openTab(page, 'Coupons');
  await page.getByRole('button', { name: 'New coupon' }).click();
  const form = page.getByRole('form', { name: 'New coupon' });
  await form.getByLabel('Code').fill(code);
  await form.getByLabel('Kind').selectOption('percent');
  await form.getByLabel('Percent off').fill('15');
  await form.getByLabel('Uses in all (optional)').fill('50');
  await form.getByRole('button', { name: 'Add coupon' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Coupons' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: code })).toContainText('15% off · used 0 of 50');

  // A shopper in a browser of their own: one 70 Kg bag of dairy meal (Ksh 3,950).
  const shopper = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const cartPage = await shopper.newPage();
  const product = (await (await cartPage.request.get('/api/products/high-yield-dairy-meal/')).json()) as { variants: { id: number; size: string }[] };
  const bag = product.variants.find((v) => v.size === '70 Kg');
  const added = await cartPage.request.post('/api/cart/items/', { data: { variant: bag!.id, quantity: 1 } });
  expect(added.status(), await added.text()).toBe(201);
  await cartPage.goto('/cart');
  const summary = cartPage.getByRole('complementary', { name: 'Order Summary' });
  const field = cartPage.getByLabel('Have a coupon code?');

  await field.fill('NOT-A-CODE');
  await cartPage.getByRole('button', { name: 'Apply' }).click();
  await expect(cartPage.getByText("We don't know this code. Please check it and try again.")).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(summary).not.toContainText('Discount');

  await field.fill(code.toLowerCase());
  await cartPage.getByRole('button', { name: 'Apply' }).click();
  await expect(summary).toContainText(`Code ${code} applied`);
  await expect(summary).toContainText(`Discount (${code})−Ksh 592.50`);
  await expect(summary).toContainText('Total before deliveryKsh 3,357.50');

  // Kept on the server: a reload shows it still, and Remove takes it off.
  await cartPage.reload();
  await expect(summary).toContainText(`Discount (${code})−Ksh 592.50`);
  await summary.getByRole('button', { name: 'Remove' }).click();
  await expect(summary).not.toContainText('Discount');
  await expect(cartPage.getByLabel('Have a coupon code?')).toBeVisible();
  await shopper.close();
});
