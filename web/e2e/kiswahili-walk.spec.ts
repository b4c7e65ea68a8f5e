import zlib from 'node:zlib';
import { test, type APIRequestContext, type Page } from '@playwright/test';
import { sw } from '../src/app/kiswahili';
import { expect } from './storefront-helpers';

// A Kiswahili walk from home to a paid order (docs/i18n.md): no English word of a fixed list shows on
// any screen, in the SMS and mail the order sends, or on its receipt. The farmer buys the dewormer
// whose English name says 'Oral Suspension' in a size the English writes in millilitres.

test.describe.configure({ timeout: 120_000 });

/**
 * English words a Kiswahili shopper must never meet: the product's, the sizes', the receipt's, and the
 * delivery options' own (zone and pickup-point names, hours, ready times), which carry their Kiswahili.
 */
const FORBIDDEN = ['Oral', 'Receipt', 'grams', 'Ready', 'Home delivery', 'Mon-Fri'];

/** Long enough for the simulated phone plus a poll on a busy machine. */
const PAYMENT_TIMEOUT = 30_000;

function englishIn(text: string): string[] {
  return FORBIDDEN.filter((w) => new RegExp(`\\b${w}\\b`).test(text));
}

async function expectNoEnglish(page: Page, screen: string) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  const text = await page.locator('body').innerText();
  expect(englishIn(text), `${screen} reads:\n${text}`).toEqual([]);
}

function field(page: Page, label: string) {
  return page.getByRole('main').getByLabel(label, { exact: true });
}

interface Kept {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
}

/** The messages about the order kept by the dev outbox, once those wanted are there. */
async function messagesAbout(request: APIRequestContext, orderId: string, want: (m: Kept[]) => boolean): Promise<Kept[]> {
  let found: Kept[] = [];
  await expect
    .poll(
      async () => {
        const all = (await (await request.get('/dev/outbox?format=json')).json()) as Kept[];
        found = all.filter((m) => m.body.includes(orderId) && m.to !== '+254722000111' && !m.subject.startsWith('New order'));
        return want(found);
      },
      { timeout: PAYMENT_TIMEOUT },
    )
    .toBe(true);
  return found;
}

/** The text a PDF shows: its page streams inflated, the strings of their Tj operators, UTF-16 read. */
function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const latin = pdf.toString('latin1');
  for (const [, stream = ''] of latin.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(stream, 'latin1')).toString('latin1');
    } catch {
      content = stream;
    }
    for (const [, text = ''] of content.matchAll(/\(((?:\\.|[^\\)])*)\) ?Tj/g)) {
      const raw = text.replace(/\\([nrt()\\])/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
      const bytes = Buffer.from(raw, 'latin1');
      out.push(bytes.length % 2 === 0 ? bytes.swap16().toString('utf16le') : raw);
    }
  }
  return out.join('\n');
}

test('a Kiswahili walk from home to a paid order meets no English word', async ({ page, isMobile }) => {
  test.skip(isMobile, 'one walk is enough; the phone menu is walked in kiswahili.spec.ts');
  await page.goto('/?lang=sw');
  await expect(page.getByRole('heading', { level: 1, name: sw.home.heroTitle })).toBeVisible();
  await expectNoEnglish(page, 'home');

  await page.goto('/products/albendazole-10-oral-suspension');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: /Dawa ya Minyoo ya Kunywesha/ })).toBeVisible();
  await main.getByRole('radio', { name: /mililita 120/ }).check({ force: true });
  await expectNoEnglish(page, 'the product page');
  await main.getByRole('button', { name: sw.components.addToCart }).first().click();
  await expect(page.getByRole('link', { name: sw.app.cartWithItems(1) })).toBeVisible();

  await page.getByRole('link', { name: sw.app.cartWithItems(1) }).click();
  await expect(page.getByRole('heading', { level: 1, name: sw.cart.title })).toBeVisible();
  await expect(main.getByText(/Dawa ya Minyoo ya Kunywesha/).first()).toBeVisible();
  await expectNoEnglish(page, 'the cart');

  await page.getByRole('link', { name: sw.cart.checkout }).click();
  await expect(page.getByRole('heading', { level: 1, name: sw.checkout.title })).toBeVisible();
  await field(page, sw.forms.firstName).fill('Njũguna');
  await field(page, sw.forms.lastName).fill('Wanjikũ');
  await field(page, sw.checkout.customer.email).fill('njuguna.walk@example.co.ke');
  await field(page, sw.forms.phoneNumber).fill('0722 333 444');
  await expectNoEnglish(page, 'checkout, the customer');
  await page.getByRole('button', { name: sw.checkout.next }).click();
  await field(page, sw.checkout.shipping.county).selectOption('Kiambu');
  await main.getByRole('radio', { name: new RegExp(sw.checkout.delivery.toYourDoor) }).check();
  await field(page, sw.checkout.shipping.address).fill('Plot 12, Kamiti Road');
  await field(page, sw.checkout.shipping.city).fill('Ruiru');
  await expectNoEnglish(page, 'checkout, the delivery');
  await page.getByRole('button', { name: sw.checkout.next }).click();
  await field(page, sw.checkout.payment.mpesaPhone).fill('0712 345 678');
  await page.getByRole('button', { name: sw.checkout.next }).click();
  await expectNoEnglish(page, 'checkout, the review');
  await page.getByRole('button', { name: sw.checkout.completeOrder }).click();

  await expect(page).toHaveURL(/\/order-confirmation\?orderId=ORDER-\d+/);
  await expect(page.getByRole('heading', { level: 2, name: sw.order.paid })).toBeVisible({ timeout: PAYMENT_TIMEOUT });
  await expect(main.getByText(/Dawa ya Minyoo ya Kunywesha/).first()).toBeVisible();
  await expectNoEnglish(page, 'the paid order');
  const orderId = new URL(page.url()).searchParams.get('orderId')!;

  // The texts and the mail the order sent the farmer.
  const sent = await messagesAbout(page.request, orderId, (m) => m.some((x) => x.channel === 'email') && m.some((x) => x.channel === 'sms'));
  for (const m of sent) {
    expect(englishIn(m.subject + '\n' + m.body), `${m.channel} ${m.subject}:\n${m.body}`).toEqual([]);
  }
  const mail = sent.find((m) => m.channel === 'email')!;
  expect(mail.body).toContain('Albendazole 10% Dawa ya Minyoo ya Kunywesha (mililita 120)');

  // The receipt, in Kiswahili, the Kikuyu name as written.
  const res = await page.request.get(`/api/orders/${orderId}/receipt.pdf`);
  expect(res.status()).toBe(200);
  const receipt = pdfText(await res.body());
  expect(receipt).toContain('Njũguna Wanjikũ');
  expect(receipt).toContain('Namba ya risiti: ' + orderId);
  expect(receipt).toContain('Albendazole 10% Dawa ya Minyoo ya Kunywesha (mililita 120)');
  expect(englishIn(receipt), `the receipt reads:\n${receipt}`).toEqual([]);
});
