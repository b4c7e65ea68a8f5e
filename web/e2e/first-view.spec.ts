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

  // The other language: a link to the same page with ?lang= (on a phone in the menu).
  await page.goto('/shop');
  if (info.project.name === 'phone') await header.locator('summary', { hasText: 'Menu' }).click();
  await header.getByRole('link', { name: 'Kiswahili' }).click();
  await expect(page).toHaveURL(/\/shop\?lang=sw$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Duka');
  await page.goto('/?lang=en');

  // Search: a plain GET form to the shop, behind its icon below 1280 px.
  await page.goto('/');
  const open = page.getByRole('banner').getByLabel('Open search');
  if (await open.isVisible()) await open.click();
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

test.describe('with the app', () => {
  test.use({ javaScriptEnabled: true });

  for (const path of ['/', '/shop', '/products/high-yield-dairy-meal']) {
    test(`the app takes over ${path} without moving the first product's name or price`, async ({ page }) => {
      // The app's code is held back until the first view has been measured.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(path, { waitUntil: 'domcontentloaded' });
      const view = page.locator('[data-first-view]');
      const product = path.startsWith('/products/');
      const name = product ? view.getByRole('heading', { level: 1 }) : view.getByRole('article').first().getByRole('link');
      await expect(name).toBeVisible();
      const href = product ? null : await name.getAttribute('href');
      const price = product ? view.getByText(/^Ksh\s[\d,]+$/).first() : view.getByRole('article').first().getByText(/^Ksh\s[\d,]+/);
      const before = { name: (await name.boundingBox())!, price: (await price.boundingBox())! };
      release();
      await expect(view).toHaveCount(0, { timeout: 30_000 });
      const main = page.getByRole('main');
      const appName = product ? main.getByRole('heading', { level: 1 }) : main.locator(`article a[href="${href}"]`).first();
      await expect(appName).toBeVisible();
      const appPrice = product ? main.getByText(/^Ksh\s[\d,]+/).first() : main.locator('article', { has: page.locator(`a[href="${href}"]`) }).first().getByText(/^Ksh\s[\d,]+/);
      const after = { name: (await appName.boundingBox())!, price: (await appPrice.boundingBox())! };
      for (const what of ['name', 'price'] as const) {
        expect(Math.abs(after[what].y - before[what].y), `${path}: the ${what} moved from ${before[what].y} to ${after[what].y}`).toBeLessThanOrEqual(2);
        expect(Math.abs(after[what].x - before[what].x), `${path}: the ${what} moved from x ${before[what].x} to ${after[what].x}`).toBeLessThanOrEqual(2);
      }
    });
  }
});
