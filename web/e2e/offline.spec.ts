import type { BrowserContext, Page, Request } from '@playwright/test';
import { test } from '@playwright/test';
import { carousel, expect, offline } from './storefront-helpers';

// The installable app (docs/product.md, "The app on the phone"): the service worker keeps what a
// farmer has seen and never what is about one person; the data saver spares their bundles.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => offline(page));

const PRODUCT = '/products/high-yield-dairy-meal';
const PRODUCT_NAME = 'Mifugo Bora High Yield Dairy Meal';

/** Waits until the service worker runs the page (it claims the page it was installed from). */
async function controlled(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Every address kept in the Cache Storage, by cache. */
async function kept(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const out: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = (await cache.keys()).map((r) => new URL(r.url).pathname + new URL(r.url).search);
    }
    return out;
  });
}

test('pages and products seen open again offline; no cart, account or order answer is kept', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page);
  await page.goto('/shop');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await page.goto(PRODUCT);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT_NAME })).toBeVisible();
  // Answers about this customer: a cart line, the counties of checkout, the account.
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
  const statuses = await page.evaluate(async () =>
    Promise.all(['/api/cart/', '/api/delivery/counties/', '/api/auth/me/', '/api/orders/'].map(async (u) => (await fetch(u)).status)),
  );
  expect(statuses).toEqual([200, 200, 401, 401]);
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: /Cart/ })).toBeVisible();
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  // Within the app, a product page asks the catalogue for its product.
  await page.goto('/shop');
  const card = page.getByRole('main').getByRole('article').first();
  const name = (await card.getByRole('heading').first().textContent()) ?? '';
  await card.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const opened = new URL(page.url()).pathname;

  await expect
    .poll(async () => Object.values(await kept(page)).flat(), { message: 'the catalogue is kept' })
    .toEqual(expect.arrayContaining(['/shop', PRODUCT, expect.stringMatching(/^\/api\/products\/\?/)]));
  const all = Object.values(await kept(page)).flat();
  const personal = all.filter((u) => /^\/api\/(?!products\/|categories\/|search\/suggest\/)/.test(u) || /^\/(cart|checkout|account|admin|login)(\/|$|\?)/.test(u));
  expect(personal, 'nothing about one person is kept').toEqual([]);

  await context.setOffline(true);
  await page.goto('/shop');
  await expect(page.getByText('You are offline, showing saved products')).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await page.getByRole('main').getByRole('article').first().getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(opened);
  await page.goto(PRODUCT);
  await expect(page.getByRole('heading', { level: 1, name: PRODUCT_NAME })).toBeVisible();
  await expect(page.getByText('You are offline, showing saved products')).toBeVisible();
  // Checkout opens (from the shell) and says an order needs a connection.
  await page.goto('/checkout');
  await expect(page.getByText(/Completing an order needs a connection/)).toBeVisible();

  await context.setOffline(false);
  await page.goto('/shop');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByText('You are offline, showing saved products')).toBeHidden();
});

/** A browser's install prompt, as Chromium fires it when the app can be installed. */
async function offerInstall(page: Page) {
  await page.evaluate(() => {
    const e = new Event('beforeinstallprompt', { cancelable: true });
    Object.assign(e, { prompt: async () => {}, userChoice: Promise.resolve({ outcome: 'dismissed' }) });
    window.dispatchEvent(e);
  });
}

test('the install offer comes on the second visit, and not again once answered', async ({ page }) => {
  const install = page.getByRole('button', { name: 'Install the app' });
  // The browser offers installing once the app has registered its service worker, so the offer
  // is made here once the app has started (it has replaced the server's first view).
  const home = async () => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('[data-first-view]')).toHaveCount(0);
    await offerInstall(page);
  };
  await home();
  await expect(install).toHaveCount(0);
  // Another page of the same visit is still the first visit.
  await page.goto('/shop');
  await offerInstall(page);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(install).toHaveCount(0);
  // The next visit (a new browser session).
  await page.evaluate(() => sessionStorage.clear());
  await home();
  await expect(install).toBeVisible();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(install).toHaveCount(0);
  await page.evaluate(() => sessionStorage.clear());
  await home();
  await expect(install).toHaveCount(0);
});

test('an install offer the browser makes before the app has loaded is kept for it', async ({ browser, baseURL }, info) => {
  // No service worker: the app's code must come from the network, where the test can hold it.
  const context = await browser.newContext({ baseURL, ...info.project.use, serviceWorkers: 'block' });
  const page = await context.newPage();
  // Routed from the start, so the browser's cache never answers for the app's code.
  let release = (): void => {};
  let held: Promise<void> = Promise.resolve();
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  // The app has started, and counted this first visit: the offer waits for a second.
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  await page.evaluate(() => sessionStorage.clear()); // the next visit
  held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.goto('/', { waitUntil: 'domcontentloaded' });
  // /first-view.js has run (a deferred script runs before DOMContentLoaded); the app has not.
  await expect(page.locator('[data-first-view]')).toBeAttached();
  // The app reads the page's data as it starts (shared/hooks/useResource.ts): still there.
  await expect(page.locator('#page-data')).toBeAttached();
  await offerInstall(page);
  release();
  await expect(page.getByRole('button', { name: 'Install the app' })).toBeVisible();
  await context.close();
});

