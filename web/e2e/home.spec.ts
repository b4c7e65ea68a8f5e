import { test } from '@playwright/test';
import { carousel, expect, expectNoSeriousA11yViolations, firstVisibleSlide, offline, reveal, visibleSlides, watchErrors } from './storefront-helpers';

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => offline(page));

test('home shows the nine sections in order, without errors', async ({ page }) => {
  const errors = watchErrors(page);
  // New Products come with the page: no extra round trip for them.
  const asked: string[] = [];
  page.on('request', (r) => r.url().includes('featured=new-arrivals') && asked.push(r.url()));
  await page.goto('/');
  const main = page.getByRole('main');
  await expect(main.getByRole('navigation', { name: 'Product categories' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 1, name: 'Healthy animals, better harvests' })).toBeVisible();
  await expect(main.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
  await expect(main.getByRole('heading', { level: 2 })).toHaveCount(6);
  // The first screen the server wrote for the page to paint early is gone: the app replaced it.
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings).toEqual([
    'New Products',
    'Featured Collection',
    'Featured Product',
    'What Farmers are Saying',
    'Why farmers choose Mifugo Bora Feeds',
    'Visit our store in Ruiru',
  ]);
  await expect(page.getByRole('link', { name: 'View All' })).toHaveAttribute('href', '/shop?featured=new-arrivals');
  await expect(page.getByRole('link', { name: 'View More' })).toHaveAttribute('href', '/shop');
  // Featured Collection: the first 12 products (loaded when scrolled near).
  await reveal(page, 'Featured Collection');
  await expect(page.getByRole('region', { name: 'Featured Collection' }).getByRole('article')).toHaveCount(12);
  // New Products: up to 8.
  await expect(carousel(page, 'New Products').locator('[aria-roledescription="slide"]')).toHaveCount(8);
  await reveal(page, 'What Farmers are Saying');
  await expect(carousel(page, 'Testimonials').locator('[aria-roledescription="slide"]')).toHaveCount(6);
  // Location: the store's opening hours as its pickup point stores them (docs/product.md section 9).
  const location = page.getByRole('region', { name: 'Visit our store in Ruiru' });
  for (const line of ['Mon–Fri 8:00 AM–6:00 PM', 'Sat 8:00 AM–4:00 PM']) {
    await expect(location.getByText(line)).toBeVisible();
  }
  await expect(location).not.toContainText('Mon-Fri');
  const chat = main.getByRole('link', { name: 'Chat with us on WhatsApp' });
  await expect(chat).toHaveAttribute('href', /^https:\/\/wa\.me\/254722000111\?text=Hello/);
  await expect(carousel(page, 'New Products').getByRole('article').first()).toBeVisible();
  expect(errors).toEqual([]);
  expect(asked).toEqual([]);
});

