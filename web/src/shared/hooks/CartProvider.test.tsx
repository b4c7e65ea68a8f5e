import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '../../test/utils';
import { CartProvider, useCart, type Cart } from './CartProvider';
import type { CartItem } from '../api/shapes';

const fetchMock = stubFetch();

function json(status: number, body: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function item(id: number, variant: number, quantity: number): CartItem {
  return {
    id,
    quantity,
    unit_price: '650.00',
    total_price: (650 * quantity).toFixed(2),
    added_at: '2025-11-01T10:00:00Z',
    variant: { id: variant, size: '10 Kg', sku: `SKU-${variant}`, price: '650.00', stock: 20, product: { id: 1, name: 'Dairy Meal', slug: 'dairy-meal', images: [] } },
  };
}

let cart: Cart;
function Probe() {
  cart = useCart();
  return <p>count {cart.count}</p>;
}

describe('cart state', () => {
  it('loads the cart and counts quantities', async () => {
    fetchMock.mockResolvedValueOnce(json(200, [item(1, 1, 2), item(2, 5, 3)]));
    render(<CartProvider><Probe /></CartProvider>);
    expect(await screen.findByText('count 5')).toBeTruthy();
    expect(cart.status).toBe('ready');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/cart/');
  });

  it('adds, updates and removes lines on the server', async () => {
    fetchMock.mockResolvedValueOnce(json(200, []));
    render(<CartProvider><Probe /></CartProvider>);
    await screen.findByText('count 0');

    fetchMock.mockResolvedValueOnce(json(201, item(7, 3, 1)));
    await act(() => cart.add(3, 1));
    expect(screen.getByText('count 1')).toBeTruthy();
    expect(fetchMock.mock.calls[1]?.[1]?.body).toBe('{"variant":3,"quantity":1}');

    // Adding the same size again: the server answers the same line with more.
    fetchMock.mockResolvedValueOnce(json(201, item(7, 3, 3)));
    await act(() => cart.add(3, 2));
    expect(cart.items).toHaveLength(1);
    expect(screen.getByText('count 3')).toBeTruthy();

    fetchMock.mockResolvedValueOnce(json(200, item(7, 3, 5)));
    await act(() => cart.update(7, 5));
    expect(screen.getByText('count 5')).toBeTruthy();
    expect(String(fetchMock.mock.calls[3]?.[0])).toBe('/api/cart/items/7/');
    expect(fetchMock.mock.calls[3]?.[1]?.method).toBe('PATCH');

    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await act(() => cart.update(7, 0));
    expect(screen.getByText('count 0')).toBeTruthy();
    expect(fetchMock.mock.calls[4]?.[1]?.method).toBe('DELETE');
  });

  it('reports a failed load and a failed add', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { error: 'Something went wrong on our side. Please try again.' }));
    render(<CartProvider><Probe /></CartProvider>);
    await waitFor(() => expect(cart.status).toBe('error'));
    expect(cart.error?.message).toBe('Something went wrong on our side. Please try again.');

    fetchMock.mockResolvedValueOnce(json(400, { error: 'Sorry, this size is out of stock.' }));
    await expect(cart.add(3)).rejects.toThrow('Sorry, this size is out of stock.');
    expect(cart.count).toBe(0);
  });
});
