import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi, json, sentBody } from '../../../test/utils';
import { ProductsTab } from './ProductsTab';

// The products list's selection bar (docs/product.md, "Bulk actions").

const card = (id: number, name: string, draft: boolean) => ({
  id, name, slug: name.toLowerCase().replace(/ /g, '-'), description: '', base_price: '900.00', category: 2, occasion_tags: [], is_active: !draft, is_draft: draft,
  is_featured: false, is_best_seller: false, is_new_arrival: false, promo: null, variants: [], images: [], rating: null, review_count: 0,
  created_at: '2026-11-01T09:00:00Z', updated_at: '2026-11-01T09:00:00Z',
});

const list = { count: 2, next: null, previous: null, page: 1, page_size: 25, count_capped: false, status_counts: { active: 0, inactive: 2, draft: 2 },
  results: [card(7, 'Kuku Mash', true), card(8, 'Kuku Crumbs', true)] };

function renderTab() {
  render(
    <MemoryRouter initialEntries={['/admin/products']}>
      <Routes>
        <Route path="/admin/*" element={<ProductsTab />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('the products selection bar', () => {
  it('publishes the selected products and names the draft that was refused, with the reason', async () => {
    const api = fakeApi({
      'GET /api/admin/products/': () => json(200, list),
      'GET /api/categories/': () => json(200, []),
      'POST /api/admin/products/bulk/': () =>
        json(200, { changed: [7], unchanged: [], refused: [{ id: 8, error: 'Add at least one size with a price before publishing.' }] }),
    });
    renderTab();
    const bar = await screen.findByRole('region', { name: 'Selected products' });
    expect(bar.textContent).toContain('No products selected');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select every product on this page' }));
    expect(bar.textContent).toContain('2 selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Publish selected' }));
    expect((await within(bar).findByRole('alert')).textContent).toBe(
      '1 product published. Not published: Kuku Crumbs: Add at least one size with a price before publishing.',
    );
    expect(sentBody(api, 'POST /api/admin/products/bulk/')).toEqual({ action: 'publish', ids: [7, 8] });
    // Done: the selection is cleared and the list read again.
    expect(bar.textContent).toContain('No products selected');
  });

  it('hides only the products ticked', async () => {
    const api = fakeApi({
      'GET /api/admin/products/': () => json(200, list),
      'GET /api/categories/': () => json(200, []),
      'POST /api/admin/products/bulk/': () => json(200, { changed: [8], unchanged: [], refused: [] }),
    });
    renderTab();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Kuku Crumbs' }));
    const bar = screen.getByRole('region', { name: 'Selected products' });
    expect(bar.textContent).toContain('1 selected');
    fireEvent.click(within(bar).getByRole('button', { name: 'Hide selected' }));
    expect((await within(bar).findByRole('status')).textContent).toBe('1 product hidden.');
    expect(sentBody(api, 'POST /api/admin/products/bulk/')).toEqual({ action: 'hide', ids: [8] });
  });
});
