import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { shopMessages } from './messages';
import { page, productCard } from '../../test/catalog';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { catalogueApi, json } from '../../test/utils';
import ShopPage from './ShopPage';

inPseudoLanguage();

const SERVER_FAILED = 'Something went wrong on our side. Please try again.';
const suggestions = [
  { type: 'category', name: 'Layers Rations', slug: 'layers-rations' },
  { type: 'product', name: 'Layers Mash Premium', slug: 'layers-mash-premium' },
];
const products = [productCard(), productCard({ id: 2, slug: 'chick-mash', name: 'Chick Mash Starter', is_featured: false })];
// What the page shows from the API and the address.
const DATA = ['Layers Mash Premium', 'Chick Mash Starter', 'Complete ration for laying hens from 18 weeks.', '20 Kg', '70 Kg', 'Poultry Feeds', 'Layers Rations', '10kg', SERVER_FAILED];

/** The catalogue API: products answers the list for its query (each test asks for its own). */
function shopApi(products: (query: URLSearchParams) => Response) {
  catalogueApi(({ pathname, searchParams }) => {
    if (pathname === '/api/products/') return products(searchParams);
    if (pathname === '/api/search/suggest/') return json(200, suggestions);
  });
}

function renderShop(address: string) {
  const router = createMemoryRouter([{ path: '/shop', element: <ShopPage /> }], { initialEntries: [address] });
  render(<RouterProvider router={router} />);
}

describe('the shop in another language', () => {
  it('results with filters, pages and search suggestions', async () => {
    shopApi(() => json(200, page(products, 45)));
    renderShop('/shop?weight=10kg&promo=bulk&sort=price-low');
    const m = shopMessages();
    expect(await screen.findByText('Chick Mash Starter')).toBeTruthy();
    expect(screen.getByText(m.showing(1, 2, '45'))).toBeTruthy();
    expect(screen.getByRole('button', { name: m.pages.page(3) })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);

    const search = screen.getByRole('combobox', { name: m.controls.search });
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'la' } });
    expect(await screen.findByRole('option', { name: /Layers Rations/ })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('no results', async () => {
    shopApi(() => json(200, page([], 0)));
    renderShop('/shop?search=zzzz');
    expect(await screen.findByText(shopMessages().noneTitle)).toBeTruthy();
    expect(untranslated(document.body, [...DATA, 'zzzz'])).toEqual([]);
  });

  it('a page past the last', async () => {
    shopApi(() => json(200, page([], 45)));
    renderShop('/shop?page=9');
    expect(await screen.findByText(shopMessages().emptyPage(9))).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('products not loaded', async () => {
    shopApi(() => json(500, { error: SERVER_FAILED }));
    renderShop('/shop?category=poultry-feeds');
    expect(await screen.findByText(shopMessages().failed)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });
});
