import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from '@playwright/test';

// Accounts against the real binary (bin/shop serve --dev): registering, signing in and out, the
// return to the page the user came from, a password reset through the dev outbox, and how long
// a session lasts with and without 'Remember me'. Every test makes its own user.

// A busy two-core machine can take seconds for one page; assertions still pass at once when quick.
const expect = baseExpect.configure({ timeout: 15_000 });

const PASSWORD = 'Shamba2026';

function uniqueEmail(tag: string, project: string): string {
  return `${tag}.${project}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.co.ke`;
}

async function registerByApi(page: Page, email: string, password = PASSWORD) {
  const res = await page.request.post('/api/auth/register/', {
    data: { first_name: 'Juma', last_name: 'Otieno', email, phone: '254722000111', password },
  });
  expect(res.status(), await res.text()).toBe(201);
}

async function signInOnPage(page: Page, email: string, password: string, remember = false) {
  const main = page.getByRole('main');
  await main.getByLabel('Phone or email', { exact: true }).fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await main.getByRole('checkbox', { name: 'Remember me' }).check();
  await main.getByRole('button', { name: 'Sign In' }).click();
}

const accountButton = (page: Page, name: string) => page.getByRole('banner').getByRole('button', { name: `${name}, account menu` });
const signInLink = (page: Page) => page.getByRole('banner').getByRole('link', { name: 'Sign in' });

