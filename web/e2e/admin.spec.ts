import { expect, test, type Browser } from '@playwright/test';
import { adminNav, createAdmin, openAdmin, openOrder, openTab, orderRow, signIn } from './admin-helpers';
import { acceptDialogs } from './storefront-helpers';

// The back office (docs/product.md section 2 'Admin', docs/architecture.md section 3) against the real binary: the
// guard, products, categories and an order's status.

test.beforeAll(createAdmin);

/** A name no other test (or the other browser project) uses. */
function unique(base: string, project: string): string {
  return `${base} ${project} ${Date.now().toString(36)}`;
}

test('a visitor is sent to /login and comes back to the admin once an admin signs in', async ({ page }) => {
  await openAdmin(page);
  await expect(page).toHaveURL(/\/admin$/);
  const nav = await adminNav(page);
  for (const name of ['Dashboard', 'Products', 'Categories', 'Orders', 'Users', 'Messages', 'Subscribers', 'Audit log']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  // The back office has no shop header, cart or newsletter footer around it.
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /cart/i })).toHaveCount(0);
  // The dashboard's figures come from the database.
  const panel = page.getByRole('main');
  await expect(panel.getByText('Total products')).toBeVisible();
  await expect(panel.getByText('Total revenue')).toBeVisible();
  await expect(panel.getByRole('heading', { level: 2, name: 'Low stock (at most 10)' })).toBeVisible();
});

test('a signed-in customer is sent to /login too', async ({ page }, testInfo) => {
  const email = `farmer.${testInfo.project.name}.${Date.now()}@example.co.ke`;
  const res = await page.request.post('/api/auth/register/', {
    data: { first_name: 'Juma', last_name: 'Otieno', email, phone: '254722000111', password: 'Shamba2026' },
  });
  expect(res.status(), await res.text()).toBe(201);
  await page.goto('/login');
  await signIn(page, email, 'Shamba2026');
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  // And the API says no to the customer's token as well.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const api = await page.request.get('/api/admin/stats/', { headers: { Authorization: `Bearer ${token}` } });
  expect(api.status()).toBe(403);
});

