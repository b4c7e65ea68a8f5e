import { test } from '@playwright/test';
import { expect, offline } from './storefront-helpers';

// The cart offline (docs/product.md, Cart): the last known cart, marked as saved; checkout says
// once that it needs the network; both recover by themselves when the network returns.
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => offline(page));

test('offline the cart shows the last saved one, and recovers when the network returns', async ({ page, context }) => {
  await page.goto('/products/high-yield-dairy-meal');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await expect(page.getByRole('link', { name: /Cart, 1 item/ })).toBeVisible();
  await page.goto('/cart');
  const line = page.getByRole('main').getByText('Mifugo Bora High Yield Dairy Meal').first();
  await expect(line).toBeVisible();
  // Checkout is opened once online, so its code is in the phone.
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();

  await context.setOffline(true);
  await page.goto('/cart');
  await expect(page.getByRole('status').filter({ hasText: 'this is your cart as last saved' })).toBeVisible();
  await expect(line).toBeVisible();

  await page.goto('/checkout');
  await expect(page.getByRole('main').getByRole('status')).toHaveCount(1);
  await expect(page.getByRole('alert')).toHaveCount(0);

  await page.goto('/cart');
  await expect(page.getByRole('status').filter({ hasText: 'as last saved' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'as last saved' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toBeVisible();
});
