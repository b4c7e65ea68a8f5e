import { test, type Page } from '@playwright/test';
import { sw } from '../src/app/kiswahili';
import { acceptDialogs, expect } from './storefront-helpers';

// Kiswahili end to end (docs/i18n.md): the switch, the shop, a product, the cart and checkout in
// Kiswahili on a phone, the choice kept across a reload, and ?lang= and Accept-Language. The words
// come from the dictionary itself, so a wording change there does not break the test.

test.describe.configure({ timeout: 90_000 });

/** Long enough for the simulated phone (1 s) plus a poll (2 s) on a busy machine. */
const PAYMENT_TIMEOUT = 20_000;

function field(page: Page, label: string) {
  return page.getByRole('main').getByLabel(label, { exact: true });
}

async function expectKiswahili(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('navigation', { name: sw.app.mainNav })).toBeAttached();
}

test('a phone switches to Kiswahili and shops and checks out in it', async ({ page, isMobile }) => {
  test.skip(!isMobile, 'the phone menu holds the switch');
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Healthy animals, better harvests' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Kiswahili' }).click();
  await expect(page.getByRole('heading', { level: 1, name: sw.home.heroTitle })).toBeVisible();
  await expectKiswahili(page);

  // The shop, from the menu.
  await page.getByRole('button', { name: sw.app.menu }).click();
  await page.getByRole('navigation', { name: sw.app.mainNav }).getByRole('link', { name: sw.app.nav.shop }).click();
  await expect(page.getByRole('heading', { level: 1, name: sw.shop.title })).toBeVisible();

  // A product, its size, into the cart.
  await page.goto('/products/high-yield-dairy-meal');
  await expectKiswahili(page);
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: /kilo 10/ }).check({ force: true });
  await main.getByRole('button', { name: sw.components.addToCart }).first().click();
  await expect(page.getByRole('link', { name: sw.app.cartWithItems(1) })).toBeVisible();

  // The cart, then checkout.
  await page.getByRole('link', { name: sw.app.cartWithItems(1) }).click();
  await expect(page.getByRole('heading', { level: 1, name: sw.cart.title })).toBeVisible();
  await page.getByRole('link', { name: sw.cart.checkout }).click();
  await expect(page.getByRole('heading', { level: 1, name: sw.checkout.title })).toBeVisible();

  // A step left empty is refused in Kiswahili, by the page's own checks.
  await page.getByRole('button', { name: sw.checkout.next }).click();
  await expect(main.getByText(sw.checkout.rules.firstName).first()).toBeVisible();

  await field(page, sw.forms.firstName).fill('Wanjiku');
  await field(page, sw.forms.lastName).fill('Kamau');
  await field(page, sw.checkout.customer.email).fill('wanjiku.sw@example.co.ke');
  await field(page, sw.forms.phoneNumber).fill('0722 111 222');
  await page.getByRole('button', { name: sw.checkout.next }).click();
  await field(page, sw.checkout.shipping.county).selectOption('Kiambu');
  // Zone names are the owner's data; the words around them are the dictionary's.
  await main.getByRole('radio', { name: new RegExp(sw.checkout.delivery.toYourDoor) }).check();
  await field(page, sw.checkout.shipping.address).fill('Plot 12, Kamiti Road');
  await field(page, sw.checkout.shipping.city).fill('Ruiru');
  await page.getByRole('button', { name: sw.checkout.next }).click();
  await field(page, sw.checkout.payment.mpesaPhone).fill('0712 345 678');
  await page.getByRole('button', { name: sw.checkout.next }).click();

  const dialogs = acceptDialogs(page);
  await page.getByRole('button', { name: sw.checkout.completeOrder }).click();
  await expect(page).toHaveURL(/\/order-confirmation\?orderId=ORDER-\d+/);
  // No native dialog, in any language.
  expect(dialogs).toEqual([]);
  await expect(page.getByRole('heading', { level: 2, name: sw.order.paid })).toBeVisible({ timeout: PAYMENT_TIMEOUT });

  // The choice survives a reload.
  await page.reload();
  await expectKiswahili(page);
  await expect(page.getByRole('heading', { level: 2, name: sw.order.paid })).toBeVisible({ timeout: PAYMENT_TIMEOUT });
});

test('?lang= sets the language for the visits that follow, and the switch goes back', async ({ page, isMobile }) => {
  await page.goto('/shop?lang=sw');
  await expectKiswahili(page);
  await expect(page.getByRole('heading', { level: 1, name: sw.shop.title })).toBeVisible();
  // The cookie keeps it: an address without ?lang= stays in Kiswahili.
  await page.goto('/about');
  await expectKiswahili(page);

  const footer = page.getByRole('contentinfo');
  await footer.getByRole('button', { name: 'English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  if (isMobile) return;
  // On a wide screen the switch sits in the header too.
  await page.getByRole('banner').getByRole('button', { name: 'Kiswahili' }).first().click();
  await expectKiswahili(page);
});

test('a first visit follows the browser’s Accept-Language, and the API answers in it', async ({ browser, baseURL }, info) => {
  const context = await browser.newContext({ baseURL, ...info.project.use, locale: 'sw-KE' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: sw.home.heroTitle })).toBeVisible();
  await expectKiswahili(page);
  // The browser asks in Kiswahili (its locale sets Accept-Language): the server refuses in it. The
  // app's own Kiswahili reads may have stored the choice in the lang cookie by now; without it,
  // Accept-Language alone must decide.
  await context.clearCookies({ name: 'lang' });
  const { status, body } = await page.evaluate(async () => {
    const res = await fetch('/api/orders/track/', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    return { status: res.status, body: (await res.json()) as { fields: Record<string, string> } };
  });
  expect(status).toBe(400);
  expect(body.fields.orderId).toBe('Andika namba ya oda yako (ORDER-…)');
  await context.close();
});
