import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { productMessages } from './messages';
import { page, productCard, productPage, reviews } from '../../test/catalog';
import { inPseudoLanguage, untranslated } from '../../test/i18n';
import { catalogueApi, json, renderRoute, signIn } from '../../test/utils';
import ProductPage from './ProductPage';

inPseudoLanguage();

const SERVER_FAILED = 'Something went wrong on our side. Please try again.';
const related = productCard({ id: 2, slug: 'kienyeji-mash', name: 'Kienyeji Growers Mash', is_new_arrival: false });
// What the page shows from the API.
const DATA = [
  'Layers Mash Premium',
  'Kienyeji Growers Mash',
  'Complete ration for laying hens from 18 weeks.',
  '20 Kg',
  '70 Kg',
  'MB-LM-12',
  'Poultry Feeds',
  'Layers Rations',
  ...productPage().images.map((im) => im.alt),
  ...reviews.flatMap((r) => [r.name, r.comment]).filter(Boolean),
  SERVER_FAILED,
];

// The '(optional)' after a field's name is shared/ui/form's, whose words another part of the
// catalogue takes (docs/i18n.md): until it does, it is not this page's to answer for.
const ours = (found: string[]) => found.filter((f) => f !== 'span: "(optional)"');

/** The catalogue API; product answers the product's own page. */
function productApi(product: () => Response) {
  catalogueApi(({ pathname }) => {
    if (pathname === '/api/products/') return json(200, page([productCard(), related]));
    if (pathname.startsWith('/api/products/')) return product();
  });
}

function renderProduct(slug: string) {
  renderRoute('/products/:slug', ProductPage, `/products/${slug}`);
}

describe('the product page in another language', () => {
  it('the product, its reviews, related products and the review form with a mistake shown', async () => {
    signIn();
    productApi(() => json(200, productPage()));
    renderProduct('layers-mash-premium');
    const m = productMessages();
    expect(await screen.findByRole('heading', { level: 1, name: 'Layers Mash Premium' })).toBeTruthy();
    expect(await screen.findByText('Kienyeji Growers Mash')).toBeTruthy();
    expect(screen.getByText(reviews[0]!.comment)).toBeTruthy();
    expect(ours(untranslated(document.body, DATA))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: m.reviewForm.send }));
    expect(await screen.findByText(m.review.rating)).toBeTruthy();
    expect(ours(untranslated(document.body, DATA))).toEqual([]);
  });

  it('no reviews yet, to a visitor who is not signed in', async () => {
    productApi(() => json(200, productPage({ slug: 'new-mash', reviews: [], rating: null, review_count: 0 })));
    renderProduct('new-mash');
    expect(await screen.findByText(productMessages().noReviews)).toBeTruthy();
    expect(screen.getByRole('link', { name: productMessages().review.signIn })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('a product that is not in the shop', async () => {
    productApi(() => json(404, { error: 'Not found.' }));
    renderProduct('gone');
    expect(await screen.findByRole('heading', { name: productMessages().notFound })).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });

  it('a product not loaded', async () => {
    productApi(() => json(500, { error: SERVER_FAILED }));
    renderProduct('broken');
    expect(await screen.findByText(productMessages().failed)).toBeTruthy();
    expect(untranslated(document.body, DATA)).toEqual([]);
  });
});
