import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../test/utils';
import { ReviewForm } from './ReviewForm';
import { REVIEW } from './reviewRules';

const fetchMock = stubFetch();

function renderForm() {
  const router = createMemoryRouter([{ path: '/products/:slug', element: <ReviewForm productId={3} /> }], {
    initialEntries: ['/products/layers-mash'],
  });
  render(<RouterProvider router={router} />);
}

describe('the review form', () => {
  it('asks a visitor to sign in, and sends nothing', () => {
    renderForm();
    expect(screen.getByRole('link', { name: REVIEW.signIn })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send review' })).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('needs stars, then thanks the buyer', async () => {
    window.localStorage.setItem('authToken', 'buyer-token');
    fetchMock.mockResolvedValue(json(201, { message: REVIEW.thanks, status: 'pending', review: {} }));
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText(REVIEW.rating)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.change(screen.getByLabelText(/Your comment/), { target: { value: 'Hens laid more.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByText(REVIEW.thanks)).toBeTruthy();
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('/api/products/3/reviews/');
    expect(JSON.parse(String(init?.body))).toEqual({ rating: 4, comment: 'Hens laid more.' });
  });

  it("shows the server's refusal to someone who did not buy", async () => {
    window.localStorage.setItem('authToken', 'visitor-token');
    fetchMock.mockResolvedValue(json(403, { error: 'Only customers who bought this product can review it.' }));
    renderForm();
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.click(screen.getByRole('button', { name: 'Send review' }));
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Only customers who bought this product can review it.');
  });
});
