import { test } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, offline } from './storefront-helpers';

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => offline(page));

test('a product page: sizes with price and stock, quantity, add, reviews, related', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-06-01T08:00:00') });
  await page.goto('/shop?search=kienyeji%20growers');
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name: 'Mifugo Bora Kienyeji Growers Mash' }).click();
  await expect(page).toHaveURL(/\/products\/kienyeji-growers-mash$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mifugo Bora Kienyeji Growers Mash' })).toBeVisible();
  await expect(page).toHaveTitle('Mifugo Bora Kienyeji Growers Mash — Mifugo Bora Feeds');
  const sizes = page.getByRole('group', { name: 'Package size' });
  await expect(sizes.getByRole('radio')).toHaveCount(3);
  await expect(sizes.getByText('Ksh 1,140')).toBeVisible();
  await expect(sizes.getByText('120 in stock')).toBeVisible();
  await sizes.getByRole('radio', { name: /70 Kg/ }).check({ force: true });
  await expect(page.getByText('Ksh 3,600for 70 Kg')).toBeVisible();
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  // The clock stands still from here: "Added to Cart!" lasts 2 s of page time, however slowly
  // the test machine gets to look at it.
  await page.clock.pauseAt(new Date('2025-06-01T09:00:00'));
  // The product's own button comes before the related products' ones.
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('button', { name: 'Added to Cart!' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.clock.resume();

  await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reviews' }).getByRole('listitem')).not.toHaveCount(0);
  const related = page.getByRole('region', { name: 'Related products' });
  await expect(related.getByRole('article').first()).toBeVisible();
  await expect(related.getByRole('link', { name: 'Mifugo Bora Kienyeji Growers Mash' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'product page');

  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page).toHaveURL(/\/shop$/);
});

test('the server sends the product head: title, share tags, JSON-LD', async ({ page, request }) => {
  const response = await request.get('/products/high-yield-dairy-meal');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain('<title>Mifugo Bora High Yield Dairy Meal — Mifugo Bora Feeds</title>');
  expect(html).toContain('<meta property="og:title" content="Mifugo Bora High Yield Dairy Meal — from Ksh 650" />');
  // Previews cannot show SVG: og:image is a PNG card with the name, price and a picture.
  const og = html.match(/<meta property="og:image" content="(http[^"]+\/share\/products\/high-yield-dairy-meal\.png)" \/>/);
  expect(og).not.toBeNull();
  const card = await request.get(new URL(og?.[1] ?? '').pathname);
  expect(card.headers()['content-type']).toBe('image/png');
  expect(html).toContain('<script type="application/ld+json">');

  // The JSON-LD is data, not script: the page runs without a CSP complaint. The product came
  // with the page, so the app does not ask the API for it again.
  const errors: string[] = [];
  const asked: string[] = [];
  page.on('console', (msg) => msg.type() === 'error' && errors.push(msg.text()));
  page.on('request', (r) => r.url().includes('/api/products/high-yield-dairy-meal/') && asked.push(r.url()));
  await page.goto('/products/high-yield-dairy-meal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mifugo Bora High Yield Dairy Meal');
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(ld).toMatchObject({ '@type': 'ProductGroup', name: 'Mifugo Bora High Yield Dairy Meal' });
  expect(ld.hasVariant[0].offers).toMatchObject({ priceCurrency: 'KES', price: '650.00', availability: 'https://schema.org/InStock' });
  expect(errors).toEqual([]);
  expect(asked).toEqual([]);
});

test('an unknown product answers 404 and says so', async ({ page }) => {
  const response = await page.goto('/products/no-such-feed');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Product not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shop' })).toBeVisible();
});

test('sitemap and robots', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  for (const path of ['/shop</loc>', '/about</loc>', '/contact</loc>', '/terms</loc>', '/privacy</loc>', '/products/high-yield-dairy-meal</loc>']) {
    expect(xml).toContain(path);
  }
  expect(await (await request.get('/robots.txt')).text()).toMatch(/\nSitemap: http\S+\/sitemap\.xml\n/);
});
