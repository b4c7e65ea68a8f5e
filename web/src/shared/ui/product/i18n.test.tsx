import { fireEvent, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentsMessages } from '../../i18n/messages/components';
import type { ProductCard as Card } from '../../api/shapes';
import { productCard, variant } from '../../../test/catalog';
import { inPseudoLanguage, untranslated } from '../../../test/i18n';
import { fakeApi, json, renderWithCart } from '../../../test/utils';
import { ProductCard, type CardMode } from './ProductCard';

inPseudoLanguage();

// jsdom has no modal dialogs: the quick view needs showModal and close.
const dialog = HTMLDialogElement.prototype;
beforeAll(() => {
  dialog.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  dialog.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterAll(() => {
  delete (dialog as Partial<HTMLDialogElement>).showModal;
  delete (dialog as Partial<HTMLDialogElement>).close;
});

const REFUSED = 'Only 8 left of Layers Mash Premium 70 Kg.';
// What the cards show from the API.
const DATA = ['Layers Mash Premium', 'Complete ration for laying hens from 18 weeks.', '20 Kg', '70 Kg', REFUSED];

function renderCard(product: Card, mode: CardMode = 'grid') {
  renderWithCart('/', <ProductCard product={product} mode={mode} />);
}

describe('a product card in another language', () => {
  it('shows its badges, stock and buttons, and says when it was added', async () => {
    fakeApi({ 'GET /api/cart/?lang=sw': () => json(200, []), 'POST /api/cart/items/': () => json(201, {}) });
    renderCard(productCard());
    const m = componentsMessages();
    expect(screen.getByText(m.badges.bestSeller)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: m.addToCart }));
    expect(await screen.findByRole('button', { name: m.addedToCart })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('in the list, sold out', () => {
    fakeApi({ 'GET /api/cart/?lang=sw': () => json(200, []) });
    renderCard(productCard({ variants: [variant(11, '20 Kg', '1450.00', 0)], is_featured: false }), 'list');
    expect(screen.getByText(componentsMessages().outOfStock)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('the quick view, with sizes and the reason adding failed', async () => {
    fakeApi({ 'GET /api/cart/?lang=sw': () => json(200, []), 'POST /api/cart/items/': () => json(400, { error: REFUSED }) });
    renderCard(productCard());
    const m = componentsMessages();
    fireEvent.click(screen.getByRole('button', { name: m.quickView }));
    await screen.findByText(m.fullDetails);
    expect(screen.getAllByText(m.sizes.soldOut)).not.toHaveLength(0);
    expect(screen.getAllByText(m.sizes.available)).not.toHaveLength(0);
    expect(untranslated(document.body, DATA)).toEqual([]);

    const view = await screen.findByRole('dialog');
    fireEvent.click(screen.getAllByRole('button', { name: m.addToCart }).find((b) => view.contains(b))!);
    expect(await screen.findAllByText(REFUSED)).not.toHaveLength(0);
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('the quick view of a product with no sizes yet', async () => {
    fakeApi({ 'GET /api/cart/?lang=sw': () => json(200, []) });
    renderCard(productCard({ variants: [] }));
    const m = componentsMessages();
    fireEvent.click(screen.getByRole('button', { name: m.quickView }));
    expect(await screen.findByText(m.sizes.none)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });
});
