import { expect, test, type Page } from '@playwright/test';
import { createAdmin, openAdmin, openTab } from './admin-helpers';
import { acceptDialogs } from './storefront-helpers';

// A buyer's review from purchase to the product page (issue 16, item 5): a signed-in farmer pays
// for a sack with the dev M-Pesa simulator, reviews it, the admin approves the review in the
// Reviews tab, and it shows on the product page as text, never as HTML.

test.describe.configure({ timeout: 90_000 });

const PRODUCT = 'high-yield-dairy-meal';

test.beforeAll(() => createAdmin());

/** Registers and signs in a new farmer in this page's browser; returns their access token. */
async function signUp(page: Page): Promise<string> {
  const email = `buyer-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const password = 'Mifugo2026';
  const reg = await page.request.post('/api/auth/register/', {
    data: { first_name: 'Njeri', last_name: 'Mwangi', email, phone: '254711222333', password },
  });
  expect(reg.ok(), await reg.text()).toBeTruthy();
  const login = await page.request.post('/api/auth/login/', { data: { username: email, password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { access } = (await login.json()) as { access: string };
  await page.addInitScript((token) => window.localStorage.setItem('authToken', token), access);
  return access;
}

/** Buys one 10 Kg sack through the checkout and waits until M-Pesa says it is paid. */
async function buy(page: Page, token: string) {
  const product = (await (await page.request.get(`/api/products/${PRODUCT}/`)).json()) as { variants: { id: number; size: string }[] };
  const variant = product.variants.find((v) => v.size === '10 Kg')!;
  const added = await page.request.post('/api/cart/items/', { data: { variant: variant.id, quantity: 1 }, headers: { Authorization: `Bearer ${token}` } });
  expect(added.status(), await added.text()).toBe(201);
  acceptDialogs(page);
  await page.goto('/checkout');
  const main = page.getByRole('main');
  await expect(main.getByLabel('First name', { exact: true })).toHaveValue('Njeri');
  await page.getByRole('button', { name: 'Next' }).click();
  await main.getByLabel('County', { exact: true }).selectOption('Kiambu');
  await page.getByRole('radio', { name: /Home delivery/ }).check();
  await main.getByLabel('Address', { exact: true }).fill('Plot 7, Kamiti Road');
  await main.getByLabel('City / Town', { exact: true }).fill('Ruiru');
  await page.getByRole('button', { name: 'Next' }).click();
  await main.getByLabel('M-Pesa phone number', { exact: true }).fill('0711 222 333');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=ORDER-\d+/);
  await expect(page.getByRole('heading', { level: 2, name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
}

test('a buyer reviews a product, the admin approves it, and it shows on the product page', async ({ page, browser }, testInfo) => {
  // Each browser project's review reads differently, so one project's approved review is never
  // taken for another's.
  const COMMENT = `<script>window.reviewXSS = 1</script> My cows gave two more litres a day (${testInfo.project.name}).`;
  const token = await signUp(page);

  // Not bought yet: the server says so.
  await page.goto(`/products/${PRODUCT}`);
  const form = page.getByRole('form', { name: 'Review this product' });
  await form.getByLabel('5 stars').check({ force: true });
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(form.getByRole('alert')).toHaveText('Only customers who bought this product can review it.');

  await buy(page, token);
  await page.goto(`/products/${PRODUCT}`);
  await form.getByLabel('4 stars').check({ force: true });
  await form.getByLabel(/Your comment/).fill(COMMENT);
  await form.getByRole('button', { name: 'Send review' }).click();
  await expect(page.getByText('Thank you - your review will appear once approved')).toBeVisible();
  // Waiting for approval: not on the page yet.
  await page.reload();
  await expect(page.getByText(COMMENT)).toHaveCount(0);

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openAdmin(admin);
  await openTab(admin, 'Reviews');
  const pending = admin.getByRole('listitem').filter({ hasText: COMMENT });
  await expect(pending).toContainText('Njeri M.');
  await pending.getByRole('button', { name: /^Approve/ }).click();
  await expect(admin.getByText(/Approved the review of .* by Njeri M\./)).toBeVisible();
  await adminContext.close();

  // The approval empties this instance's catalogue cache; look again until the page shows it.
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(async () => {
    await page.reload();
    await expect(reviews.getByText(COMMENT)).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(reviews.locator('script')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { reviewXSS?: number }).reviewXSS)).toBeUndefined();
});
