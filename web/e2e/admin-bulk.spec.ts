import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { createAdmin, openAdmin, openTab } from './admin-helpers';

// Bulk actions on the back office's lists (docs/product.md, "Bulk actions"): two drafts of the
// test's own published and hidden together, and the selected customers exported as CSV.

test.beforeAll(createAdmin);

async function adminToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'))) ?? '';
}

for (const width of [1366, 1024]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('two drafts selected, published, seen in the shop, then hidden', async ({ page }, testInfo) => {
      test.skip(testInfo.project.name.startsWith('phone'), 'the laptop and tablet widths');
      test.setTimeout(120_000);
      await openAdmin(page);
      const auth = { Authorization: `Bearer ${await adminToken(page)}` };
      const [category] = (await (await page.request.get('/api/categories/')).json()) as { id: number }[];
      expect(category, 'a demo category').toBeTruthy();
      const tag = `Bulkmix${width}x${Date.now().toString(36)}`;
      const made: { id: number; slug: string; name: string }[] = [];
      for (const n of [1, 2]) {
        const name = `${tag} ration ${n}`;
        const res = await page.request.post('/api/admin/products/', {
          data: { name, description: 'A ration for the bulk actions test.', base_price: '800.00', category: category!.id },
          headers: auth,
        });
        expect(res.status(), await res.text()).toBe(201);
        const p = (await res.json()) as { id: number; slug: string; is_draft: boolean };
        expect(p.is_draft).toBe(true);
        const size = await page.request.post(`/api/admin/products/${p.id}/variants/`, {
          data: { size: '10 Kg', sku: `${tag}-${n}`.toUpperCase(), price: '800.00', stock: 5 },
          headers: auth,
        });
        expect(size.status(), await size.text()).toBe(201);
        made.push({ id: p.id, slug: p.slug, name });
      }

      await openTab(page, 'Products');
      await page.getByLabel('Search products').fill(tag);
      await expect(page).toHaveURL(new RegExp(`search=${tag}`));
      await expect(page.getByText(/^2 products$/)).toBeVisible();
      const table = page.getByRole('table', { name: 'Products' });
      for (const p of made) await expect(table.getByRole('row').filter({ hasText: p.name })).toContainText('Draft');
      const bar = page.getByRole('region', { name: 'Selected products' });
      await expect(bar).toContainText('No products selected');
      await table.getByRole('checkbox', { name: 'Select every product on this page' }).check();
      await expect(bar).toContainText('2 selected');
      await bar.getByRole('button', { name: 'Publish selected' }).click();
      await expect(bar.getByRole('status')).toHaveText('2 products published.');
      await expect(bar).toContainText('No products selected');
      for (const p of made) await expect(table.getByRole('row').filter({ hasText: p.name })).toContainText('Active');

      // In the shop: each one's page, as a shopper sees it.
      for (const p of made) {
        await page.goto(`/products/${p.slug}`);
        await expect(page.getByRole('heading', { level: 1, name: p.name })).toBeVisible();
      }

      await page.goto(`/admin/products?search=${tag}`);
      await expect(page.getByText(/^2 products$/)).toBeVisible();
      await table.getByRole('checkbox', { name: `Select ${made[0]!.name}` }).check();
      await table.getByRole('checkbox', { name: `Select ${made[1]!.name}` }).check();
      await expect(bar).toContainText('2 selected');
      await bar.getByRole('button', { name: 'Hide selected' }).click();
      await expect(bar.getByRole('status')).toHaveText('2 products hidden.');
      for (const p of made) {
        await expect(table.getByRole('row').filter({ hasText: p.name })).toContainText('Inactive');
        expect((await page.request.get(`/api/products/${p.id}/`)).status()).toBe(404);
      }
    });

    test('the selected customers exported as CSV, one row each', async ({ page }, testInfo) => {
      test.skip(testInfo.project.name.startsWith('phone'), 'the laptop and tablet widths');
      test.setTimeout(120_000);
      const tag = `bulk${width}x${Date.now().toString(36)}`;
      const people = [
        { first_name: 'Akinyi', last_name: 'Odera', email: `akinyi.${tag}@example.co.ke`, phone: '254722000321' },
        { first_name: 'Mutua', last_name: 'Kilonzo', email: `mutua.${tag}@example.co.ke`, phone: '254733000654' },
      ];
      for (const p of people) {
        const res = await page.request.post('/api/auth/register/', { data: { ...p, password: 'Shamba2026' } });
        expect(res.status(), await res.text()).toBe(201);
      }
      await openAdmin(page);
      await openTab(page, 'Users');
      await page.getByLabel('Search users').fill(tag);
      await expect(page).toHaveURL(new RegExp(`search=${tag}`));
      await expect(page.getByText(/^2 users$/)).toBeVisible();
      const bar = page.getByRole('region', { name: 'Selected users' });
      await page.getByRole('table', { name: 'Users' }).getByRole('checkbox', { name: 'Select every user on this page' }).check();
      await expect(bar).toContainText('2 selected');
      const download = page.waitForEvent('download');
      await bar.getByRole('button', { name: 'Export selected (CSV)' }).click();
      const file = await (await download).path();
      const text = fs.readFileSync(file, 'utf8');
      expect(text.startsWith('\ufeff')).toBe(true);
      const rows = text.replace(/^\ufeff/, '').trim().split(/\r?\n/).map((line) => line.split(','));
      expect(rows[0]).toEqual(['Id', 'First name', 'Last name', 'Email', 'Phone', 'Role', 'Registered (Nairobi)', 'Paid orders', 'Spent']);
      // Newest first: Mutua registered after Akinyi.
      expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[5], r[7], r[8]])).toEqual([
        ['Mutua', 'Kilonzo', people[1]!.email, people[1]!.phone, 'customer', '0', '0.00'],
        ['Akinyi', 'Odera', people[0]!.email, people[0]!.phone, 'customer', '0', '0.00'],
      ]);
      await expect(page.getByRole('status').filter({ hasText: '2 users exported.' })).toBeVisible();
    });
  });
}
