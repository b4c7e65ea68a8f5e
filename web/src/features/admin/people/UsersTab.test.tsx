import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Me } from '../../../shared/api/shapes';
import { PermissionsProvider } from '../../../shared/hooks/permissions';
import { json, stubFetch } from '../../../test/utils';
import { UsersTab } from './UsersTab';

const fetchMock = stubFetch();

const user = (id: number, email: string, role: Me['role']) => ({
  id, username: email, email, first_name: '', last_name: '', phone: '', phone_confirmed: false, role, kra_pin: '', date_joined: '2026-11-01T09:00:00Z', permissions: [], orders_count: 0, spent: '0.00',
});
const owner = { ...user(1, 'owner@mifugobora.co.ke', 'owner') } as Me;
const page = { count: 2, next: null, previous: null, page: 1, page_size: 20, count_capped: false,
  results: [user(1, 'owner@mifugobora.co.ke', 'owner'), user(2, 'wairimu@farm.co.ke', 'customer')] };

describe('the users screen', () => {
  it("lets an owner give any role, and shows the server's refusal as it says", async () => {
    const patched: unknown[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PATCH') {
        patched.push(JSON.parse(String(init.body)));
        return patched.length === 1 ? json(200, user(2, 'wairimu@farm.co.ke', 'clerk')) : json(409, { error: 'The shop must keep at least one owner.' });
      }
      if (String(input).includes('/admin/users/')) return json(200, page);
      return json(500, { error: 'not in this test' });
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    render(
      <MemoryRouter>
        <UsersTab me={owner} />
      </MemoryRouter>,
    );
    const select = await screen.findByLabelText('Role of wairimu@farm.co.ke');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Owner', 'Manager', 'Clerk', 'Storekeeper', 'Rider', 'Agent', 'Customer']);
    expect(screen.queryByLabelText('Role of owner@mifugobora.co.ke')).toBeNull();
    fireEvent.change(select, { target: { value: 'clerk' } });
    expect(await screen.findByText('wairimu@farm.co.ke is now a clerk.')).toBeTruthy();
    fireEvent.change(select, { target: { value: 'owner' } });
    expect(await screen.findByText('The shop must keep at least one owner.')).toBeTruthy();
    expect(patched).toEqual([{ role: 'clerk' }, { role: 'owner' }]);
  });

  it('shows no role select and no data buttons to a manager', async () => {
    fetchMock.mockResolvedValue(json(200, page));
    render(
      <MemoryRouter>
        <PermissionsProvider permissions={['orders', 'customers', 'reports']}>
          <UsersTab me={{ ...owner, id: 9, role: 'manager' } as Me} />
        </PermissionsProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText('wairimu@farm.co.ke')).toBeTruthy();
    expect(screen.queryByLabelText('Role of wairimu@farm.co.ke')).toBeNull();
    expect(screen.queryByRole('button', { name: /Download data/ })).toBeNull();
  });
});
