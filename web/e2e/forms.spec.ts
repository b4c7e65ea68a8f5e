import { test } from '@playwright/test';
import { expect, offline } from './storefront-helpers';

// Forms never lose what was typed (docs/product.md section 2): kept in the tab's session storage,
// passwords never, cleared once sent.
test.beforeEach(async ({ page }) => offline(page));

test('registration survives a trip to /terms and back, and a reload; passwords are never kept', async ({ page, context }) => {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('First name').fill('Njũguna');
  await form.getByLabel('Last name').fill('Wanjikũ');
  await form.getByLabel('Email', { exact: true }).fill('njuguna@example.co.ke');
  await form.getByLabel('Phone number').fill('254 722 000 333');
  await form.getByLabel('Password', { exact: true }).fill('a long secret phrase');
  const consent = form.getByRole('checkbox', { name: /I agree to the/ });
  await consent.check();

  // The consent sentence's links open in a new tab: this one keeps its form.
  const [terms] = await Promise.all([context.waitForEvent('page'), form.getByRole('link', { name: 'Terms and Conditions' }).click()]);
  await terms.waitForLoadState();
  expect(new URL(terms.url()).pathname).toBe('/terms');
  await terms.close();
  await expect(page).toHaveURL(/\/register$/);
  await expect(form.getByLabel('First name')).toHaveValue('Njũguna');

  // Even going there in this tab and coming back finds the form as it was, but the password.
  await page.goto('/terms');
  await page.goBack();
  await expect(form.getByLabel('First name')).toHaveValue('Njũguna');
  await expect(form.getByLabel('Last name')).toHaveValue('Wanjikũ');
  await expect(form.getByLabel('Email', { exact: true })).toHaveValue('njuguna@example.co.ke');
  await expect(form.getByLabel('Phone number')).toHaveValue('254 722 000 333');
  await expect(consent).toBeChecked();
  await expect(form.getByLabel('Password', { exact: true })).toHaveValue('');
  const stored = await page.evaluate(() => JSON.stringify(sessionStorage));
  expect(stored).not.toContain('a long secret phrase');

  await page.reload();
  await expect(form.getByLabel('Last name')).toHaveValue('Wanjikũ');

  // The box and its words are a target a thumb finds: 44 px at least.
  const target = await page.locator('label[for="terms"]').first().boundingBox();
  expect(target?.height ?? 0).toBeGreaterThanOrEqual(44);
  expect(target?.width ?? 0).toBeGreaterThanOrEqual(44);
});

test('the contact form keeps its message across a trip elsewhere', async ({ page }) => {
  await page.goto('/contact');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'Message' }).fill('Je, mna chakula cha kuku wa kienyeji?');
  await page.goto('/shop');
  await page.goBack();
  await expect(main.getByRole('textbox', { name: 'Message' })).toHaveValue('Je, mna chakula cha kuku wa kienyeji?');
});
