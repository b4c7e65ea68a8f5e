import { expect, test, type Page } from '@playwright/test';
import { createAdmin, openAdmin, openTab } from './admin-helpers';
import { expectNoSeriousA11yViolations } from './storefront-helpers';

// The back office's products, customers and payments tables (docs/product.md section 2, "The back
// office"): filters and sort in the address, so a reload keeps them; chips that count and filter.

test.beforeAll(createAdmin);

/** The admin's bearer token, for setting up through the API what a test is not about. */
async function adminToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'))) ?? '';
}

for (const width of [1366, 1024]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test.skip(({ isMobile }) => isMobile, 'the laptop and tablet widths');

    test('products: a new product is a draft the Drafts chip finds; a sort survives a reload', async ({ page }) => {
      test.setTimeout(120_000);
      await openAdmin(page);
      const [category] = (await (await page.request.get('/api/categories/')).json()) as { id: number }[];
      expect(category, 'a demo category').toBeTruthy();
      const name = `Draft mineral lick ${width}`;
      const made = await page.request.post('/api/admin/products/', {
        data: { name, description: 'A salt and mineral block for cattle.', base_price: '450.00', category: category!.id },
        headers: { Authorization: `Bearer ${await adminToken(page)}` },
      });
      expect(made.status(), await made.text()).toBe(201);

      await openTab(page, 'Products');
      const rows = page.getByRole('table', { name: 'Products' }).locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Drafts \d+$/ }).click();
      await expect(page).toHaveURL(/status=draft/);
      await expect(rows.filter({ hasText: name })).toHaveCount(1);
      for (const text of await rows.allInnerTexts()) expect(text).toContain('Draft');

      await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Active \d+$/ }).click();
      await page.getByRole('button', { name: /^Price/ }).click();
      await expect(page).toHaveURL(/sort=-price/);
      await page.reload();
      await expect(page.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'descending');
      // The fourth cell: the row's checkbox comes first.
      const prices = (await rows.locator('td:nth-child(4)').allInnerTexts()).map((t) => Number(t.replace(/[^\d.]/g, '')));
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
      await expect(rows.filter({ hasText: name })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, 'products');
    });

    test('customers and payments: tables with counting chips, and a sort in the address', async ({ page }) => {
      test.setTimeout(120_000);
      await openAdmin(page);
      await openTab(page, 'Users');
      const users = page.getByRole('table', { name: 'Users' }).locator('tbody tr');
      await expect(users.first()).toBeVisible();
      await expect(page.getByRole('group', { name: 'Role' }).getByRole('button', { name: /^All \d+$/ })).toBeVisible();
      await page.getByRole('button', { name: /^Name/ }).click();
      await expect(page).toHaveURL(/sort=-name/);
      await page.reload();
      await expect(page.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
      await expectNoSeriousA11yViolations(page, 'users');

      await openTab(page, 'Payments');
      await expect(page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^All \d+$/ })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Payments' })).toBeVisible();
      await page.getByRole('button', { name: /^Amount/ }).click();
      await expect(page).toHaveURL(/sort=amount/);
      await expectNoSeriousA11yViolations(page, 'payments');
    });
  });
}
