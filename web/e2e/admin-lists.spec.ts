import { expect, test } from '@playwright/test';
import { createAdmin, openAdmin } from './admin-helpers';

// The back office's products, users and payments tables (docs/product.md, "The back office") at a
// laptop's 1366 px and at 1024 px: a filter lives in the address and survives a reload, a column
// sorts, and a chip counts what it would show.

test.beforeAll(createAdmin);

for (const width of [1366, 1024]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test.skip(({ isMobile }) => isMobile, 'the laptop and tablet widths');

    test('the products table filters by status in the address, sorts by price and counts each status', async ({ page }) => {
      await openAdmin(page);
      await page.goto('/admin/products');
      const table = page.getByRole('table', { name: 'Products' });
      await expect(table).toBeVisible();
      const active = page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Active/ });
      await expect(active).toContainText(/\d+/);
      await active.click();
      await expect(page).toHaveURL(/status=active/);
      await page.reload();
      await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Active/ })).toHaveAttribute('aria-pressed', 'true');
      await page.getByRole('button', { name: 'Price' }).click();
      await expect(page).toHaveURL(/sort=-price/);
      await expect(table.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'descending');
      const prices = await table.locator('tbody tr td:nth-child(3)').allTextContents();
      const numbers = prices.map((p) => Number(p.replace(/[^\d.]/g, '')));
      expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    });

    test('the users table filters by role in the address and sorts by registration', async ({ page }) => {
      await openAdmin(page);
      await page.goto('/admin/users');
      const table = page.getByRole('table', { name: 'Users' });
      await expect(table).toBeVisible();
      const staff = page.getByRole('group', { name: 'Role' }).getByRole('button', { name: /^Staff/ });
      await expect(staff).toContainText('1');
      await staff.click();
      await expect(page).toHaveURL(/role=staff/);
      await page.reload();
      await expect(page.getByRole('table', { name: 'Users' })).toContainText('owner@mifugobora.co.ke');
      await page.getByRole('button', { name: 'Registered' }).click();
      await expect(page).toHaveURL(/sort=oldest/);
      await expect(page.getByRole('table', { name: 'Users' }).getByRole('columnheader', { name: /Registered/ })).toHaveAttribute('aria-sort', 'ascending');
    });

    test('the payments table filters by method in the address and counts each status', async ({ page }) => {
      await openAdmin(page);
      await page.goto('/admin/payments?method=paybill');
      await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Payments' })).toBeVisible();
      await expect(page.getByLabel('Method')).toHaveValue('paybill');
      await page.reload();
      await expect(page.getByLabel('Method')).toHaveValue('paybill');
      await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^All/ })).toContainText(/\d+/);
      await page.getByRole('button', { name: 'Amount' }).click();
      await expect(page).toHaveURL(/sort=amount/);
    });
  });
}