/** Whether the home page's moving parts are on: the carousels' pause buttons and the map. */
async function expectHome(page: Page, saver: boolean) {
  await expect(carousel(page, 'New Products').getByRole('article').first()).toBeVisible();
  // A carousel that moves by itself has a pause button and does not announce each step.
  await expect(page.getByRole('button', { name: 'Pause New Products' })).toHaveCount(saver ? 0 : 1);
  await expect(carousel(page, 'New Products').locator('[aria-live]')).toHaveAttribute('aria-live', saver ? 'polite' : 'off');
  const location = page.getByRole('region', { name: 'Visit our store in Ruiru' });
  await location.scrollIntoViewIfNeeded();
  await expect(location.getByRole('link', { name: 'Open in Maps' })).toBeVisible();
  await expect(location.locator('iframe')).toHaveCount(saver ? 0 : 1);
  await expect(page.getByRole('switch', { name: 'Data saver' })).toHaveAttribute('aria-checked', String(saver));
}

test('the Data saver switch stops the carousels and the map, and is kept', async ({ page }) => {
  await page.goto('/');
  await expectHome(page, false);
  await page.getByRole('switch', { name: 'Data saver' }).click();
  await expectHome(page, true);
  // The server knows it too: no picture fetched ahead on the next page.
  await page.reload();
  await expect(page.locator('meta[name="shop:data-saver"]')).toHaveAttribute('content', 'on');
  await expect(page.locator('link[rel="preload"][as="image"]')).toHaveCount(0);
  await expectHome(page, true);
  await page.getByRole('switch', { name: 'Data saver' }).click();
  await expectHome(page, false);
});

test('a browser that sends Save-Data gets the data saver', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'Save-Data': 'on' } });
  const page = await context.newPage();
  await offline(page);
  await page.goto('/');
  await expectHome(page, true);
  await context.close();
});

interface Weight {
  bytes: number;
  requests: number;
  /** Requests for the map, which the tests never let out (storefront-helpers offline()). */
  map: number;
}

/**
 * What a visit to / transfers (headers and bodies as sent, the service worker's own fetches
 * included, its answers from the Cache Storage not), with the page scrolled to the map, until the
 * page has loaded every request it started: the first visit, then the next one (the service worker
 * installed).
 * E2E_WEIGHT_DEBUG=1 prints each request.
 */
async function weigh(context: BrowserContext, saver: boolean): Promise<{ first: Weight; repeat: Weight }> {
  const page = await context.newPage();
  await offline(page);
  let w: Weight = { bytes: 0, requests: 0, map: 0 };
  const sizes: Promise<void>[] = [];
  // Requests started and not yet answered, the service worker's included. Waiting for none is a
  // condition; the 'networkidle' state is a guess (500 ms without traffic) that a busy machine
  // or a slide changing every few seconds can keep from ever coming.
  const inFlight = new Set<Request>();
  context.on('request', (r) => {
    inFlight.add(r);
    if (r.url().includes('openstreetmap.org')) w.map += 1;
  });
  context.on('requestfailed', (r) => inFlight.delete(r));
  context.on('requestfinished', (r) => {
    inFlight.delete(r);
    const into = w;
    sizes.push(
      (async () => {
        const res = await r.response();
        if (!res || res.fromServiceWorker()) return;
        const s = await r.sizes();
        into.bytes += s.requestHeadersSize + s.responseHeadersSize + Math.max(0, s.responseBodySize);
        into.requests += 1;
        if (process.env.E2E_WEIGHT_DEBUG) console.log(s.requestHeadersSize, s.responseHeadersSize, s.responseBodySize, r.url());
      })(),
    );
  });
  const settled = async () => {
    await page.waitForLoadState('load');
    await expect
      .poll(() => [...inFlight].map((r) => r.url()), { message: 'requests still unanswered', timeout: 60_000 })
      .toEqual([]);
  };
  const visit = async () => {
    await page.goto('/');
    await controlled(page);
    // Without the data saver the map's frame asks for the map once scrolled near.
    const map = saver ? null : page.waitForRequest(/openstreetmap\.org/);
    const location = page.getByRole('region', { name: 'Visit our store in Ruiru' });
    await location.scrollIntoViewIfNeeded();
    await expect(location.getByRole('link', { name: 'Open in Maps' })).toBeVisible();
    await map;
    await settled();
    await Promise.all(sizes.splice(0));
  };
  await visit();
  const first = w;
  w = { bytes: 0, requests: 0, map: 0 };
  await visit();
  return { first, repeat: w };
}

const describe = (w: Weight) => `${w.bytes} bytes in ${w.requests} requests, ${w.map} for the map`;

test('page weight of a visit to /, with and without the data saver', async ({ browser, baseURL }, info) => {
  const plain = await browser.newContext({ baseURL, ...info.project.use });
  const saver = await browser.newContext({ baseURL, ...info.project.use, extraHTTPHeaders: { 'Save-Data': 'on' } });
  const without = await weigh(plain, false);
  const withSaver = await weigh(saver, true);
  const line =
    `/ on ${info.project.name}: first visit ${describe(without.first)}, with the data saver ${describe(withSaver.first)}; ` +
    `next visit ${describe(without.repeat)}, with the data saver ${describe(withSaver.repeat)}`;
  info.annotations.push({ type: 'page weight', description: line });
  console.log(line);
  expect(withSaver.first.map).toBe(0);
  expect(without.first.map).toBeGreaterThan(0);
  // The next visit takes the app from the service worker.
  expect(without.repeat.bytes).toBeLessThan(without.first.bytes / 2);
  await plain.close();
  await saver.close();
});
