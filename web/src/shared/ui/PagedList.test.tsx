import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AdminPage } from '../api/shapes';
import { PagedList } from './PagedList';
import type { Resource } from '../hooks/useResource';

function list(page: Partial<AdminPage<string>>): Resource<AdminPage<string>> {
  const data = { count: 0, page: 1, page_size: 20, next: null, previous: null, results: [], count_capped: false, ...page };
  return { status: 'success', data, error: undefined, retry: () => {} };
}

function renderList(data: Resource<AdminPage<string>>, page: number, onPage = vi.fn()) {
  render(
    <PagedList list={data} page={page} onPage={onPage} label="Orders" noun={['order', 'orders']} what="the orders" empty="No orders">
      {(item) => <li key={item}>{item}</li>}
    </PagedList>,
  );
  return onPage;
}

describe('PagedList', () => {
  it('counts exactly, and has no pager for one page', () => {
    renderList(list({ count: 3, results: ['a', 'b', 'c'] }), 1);
    expect(screen.getByText('3 orders')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('says a capped count is a lower bound and lets the admin page past it', () => {
    const onPage = renderList(list({ count: 1000, count_capped: true, page: 50, next: '/api/admin/orders/?page=51', results: ['a'] }), 50);
    expect(screen.getByText('1,000+ orders')).toBeTruthy();
    expect(screen.getByText('Page 50 of 50+')).toBeTruthy();
    const next = screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement;
    expect(next.disabled).toBe(false);
    fireEvent.click(next);
    expect(onPage).toHaveBeenCalledWith(51);
  });

  it('ends at the last page of an exact count', () => {
    renderList(list({ count: 45, page: 3, results: ['a'] }), 3);
    expect(screen.getByText('Page 3 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
