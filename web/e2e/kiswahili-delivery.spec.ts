import { expect, test, type Page } from '@playwright/test';
import { sw } from '../src/app/kiswahili';

// The checkout's delivery step in Kiswahili speaks only Kiswahili: the zones' and pickup points'
// names, times, opening hours and directions come from their Kiswahili (docs/i18n.md, "Delivery").

test.describe.configure({ timeout: 90_000 });

function field(page: Page, label: string) {
  return page.getByRole('main').getByLabel(label, { exact: true });
}

test('the delivery options of a county are all in Kiswahili', async ({ page }) => {
  await page.goto('/products/high-yield-dairy-meal?lang=sw');
  const main = page.getByRole('main');
  await main.getByRole('radio', { name: /kilo 10/ }).check({ force: true });
  await main.getByRole('button', { name: sw.components.addToCart }).first().click();
  await expect(page.getByRole('link', { name: sw.app.cartWithItems(1) })).toBeVisible();

  await page.goto('/checkout');
  await field(page, sw.forms.firstName).fill('Wanjiku');
  await field(page, sw.forms.lastName).fill('Kamau');
  await field(page, sw.checkout.customer.email).fill('wanjiku.delivery@example.co.ke');
  await field(page, sw.forms.phoneNumber).fill('0722 111 222');
  await page.getByRole('button', { name: sw.checkout.next }).click();
  await field(page, sw.checkout.shipping.county).selectOption('Kiambu');

  const home = main.getByRole('radio', { name: /Kuletewa nyumbani \(Nairobi na Kiambu\)/ });
  await expect(home).toBeAttached();
  const store = main.getByRole('radio', { name: /Duka la Mifugo Bora, Ruiru/ });
  await expect(store).toBeAttached();
  await expect(main).toContainText('Jumatatu–Ijumaa 08:00–18:00');
  for (const english of ['Ready', 'Home delivery', 'Mon-Fri', 'Mon–Fri', 'Next day']) {
    await expect(main).not.toContainText(english);
  }
});
