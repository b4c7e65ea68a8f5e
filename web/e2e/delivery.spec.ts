import { expect, test, type Page } from '@playwright/test';
import { createAdmin, openAdmin, openOrder, openTab } from './admin-helpers';
import { acceptDialogs } from './storefront-helpers';

// Delivery the way Kenyan farmers get their goods (issue 12): a pickup point chosen at checkout and
// paid for, and an order the shop dispatches with a tracking number that the farmer then sees.
// Against the real binary with its demo zones and pickup points; nothing waits a fixed time.

test.describe.configure({ timeout: 90_000 });
test.beforeAll(createAdmin);

const PAYMENT_TIMEOUT = 20_000;

/** Puts one 70 kg bag of the demo's high-yield dairy meal in this page's cart. */
async function addBag(page: Page) {
  const product = (await (await page.request.get('/api/products/high-yield-dairy-meal/')).json()) as { variants: { id: number; size: string }[] };
  const bag = product.variants.find((v) => v.size === '70 Kg');
  expect(bag, 'a 70 kg bag').toBeTruthy();
  const res = await page.request.post('/api/cart/items/', { data: { variant: bag!.id, quantity: 1 } });
  expect(res.status(), await res.text()).toBe(201);
}

const field = (page: Page, label: string) => page.getByRole('main').getByLabel(label, { exact: true });

/** Opens the checkout and fills in the customer, up to the Shipping step. */
async function startCheckout(page: Page) {
  await page.goto('/checkout');
  await field(page, 'First name').fill('Chebet');
  await field(page, 'Last name').fill('Kiprono');
  await field(page, 'Email').fill('chebet@example.co.ke');
  await field(page, 'Phone number').fill('0722 333 444');
  await page.getByRole('button', { name: 'Next' }).click();
}

/**
 * From the Shipping step, sends this page's cart to county with the delivery option named, paying
 * by M-Pesa; lands on the paid order's confirmation and answers its number.
 */
async function finishCheckout(page: Page, county: string, option: RegExp, expectShipping: string) {
  const dialogs = acceptDialogs(page);
  await field(page, 'County').selectOption(county);
  await page.getByRole('radio', { name: option }).check();
  await expect(page.getByRole('complementary', { name: 'Order Summary' })).toContainText(`Shipping${expectShipping}`);
  if (await field(page, 'Address').count()) {
    await field(page, 'Address').fill('Farm 12, off the main road');
    await field(page, 'City / Town').fill(county);
  } else {
    // Collected from a pickup point: no address is asked for.
    await expect(field(page, 'Address (optional)')).toHaveValue('');
  }
  await page.getByRole('button', { name: 'Next' }).click();
  await field(page, 'M-Pesa phone number').fill('0712 345 678');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('main').getByRole('form')).toContainText(`Delivery`);
  await page.getByRole('button', { name: 'Complete Order' }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=ORDER-\d+/);
  expect(dialogs).toEqual([]);
  await expect(page.getByRole('heading', { level: 2, name: 'Payment received' })).toBeVisible({ timeout: PAYMENT_TIMEOUT });
  return new URL(page.url()).searchParams.get('orderId') ?? '';
}

test('a farmer in Nakuru collects from the agrovet there, paying its fee and no delivery', async ({ page }) => {
  await addBag(page);
  await startCheckout(page);
  // The options for Nakuru, cheapest first: the Ruiru store, the Nakuru agrovet, home delivery.
  await field(page, 'County').selectOption('Nakuru');
  const options = page.getByRole('group', { name: 'Delivery option' }).getByRole('radio');
  await expect(options).toHaveCount(3);
  await expect(page.getByRole('radio', { name: /Mifugo Bora store, Ruiru.*Free/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Nakuru Farmers Agrovet.*Ksh 200/ })).toBeVisible();
  // A 70 kg bag to Nakuru: Ksh 450 for 5 kg and Ksh 20 for each of the 65 kg more.
  await expect(page.getByRole('radio', { name: /Home delivery.*Ksh 1,750/ })).toBeVisible();

  const orderId = await finishCheckout(page, 'Nakuru', /Nakuru Farmers Agrovet/, 'Ksh 200');
  await expect(page.getByText(orderId)).toBeVisible();
  await expect(page.getByText(/ready for pickup/)).toBeVisible();
  const details = page.getByRole('region', { name: 'Your order' });
  await expect(details.getByRole('heading', { name: 'Pickup point' })).toBeVisible();
  await expect(details).toContainText('Nakuru Farmers Agrovet');
  await expect(details).toContainText('Open Mon–Sat 8:00 AM–6:00 PM');
  await expect(details).toContainText('ShippingKsh 200');
  await expect(details).toContainText('TotalKsh 4,150');
  const steps = page.getByRole('list', { name: 'Order progress' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Paid');
  await expect(steps).toContainText('Ready for pickup (not yet)');
});

test('the shop dispatches an order with a tracking number, and the farmer sees it', async ({ page, browser }) => {
  await addBag(page);
  await startCheckout(page);
  const orderId = await finishCheckout(page, 'Kiambu', /Home delivery/, 'Ksh 900');

  const shop = await browser.newContext();
  const admin = await shop.newPage();
  await openAdmin(admin);
  await openTab(admin, 'Orders');
  await openOrder(admin, orderId);
  await expect(admin.getByText('Home delivery (Nairobi and Kiambu): Ksh 900')).toBeVisible();

  const status = admin.getByRole('form', { name: 'Change status' });
  await status.getByLabel('New status').selectOption('processing');
  await status.getByRole('button', { name: 'Update status' }).click();
  await expect(admin.getByText('Status changed to Processing.')).toBeVisible();
  // A delivery order is dispatched (never made ready for pickup), naming its courier.
  await expect(status.getByLabel('New status').locator('option')).toHaveText(['Choose…', 'Dispatched', 'Cancelled']);
  await status.getByLabel('New status').selectOption('dispatched');
  await status.getByRole('button', { name: 'Update status' }).click();
  await expect(admin.getByText('Name the courier that carries this order.')).toBeVisible();
  await status.getByLabel('Courier').fill('G4S');
  await status.getByLabel('Tracking or waybill number').fill('G4S-KBC-20931');
  await status.getByRole('button', { name: 'Update status' }).click();
  await expect(admin.getByText('Status changed to Dispatched.')).toBeVisible();
  await expect(admin.getByText('Sent with G4S, tracking number G4S-KBC-20931')).toBeVisible();

  // The delivery note, for packing: where it goes, what, how heavy, and paid.
  await admin.goto(`/admin/orders/${encodeURIComponent(orderId)}/print`);
  const note = admin.getByRole('article', { name: `Delivery note ${orderId}` });
  await expect(note).toContainText('Chebet Kiprono');
  await expect(note).toContainText('Farm 12, off the main road');
  await expect(note).toContainText('Total weight70 kg');
  await expect(note).toContainText(/Paid by M-Pesa, receipt [A-Z0-9]{10}/);
  await shop.close();

  // The farmer's page shows the step and the tracking number.
  await page.reload();
  const steps = page.getByRole('list', { name: 'Order progress' });
  await expect(steps.locator('[aria-current="step"]')).toContainText('Dispatched');
  await expect(steps).toContainText('With G4S, tracking number G4S-KBC-20931');
  await expect(steps).toContainText('Delivered (not yet)');
});
