import { test } from '@playwright/test';
import { expect, expectNoSeriousA11yViolations, offline } from './storefront-helpers';

test.describe.configure({ timeout: 60_000 });

test.beforeEach(async ({ page }) => offline(page));

test('about: timeline, values, team, links on', async ({ page }) => {
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
  for (const year of ['2018', '2019', '2021', '2023', '2024', '2025']) {
    await expect(page.getByText(year, { exact: true })).toBeVisible();
  }
  for (const value of ['Quality Excellence', 'Animal Welfare', 'Farmer Success', 'Reliable Service']) {
    await expect(page.getByRole('heading', { level: 3, name: value })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Our team' }).getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('main').getByRole('link', { name: 'Visit the shop' })).toHaveAttribute('href', '/shop');
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  await expectNoSeriousA11yViolations(page, '/about');
});

test('contact: details, required fields, sent with a dialog', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(main.getByText('Ruiru, Kenya', { exact: true })).toBeVisible();
  // The store's one set of opening hours, as on the home page (docs/product.md section 9).
  await expect(main.getByText('Mon–Fri 8:00 AM–6:00 PM, Sat 8:00 AM–4:00 PM')).toBeVisible();
  await expect(main.getByText('We reply within 24 hours.')).toBeVisible();
  await expect(main.getByRole('link', { name: 'Open in Maps' })).toBeVisible();

  const send = main.getByRole('button', { name: 'Send Message' });
  await send.click();
  for (const message of ['Name is required', 'Email is required', 'Please choose a subject', 'Message is required']) {
    await expect(main.getByText(message)).toBeVisible();
  }
  await expect(main.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(main.getByRole('combobox', { name: 'Subject' }).locator('option')).toHaveText([
    'Choose a subject',
    'General inquiry',
    'Order support',
    'Custom feed formulation',
    'Wholesale and bulk orders',
    'Press and media',
  ]);

  await main.getByRole('textbox', { name: 'Name' }).fill('Wanjiru Kamau');
  await main.getByRole('textbox', { name: 'Email' }).fill('wanjiru');
  await expect(main.getByText('Name is required')).toHaveCount(0);
  await main.getByRole('combobox', { name: 'Subject' }).selectOption('wholesale');
  await main.getByRole('textbox', { name: 'Message' }).fill('Do you deliver 40 bags of dairy meal to Nyeri?');
  await send.click();
  await expect(main.getByText('Please enter a valid email')).toBeVisible();
  await main.getByRole('textbox', { name: 'Email' }).fill('wanjiru@example.co.ke');

  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact/', async (route) => {
    await held;
    await route.fallback();
  });
  await send.click();
  await expect(main.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  release();
  const dialog = page.getByRole('dialog', { name: 'Submitted' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('We will reach out!')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Message Sent!' })).toBeVisible();
  await expect(main.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  await expect(main.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expectNoSeriousA11yViolations(page, 'contact dialog');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('contact: a failed send says Error - Try Again', async ({ page }) => {
  await page.route('**/api/contact/', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Something went wrong on our side. Please try again."}' }),
  );
  await page.goto('/contact');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Name' }).fill('Otieno');
  await main.getByRole('textbox', { name: 'Email' }).fill('otieno@example.com');
  await main.getByRole('combobox', { name: 'Subject' }).selectOption('order');
  await main.getByRole('textbox', { name: 'Message' }).fill('Where is my order?');
  await main.getByRole('button', { name: 'Send Message' }).click();
  await expect(main.getByRole('button', { name: 'Error - Try Again' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(main.getByRole('textbox', { name: 'Message' })).toHaveValue('Where is my order?');
  await expectNoSeriousA11yViolations(page, '/contact');
});

test('newsletter: subscribe, again, and a bad address', async ({ page }, testInfo) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  const email = footer.getByRole('textbox', { name: 'Email address' });
  const subscribe = footer.getByRole('button', { name: 'Subscribe' });
  await subscribe.click();
  await expect(footer.getByText('Email is required')).toBeVisible();
  await email.fill('not-an-email');
  await subscribe.click();
  await expect(footer.getByText('Please enter a valid email')).toBeVisible();

  const address = `mkulima-${testInfo.project.name}-${Date.now()}@example.com`;
  await email.fill(address);
  await subscribe.click();
  const thanks = footer.getByText('Thank you for subscribing!', { exact: false });
  await expect(thanks).toBeVisible();
  await expect(email).toHaveValue('');
  await email.fill(address.toUpperCase());
  await subscribe.click();
  await expect(thanks).toBeVisible();
});

test('terms and privacy are real pages', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeVisible();
  await expect(page.getByText('depends on your county and on the weight of your order', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment with M-Pesa' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Returns and refunds' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/terms');

  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await expect(page.getByText('Data Protection Act, 2019', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/privacy');
});

test('every page starts at the top', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInViewport();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
