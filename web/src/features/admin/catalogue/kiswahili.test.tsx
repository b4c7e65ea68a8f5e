import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../shared/api/shapes';
import { fakeApi, json, sentBody } from '../../../test/utils';
import { CategoriesTab } from './CategoriesTab';
import { ProductEditor } from './ProductEditor';

// The Kiswahili texts beside the English ones (docs/i18n.md, "Product content").

const product: AdminProduct = {
  id: 5,
  name: 'High Yield Dairy Meal',
  slug: 'high-yield-dairy-meal',
  description: 'A balanced 16% protein dairy meal.',
  name_sw: 'Dairy Meal ya Maziwa Mengi',
  description_sw: "Chakula cha ng'ombe wa maziwa.",
  base_price: '650.00',
  category: 2,
  occasion_tags: [],
  is_active: true,
  is_draft: false,
  is_featured: false,
  is_best_seller: false,
  is_new_arrival: false,
  promo: null,
  vat_class: 'B',
  variants: [],
  images: [],
  reviews: [],
  rating: null,
  review_count: 0,
  created_at: '2026-01-05T08:00:00Z',
  updated_at: '2026-01-05T08:00:00Z',
};

const categories = [{ id: 2, name: 'Dairy Meal', slug: 'dairy-meal', parent: null, product_count: 1, name_sw: "Chakula cha Ng'ombe wa Maziwa" }];

function value(label: string): string {
  return (screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement).value;
}

describe('the product editor', () => {
  it('shows the Kiswahili name and description and saves them with the English', async () => {
    const api = fakeApi({
      'GET /api/admin/products/5/': () => json(200, product),
      'PUT /api/admin/products/5/': (body) => json(200, { ...product, ...(body as object) }),
    });
    render(<ProductEditor id={5} categories={categories} onCreated={() => {}} onClose={() => {}} />);
    await screen.findByRole('heading', { name: 'Edit High Yield Dairy Meal' });
    expect(value('Name (Kiswahili)')).toBe('Dairy Meal ya Maziwa Mengi');
    expect(value('Description (Kiswahili)')).toBe("Chakula cha ng'ombe wa maziwa.");
    expect(value('Name')).toBe('High Yield Dairy Meal');

    fireEvent.change(screen.getByLabelText('Name (Kiswahili)'), { target: { value: 'Dairy Meal Bora' } });
    fireEvent.change(screen.getByLabelText('Description (Kiswahili)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Product saved.')).toBeTruthy();
    expect(sentBody(api, 'PUT /api/admin/products/5/')).toMatchObject({
      name: 'High Yield Dairy Meal',
      name_sw: 'Dairy Meal Bora',
      description_sw: '',
    });
  });

  it('refuses a Kiswahili name too long before sending, and shows the server\'s word under the field', async () => {
    const api = fakeApi({
      'GET /api/admin/products/5/': () => json(200, product),
      'PUT /api/admin/products/5/': () =>
        json(400, { error: 'Please correct the highlighted fields.', fields: { description_sw: 'Description (Kiswahili) must be at most 20000 characters' } }),
    });
    render(<ProductEditor id={5} categories={categories} onCreated={() => {}} onClose={() => {}} />);
    await screen.findByRole('heading', { name: 'Edit High Yield Dairy Meal' });
    fireEvent.change(screen.getByLabelText('Name (Kiswahili)'), { target: { value: 'n'.repeat(201) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Name (Kiswahili) must be at most 200 characters')).toBeTruthy();
    expect(sentBody(api, 'PUT /api/admin/products/5/')).toBeUndefined();

    fireEvent.change(screen.getByLabelText('Name (Kiswahili)'), { target: { value: 'Dairy Meal Bora' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(await screen.findByText('Description (Kiswahili) must be at most 20000 characters')).toBeTruthy();
    expect(screen.getByLabelText('Description (Kiswahili)').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the category form', () => {
  it('sends the Kiswahili name with a new category, and fills it in to edit one', async () => {
    let stored = categories;
    const api = fakeApi({
      'GET /api/admin/categories/': () => json(200, stored),
      'POST /api/admin/categories/': (body) => {
        const c = { id: 3, slug: 'feeds', product_count: 0, ...(body as { name: string; parent: null; name_sw: string }) };
        stored = [...stored, c];
        return json(201, c);
      },
    });
    render(<CategoriesTab />);
    await screen.findByRole('button', { name: 'Edit Dairy Meal' });
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Feeds' } });
    fireEvent.change(screen.getByLabelText('Name (Kiswahili)'), { target: { value: '  Chakula cha Mifugo ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(sentBody(api, 'POST /api/admin/categories/')).toEqual({ name: 'Feeds', parent: null, name_sw: 'Chakula cha Mifugo' }));
    await screen.findByRole('button', { name: 'Edit Feeds' });
    expect(value('Name (Kiswahili)')).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Edit Dairy Meal' }));
    expect(value('Name (Kiswahili)')).toBe("Chakula cha Ng'ombe wa Maziwa");
  });
});
