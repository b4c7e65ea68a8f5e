import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/utils';
import { adminApi } from '../../../shared/api/admin';
import { ImportExportTab } from './ImportExportTab';
import { ReviewsTab } from './ReviewsTab';
import { validateStock } from '../../../shared/domain/adminRules';

const fetchMock = stubFetch();

const evil = '<script>window.hacked = true</script><b>Great</b> feed';
const page = (results: unknown[]) => ({ count: results.length, page: 1, page_size: 20, next: null, previous: null, results });
const review = (status: string) => ({
  id: 7,
  product: 3,
  name: 'Amina O.',
  rating: 4,
  comment: evil,
  created_at: '2026-11-20T08:00:00Z',
  status,
  product_name: 'Layers Mash',
  product_slug: 'layers-mash',
});

describe('the Reviews tab', () => {
  it('shows a comment as text, never as HTML, and approves it', async () => {
    let approved = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/api/admin/reviews/7/' && init?.method === 'PATCH') {
        approved = JSON.parse(String(init.body)).status === 'approved';
        return json(200, review('approved'));
      }
      if (url.startsWith('/api/admin/reviews/')) return json(200, page(approved ? [] : [review('pending')]));
      return json(500, { error: 'not in this test' });
    });
    const { container } = render(<ReviewsTab />);
    expect(await screen.findByText(evil)).toBeTruthy();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    fireEvent.click(screen.getByRole('button', { name: /Approve the review by Amina O./ }));
    expect(await screen.findByText('No reviews are waiting for approval.')).toBeTruthy();
    expect(approved).toBe(true);
  });
});

describe('the Import/Export tab', () => {
  it('sends the file as CSV and shows the refused rows of an import', async () => {
    const rows = [
      { row: 2, sku: 'LM-70', product_slug: 'layers-mash', action: 'update', reason: 'price 3200.00 → 3300.00' },
      { row: 3, sku: 'X-1', product_slug: 'nothing', action: 'refused', reason: 'Unknown category_slug "x"' },
    ];
    fetchMock.mockResolvedValue(json(200, { rows, summary: { create: 0, update: 1, unchanged: 0, refused: 1 }, applied: false }));
    render(<ImportExportTab />);
    const file = new File(['product_slug,size,sku,price,stock\n'], 'products.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Unknown category_slug "x"')).toBeTruthy();
    const [url, init] = fetchMock.mock.calls.at(-1)!;
    expect(String(url)).toBe('/api/admin/products/import/?dry_run=1');
    expect(new Headers(init?.headers).get('Content-Type')).toBe('text/csv');
    expect(init?.body).toBe(file);
    // A refused row: the import cannot be sent.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true));
  });

  it('reads the rows of a refused import from its error answer', async () => {
    fetchMock.mockResolvedValue(
      json(400, { error: 'Some rows were refused', rows: [{ row: 2, sku: 'A', product_slug: 'a', action: 'refused', reason: 'why' }], summary: { refused: 1 } }),
    );
    await expect(adminApi.importProducts(new Blob(['x']), false)).rejects.toMatchObject({ status: 400, body: { summary: { refused: 1 } } });
  });
});

describe('the stock forms', () => {
  it('ask for a quantity of 1 or more, or a count of 0 or more', () => {
    expect(validateStock({ kind: 'received', amount: '0', note: '' }).amount).toBe('Quantity must be a whole number of 1 or more');
    expect(validateStock({ kind: 'damaged', amount: '2.5', note: '' }).amount).toBeDefined();
    expect(validateStock({ kind: 'count_correction', amount: '0', note: '' })).toEqual({});
    expect(validateStock({ kind: 'count_correction', amount: '', note: '' }).amount).toBe('Count must be a whole number of 0 or more');
    expect(validateStock({ kind: 'received', amount: '5', note: 'x'.repeat(501) }).note).toBe('Note must be at most 500 characters');
  });
});
