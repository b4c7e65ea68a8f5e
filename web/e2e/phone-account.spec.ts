import { expect, test, type APIRequestContext } from '@playwright/test';

// One rule for phone numbers (docs/product.md, "Accounts"): every form that takes a phone reads it
// the way Kenyans write it and refuses garbage in the shop's words; a farmer who ordered as a
// guest registers with that phone alone, confirms it with the code texted to it (read from the dev
// outbox), and finds the order first on My Account.

interface Kept {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
}

const PASSWORD = 'Maziwa2026';
const WAYS = ['0712 345 678', '+254 712 345 678', '254712345678'];

/** A Kenyan mobile number no other test uses: 07 and eight digits from the clock and the project. */
function uniquePhone(project: string): string {
  const digits = `${Date.now() % 10_000_000}`.padStart(7, '0');
  return `07${project === 'phone' ? 1 : 2}${digits}`;
}

async function guestOrder(request: APIRequestContext, phone: string): Promise<string> {
  const products = (await (await request.get('/api/products/')).json()) as { variants: { id: number; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 5);
  expect((await request.post('/api/cart/items/', { data: { variant: variant!.id, quantity: 1 } })).status()).toBe(201);
  // No email: a phone is enough at checkout.
  const res = await request.post('/api/payments/mpesa/initiate/', {
    data: {
      phone,
      customerInfo: { name: 'Chebet Langat', email: '', phone },
      shippingAddress: { address: 'Plot 12, Kericho Road', city: 'Kericho', county: 'Kericho', postalCode: '' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { orderId: string }).orderId;
}

test('the forms that take a phone read 0712 345 678, +254 712 345 678 and 254712345678, and refuse garbage', async ({ page }) => {
  // Registration: the tester's complaint was that it asked for 254… while checkout took 07….
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create account' });
  const phoneError = form.getByText(/Please enter a valid Kenyan phone number/);
  await form.getByLabel('First name').fill('Chebet');
  await form.getByLabel('Last name').fill('Langat');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  // A confirmation that does not match keeps the form from being sent while each phone is read.
  await form.getByLabel('Confirm password', { exact: true }).fill(`${PASSWORD}x`);
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  await form.getByLabel('Phone number').fill('hello 123');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Please enter a valid Kenyan phone number (254XXXXXXXXX)')).toBeVisible();
  for (const way of WAYS) {
    await form.getByLabel('Phone number').fill(way);
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByText('Passwords do not match')).toBeVisible();
    await expect(phoneError).toHaveCount(0);
  }
  // The email is optional: nothing is said about it when it is left empty.
  await expect(form.getByText('Email is required')).toHaveCount(0);

  // Sign-in takes a phone (any way) or an email in one field.
  await page.goto('/login');
  const main = page.getByRole('main');
  await main.getByLabel('Phone or email', { exact: true }).fill('garbage');
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(main.getByText('Enter a valid email or Kenyan phone number')).toBeVisible();
  for (const way of WAYS) {
    await main.getByLabel('Phone or email', { exact: true }).fill(way);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await expect(main.getByText('Enter a valid email or Kenyan phone number')).toHaveCount(0);
  }
});

test('a guest order joins the account registered with the same phone once the phone is confirmed', async ({ page, request }, testInfo) => {
  const phone = uniquePhone(testInfo.project.name);
  const orderId = await guestOrder(request, phone.replace(/^0(\d{3})(\d{3})(\d{3})$/, '0$1 $2 $3'));

  // Registering with the phone alone (no email), written another way.
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name').fill('Chebet');
  await form.getByLabel('Last name').fill('Langat');
  await form.getByLabel('Phone number').fill(`+254 ${phone.slice(1)}`);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);

  // My Account: not yet the order, but the card that brings it.
  await page.goto('/account');
  const main = page.getByRole('main');
  const card = main.getByRole('region', { name: 'Confirm your phone' });
  await expect(card).toBeVisible();
  await expect(main.getByRole('heading', { name: orderId })).toHaveCount(0);
  await card.getByRole('button', { name: 'Send me a code' }).click();
  await expect(card.getByText(/We have sent a 6-digit code/)).toBeVisible();

  // The code, from the SMS kept in the dev outbox.
  const to = `+254${phone.slice(1)}`;
  let code = '';
  await expect
    .poll(
      async () => {
        const kept = ((await (await request.get('/dev/outbox?format=json')).json()) as Kept[]).filter(
          (m) => m.channel === 'sms' && m.to === to && m.subject === 'phone-code',
        );
        code = /\b(\d{6})\b/.exec(kept.at(-1)?.body ?? '')?.[1] ?? '';
        return code;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^\d{6}$/);

  await card.getByLabel('Code from the SMS').fill('000000' === code ? '111111' : '000000');
  await card.getByRole('button', { name: 'Confirm' }).click();
  await expect(card.getByText('That code is not right. Check the SMS and try again.')).toBeVisible();
  await card.getByLabel('Code from the SMS').fill(code);
  await card.getByRole('button', { name: 'Confirm' }).click();

  await expect(main.getByText('One earlier order is now in your account.')).toBeVisible();
  await expect(card).toHaveCount(0);
  const orders = main.getByRole('region', { name: 'Your orders' });
  await expect(orders.getByRole('heading', { name: orderId })).toBeVisible();
  // Orders come first on My Account.
  const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
  expect(headings[0]).toBe('Your orders');

  // And the phone signs in, written any way.
  await page.evaluate(() => {
    sessionStorage.clear();
    localStorage.clear();
  });
  await page.goto('/login');
  await main.getByLabel('Phone or email', { exact: true }).fill(phone);
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
});
