import { expect, test, type APIRequestContext } from '@playwright/test';

// "Order again" (docs/notifications.md section 8): from a past order's page, the lines still sold
// go into this browser's cart at today's prices, and the cart opens.

interface Kept {
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
}

/** A guest's paid order of two bags, placed through the API (another browser's cart). */
async function paidOrder(request: APIRequestContext) {
  const products = (await (await request.get('/api/products/')).json()) as { name: string; variants: { id: number; stock: number }[] }[];
  const product = products.find((p) => p.variants.some((v) => v.stock > 5))!;
  const variant = product.variants.find((v) => v.stock > 5)!;
  expect((await request.post('/api/cart/items/', { data: { variant: variant.id, quantity: 2 } })).status()).toBe(201);
  const res = await request.post('/api/payments/mpesa/initiate/', {
    data: {
      phone: '0712345679',
      customerInfo: { name: 'Achieng Odhiambo', email: 'achieng@example.co.ke', phone: '0712 345 679' },
      shippingAddress: { address: 'Plot 3, Kisumu Road', city: 'Kisumu', county: 'Kisumu', postalCode: '' },
      reminders: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...((await res.json()) as { orderId: string }), product: product.name };
}

test('order again from an order page fills the cart', async ({ page, request }) => {
  const { orderId, product } = await paidOrder(request);
  let link = '';
  await expect
    .poll(
      async () => {
        const texts = ((await (await request.get('/dev/outbox?format=json')).json()) as Kept[]).filter(
          (m) => m.channel === 'sms' && m.subject === 'paid' && m.body.includes(orderId),
        );
        link = texts[0] ? (/https?:\/\/\S+\/o\/[A-Z0-9]{10}/.exec(texts[0].body)?.[0] ?? '') : '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');

  // The order's short link, on a phone whose cart is empty.
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 2, name: 'Payment received' })).toBeVisible();
  await page.getByRole('button', { name: 'Order again' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByText(product).first()).toBeVisible();
  const cart = (await (await page.request.get('/api/cart/')).json()) as { quantity: number; variant: { product: { name: string } } }[];
  expect(cart.map((l) => [l.variant.product.name, l.quantity])).toEqual([[product, 2]]);
});
