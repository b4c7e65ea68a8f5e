import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/utils';
import { ReportsTab } from './ReportsTab';

const fetchMock = stubFetch();

const sales = {
  from: '2026-11-01',
  to: '2026-11-03',
  group: 'day',
  series: [
    { period: '2026-11-01', revenue: '7300.00', orders: 2 },
    { period: '2026-11-02', revenue: '0.00', orders: 0 },
    { period: '2026-11-03', revenue: '3650.50', orders: 1 },
  ],
  totals: { revenue: '10950.50', orders: 3, refunded: '500.00' },
  average_order_value: '3650.16',
  by_county: [
    { county: 'Kiambu', revenue: '7300.00', orders: 2 },
    { county: 'Nakuru', revenue: '3650.50', orders: 1 },
  ],
  payments: {
    stk: { prompts: 5, paid: 3, paid_amount: '10950.50', failed: 2, pending: 0 },
    failures: [{ result_code: 1032, reason: 'You cancelled the payment on your phone', count: 2 }],
    paybill: { payments: 0, amount: '0.00', unmatched: 0 },
  },
};
const products = {
  from: '2026-11-01',
  to: '2026-11-03',
  by_revenue: [{ product_id: 1, name: 'Dairy Meal', revenue: '10950.50', quantity: 3 }],
  by_quantity: [{ product_id: 1, name: 'Dairy Meal', revenue: '10950.50', quantity: 3 }],
};

const channels = {
  from: '2026-11-01',
  to: '2026-11-03',
  channels: [
    { channel: 'web', placed: 2, paid: 2, revenue: '7300.00' },
    { channel: 'ussd', placed: 1, paid: 1, revenue: '3650.50' },
  ],
  ussd: { started: 4, completed: 1, abandoned: [{ screen: 'quantity', sessions: 3 }], notifications: [] },
};

describe('the Reports tab', () => {
  it('draws the revenue per period and by county, with the figures as tables', async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/admin/reports/sales/')) return json(200, sales);
      if (url.includes('/admin/reports/products/')) return json(200, products);
      if (url.includes('/admin/reports/channels/')) return json(200, channels);
      return json(500, { error: 'unexpected call' });
    });
    const { container } = render(
      <MemoryRouter>
        <ReportsTab />
      </MemoryRouter>,
    );
    // Whole shillings: cents mean nothing in a report.
    expect(await screen.findByText('Ksh 10,951', { selector: 'dd' })).toBeTruthy();
    expect(screen.getByText('Ksh 3,650')).toBeTruthy();
    // The value axis: from 0 to a round top above the largest column.
    const ticks = [...container.querySelectorAll('svg[data-chart="series"] [data-tick]')].map((g) => g.textContent);
    expect(ticks).toEqual(['Ksh 0', '2,500', '5,000', '7,500', '10k']);
    expect(container.querySelectorAll('svg[data-chart="series"] rect[data-period]')).toHaveLength(3);
    expect(container.querySelector('svg[data-chart="series"] title')?.textContent).toBe('Revenue per day');
    expect(container.querySelectorAll('svg[data-chart="bars"] rect')).toHaveLength(2);
    expect(screen.getByRole('table', { name: 'Revenue by county' })).toBeTruthy();
    expect(screen.getByText('You cancelled the payment on your phone')).toBeTruthy();
    expect(await screen.findByRole('table', { name: 'Top 10 products by revenue' })).toBeTruthy();
    // Orders by channel, and where USSD sessions were left.
    const byChannel = await screen.findByRole('table', { name: 'Orders by channel' });
    expect(byChannel.textContent).toContain('USSD');
    expect(screen.getByText('4 started, 1 completed with an order, 3 not.')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'USSD sessions abandoned per screen' }).textContent).toContain('quantity');
  });

  it('says when the range has no sales, and offers to try again when a report fails', async () => {
    const empty = { ...sales, series: [], totals: { revenue: '0.00', orders: 0, refunded: '0.00' }, by_county: [] };
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('/sales/') ? json(200, empty) : json(500, { error: 'The server had a problem.' }),
    );
    render(
      <MemoryRouter>
        <ReportsTab />
      </MemoryRouter>,
    );
    expect(await screen.findByText('No paid orders in this range.')).toBeTruthy();
    expect(await screen.findByText('We could not load the top products.')).toBeTruthy();
    expect(await screen.findByText('We could not load the orders by channel.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
  });
});
