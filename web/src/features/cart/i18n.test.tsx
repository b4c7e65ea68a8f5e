import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cartMessages } from './messages';
import { cartLine } from '../../test/catalog';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { fakeApi, json, renderWithCart } from '../../test/utils';
import CartPage from './CartPage';

inPseudoLanguage();

const lines = [cartLine(1, 'High Yield Dairy Meal', '70 Kg', 2, '3950.00'), cartLine(2, 'Albendazole 10% Oral Suspension', '1 litre', 1, '1800.00')];
const UNKNOWN_CODE = "We don't know this code. Please check it and try again.";
const NO_STOCK = 'Only 2 left of High Yield Dairy Meal 70 Kg.';
const SERVER_FAILED = 'Something went wrong on our side. Please try again.';
// What the page shows from the API.
const DATA = ['High Yield Dairy Meal', 'Albendazole 10% Oral Suspension', '70 Kg', '1 litre', 'MB-1', 'MB-2', 'KARIBU10', UNKNOWN_CODE, NO_STOCK, SERVER_FAILED];

// The order summary box is shared/ui/OrderSummary.tsx, whose words another part of the
// catalogue takes (docs/i18n.md): until it does, its own words are not this page's to answer for.
const SUMMARY_WORDS = ['dt: "Subtotal"', 'dt: "Shipping"', 'dt: "Total before delivery"'];
const ours = (found: string[]) => found.filter((f) => !SUMMARY_WORDS.includes(f));

function renderCart() {
  renderWithCart('/cart', <CartPage />);
}

describe('the cart in another language', () => {
  it('its lines, the summary, a refused coupon and a change the server refused', async () => {
    fakeApi({
      'GET /api/cart/?lang=sw': () => json(200, lines),
      'GET /api/cart/coupon/?lang=sw': () => json(200, { code: null, discount: '0.00' }),
      'POST /api/cart/coupon/': () => json(400, { error: UNKNOWN_CODE, fields: { code: UNKNOWN_CODE } }),
      'PATCH /api/cart/items/1/': () => json(409, { error: NO_STOCK }),
    });
    renderCart();
    const m = cartMessages();
    expect(await screen.findByText('High Yield Dairy Meal')).toBeTruthy();
    expect(ours(untranslated(document.body, DATA))).toEqual([]);

    fireEvent.change(screen.getByLabelText(m.coupon.label), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: m.coupon.apply }));
    expect(await screen.findByText(UNKNOWN_CODE)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: m.line.increase('High Yield Dairy Meal') }));
    expect(await screen.findByText(NO_STOCK)).toBeTruthy();
    expect(ours(untranslated(document.body, DATA))).toEqual([]);
  });

  it('a coupon kept that takes nothing off now', async () => {
    fakeApi({
      'GET /api/cart/?lang=sw': () => json(200, lines),
      'GET /api/cart/coupon/?lang=sw': () => json(200, { code: 'KARIBU10', discount: '0.00', error: SERVER_FAILED }),
    });
    renderCart();
    expect(await screen.findByText(cartMessages().coupon.applied('KARIBU10'))).toBeTruthy();
    expect(ours(untranslated(document.body, DATA))).toEqual([]);
  });

  it('empty', async () => {
    fakeApi({ 'GET /api/cart/?lang=sw': () => json(200, []) });
    renderCart();
    expect(await screen.findByRole('heading', { name: cartMessages().emptyTitle })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('loading, then not loaded', async () => {
    let fail: (() => void) | undefined;
    fakeApi({ 'GET /api/cart/?lang=sw': () => new Promise((resolve) => (fail = () => resolve(json(500, { error: SERVER_FAILED })))) });
    renderCart();
    expect(screen.getByText(cartMessages().loading)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
    await waitFor(() => expect(fail).toBeDefined());
    fail?.();
    expect(await screen.findByText(cartMessages().failed)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });
});
