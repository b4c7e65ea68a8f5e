import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, createAdmin, openAdmin, openTab } from './admin-helpers';

// A phone order taken by staff (docs/ussd.md, "Phone orders"): the caller's phone, a product found
// by search, its quantity, the delivery and the payment road. With the M-Pesa prompt (the default)
// the simulator pays the order and its page in the back office follows it to paid; with the SMS
// road the order's text carries the payment link /pay/{code}, which opens without an account and
// whose button gets it paid. Each test uses phones of its own (2547120…), so no other spec's
// counts move.

// Payments wait on the simulated phone (1 s) and the page's follow-up (3 s) on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(createAdmin);

interface Kept {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
}

interface AdminOrder {
  status: string;
  channel: string;
  placed_by?: { name: string } | null;
  customer: { phone: string };
  payments: { phone: string }[];
}

/** A phone of this test's own: 07120, the project, the road and three digits of the clock. */
function callerPhone(project: string, road: number): string {
  return `07120${project === 'phone' ? 1 : 2}${road}${String(Date.now()).slice(-3)}`;
}

async function ownerHeaders(request: APIRequestContext) {
  const res = await request.post('/api/auth/login/', { data: { username: ADMIN.email, password: ADMIN.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return { Authorization: `Bearer ${((await res.json()) as { access: string }).access}` };
}

/** Takes the order in the back office's "New order" and answers its number, from the page it opens. */
async function takeOrder(page: Page, phone: string, road: 'M-Pesa prompt' | 'SMS') {
  await openAdmin(page);
  await openTab(page, 'Orders');
  await page.getByRole('link', { name: 'New order', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/new$/);
  await expect(page.getByRole('heading', { level: 2, name: 'New order by phone' })).toBeVisible();

  const find = page.getByRole('form', { name: 'Find the caller' });
  await find.getByLabel("Caller's phone").fill(phone);
  await find.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('A new customer: type their name below.')).toBeVisible();

  const form = page.getByRole('form', { name: 'New order' });
  await form.getByLabel('Name', { exact: true }).fill('Wanjiru Mwangi');
  // The shop's own search finds dairy meal by its Kiswahili words too; 'dairy' is enough here.
  await form.getByRole('searchbox', { name: 'Search products' }).fill('dairy');
  const add = form.getByRole('button', { name: /^Add / }).and(form.locator(':enabled'));
  await expect(add.first()).toBeVisible();
  const label = ((await add.first().getAttribute('aria-label')) ?? '').replace(/^Add /, '');
  await add.first().click();
  const line = form.getByRole('listitem').filter({ hasText: label }).filter({ has: page.getByRole('button', { name: `Remove ${label}` }) });
  await expect(line).toBeVisible();
  await line.getByLabel('Quantity').fill('2');
  await expect(line.getByLabel('Quantity')).toHaveValue('2');

  await form.getByLabel('County').selectOption('Kiambu');
  await expect(form.getByLabel('How it comes')).toHaveValue('');
  await form.getByLabel('Address').fill('Gate 4, Kiganjo Road');
  await form.getByLabel('Town').fill('Ruiru');

  const mpesa = form.getByRole('radio', { name: "M-Pesa prompt to the customer's phone" });
  await expect(mpesa).toBeChecked(); // the default road
  if (road === 'SMS') await form.getByRole('radio', { name: 'SMS with the Paybill steps and a link to pay' }).check();

  await form.getByRole('button', { name: 'Place the order' }).click();
  await expect(page).toHaveURL(/\/admin\/orders\/ORDER-\d+$/, { timeout: 15_000 });
  const orderId = /ORDER-\d+/.exec(decodeURIComponent(page.url()))![0];
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(orderId) })).toBeVisible();
  return { orderId, line: label };
}

test('staff take a phone order with the M-Pesa prompt, and its page follows it to paid', async ({ page, request }, info) => {
  const phone = callerPhone(info.project.name, 1);
  const { orderId } = await takeOrder(page, phone, 'M-Pesa prompt');
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(orderId) });

  // No reload: the order's page reads the payment again while staff wait with the caller.
  await expect(heading).toContainText('Paid', { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'Waiting for the payment' })).toHaveCount(0);

  const owner = await ownerHeaders(request);
  const o = (await (await request.get(`/api/admin/orders/${orderId}/`, { headers: owner })).json()) as AdminOrder;
  expect(o.status).toBe('paid');
  expect(o.channel).toBe('staff');
  expect(o.placed_by?.name).toBeTruthy();
  // The prompt rang the caller's phone, never the shop's.
  const intl = `254${phone.slice(1)}`;
  expect(o.customer.phone).toBe(intl);
  expect(o.payments.map((p) => p.phone)).toEqual([intl]);
});

test('staff send the payment link by SMS; it opens without an account and its button gets the order paid', async ({ page, request, browser }, info) => {
  const phone = callerPhone(info.project.name, 2);
  const { orderId } = await takeOrder(page, phone, 'SMS');
  const heading = page.getByRole('heading', { level: 2, name: new RegExp(orderId) });
  await expect(page.getByRole('heading', { name: 'Waiting for the payment' })).toBeVisible();
  await expect(page.getByText('Paybill steps to read out')).toBeVisible();

  // No prompt went out: the order's first text carries the Paybill steps and the link.
  const owner = await ownerHeaders(request);
  const read = async () => (await (await request.get(`/api/admin/orders/${orderId}/`, { headers: owner })).json()) as AdminOrder;
  expect((await read()).payments).toEqual([]);
  expect((await read()).channel).toBe('staff');
  let text: Kept | undefined;
  await expect
    .poll(
      async () => {
        const kept = (await (await request.get('/dev/outbox?format=json')).json()) as Kept[];
        text = kept.find((m) => m.channel === 'sms' && m.body.includes(orderId) && /\/pay\/[A-Z0-9]+/.test(m.body));
        return text?.to ?? '';
      },
      { timeout: 30_000 },
    )
    .toBe(`+254${phone.slice(1)}`);
  const code = /\/pay\/([A-Z0-9]+)/.exec(text!.body)![1];

  // The farmer's phone browser: no account, no cookie of the shop's.
  const other = await browser.newContext();
  const farmer = await other.newPage();
  await farmer.goto(`/pay/${code}`);
  await expect(farmer.getByRole('heading', { level: 1, name: `Pay order ${orderId}` })).toBeVisible();
  await expect(farmer.getByText(/^To pay: Ksh\s[\d,]+/)).toBeVisible();
  await expect(farmer.getByText('Pay from your M-Pesa menu:')).toBeVisible();
  const masked = `0${phone.slice(1, 4)} *** ${phone.slice(-3)}`;
  await farmer.getByRole('button', { name: `Send the M-Pesa prompt to ${masked}` }).click();
  await expect(farmer.getByRole('status')).toHaveText('Payment initiated! Please check your phone for M-Pesa prompt.');

  // The simulator answers for the farmer; the link's page then says so, with no button.
  await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe('paid');
  await farmer.goto(`/pay/${code}`);
  await expect(farmer.getByText('This order is paid. Thank you!')).toBeVisible();
  await expect(farmer.getByRole('button')).toHaveCount(0);
  await other.close();

  // The back office's page, still open, followed it.
  await expect(heading).toContainText('Paid', { timeout: 15_000 });
  expect((await read()).payments.map((p) => p.phone)).toEqual([`254${phone.slice(1)}`]);
});
