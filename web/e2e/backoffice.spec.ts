import { expect, test, type Browser, type Page } from '@playwright/test';
import { adminNav, createAdmin, openAdmin, openOrder, openTab, orderRow } from './admin-helpers';
import { acceptDialogs, expectNoSeriousA11yViolations } from './storefront-helpers';

// The owner's workspace (docs/product.md section 2, "The back office") at a laptop's 1366 px and at
// 1024 px: a frame of its own, every screen and record with its address, the dashboard's figures
// opening their filtered lists, dispatch in one step with a saved courier, alone and in bulk.

test.beforeAll(createAdmin);

/** An order a guest placed and paid by the simulated prompt; its number. */
async function paidOrder(browser: Browser, county = 'Kiambu'): Promise<string> {
  const context = await browser.newContext();
  const guest = await context.newPage();
  const products = (await (await guest.request.get('/api/products/')).json()) as { variants: { id: number; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 5);
  expect(variant, 'a demo size in stock').toBeTruthy();
  expect((await guest.request.post('/api/cart/items/', { data: { variant: variant!.id, quantity: 1 } })).status()).toBe(201);
  const res = await guest.request.post('/api/payments/mpesa/initiate/', {
    data: {
      phone: '0708374149',
      customerInfo: { name: 'Akinyi Achieng', email: 'akinyi@example.co.ke', phone: '0708374149' },
      shippingAddress: { address: 'Plot 7, Thika Road', city: 'Ruiru', county, postalCode: '' },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const { orderId, orderToken } = (await res.json()) as { orderId: string; orderToken: string };
  await expect
    .poll(async () => ((await (await guest.request.get(`/api/orders/${orderId}/`, { headers: { 'X-Order-Token': orderToken } })).json()) as { status: string }).status, {
      timeout: 30_000,
    })
    .toBe('paid');
  await context.close();
  return orderId;
}

/** The admin's bearer token, for setting up through the API what a test is not about. */
async function adminToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('authToken') ?? sessionStorage.getItem('authToken'))) ?? '';
}

async function saveCourier(page: Page, name: string) {
  const res = await page.request.post('/api/admin/delivery/couriers/', {
    data: { name, is_default: false },
    headers: { Authorization: `Bearer ${await adminToken(page)}` },
  });
  expect([201, 400]).toContain(res.status());
}

for (const width of [1366, 1024]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    test.skip(({ isMobile }) => isMobile, 'the laptop and tablet widths');

    test("the dashboard's waiting orders open the filtered list in one click, and every screen has no serious axe violation", async ({ page }) => {
      test.setTimeout(300_000); // axe reads fifteen screens
      await openAdmin(page);
      // The navigation stands beside the screen from 1024 px up, with who is signed in.
      await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
      await expect(page.getByText('Owner', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page, 'dashboard');

      await page.getByRole('link', { name: /waiting to be dispatched$/ }).click();
      await expect(page).toHaveURL(/\/admin\/orders\?status=paid%2Cprocessing$|\/admin\/orders\?status=paid,processing$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
      const rows = page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
      await expect(rows.first()).toBeVisible();
      for (const text of await rows.allInnerTexts()) expect(text).toMatch(/Paid|Processing/);
      await expectNoSeriousA11yViolations(page, 'orders');

      // A status chip filters and says how many; the address follows, and a reload keeps it.
      await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: /^Delivered \d+$/ }).click();
      await expect(page).toHaveURL(/status=delivered/);
      await expect(rows.first()).toContainText('Delivered');
      await page.getByRole('button', { name: 'Today' }).click();
      await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
      await page.reload();
      await expect(page.getByRole('button', { name: 'Today' })).toHaveAttribute('aria-pressed', 'true');

      for (const name of ['Products', 'Categories', 'Import/Export', 'Reviews', 'Messages', 'Zones, pickup, couriers', 'Reports', 'Coupons', 'VAT', 'eTIMS', 'Users', 'Subscribers', 'Audit log']) {
        await openTab(page, name);
        await expect(page.getByRole('main').getByRole('status')).toHaveCount(0, { timeout: 15_000 });
        await expectNoSeriousA11yViolations(page, name);
      }
    });

    test('an order has its own address: a reload keeps it open; it goes out in one step with a saved courier', async ({ page, browser }) => {
      const orderId = await paidOrder(browser);
      await openAdmin(page);
      const courier = `Courier ${width} ${Date.now().toString(36)}`;
      await saveCourier(page, courier);
      await openTab(page, 'Orders');
      await openOrder(page, orderId);
      await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
      await page.reload();
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(orderId) })).toBeVisible();

      const send = page.getByRole('form', { name: 'Send out' });
      await send.getByLabel('Courier').fill(courier);
      await send.getByLabel('Tracking or waybill number').fill('WB-2026-1');
      await send.getByRole('button', { name: 'Send out now' }).click();
      await expect(page.getByRole('heading', { level: 2, name: new RegExp(orderId) })).toContainText('Dispatched');
      await expect(page.getByText(`Sent with ${courier}, tracking number WB-2026-1`)).toBeVisible();
      await expect(send).toHaveCount(0);
      // Back returns to the list as it was.
      await page.getByRole('button', { name: 'Back to orders' }).click();
      await expect(page).toHaveURL(/\/admin\/orders(\?|$)/);
    });

    test('two selected paid orders go out together with one courier', async ({ page, browser }) => {
      const dialogs = acceptDialogs(page);
      const county = width === 1366 ? 'Nyeri' : 'Embu';
      const [a, b] = [await paidOrder(browser, county), await paidOrder(browser, county)];
      await openAdmin(page);
      const courier = `Van ${width} ${Date.now().toString(36)}`;
      await saveCourier(page, courier);
      await page.goto(`/admin/orders?status=paid&county=${county}`);
      for (const id of [a, b]) await orderRow(page, id).getByRole('checkbox').check();
      const bulk = page.getByRole('region', { name: 'Selected orders' });
      await expect(bulk).toContainText('2 selected');
      await expect(bulk.getByRole('link', { name: 'Print delivery notes' })).toHaveAttribute('href', new RegExp(`/admin/orders/print\\?ids=(${a},${b}|${b},${a})`));
      await bulk.getByLabel('Courier').fill(courier);
      await bulk.getByRole('button', { name: 'Send out selected' }).click();
      await expect(bulk).toContainText(`2 orders sent out with ${courier}.`);
      await page.goto(`/admin/orders?status=dispatched&county=${county}`);
      for (const id of [a, b]) await expect(orderRow(page, id)).toContainText('Dispatched');
      expect(dialogs).toEqual([]);
    });
  });
}

