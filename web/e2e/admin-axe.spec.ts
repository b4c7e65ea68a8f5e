import { expect, test } from '@playwright/test';
import { createAdmin, openAdmin } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './storefront-helpers';

// Every screen of the back office passes axe with no serious violation (docs/product.md, "The back
// office"), at a laptop's 1366 px and at 1024 px.

test.beforeAll(createAdmin);

const SCREENS = ['', 'orders', 'messages', 'products', 'categories', 'import', 'reviews', 'delivery', 'payments', 'reports', 'coupons', 'vat', 'etims', 'users', 'subscribers', 'audit'];

for (const width of [1366, 1024]) {
  test(`at ${width} px every admin screen has no serious axe violation`, async ({ page, isMobile }) => {
    test.skip(isMobile, 'the laptop and tablet widths');
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 800 });
    await openAdmin(page);
    for (const path of SCREENS) {
      await page.goto(`/admin/${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, `/admin/${path} at ${width} px`);
    }
  });
}