test('the categories bar is only on /, its entries filter the shop', async ({ page, isMobile }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { level: 1, name: 'Healthy animals, better harvests' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Product categories' })).toHaveCount(0);

  await page.goto('/');
  const bar = page.getByRole('navigation', { name: 'Product categories' });
  if (isMobile) {
    await expect(bar.getByRole('button', { name: 'Feeds' })).toBeHidden();
    await bar.getByRole('button', { name: 'Categories' }).click();
  }
  for (const name of ['Feeds', 'Dewormers', 'Supplements', 'By Weight', 'Special Offers']) {
    await expect(bar.getByRole('button', { name })).toBeVisible();
  }
  const weight = bar.getByRole('button', { name: 'By Weight' });
  await weight.click();
  await expect(weight).toHaveAttribute('aria-expanded', 'true');
  await expect(bar.getByRole('link', { name: '70 Kg' })).toHaveAttribute('href', '/shop?weight=70kg');
  // Escape closes the dropdown and returns focus to its button.
  await page.keyboard.press('Escape');
  await expect(weight).toHaveAttribute('aria-expanded', 'false');
  await expect(weight).toBeFocused();

  // Keyboard: open Special Offers with Enter and follow a link.
  const offers = bar.getByRole('button', { name: 'Special Offers' });
  await offers.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(bar.getByRole('link', { name: 'Bulk Deals' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shop\?promo=bulk$/);
  await expect(page.getByRole('button', { name: 'Bulk Deals: remove this filter' })).toBeVisible();
});

test('the header menu switches at 768 px', async ({ page, isMobile }) => {
  test.skip(isMobile, 'resizes a desktop window across the breakpoint');
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  const shop = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shop' });
  await page.setViewportSize({ width: 768, height: 800 });
  await expect(menu).toBeVisible();
  await expect(shop).toBeHidden();
  await page.setViewportSize({ width: 769, height: 800 });
  await expect(menu).toBeHidden();
  await expect(shop).toBeVisible();
});

test('carousels show 1, 2, 3 or 4 slides at the breakpoints', async ({ page, isMobile }) => {
  await page.goto('/');
  await expect(visibleSlides(page, 'New Products').first()).toBeVisible();
  await reveal(page, 'What Farmers are Saying');
  if (isMobile) {
    await expect(visibleSlides(page, 'New Products')).toHaveCount(1);
    await expect(visibleSlides(page, 'Testimonials')).toHaveCount(1);
    return;
  }
  for (const [width, products, testimonials] of [
    [639, 1, 1],
    [640, 2, 2],
    [1023, 2, 2],
    [1024, 3, 4],
    [1279, 3, 4],
    [1280, 4, 4],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await expect(visibleSlides(page, 'New Products'), `new products at ${width}px`).toHaveCount(products);
    await expect(visibleSlides(page, 'Testimonials'), `testimonials at ${width}px`).toHaveCount(testimonials);
  }
});

test('carousels step every 5 s and 4 s, wrap, and hold 10 s after a press', async ({ page, isMobile }) => {
  await page.clock.install({ time: new Date('2025-06-01T08:00:00') });
  await page.goto('/');
  await expect(visibleSlides(page, 'New Products').first()).toBeVisible();
  await reveal(page, 'What Farmers are Saying');
  await page.clock.pauseAt(new Date('2025-06-01T09:00:00'));

  // The first slide: by its dot, or on a phone, where the dots would not fit a row of 44 px
  // targets and are left out, by Next until it shows (each press holds the steps too).
  const toFirst = async (name: string, count: number) => {
    const c = carousel(page, name);
    if (!isMobile) {
      await c.getByRole('button', { name: `Show ${name} 1 of`, exact: false }).click();
    } else {
      await expect(c.getByRole('button', { name: `Show ${name} 1 of`, exact: false })).toBeHidden();
      for (let i = 0; i < count && (await firstVisibleSlide(page, name)) !== `1 of ${count}`; i++) {
        const before = await firstVisibleSlide(page, name);
        await c.getByRole('button', { name: `Next ${name}` }).click();
        await expect.poll(() => firstVisibleSlide(page, name)).not.toBe(before);
      }
    }
    await expect.poll(() => firstVisibleSlide(page, name)).toBe(`1 of ${count}`);
  };
  // A press on Next moves one slide and holds the automatic steps for 10 seconds.
  const products = carousel(page, 'New Products');
  await toFirst('New Products', 8);
  await products.getByRole('button', { name: 'Next New Products' }).click();
  await expect.poll(() => firstVisibleSlide(page, 'New Products')).toBe('2 of 8');
  await page.clock.runFor(9_999);
  expect(await firstVisibleSlide(page, 'New Products')).toBe('2 of 8');
  // Then it steps on every 5 seconds.
  await page.clock.runFor(5_001);
  await expect.poll(() => firstVisibleSlide(page, 'New Products')).toBe('3 of 8');
  await page.clock.runFor(5_000);
  await expect.poll(() => firstVisibleSlide(page, 'New Products')).toBe('4 of 8');

  // Previous from the first view wraps to the last one.
  const testimonials = carousel(page, 'Testimonials');
  await toFirst('Testimonials', 6);
  await testimonials.getByRole('button', { name: 'Previous Testimonials' }).click();
  // One slide in view on a phone, four on a desktop.
  await expect.poll(() => firstVisibleSlide(page, 'Testimonials')).toBe(isMobile ? '6 of 6' : '3 of 6');
  // Testimonials step every 4 seconds after the hold, and wrap to the start.
  await page.clock.runFor(14_000);
  await expect.poll(() => firstVisibleSlide(page, 'Testimonials')).toBe('1 of 6');
});

test('carousels do not move by themselves for reduced motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: new Date('2025-06-01T08:00:00') });
  await page.goto('/');
  await expect(visibleSlides(page, 'New Products').first()).toBeVisible();
  await reveal(page, 'What Farmers are Saying');
  await page.clock.pauseAt(new Date('2025-06-01T09:00:00'));
  await page.clock.runFor(60_000);
  expect(await firstVisibleSlide(page, 'New Products')).toBe('1 of 8');
  expect(await firstVisibleSlide(page, 'Testimonials')).toBe('1 of 6');
  await expect(page.getByRole('button', { name: 'Pause New Products' })).toHaveCount(0);
});

test('the featured product adds to the cart and goes to checkout', async ({ page }) => {
  await page.clock.install({ time: new Date('2025-06-01T08:00:00') });
  await page.goto('/');
  await reveal(page, 'Featured Product');
  const panel = page.getByRole('region', { name: 'Featured Product' });
  await expect(panel.getByRole('heading', { name: 'Mifugo Bora High Yield Dairy Meal' })).toBeVisible();
  // The clock stands still from here: "Added to Cart!" lasts 2 s of page time, however slowly
  // the test machine gets to look at it.
  await page.clock.pauseAt(new Date('2025-06-01T09:00:00'));
  await expect(panel.getByRole('list', { name: 'Categories' }).getByRole('link', { name: 'Dairy Meal' })).toHaveAttribute('href', '/shop?category=dairy-meal');
  await panel.getByRole('radio', { name: /20 Kg/ }).check({ force: true });
  await expect(panel.getByText('Ksh 1,250', { exact: true }).first()).toBeVisible();
  await panel.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(panel.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
  await panel.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(panel.getByRole('button', { name: 'Added to Cart!' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await page.clock.runFor(2_000);
  await expect(panel.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await page.clock.resume();

  await panel.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 4 items' })).toBeVisible();
});

test('the map loads only when scrolled near; address and Open in Maps are always there', async ({ page }) => {
  await page.goto('/');
  const location = page.getByRole('region', { name: 'Visit our store in Ruiru' });
  await expect(location.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute('href', /openstreetmap\.org\/\?mlat=/);
  await expect(page.locator('iframe')).toHaveCount(0);
  await location.scrollIntoViewIfNeeded();
  await expect(location.locator('iframe')).toHaveAttribute('src', /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html/);
  await expect(location.getByText('Eastern Bypass, Ruiru, Kenya').first()).toBeVisible();
});

test('home has no serious accessibility problems', async ({ page }) => {
  await page.goto('/');
  await reveal(page, 'Featured Collection');
  await reveal(page, 'Featured Product');
  await reveal(page, 'What Farmers are Saying');
  await expect(page.getByRole('region', { name: 'Featured Collection' }).getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Featured Product' }).getByRole('heading', { level: 3 })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/');
});