for (const width of [1366, 1024]) {
  test(`at ${width} px a coupon is limited to a category picked by name`, async ({ page, isMobile }) => {
    test.skip(isMobile, 'the laptop and tablet widths');
    await page.setViewportSize({ width, height: 800 });
    const code = `LAYERS${width}`;
    await openAdmin(page);
    await openTab(page, 'Coupons');
    await page.getByRole('button', { name: 'New coupon' }).click();
    const form = page.getByRole('form', { name: 'New coupon' });
    await form.getByLabel('Code').fill(code);
    await form.getByLabel('Percent off').fill('5');
    const categories = form.getByRole('group', { name: 'Only these categories (optional)' });
    await categories.getByLabel('Search by name to add').fill('layers');
    await categories.getByRole('button', { name: 'Add Layers Mash' }).click();
    await expect(categories.getByRole('list', { name: /chosen/ })).toContainText('Layers Mash');
    await form.getByRole('button', { name: 'Add coupon' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Coupons' })).toBeVisible();
    // Stored with the category's id, which nobody had to read.
    const token = await adminToken(page);
    const coupons = (await (await page.request.get('/api/admin/coupons/', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      code: string;
      category_ids: number[];
    }[];
    const cats = (await (await page.request.get('/api/admin/categories/', { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: number; name: string }[];
    const layers = cats.find((c) => c.name === 'Layers Mash');
    expect(coupons.find((c) => c.code === code)?.category_ids).toEqual([layers!.id]);
  });
}

test('below 1024 px the navigation opens from Menu', async ({ page }) => {
  await openAdmin(page);
  const nav = await adminNav(page);
  await nav.getByRole('link', { name: 'Orders', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
});
