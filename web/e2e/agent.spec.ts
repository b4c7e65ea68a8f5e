import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN, createAdmin, signIn } from './admin-helpers';

// An agent (docs/product.md, "Agents") orders for a farmer from a phone: the M-Pesa request rings
// the farmer's phone and the simulator pays it, the owner marks the order delivered, and with the
// return window at 0 days (playwright.config.ts) the agent's commission is ready to pay.

test.beforeAll(createAdmin);

async function ownerToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/auth/login/', { data: { username: ADMIN.email, password: ADMIN.password } });
  expect(res.ok(), await res.text()).toBeTruthy();
  return ((await res.json()) as { access: string }).access;
}

test('an agent orders for a farmer on a phone, and the commission becomes payable once delivered', async ({ page, request }, info) => {
  test.skip(info.project.name !== 'phone', 'an agent orders from a phone');
  const owner = { Authorization: `Bearer ${await ownerToken(request)}` };
  const categories = (await (await request.get('/api/admin/categories/', { headers: owner })).json()) as { id: number }[];
  const tag = String(Date.now()).slice(-6);
  const email = `agent${tag}@agents.co.ke`;
  const signup = await request.post('/api/admin/agents/', {
    headers: owner,
    data: { name: 'Njeri Kamau', phone: `0733${tag}`, email, password: 'Kiganjo2026', area: 'Kiganjo', rates: categories.map((c) => ({ category: c.id, rate_bp: 500 })) },
  });
  expect(signup.status(), await signup.text()).toBe(201);

  await page.goto('/agent');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, 'Kiganjo2026');
  await expect(page.getByRole('heading', { level: 1, name: 'Agent' })).toBeVisible();
  await expect(page.getByText(/Your agent code: [A-Z0-9]{6}/)).toBeVisible();

  const form = page.getByRole('form', { name: 'New order for a farmer' });
  await form.getByLabel('Farmer’s name').fill('Peter Kamau');
  await form.getByLabel('Farmer’s phone').fill(`0722${tag}`);
  await form.getByRole('searchbox', { name: 'Search products' }).fill('dairy');
  await form.getByRole('button', { name: /^Add / }).first().click();
  await expect(form.getByLabel('Quantity')).toHaveValue('1');
  await form.getByLabel('County').selectOption('Kiambu');
  await form.getByLabel('Address').fill('Gate 3, Kiganjo');
  await form.getByLabel('Village / Town').fill('Kiganjo');
  await form.getByRole('button', { name: 'Place the order' }).click();
  const placed = form.getByText(/Order ORDER-\d+ placed\. The farmer gets the M-Pesa request/);
  await expect(placed).toBeVisible({ timeout: 15_000 });
  const orderId = /ORDER-\d+/.exec((await placed.textContent()) ?? '')![0];

  // The prompt went to the farmer's phone, and the simulator paid it.
  const read = async () => (await (await request.get(`/api/admin/orders/${orderId}/`, { headers: owner })).json()) as { status: string; channel: string; payments: { phone: string }[] };
  await expect.poll(async () => (await read()).status, { timeout: 30_000 }).toBe('paid');
  const o = await read();
  expect(o.channel).toBe('agent');
  expect(o.payments[0]?.phone).toBe(`254722${tag}`);

  for (const body of [{ status: 'processing' }, { status: 'dispatched', courier: 'G4S' }, { status: 'delivered' }]) {
    const moved = await request.patch(`/api/admin/orders/${orderId}/`, { headers: owner, data: body });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }

  await page.reload();
  await expect(page.getByText('Peter Kamau · 254722' + tag)).toBeVisible();
  const payable = page.locator('[data-figure="payable"]');
  await expect(payable).not.toHaveText('Ksh 0');
  await expect(page.locator(`[data-order="${orderId}"] [data-state]`)).toHaveText('Ready to pay');
  // Nothing sticks out of a 360 px screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
