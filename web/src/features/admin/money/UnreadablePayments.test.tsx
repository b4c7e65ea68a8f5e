import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/utils';
import { UnreadablePayments } from './UnreadablePayments';

const fetchMock = stubFetch();

describe('unreadable M-Pesa confirmations', () => {
  it('shows each kept confirmation raw, with its reason', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/admin/payments/unreadable/')
        ? json(200, {
            count: 1,
            results: [{ id: 3, trans_id: 'TKMODD0001', reason: 'amount "7.30e2"', body: '{"TransAmount":"7.30e2"}', received_at: '2026-11-27T09:30:00Z' }],
          })
        : json(500, { error: 'unexpected call' }),
    );
    render(<UnreadablePayments />);
    expect(await screen.findByText('TKMODD0001')).toBeTruthy();
    expect(screen.getByText(/amount "7.30e2"/)).toBeTruthy();
    expect(screen.getByText('{"TransAmount":"7.30e2"}')).toBeTruthy();
  });

  it('says when every confirmation was read', async () => {
    fetchMock.mockImplementation(async () => json(200, { count: 0, results: [] }));
    render(<UnreadablePayments />);
    expect(await screen.findByText('Every M-Pesa confirmation could be read.')).toBeTruthy();
  });
});
