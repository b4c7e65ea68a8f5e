import { describe, expect, it } from 'vitest';
import type { CartItem } from '../api/shapes';
import { cartMessage, orderHelp, productQuestion } from './whatsapp';
import { whatsappShare, whatsappTo } from './business';

const line = (name: string, size: string, quantity: number, total: string): CartItem => ({
  id: quantity,
  quantity,
  unit_price: total,
  total_price: total,
  added_at: '2026-11-22T08:00:00Z',
  variant: { id: 1, size, sku: 'X', price: total, stock: 20, product: { id: 1, name, slug: 'x', images: [] } },
});

describe('WhatsApp texts', () => {
  it('writes the cart out line by line with sizes, quantities and the total', () => {
    const text = cartMessage([line('High Yield Dairy Meal', '70 Kg', 2, '7900.00'), line('Albendazole 10%', '120 ml', 1, '480.00')]);
    expect(text).toBe(
      'Hello Mifugo Bora Feeds, I would like to order:\n' +
        '- 2 × High Yield Dairy Meal (70 Kg): Ksh\u00a07,900\n' +
        '- 1 × Albendazole 10% (120 ml): Ksh\u00a0480\n' +
        'Total: Ksh\u00a08,380 (before delivery)',
    );
  });

  it('puts the text in the link, encoded, to the shop or to anyone', () => {
    const to = new URL(whatsappTo(cartMessage([line('Dairy Meal & Co', '10 Kg', 1, '650.00')])));
    expect(to.origin + to.pathname).toBe('https://wa.me/254722000111');
    expect(to.searchParams.get('text')).toContain('1 × Dairy Meal & Co (10 Kg): Ksh\u00a0650');
    expect(new URL(whatsappShare('Look: https://shop.example/products/x')).pathname).toBe('/');
    expect(productQuestion('DCP 18%', 'https://shop.example/products/dcp')).toContain('DCP 18%: https://shop.example/products/dcp');
    expect(orderHelp('ORDER-1795381559464')).toContain('ORDER-1795381559464');
  });
});
