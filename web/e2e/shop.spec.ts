import { test, type Page } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, offline } from './storefront-helpers';

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => offline(page));

const status = (page: Page) => page.getByRole('main').getByRole('status').first();
const cards = (page: Page) => page.getByRole('main').getByRole('article');

test('the shop lists the first page of products with its controls', async ({ page }) => {
  await page.goto('/shop');
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
  await expect(page.getByPlaceholder('Search products...')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Collection' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('name');
  await expect(status(page)).toHaveText('Showing 1-20 of 48 products');
  await expect(cards(page)).toHaveCount(20);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await expect(pagination.getByRole('button', { name: /^Page \d$/ })).toHaveCount(3);
  await expect(pagination.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

  await page.getByRole('button', { name: 'View More Products' }).click();
  await expect(page).toHaveURL(/\/shop\?page=2$/);
  await expect(status(page)).toHaveText('Showing 21-40 of 48 products');
  await pagination.getByRole('button', { name: 'Next' }).click();
  await expect(status(page)).toHaveText('Showing 41-48 of 48 products');
  await expect(page.getByRole('button', { name: 'View More Products' })).toHaveCount(0);
  await expect(pagination.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page, '/shop?page=3');
});

test('the first products come with the page, painted before the app and kept until the shop can replace them', async ({ page }) => {
  // Whether the page's root ever showed the app's loading screen.
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.getElementById('root')?.textContent?.includes('Loading…')) document.documentElement.dataset.sawLoading = '1';
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path === '/api/products/' || path === '/api/categories/') asked.push(r.url());
  });
  // The shop page's own code is held back until the app's has run.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ShopPage-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/shop', { waitUntil: 'domcontentloaded' });
  const view = page.locator('[data-first-view]');
  await expect(view.locator('h1')).toHaveText('Shop');
  await expect(view.locator('article')).toHaveCount(4);
  // The app's code reads the page's data as it starts (shared/hooks/useResource.ts), then its first
  // render would come within a frame or two.
  await expect(page.locator('#page-data')).toHaveCount(0);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(view).toBeAttached();
  release();
  await expect(status(page)).toHaveText('Showing 1-20 of 48 products');
  await expect(cards(page)).toHaveCount(20);
  await expect(view).toHaveCount(0);
  expect(await page.locator('html').getAttribute('data-saw-loading')).toBeNull();
  // The products and the categories came with the page: the app asked for neither.
  await expect(page.getByRole('combobox', { name: 'Category' }).locator('option', { hasText: 'Dewormers' })).toHaveCount(1);
  expect(asked).toEqual([]);
});

test('filters live in the address: shared, reloaded, Back', async ({ page }) => {
  await page.goto('/shop?category=dewormers');
  const category = page.getByRole('combobox', { name: 'Category' });
  await expect(category).toHaveValue('dewormers');
  await expect(status(page)).toHaveText(/^Showing 1-\d+ of \d+ products$/);
  const dewormers = await status(page).textContent();

  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('price-high');
  await expect(page).toHaveURL(/\/shop\?category=dewormers&sort=price-high$/);
  await expect(status(page)).toHaveText(dewormers ?? '');

  await page.reload();
  await expect(category).toHaveValue('dewormers');
  await expect(page.getByRole('combobox', { name: 'Sort by' })).toHaveValue('price-high');

  await page.getByRole('combobox', { name: 'Collection' }).selectOption('best-sellers');
  await expect(page).toHaveURL(/featured=best-sellers/);
  await page.goBack();
  await expect(page).toHaveURL(/\/shop\?category=dewormers&sort=price-high$/);
  await expect(page.getByRole('combobox', { name: 'Collection' })).toHaveValue('');
  await expect(status(page)).toHaveText(dewormers ?? '');
});

test('any filter change goes back to page 1', async ({ page }) => {
  await page.goto('/shop?page=2');
  await expect(status(page)).toHaveText('Showing 21-40 of 48 products');
  await page.getByRole('combobox', { name: 'Category' }).selectOption('feeds');
  await expect(page).toHaveURL(/\/shop\?category=feeds$/);
  await expect(status(page)).toHaveText(/^Showing 1-20 of \d+ products$/);
});

test('search waits for a pause in typing, then filters on the server', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-06-01T08:00:00') });
  await page.goto('/shop');
  await expect(status(page)).toHaveText('Showing 1-20 of 48 products');
  await page.clock.pauseAt(new Date('2025-06-01T09:00:00'));
  const searches: string[] = [];
  page.on('request', (r) => {
    const search = new URL(r.url()).searchParams.get('search');
    if (r.url().includes('/api/products/') && search) searches.push(search);
  });
  await page.getByRole('combobox', { name: 'Search' }).pressSequentially('albendazole');
  await page.clock.runFor(399);
  expect(searches).toEqual([]);
  await expect(page).toHaveURL(/\/shop$/);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/shop\?search=albendazole$/);
  await expect(status(page)).toHaveText(/^Showing 1-(\d+) of \1 products$/);
  // One search, not one per letter.
  expect(searches).toEqual(['albendazole']);
  // Search matches the name or the description.
  for (const text of await cards(page).allTextContents()) expect(text.toLowerCase()).toContain('albendazole');
});

