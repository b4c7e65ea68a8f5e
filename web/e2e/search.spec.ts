import { test, type Page, type Route } from '@playwright/test';
import { expect, offline } from './storefront-helpers';

// Search on a slow phone network (docs/product.md section 2, search): the box is the shopper's while
// typing at 50 ms a key, and a late answer for an older query never replaces a newer one.
test.describe.configure({ timeout: 90_000 });

const status = (page: Page) => page.getByRole('main').getByRole('status').first();
const cards = (page: Page) => page.getByRole('main').getByRole('article');

/**
 * Slows the catalogue's answers like a rural 3G link, and the more so the shorter the query: the
 * answers for the first letters arrive after the one for the whole word.
 */
async function slowNetwork(page: Page) {
  const slow = async (route: Route) => {
    const url = new URL(route.request().url());
    const q = url.searchParams.get('search') ?? url.searchParams.get('q') ?? '';
    await new Promise((done) => setTimeout(done, Math.max(150, 1500 - q.length * 100)));
    await route.continue().catch(() => {});
  };
  await page.route(/\/api\/products\/\?/, slow);
  await page.route(/\/api\/search\/suggest\//, slow);
}

/** What the shop shows for a search opened directly: the count and the first product. */
async function expected(page: Page, search: string) {
  await page.goto(`/shop?search=${encodeURIComponent(search)}`);
  await expect(status(page)).toHaveText(/^Showing /);
  return { status: (await status(page).textContent()) ?? '', first: (await cards(page).first().getByRole('heading').textContent()) ?? '' };
}

test.beforeEach(async ({ page }) => offline(page));

for (const search of ['albendazol', 'dawa ya minyoo']) {
  test(`the shop's box keeps every letter of "${search}" typed at 50 ms a key`, async ({ page }) => {
    const want = await expected(page, search);
    await page.goto('/shop');
    await expect(status(page)).toHaveText('Showing 1-20 of 48 products');
    await slowNetwork(page);
    const box = page.getByRole('combobox', { name: 'Search' });
    // The first letters, then a pause long enough for the shop to search for them (slowly), then
    // the rest while that answer is still on its way.
    const head = search.slice(0, 4);
    await box.pressSequentially(head, { delay: 50 });
    await expect(page).toHaveURL(new RegExp(`search=${head}$`));
    for (const [i, key] of [...search.slice(4)].entries()) {
      await box.press(key === ' ' ? 'Space' : key, { delay: 50 });
      expect(await box.inputValue()).toBe(search.slice(0, 5 + i));
    }
    await expect(page).toHaveURL(new RegExp(`search=${encodeURIComponent(search).replace(/%20/g, '(%20|\\+)')}$`));
    await expect(status(page)).toHaveText(want.status);
    await expect(cards(page).first().getByRole('heading')).toHaveText(want.first);
    // The slow answers for the first letters have all come by now, and none replaced the results.
    await page.waitForLoadState('networkidle');
    await expect(box).toHaveValue(search);
    await expect(status(page)).toHaveText(want.status);
  });
}

test('the header searches from every page; on a phone an icon opens it', async ({ page, isMobile }) => {
  const want = await expected(page, 'dairy meal');
  await page.goto('/about');
  await slowNetwork(page);
  const header = page.getByRole('banner');
  if (isMobile) await header.getByRole('button', { name: 'Open search' }).click();
  const box = header.getByRole('searchbox', { name: 'Search products' });
  await expect(box).toBeVisible();
  await box.pressSequentially('dairy meal', { delay: 50 });
  await expect(box).toHaveValue('dairy meal');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/shop\?search=dairy(\+|%20)meal$/);
  await expect(page.getByRole('combobox', { name: 'Search' })).toHaveValue('dairy meal');
  await expect(status(page)).toHaveText(want.status);
});

test('the menu leads to order tracking, in both languages', async ({ page, isMobile }) => {
  await page.goto('/');
  if (isMobile) await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Track order' }).click();
  await expect(page).toHaveURL(/\/track$/);
  await page.goto('/?lang=sw');
  if (isMobile) await page.getByRole('button', { name: 'Menyu', exact: true }).click();
  await expect(page.getByRole('navigation', { name: 'Menyu kuu' }).getByRole('link', { name: 'Fuatilia oda' })).toBeVisible();
});

test('on a phone the filters fold behind one button, so the first products are on the first screen', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'wider screens show the filters beside the search');
  await page.goto('/shop');
  await expect(status(page)).toHaveText('Showing 1-20 of 48 products');
  await expect(page.getByRole('combobox', { name: 'Category' })).toBeHidden();
  const first = await cards(page).first().boundingBox();
  expect(first && first.y + 120).toBeLessThan(page.viewportSize()?.height ?? 0);
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await page.getByRole('combobox', { name: 'Category' }).selectOption('dewormers');
  await expect(page).toHaveURL(/\/shop\?category=dewormers$/);
  await page.goto('/shop?lang=sw');
  await expect(page.getByRole('button', { name: 'Chuja', exact: true })).toBeVisible();
});