test('register, signed in at once, sign out, then sign in from the shop and land back in the shop', async ({ page }, testInfo) => {
  test.setTimeout(90_000); // two registrations, two sign-ins and a cart on a phone's slower CPU
  const email = uniqueEmail('juma', testInfo.project.name);
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Create account' });
  // The form checks itself before anything is sent.
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await expect(form.getByText('Please confirm your password')).toBeVisible();

  await form.getByLabel('First name').fill('Juma');
  await expect(form.getByText('First name is required')).toHaveCount(0);
  await form.getByLabel('Last name').fill('Otieno');
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Phone number').fill('254 722 000 111');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();

  // Signed in automatically, then home.
  await expect(page).toHaveURL(/\/$/);
  await expect(accountButton(page, 'Juma')).toBeVisible();

  // Registering the same address again is refused on the email field.
  await page.goto('/register');
  await form.getByLabel('First name').fill('Juma');
  await form.getByLabel('Last name').fill('Otieno');
  await form.getByLabel('Email', { exact: true }).fill(email.toUpperCase());
  await form.getByLabel('Phone number').fill('254722000111');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await form.getByRole('checkbox', { name: /I agree to the/ }).check();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('This email is already registered')).toBeVisible();

  // Sign out from the header.
  await accountButton(page, 'Juma').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(signInLink(page)).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();

  // From the shop, sign in and come back to the shop. What the visitor put in the cart as a
  // guest is in the account's cart once signed in, and the header says so at once.
  await page.goto('/shop?category=feeds');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart', exact: true })).toBeVisible();
  const products = (await (await page.request.get('/api/products/')).json()) as { variants: { id: number; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 0);
  expect(variant).toBeTruthy();
  const added = await page.request.post('/api/cart/items/', { data: { variant: variant?.id, quantity: 1 } });
  expect(added.status(), await added.text()).toBe(201);
  await signInLink(page).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await signInOnPage(page, email, 'Wrong-2026');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
  await signInOnPage(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/shop\?category=feeds$/);
  await expect(accountButton(page, 'Juma')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The account page shows the user and, with no orders yet, says so.
  await accountButton(page, 'Juma').click();
  await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  await expect(page.getByText(/You have no orders yet/)).toBeVisible();
});

test('forgot password: the link from the dev outbox resets it once, and the new password signs in', async ({ page }, testInfo) => {
  const email = uniqueEmail('akinyi', testInfo.project.name);
  await registerByApi(page, email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByRole('main').getByLabel('Phone or email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('we have sent it a link');

  // The mail leaves after the answer: look in the outbox until it is there.
  const link = page.getByRole('link', { name: /\/reset-password\?token=/ });
  await expect(async () => {
    await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
    await baseExpect(link).toHaveCount(1, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  const resetURL = await link.getAttribute('href');
  expect(resetURL).toBeTruthy();
  await link.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Reset Password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Majani2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Majani2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('main').getByRole('status')).toContainText('Your password has been reset');
  await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();

  await signInOnPage(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password. Please try again.');
  await signInOnPage(page, email, 'Majani2026');
  await expect(page).toHaveURL(/\/$/);
  await expect(accountButton(page, 'Juma')).toBeVisible();

  // The link worked once.
  await page.goto(resetURL ?? '/');
  await page.getByLabel('New password', { exact: true }).fill('Another2026');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Another2026');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This reset link is invalid or has expired. Please ask for a new one.');
});

test("'Remember me' outlives a browser restart; without it the session ends with the browser", async ({ browser, page }, testInfo) => {
  // Two sign-ins and six page loads in fresh browser contexts: more than the default 30 s on a
  // busy two-core machine.
  test.slow();
  const email = uniqueEmail('chebet', testInfo.project.name);
  await registerByApi(page, email);

  for (const remember of [true, false]) {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const tab = await context.newPage();
    await tab.goto('/login');
    await signInOnPage(tab, email, PASSWORD, remember);
    await expect(accountButton(tab, 'Juma')).toBeVisible();

    // A second tab of the same browser shares the session either way.
    const second = await context.newPage();
    await second.goto('/account');
    await expect(second.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();

    // Restart: what survives is the browser's storage without its session cookies.
    const state = await context.storageState();
    await context.close();
    const restarted = await browser.newContext({
      baseURL: testInfo.project.use.baseURL,
      storageState: { ...state, cookies: state.cookies.filter((c) => c.expires !== -1) },
    });
    const again = await restarted.newPage();
    await again.goto('/account');
    if (remember) {
      await expect(again.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
    } else {
      await expect(again).toHaveURL(/\/login$/);
      await expect(signInLink(again)).toBeVisible();
    }
    await restarted.close();
  }
});

test('an expired access token is refreshed without the user noticing', async ({ page }, testInfo) => {
  const email = uniqueEmail('wekesa', testInfo.project.name);
  await registerByApi(page, email);
  await page.goto('/login');
  await signInOnPage(page, email, PASSWORD, true);
  await expect(accountButton(page, 'Juma')).toBeVisible();

  // Make the stored access token one the server refuses, as a token past its 15 minutes is.
  // Done on a page of the same origin without the app (robots.txt): the page just signed in
  // may still be loading what it shows, and a request it sent with the spoilt token would
  // refresh the session; left before it stored the new pair, the browser would keep a refresh
  // token already used, which ends the session.
  await page.goto('/robots.txt');
  const before = await page.evaluate(() => {
    const token = localStorage.getItem('authToken') ?? '';
    localStorage.setItem('authToken', `${token.slice(0, -4)}AAAA`);
    return { refresh: localStorage.getItem('refreshToken') };
  });
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('main').getByText(email)).toBeVisible();
  // The page shows the stored user at once; the refresh it makes for /auth/me/ may come after.
  const refreshToken = () => page.evaluate(() => localStorage.getItem('refreshToken'));
  await expect.poll(refreshToken).not.toBe(before.refresh);
  const after = { refresh: await refreshToken() };
  expect(after.refresh).toBeTruthy();

  // The replaced refresh token sent again moments later is a retry (a phone that lost the
  // answer): it gets the refresh token the app now holds, and the session goes on. Later than
  // account.RefreshGrace it would end the session; the Go tests move the clock for that.
  const retry = await page.request.post('/api/auth/token/refresh/', { data: { refresh: before.refresh } });
  expect(retry.status()).toBe(200);
  expect((await retry.json()).refresh).toBe(after.refresh);
  const current = await page.request.post('/api/auth/token/refresh/', { data: { refresh: after.refresh } });
  expect(current.status()).toBe(200);
});

test('the account screens pass an accessibility check', async ({ page }, testInfo) => {
  // Four axe runs and six page loads.
  test.slow();
  const check = async (what: string) => {
    const result = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`), what).toEqual([]);
  };
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Enter your phone number or email')).toBeVisible();
  await check('login with errors');
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1, name: 'Create Your Account' })).toBeVisible();
  await check('register');
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
  await check('forgot password');

  const email = uniqueEmail('a11y', testInfo.project.name);
  await registerByApi(page, email);
  await page.goto('/login');
  await signInOnPage(page, email, PASSWORD);
  await expect(accountButton(page, 'Juma')).toBeVisible();
  await page.goto('/account');
  await expect(page.getByText(/You have no orders yet/)).toBeVisible();
  await check('account');
});
