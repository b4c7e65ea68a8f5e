import { expect, test } from '@playwright/test';
import { offline } from './storefront-helpers';

// Every public page fits its screen's width: nothing makes a page scroll sideways, from the
// smallest phone to a laptop. The phone project takes the phone widths, the desktop project the rest.
const PAGES = [
  '/',
  '/shop',
  '/products/high-yield-dairy-meal',
  '/about',
  '/contact',
  '/cart',
  '/checkout',
  '/login',
  '/register',
  '/forgot-password',
  '/track',
  '/terms',
  '/privacy',
  '/no-such-page',
];
const WIDTHS = { phone: [320, 360], desktop: [768, 1024, 1366] };

test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => offline(page));

for (const path of PAGES) {
  test(`no horizontal scroll on ${path}`, async ({ page }, info) => {
    for (const width of WIDTHS[info.project.name as keyof typeof WIDTHS]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      // The app has taken over from the server's first view and drawn the footer (slowly on a
      // busy test machine).
      await expect(page.locator('[data-first-view]')).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByRole('contentinfo')).toBeVisible({ timeout: 30_000 });
      const wide = await page.evaluate(() => {
        const limit = innerWidth;
        const over = [...document.querySelectorAll('body *')]
          .filter((el) => el.getBoundingClientRect().right > limit + 0.5)
          .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 60)}`);
        return { scrollWidth: document.scrollingElement!.scrollWidth, innerWidth: limit, over: over.slice(0, 5) };
      });
      expect(wide.scrollWidth, `${path} at ${width}px is ${wide.scrollWidth}px wide: ${wide.over.join(' | ')}`).toBeLessThanOrEqual(wide.innerWidth);
    }
  });
}
