import { test } from '@playwright/test';
import { expect, offline } from './storefront-helpers';

// Issue 29, item 6: the screen the server writes before the app's code comes is one a farmer can
// use. With no JavaScript at all (the app never comes), the home page's products are links to
// their pages, which show the product's name and price, and the header reaches the cart, the
// menu's sections and a search of the shop.

test.use({ javaScriptEnabled: false });
test.describe.configure({ timeout: 90_000 });
test.beforeEach(async ({ page }) => offline(page));

test('without JavaScript a farmer follows a product from the home page and reaches the cart, the menu and a search', async ({ page }, info) => {
  await page.goto('/');
  const view = page.locator('[data-first-view]');
  await expect(view.getByRole('heading', { level: 1, name: 'Healthy animals, better harvests' })).toBeVisible();

  // The first New Product: a link with its price under it.
  const card = view.getByRole('article').first();
  const link = card.getByRole('link');
  const name = (await link.textContent())!.trim();
  const price = (await card.getByText(/^Ksh\s[\d,]+/).textContent())!.split('/')[0]!.trim();
  expect(name).not.toBe('');
  await link.click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('main')).toContainText(price);

  // The header's cart is a plain link.
  await page.getByRole('banner').getByRole('link', { name: 'Cart' }).click();
  await expect(page).toHaveURL(/\/cart$/);

  // The menu opens without a script (on a phone behind "Menu"; wider, its links are in the header).
  await page.goto('/shop');
  const header = page.getByRole('banner');
  if (info.project.name === 'phone') await header.locator('summary', { hasText: 'Menu' }).click();
  await header.getByRole('link', { name: 'Contact' }).first().click();
  await expect(page).toHaveURL(/\/contact$/);

  // Search: a plain GET form to the shop.
  await page.goto('/');
  await page.getByRole('banner').getByLabel('Open search').click();
  const box = page.getByRole('banner').getByRole('searchbox', { name: 'Search products' });
  await box.fill('dcp');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/shop\?search=dcp$/);
});

test('the Kiswahili first view is usable too', async ({ page }) => {
  await page.goto('/?lang=sw');
  const view = page.locator('[data-first-view]');
  await expect(view.getByRole('heading', { level: 1, name: 'Mifugo yenye afya, mavuno bora' })).toBeVisible();
  await expect(view.getByRole('banner').getByRole('link', { name: 'Kikapu' })).toHaveAttribute('href', '/cart');
  const card = view.getByRole('article').first();
  await expect(card.getByRole('link')).toHaveAttribute('href', /^\/products\/[a-z0-9-]+$/);
  await expect(card).toContainText(/Ksh\s[\d,]+/);
});
