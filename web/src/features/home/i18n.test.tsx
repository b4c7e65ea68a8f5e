import { fireEvent, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CartProvider } from '../../shared/hooks/CartProvider';
import { homeMessages } from './messages';
import type { ProductCard } from '../../shared/api/shapes';
import { page, productCard } from '../../test/catalog';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { catalogueApi, json } from '../../test/utils';
import { HomePage } from './HomePage';
import { testimonials } from './testimonials';

inPseudoLanguage();

// The page's lists are kept for 30 seconds (shared/hooks/useResource.ts) under the same names in every
// test: each test starts an hour after the one before, so none is shown another's answers.
let hours = 0;
beforeEach(() => {
  const now = Date.now() + ++hours * 3_600_000;
  vi.spyOn(Date, 'now').mockReturnValue(now);
});

const SERVER_FAILED = 'Something went wrong on our side. Please try again.';
const products = [productCard(), productCard({ id: 2, slug: 'chick-mash', name: 'Chick Mash Starter', rating: null })];

// What the page shows from the API, and the farmers' names and places.
function data(): string[] {
  return [
    'Layers Mash Premium',
    'Chick Mash Starter',
    'Complete ration for laying hens from 18 weeks.',
    '20 Kg',
    '70 Kg',
    'Poultry Feeds',
    'Layers Rations',
    SERVER_FAILED,
    ...testimonials().flatMap((t) => [t.name, t.location, t.image.initials]),
  ];
}

/** The catalogue API: every list of products answers list(). */
function homeApi(list: () => Response) {
  catalogueApi(({ pathname }) => {
    if (pathname === '/api/products/') return list();
    if (pathname === '/api/cart/') return json(200, []);
  });
}

function renderHome() {
  const router = createMemoryRouter([{ path: '/', element: <HomePage /> }]);
  render(
    <CartProvider>
      <RouterProvider router={router} />
    </CartProvider>,
  );
}

describe('the home page in another language', () => {
  it('loaded: every section, and each menu of the category bar', async () => {
    homeApi(() => json(200, page<ProductCard>(products)));
    renderHome();
    const m = homeMessages();
    // The featured product's panel and the collection are built last.
    await screen.findByRole('button', { name: m.featured.checkout });
    expect(await screen.findAllByText('Chick Mash Starter')).toHaveLength(2);
    expect(screen.getByText(m.testimonials.quotes.grace, { exact: false })).toBeTruthy();
    expect(untranslated(document.body, data())).toEqual([]);

    const bar = screen.getByRole('navigation', { name: m.categoriesBar.label });
    const groups = within(bar).getAllByRole('button').filter((b) => b.textContent !== m.categoriesBar.toggle);
    expect(groups).toHaveLength(5);
    for (const group of groups) {
      fireEvent.click(group);
      expect(within(bar).getAllByRole('link').length).toBeGreaterThan(1);
      expect(untranslated(bar)).toEqual([]);
    }
  });

  it('nothing to show yet', async () => {
    homeApi(() => json(200, page<ProductCard>([])));
    renderHome();
    expect(await screen.findByText(homeMessages().newProductsNone)).toBeTruthy();
    expect(await screen.findByText(homeMessages().featured.none, { exact: false })).toBeTruthy();
    expect(untranslated(document.body, data())).toEqual([]);
  });

  it('products not loaded', async () => {
    homeApi(() => json(500, { error: SERVER_FAILED }));
    renderHome();
    const m = homeMessages();
    expect(await screen.findByText(m.newProductsFailed)).toBeTruthy();
    expect(await screen.findByText(m.collectionFailed)).toBeTruthy();
    expect(await screen.findByText(m.featured.failed)).toBeTruthy();
    expect(untranslated(document.body, data())).toEqual([]);
  });
});
