import { expect, test, type APIRequestContext } from '@playwright/test';

// The phone as the main channel (docs/notifications.md): a paid order texts the farmer and the
// business (kept in the dev outbox), the SMS's short link opens the order on another phone, and
// /track finds the order by its number and phone.

interface Kept {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
}

/** A guest's paid order of one bag, placed through the API. */
async function paidOrder(request: APIRequestContext) {
  const products = (await (await request.get('/api/products/')).json()) as { variants: { id: number; stock: number }[] }[];
  const variant = products.flatMap((p) => p.variants).find((v) => v.stock > 5);
  expect((await request.post('/api/cart/items/', { data: { variant: variant!.id, quantity: 1 } })).status()).toBe(201);
  const res = await request.post('/api/payments/mpesa/initiate/', {
    data: {
      phone: '0712345678',
      customerInfo: { name: 'Chebet Langat', email: 'chebet@example.co.ke', phone: '0712 345 678' },
      shippingAddress: { address: 'Plot 12, Kericho Road', city: 'Kericho', county: 'Kericho', postalCode: '' },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { orderId: string; orderToken: string };
}

test('a paid order is texted, its short link opens it anywhere, and /track finds it', async ({ page, request, browser }) => {
  const { orderId } = await paidOrder(request);

  // The farmer's SMS, with the order number and the M-Pesa receipt, and the business's.
  let texts: Kept[] = [];
  await expect
    .poll(
      async () => {
        texts = ((await (await request.get('/dev/outbox?format=json')).json()) as Kept[]).filter(
          (m) => m.channel === 'sms' && m.body.includes(orderId),
        );
        return texts.map((m) => m.subject).sort();
      },
      { timeout: 30_000 },
    )
    .toEqual(expect.arrayContaining(['business', 'paid']));
  const paid = texts.find((m) => m.subject === 'paid')!;
  expect(paid.to).toBe('+254712345678');
  expect(paid.body).toMatch(/M-Pesa receipt [A-Z0-9]{10}/);
  expect(texts.find((m) => m.subject === 'business')!.to).toBe('+254722000111');

  // The short link, on a phone that never saw the order.
  const link = /https?:\/\/\S+\/o\/[A-Z0-9]{10}/.exec(paid.body)![0];
  const other = await browser.newContext();
  const phone = await other.newPage();
  await phone.goto(new URL(link).pathname);
  await expect(phone.getByRole('heading', { level: 2, name: 'Payment received' })).toBeVisible();
  await expect(phone).not.toHaveURL(/token=/);
  await other.close();

  // Tracking by number and phone, written the way people write them.
  await page.goto('/track');
  await page.getByLabel('Order number').fill(orderId.toLowerCase());
  await page.getByLabel('Phone number').fill('+254 712 345 678');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `${orderId}: Paid` })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Order progress' })).toBeVisible();
  await expect(page.getByText('chebet@example.co.ke')).toHaveCount(0);

  await page.getByLabel('Phone number').fill('0799 999 999');
  await page.getByRole('button', { name: 'Track order' }).click();
  await expect(page.getByRole('alert')).toHaveText('We found no order with this number and phone number. Please check both.');
});
