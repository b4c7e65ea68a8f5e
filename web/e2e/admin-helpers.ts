import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';

// The back office's sign-in for the browser tests. The admin is made the way the owner makes one,
// with `shop admin create` on the test server's database (call createAdmin in a beforeAll).

export const ADMIN = { email: 'owner@mifugobora.co.ke', password: 'Ruiru2026Feeds' };

export function createAdmin() {
  const tmp = process.env.E2E_TMPDIR;
  if (!tmp) throw new Error('E2E_TMPDIR is not set: run through playwright.config.ts');
  execFileSync(path.resolve('../bin/shop'), ['admin', 'create', '--email', ADMIN.email, '--password', ADMIN.password], {
    env: { ...process.env, SHOP_DATABASE_URL: `sqlite:${tmp}/e2e.db`, SHOP_DATA_DIR: tmp, SHOP_LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

export async function signIn(page: Page, email: string, password: string) {
  const main = page.getByRole('main');
  await main.getByLabel('Phone or email', { exact: true }).fill(email);
  await main.locator('#password').fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
}

export async function openAdmin(page: Page) {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** The back office's side navigation, opened first where it hides behind Menu (below 1024 px). */
export async function adminNav(page: Page) {
  const menu = page.getByRole('button', { name: 'Menu' });
  const nav = page.getByRole('navigation', { name: 'Back office' });
  if (await menu.isVisible()) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
  await expect(nav).toBeVisible();
  return nav;
}

/** Opens a screen of the back office by its side navigation link. */
export async function openTab(page: Page, name: string) {
  const nav = await adminNav(page);
  await nav.getByRole('link', { name, exact: true }).click();
  // Below 1024 px the menu closes behind the click: the link is then hidden, yet still the current one.
  await expect(page.getByRole('link', { name, exact: true, includeHidden: true }).and(page.locator('#admin-nav a'))).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

/** The row of an order in the orders table. */
export function orderRow(page: Page, orderId: string) {
  return page.getByRole('table', { name: 'Orders' }).getByRole('row').filter({ hasText: orderId });
}

/**
 * Finds an order by the Orders tab's search and opens it. The click waits for the searched list:
 * a click on the unfiltered list's row while the search reaches the address can be lost.
 */
export async function openOrder(page: Page, orderId: string) {
  await page.getByLabel('Search orders').fill(orderId);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${orderId}(&|$)`));
  await expect(page.getByText(/^1 order$/)).toBeVisible();
  await orderRow(page, orderId).getByRole('link', { name: `Open ${orderId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}(\\?|$)`));
}