test('search understands farmers: typos, Kiswahili, suggestions by keyboard and by tap', async ({ page }) => {
  await page.goto('/shop?search=albendazol');
  await expect(status(page)).toHaveText(/^Showing 1-\d+ of \d+ products$/);
  await expect(cards(page).first()).toContainText('Albendazole');
  // "Dawa ya minyoo" is Kiswahili for dewormer: what it finds is the dewormers, first of all.
  const dewormers = (await (await page.request.get('/api/products/?category=dewormers&page=1&page_size=50')).json()) as { results: { name: string }[] };
  await page.goto('/shop?search=dawa%20ya%20minyoo');
  await expect(cards(page).first()).toBeVisible();
  const found = await cards(page).getByRole('heading').allTextContents();
  expect(found.slice(0, dewormers.results.length).sort()).toEqual(dewormers.results.map((p) => p.name).sort());

  await page.goto('/shop');
  const box = page.getByRole('combobox', { name: 'Search' });
  await box.fill('albend');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option').first()).toContainText('Albendazole');
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', /-0$/);
  const product = list.getByRole('option', { name: /Product$/ }).first();
  const name = (await product.locator('span').first().textContent()) ?? '';
  await product.click();
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  await page.goto('/shop');
  await page.getByRole('combobox', { name: 'Search' }).fill('dawa ya minyoo');
  await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option', { name: /^Dewormers/ }).click();
  await expect(page).toHaveURL(/\/shop\?category=dewormers$/);
});

test('weight and promo filters show and can be removed', async ({ page }) => {
  await page.goto('/shop?weight=70kg&promo=bulk');
  const chip = page.getByRole('button', { name: 'Size: 70kg: remove this filter' });
  await expect(chip).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bulk Deals: remove this filter' })).toBeVisible();
  await chip.click();
  await expect(page).toHaveURL(/\/shop\?promo=bulk$/);
});

test('no match shows the empty state', async ({ page }) => {
  await page.goto('/shop?search=no-such-feed-anywhere');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(page.getByText('Try adjusting your search or filter criteria')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('no-such-feed-anywhere');
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toHaveCount(0);
});

test('grid and list cards add to the cart with their own confirmation', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-06-01T08:00:00') });
  await page.goto('/shop?search=dairy%20meal');
  const first = cards(page).filter({ hasText: 'In Stock' }).first();
  await expect(first).toBeVisible();
  // The clock stands still from here: the confirmations last 2 s of page time, however slowly
  // the test machine gets to look at them.
  await page.clock.pauseAt(new Date('2025-06-01T09:00:00'));
  await first.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(first.getByRole('button', { name: 'Added to Cart!' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(first.getByRole('button', { name: 'Add to Cart' })).toBeVisible();

  await page.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await first.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(first.getByRole('button', { name: 'Added!' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(first.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
});

test('a product without stock cannot be added', async ({ page }) => {
  await page.goto('/shop?search=copper');
  const card = cards(page).first();
  await expect(card.getByText('Out of Stock')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  await card.getByRole('button', { name: 'Quick View' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('quick view: size, quantity, add; Escape, backdrop and focus', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-06-01T08:00:00') });
  await page.goto('/shop?search=high%20yield');
  const card = cards(page).first();
  const open = card.getByRole('button', { name: 'Quick View' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Mifugo Bora High Yield Dairy Meal' });
  await expect(dialog).toBeVisible();

  const quantity = dialog.getByRole('spinbutton', { name: 'Quantity' });
  await expect(quantity).toHaveValue('1');
  await expect(dialog.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await quantity.fill('0');
  await expect(quantity).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await dialog.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity).toHaveValue('3');
  await dialog.getByRole('radio', { name: /70 Kg/ }).check({ force: true });
  await expect(dialog.getByText('Ksh 3,950', { exact: true }).first()).toBeVisible();

  // Focus stays inside while it is open.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  // The clock stands still from here: "Added to Cart!" lasts 2 s of page time, however slowly
  // the test machine gets to look at it.
  await page.clock.pauseAt(new Date('2025-06-01T09:00:00'));
  await dialog.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(dialog.getByRole('button', { name: 'Added to Cart!' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 3 items' })).toBeVisible();
  await page.clock.resume();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();

  await open.click();
  await expect(dialog).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'quick view');
  await page.mouse.click(5, 5); // the backdrop
  await expect(dialog).toBeHidden();
  await open.click();
  await dialog.getByRole('link', { name: 'View full details' }).click();
  await expect(page).toHaveURL(/\/products\/high-yield-dairy-meal$/);
});

test.describe('with the answers faked', () => {
  // page.route does not see the requests the service worker answers (the catalogue's, once it
  // runs the page): here the browser keeps it out.
  test.use({ serviceWorkers: 'block' });

  test('a failed load shows an error with Try again, which recovers', async ({ page }) => {
    let failed = false;
    await page.route('**/api/products/?*', async (route) => {
      if (failed) return route.fallback();
      failed = true;
      await route.fulfill({ status: 503, contentType: 'application/json', body: '{"error":"The database is not answering."}' });
    });
    // A sorted address: the app asks for its products (plain /shop has them sent with the page).
    await page.goto('/shop?sort=price-low');
    const alert = page.getByRole('alert');
    await expect(alert.getByText('We could not load the products.')).toBeVisible();
    await expect(alert.getByText('The database is not answering.')).toBeVisible();
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(status(page)).toHaveText('Showing 1-20 of 48 products');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test('the shop has no serious accessibility problems, with its menu open on a phone', async ({ page, isMobile }) => {
  await page.goto('/shop');
  await expect(cards(page).first()).toBeVisible();
  if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
  await expectNoSeriousA11yViolations(page, '/shop');
  await page.goto('/shop?search=no-such-feed-anywhere');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'empty shop');
});
