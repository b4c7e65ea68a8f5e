import { expect, test, type Page } from '@playwright/test';
import { ADMIN, createAdmin } from './admin-helpers';

// /dev/ussd (docs/ussd.md): the feature phone in --dev talks to the USSD menu as Africa's Talking
// would. A new phone walks it in Kiswahili to a placed order (1 buy, a category, a product, a size,
// a typed quantity, a pickup point in a typed county, confirm), by the keypad and by the keyboard;
// every screen holds at most 160 characters. The end-of-session notification makes the prompt due
// at once and the M-Pesa simulator pays; the menu's "track" then reads the order as paid.

// The prompt waits for the session's end, then the simulated phone (1 s), on a busy machine.
test.describe.configure({ timeout: 90_000 });

test.beforeAll(createAdmin);

/** A phone of this test's own: 07120, then 7, the project and four digits of the clock. */
function handset(project: string): string {
  return `+2547120${project === 'phone' ? 7 : 8}${String(Date.now()).slice(-4)}`;
}

/** The phone's screen: its text must change to one matching `want`, at most 160 characters. */
async function screenShows(page: Page, want: RegExp): Promise<string> {
  const screen = page.locator('#screen');
  await expect(screen).toHaveText(want, { timeout: 15_000 });
  const text = (await screen.textContent()) ?? '';
  expect(text.length, text).toBeLessThanOrEqual(160);
  // Plain text a handset can show: no accents, no symbols outside GSM 7-bit's basic letters.
  expect(text, text).toMatch(/^[A-Za-z0-9 \n.,:;!?'()/+\-*#%&=]*$/);
  return text;
}

/** Presses a key of the drawn keypad, by touch on the phone project and by the mouse elsewhere. */
async function press(page: Page, key: string, touch: boolean) {
  const button = page.locator('#keys').getByRole('button', { name: key, exact: true });
  if (touch) await button.tap();
  else await button.click();
}

test('a feature phone orders in Kiswahili on /dev/ussd, and the simulator pays the order', async ({ page, request }, info) => {
  const touch = info.project.name === 'phone';
  const msisdn = handset(info.project.name);
  await page.goto('/dev/ussd');
  await page.locator('#msisdn').fill(msisdn);
  const typed = page.getByLabel('Typed');
  await expect(typed).toHaveText('*384*123#');

  // Dialling the code opens the first screen, in Kiswahili for a phone the shop does not know.
  await press(page, 'Send', touch);
  await screenShows(page, /^Karibu Mifugo Bora\n1 Nunua\n2 Rudia oda yangu ya mwisho\n3 Fuatilia oda yangu\n4 Kiswahili\/English$/);

  // 1 buy, by the keypad; a category, by the keyboard. Focus leaves the number field first.
  await press(page, '1', touch);
  await expect(typed).toHaveText('1');
  await press(page, 'Send', touch);
  await screenShows(page, /^Chagua aina\n1 /);
  await page.locator('#screen').click();
  await page.keyboard.press('1');
  await expect(typed).toHaveText('1');
  await page.keyboard.press('Enter');
  const products = await screenShows(page, /^Chagua bidhaa\n1 /);
  expect(products).toMatch(/\n0 Rudi$/);

  // A wrong choice repeats the screen with a short note; Backspace takes a key back.
  await page.keyboard.press('7');
  await page.keyboard.press('Backspace');
  await expect(typed).toHaveText('');
  await page.keyboard.type('55');
  await page.keyboard.press('Enter');
  await screenShows(page, /^Chaguo si sahihi\.\nChagua bidhaa\n1 /);

  // The first product, then its first size with its price.
  await press(page, '1', touch);
  await press(page, 'Send', touch);
  const sizes = await screenShows(page, /\n1 .+ Ksh [\d,]+\n/);
  await press(page, '1', touch);
  await press(page, 'Send', touch);
  expect(sizes).toMatch(/\n0 Rudi$/);

  // The quantity is typed; a screen that asks for text lists no options.
  const quantity = await screenShows(page, /\nNgapi\? Andika namba kuanzia 1 hadi \d+$/);
  expect(quantity.split('\n')).toHaveLength(2); // the size chosen, then the question
  await page.keyboard.type('1');
  await page.keyboard.press('Enter');

  // A phone with no home address on file types its county, then picks a pickup point.
  await screenShows(page, /^Andika kaunti yako, mf\. Kiambu$/);
  await page.keyboard.type('Kiambu');
  await expect(typed).toHaveText('Kiambu');
  await page.keyboard.press('Enter');
  await screenShows(page, /^Chagua kituo\n1 .+/);
  await press(page, '1', touch);
  await press(page, 'Send', touch);

  // The confirmation with the total; 1 confirms and the session ends.
  const confirm = await screenShows(page, /Jumla Ksh [\d,]+[\s\S]*\n1 Thibitisha/);
  const total = /Jumla (Ksh [\d,]+)/.exec(confirm)![1];
  await press(page, '1', touch);
  await press(page, 'Send', touch);
  const end = await screenShows(page, /^Oda imepokelewa, Ksh [\d,]+\. Akaunti ya Paybill [A-Z0-9]+\. Ombi la M-Pesa litakuja/);
  expect(end).toContain(`Oda imepokelewa, ${total}.`);
  await expect(typed).toHaveText('*384*123#'); // the phone hung up

  // The order exists with channel ussd, and the simulator pays it once the session is over.
  const login = await request.post('/api/auth/login/', { data: { username: ADMIN.email, password: ADMIN.password } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const owner = { Authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  const intl = msisdn.slice(1);
  const found = async () => {
    const res = await request.get(`/api/admin/orders/?search=${intl}&channel=ussd`, { headers: owner });
    expect(res.ok(), await res.text()).toBeTruthy();
    return ((await res.json()) as { results: { orderId: string; status: string }[] }).results;
  };
  await expect.poll(async () => (await found()).map((o) => o.status), { timeout: 30_000 }).toEqual(['paid']);
  const orderId = (await found())[0]!.orderId;

  // Dialled again, 3 reads the order as paid, in the phone's own menu.
  await press(page, 'Send', touch);
  await screenShows(page, /^Karibu Mifugo Bora\n/);
  await page.keyboard.press('3');
  await page.keyboard.press('Enter');
  await screenShows(page, new RegExp(`^Oda ${orderId}: imelipwa\\. Jumla ${total}\\.$`));
});
