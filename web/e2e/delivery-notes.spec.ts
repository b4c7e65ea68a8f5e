import { expect, test } from '@playwright/test';
import { ADMIN, createAdmin, signIn } from './admin-helpers';

// Several delivery notes printed together (docs/product.md section 2): one document, one page each,
// without the storefront's frame, with the print styles the shop's Content-Security-Policy allows.

test.beforeAll(createAdmin);

test('two delivery notes print on a page each, without the storefront around them', async ({ page }) => {
  await page.goto('/login');
  await signIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/login$/);
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const headers = { Authorization: `Bearer ${token}` };

  const products = (await (await page.request.get('/api/products/')).json()) as { variants: { id: number; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 5);
  expect(variant, 'a demo size in stock').toBeTruthy();
  const ids: string[] = [];
  for (const [name, phone] of [
    ['Akinyi Achieng', '0708374149'],
    ['Juma Otieno', '0722000111'],
  ]) {
    const res = await page.request.post('/api/admin/orders/', {
      headers,
      data: {
        customer: { name, phone },
        items: [{ variant: variant!.id, quantity: 1 }],
        delivery: { county: 'Kiambu', address: 'Plot 7, Thika Road', city: 'Ruiru' },
        payment: 'sms_link',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push(((await res.json()) as { orderId: string }).orderId);
  }

  await page.goto(`/admin/orders/print?ids=${ids.join(',')}`);
  const notes = page.getByRole('article');
  await expect(notes).toHaveCount(2);
  await expect(page.getByRole('article', { name: `Delivery note ${ids[0]}` })).toContainText('Akinyi Achieng');
  await expect(page.getByRole('article', { name: `Delivery note ${ids[1]}` })).toContainText('Juma Otieno');
  await expect(page.getByRole('banner')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  const print = page.getByRole('button', { name: 'Print' });
  await expect(print).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(print).toBeHidden();
  // The stylesheet was applied (an inline style would have been refused by the policy): each note
  // but the last ends its page.
  const breaks = await notes.evaluateAll((els) => els.map((el) => getComputedStyle(el).breakAfter));
  expect(breaks).toEqual(['page', 'auto']);
  const borders = await notes.evaluateAll((els) => els.map((el) => getComputedStyle(el).borderTopWidth));
  expect(borders).toEqual(['0px', '0px']);
});
