import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../test/utils';
import { SearchBox } from './SearchBox';

const fetchMock = stubFetch();

const suggestions = [
  { type: 'category', name: 'Dewormers', slug: 'dewormers' },
  { type: 'product', name: 'Piperazine Poultry & Pig Dewormer', slug: 'piperazine-dewormer' },
];

function renderBox(onCategory = vi.fn(), onProduct = vi.fn()) {
  function Box() {
    const [text, setText] = useState('');
    return <SearchBox id="q" value={text} onChange={setText} onCategory={onCategory} onProduct={onProduct} className="" />;
  }
  const router = createMemoryRouter(
    [
      { path: '/shop', element: <Box /> },
      { path: '/products/:slug', element: <p>product page</p> },
    ],
    { initialEntries: ['/shop'] },
  );
  render(<RouterProvider router={router} />);
  return { input: screen.getByRole('combobox'), router };
}

describe('search suggestions', () => {
  it('offers names for what is typed and opens a product with the keyboard', async () => {
    fetchMock.mockImplementation(async (input) => {
      expect(String(input)).toContain('/api/search/suggest/?q=dawa%20ya%20minyoo');
      return json(200, suggestions);
    });
    const onProduct = vi.fn();
    const { input, router } = renderBox(vi.fn(), onProduct);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'dawa ya minyoo' } });
    expect(await screen.findByRole('option', { name: /Piperazine/ })).toBeTruthy();
    expect(input.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe('q-suggestions-1');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe('/products/piperazine-dewormer');
    // The shop is told first, so the typed words do not become a search behind the product.
    expect(onProduct).toHaveBeenCalledOnce();
  });

  it('shows a category when one is tapped', async () => {
    fetchMock.mockResolvedValue(json(200, suggestions));
    const onCategory = vi.fn();
    const { input } = renderBox(onCategory);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'minyoo' } });
    fireEvent.click(await screen.findByRole('option', { name: /Dewormers/ }));
    expect(onCategory).toHaveBeenCalledWith('dewormers');
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('says when nothing matches, and when suggestions cannot be loaded', async () => {
    fetchMock.mockResolvedValueOnce(json(200, []));
    const { input } = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'zzzz' } });
    expect(await screen.findByText('No suggestions')).toBeTruthy();
    fetchMock.mockResolvedValueOnce(json(500, { error: 'Something went wrong on our side. Please try again.' }));
    fireEvent.change(input, { target: { value: 'zzzzq' } });
    expect(await screen.findByText('Suggestions are not available right now.')).toBeTruthy();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
  });

  it('asks for nothing before two letters', () => {
    const { input } = renderBox();
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'a' } });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