test('create a product as a draft, publish it, see it in the shop, edit it, delete it', async ({ page }, testInfo) => {
  const dialogs = acceptDialogs(page);
  const name = unique('E2E Calf Pellets', testInfo.project.name);
  await openAdmin(page);
  await openTab(page, 'Products');
  await page.getByRole('button', { name: 'Add product' }).click();

  // docs/product.md's required fields, checked before anything is sent.
  const form = page.getByRole('form', { name: 'Product' });
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await expect(form.getByText('Description is required')).toBeVisible();
  await expect(form.getByText('Price is required')).toBeVisible();
  await expect(form.getByLabel('Price (Ksh)')).toHaveAttribute('step', '0.01');

  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Description', { exact: true }).fill('Pellets that start calves well, for farms across Kenya.');
  await form.getByLabel('Price (Ksh)').fill('1450.5');
  await form.getByLabel('Category', { exact: true }).selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByRole('heading', { name: `Edit ${name}` })).toBeVisible();

  // A draft is not published before it has a size with a price.
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Add at least one size with a price before publishing.')).toBeVisible();

  // A size, so the shop can sell it.
  const size = page.getByRole('form', { name: 'New size' });
  await size.getByLabel('Size').fill('10 Kg');
  await size.getByLabel('SKU').fill(`E2E-${testInfo.project.name}-${Date.now()}`);
  await size.getByLabel('Price (Ksh)').fill('1450.50');
  await size.getByLabel('Stock').fill('7');
  await size.getByRole('button', { name: 'Add size' }).click();
  await expect(page.getByRole('form', { name: 'Size 10 Kg' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published: the product is on sale.')).toBeVisible();

  // It appears in the shop.
  const shop = await page.context().newPage();
  await shop.goto('/shop');
  await shop.getByPlaceholder('Search products...').fill(name);
  await expect(shop.getByRole('heading', { name })).toBeVisible();
  await shop.close();

  // Edit: a new price, and hidden from the shop.
  await page.getByRole('button', { name: 'Back to products' }).click();
  await page.getByRole('main').getByLabel('Search products').fill(name);
  // The searched list, not the unfiltered one it replaces: a click on a row about to be
  // replaced can be lost (as openOrder waits for the orders' searched list).
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(page.getByRole('main').getByText(/^1 product$/)).toBeVisible();
  const row = page.getByRole('table', { name: 'Products' }).locator('tbody tr').filter({ hasText: name });
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Edit ${name}` }).click();
  await form.getByLabel('Price (Ksh)').fill('1500');
  await form.getByLabel('Active').uncheck();
  await form.getByRole('button', { name: 'Save product' }).click();
  await expect(page.getByText('Product saved.')).toBeVisible();
  await page.getByRole('button', { name: 'Back to products' }).click();
  await expect(row.getByText('Inactive', { exact: true })).toBeVisible();
  await expect(row.getByText('Ksh 1,500')).toBeVisible();

  // Delete, with docs/product.md's confirm; what it did is said in the page.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Product deleted successfully' })).toBeVisible();
  expect(dialogs).toEqual(['Are you sure you want to delete this product?']);
});

test('categories: the slug follows the name, a category never sits under itself, a full one is not deleted', async ({
  page,
}, testInfo) => {
  const dialogs = acceptDialogs(page);
  const parentName = unique('E2E Poultry', testInfo.project.name);
  const childName = unique('E2E Layers Mash', testInfo.project.name);
  const slug = (n: string) => (n.toLowerCase().match(/[\p{L}\p{Nd}]+/gu) ?? []).join('-');
  await openAdmin(page);
  await openTab(page, 'Categories');

  const form = page.getByRole('form', { name: 'Category' });
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(form.getByText('Name is required')).toBeVisible();
  await form.getByLabel('Name', { exact: true }).fill(parentName);
  await expect(form.getByText(`Slug: ${slug(parentName)}`)).toBeVisible();
  await form.getByRole('button', { name: 'Create category' }).click();
  const list = page.getByRole('list', { name: 'Categories' });
  const parentRow = list.getByRole('listitem').filter({ hasText: parentName }).filter({ hasNotText: childName });
  await expect(parentRow.getByText(slug(parentName))).toBeVisible();

  await form.getByLabel('Name', { exact: true }).fill(childName);
  await form.getByLabel('Parent').selectOption({ label: parentName });
  await form.getByRole('button', { name: 'Create category' }).click();
  const childRow = list.getByRole('listitem').filter({ hasText: childName });
  await expect(childRow.getByText(`${slug(childName)} · under ${parentName}`)).toBeVisible();

  // The same slug twice is refused by the server, with the reason.
  await form.getByLabel('Name', { exact: true }).fill(parentName.toUpperCase());
  await form.getByRole('button', { name: 'Create category' }).click();
  await expect(form.getByRole('alert')).toHaveText(`A category with the slug "${slug(parentName)}" already exists.`);

  // Editing the parent: neither itself nor its sub-category is offered as its parent.
  await parentRow.getByRole('button', { name: `Edit ${parentName}` }).click();
  const parentSelect = page.getByRole('form', { name: 'Category' }).getByLabel('Parent');
  await expect(parentSelect.locator('option', { hasText: parentName })).toHaveCount(0);
  await expect(parentSelect.locator('option', { hasText: childName })).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel' }).click();

  // A category with a sub-category is not deleted; an empty one is.
  await parentRow.getByRole('button', { name: `Delete ${parentName}` }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Failed to delete category: This category still has products (0) or sub-categories; move or delete them first.',
  );
  await childRow.getByRole('button', { name: `Delete ${childName}` }).click();
  await expect(childRow).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'Category deleted successfully' })).toBeVisible();
  expect(dialogs).toEqual(['Are you sure you want to delete this category?', 'Are you sure you want to delete this category?']);
});

/** A guest buys through the API in its own browser context and keeps the order's token there. */
/** A guest's order of one bag, paid from phone (the simulator's phones: docs/architecture.md section 2). */
async function guestCheckout(browser: Browser, phone: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const products = (await (await page.request.get('/api/products/')).json()) as { variants: { id: number; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 5);
  expect(variant, 'a demo size in stock').toBeTruthy();
  expect((await page.request.post('/api/cart/items/', { data: { variant: variant!.id, quantity: 1 } })).status()).toBe(201);
  const res = await page.request.post('/api/payments/mpesa/initiate/', {
    data: {
      phone,
      customerInfo: { name: 'Akinyi Achieng', email: 'akinyi@example.co.ke', phone: '0708374149' },
      shippingAddress: { address: 'Plot 7, Thika Road', city: 'Ruiru', county: 'Kiambu', postalCode: '' },
    },
  });
  expect(res.ok(), await res.text()).toBeTruthy();
  const started = (await res.json()) as { orderId: string; orderToken: string };
  return { page, context, ...started };
}

async function guestOrder(browser: Browser) {
  const { page, context, orderId, orderToken } = await guestCheckout(browser, '0708374149');
  await page.goto('/');
  await page.evaluate(([id, token]) => localStorage.setItem(`orderToken:${id}`, token!), [orderId, orderToken]);
  await page.goto(`/order-confirmation?orderId=${encodeURIComponent(orderId)}`);
  await expect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible({ timeout: 30_000 });
  return { page, context, orderId };
}

test("an order's status change shows on the customer's order page", async ({ page, browser }) => {
  const customer = await guestOrder(browser);
  const dialogs = acceptDialogs(page);
  await openAdmin(page);
  await openTab(page, 'Orders');
  await page.getByLabel('Search orders').fill(customer.orderId);
  // The searched list, not the unfiltered one (newest first, so it shows this order too) that it
  // replaces, where a click can be lost: as openOrder waits.
  await expect(page).toHaveURL(new RegExp(`[?&]search=${customer.orderId}(&|$)`));
  await expect(page.getByText(/^1 order$/)).toBeVisible();
  const row = orderRow(page, customer.orderId);
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await row.getByRole('link', { name: `Open ${customer.orderId}` }).click();

  await expect(page.getByRole('heading', { name: 'Payment', exact: true })).toBeVisible();
  await expect(page.getByText(/receipt/).first()).toBeVisible();
  const status = page.getByRole('form', { name: 'Change status' });
  // Only the allowed moves are offered: a paid order can be processed or cancelled.
  await expect(status.getByLabel('New status').locator('option')).toHaveText(['Choose…', 'Processing', 'Cancelled']);
  await status.getByLabel('New status').selectOption('cancelled');
  await status.getByLabel('Note (optional)').fill('Customer asked to cancel by phone');
  await status.getByRole('button', { name: 'Update status' }).click();
  await expect(page.getByText('Status changed to Cancelled.')).toBeVisible();
  expect(dialogs).toEqual(['Cancel this order? Its items go back into stock.']);
  await expect(page.getByText('Customer asked to cancel by phone')).toBeVisible();

  await customer.page.reload();
  await expect(customer.page.getByRole('heading', { name: 'This order was cancelled' })).toBeVisible();
  await customer.context.close();

  // The change is in the audit log.
  await openTab(page, 'Audit log');
  await expect(page.getByRole('list', { name: 'Audit log' }).getByText(`status order ${customer.orderId}`)).toBeVisible();
});

test('a Paybill payment with a wrong account number is assigned to its order from the dashboard', async ({ page, browser }, testInfo) => {
  // A guest whose prompt was cancelled pays by Paybill but mistypes the account number.
  const { page: guest, context, orderId, orderToken } = await guestCheckout(browser, '0700000001');
  const order = (await (await guest.request.get(`/api/orders/${orderId}/`, { headers: { 'X-Order-Token': orderToken } })).json()) as {
    total: string;
  };
  const account = unique('maize bran', testInfo.project.name);
  const paid = await guest.request.post('/dev/mpesa/paybill/', { data: { account, amount: order.total, phone: '254712345678' } });
  expect(paid.status()).toBe(202);
  const { transId } = (await paid.json()) as { transId: string };
  await context.close();

  await openAdmin(page);
  const item = page
    .getByRole('region', { name: 'Unmatched M-Pesa payments' })
    .getByRole('listitem')
    .filter({ hasText: account });
  await expect(item).toContainText(transId, { timeout: 20_000 });
  await item.getByLabel('Order number').fill(orderId);
  await item.getByRole('button', { name: 'Assign to order' }).click();
  await expect(page.getByText(`${transId} assigned to ${orderId}.`)).toBeVisible();

  await openTab(page, 'Orders');
  await openOrder(page, orderId);
  await expect(page.getByText(/Paybill from WANJIKU/)).toBeVisible();
  await expect(page.getByText(`Received Ksh`)).toContainText('still due Ksh 0');
});
