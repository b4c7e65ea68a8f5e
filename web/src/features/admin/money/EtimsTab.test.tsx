import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/utils';
import { EtimsTab } from './EtimsTab';

const fetchMock = stubFetch();

const refused = {
  invoice_no: 7,
  kind: 'sale',
  order_number: 'ORDER-1700000000007',
  original_invoice_no: 0,
  total: '3500.00',
  status: 'refused',
  attempts: 1,
  result_code: '910',
  result_message: 'Invalid taxblAmtB',
  cu_invoice_no: '',
  next_try_at: null,
  signed_at: null,
  created_at: '2026-11-27T09:00:00Z',
};

function overview(refusedList: unknown[]) {
  return { enabled: true, branch: '00', scu_id: 'KRACU0400000001', pending: [], refused: refusedList, signed_today: [], items: [], unsigned_over_an_hour: refusedList.length };
}

describe('the eTIMS tab', () => {
  it('shows a refused invoice with KRA’s code and message, and retries it', async () => {
    let retried = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/admin/etims/retry/') && init?.method === 'POST') {
        retried = true;
        return json(200, { retried: 1 });
      }
      if (url.endsWith('/admin/etims/')) return json(200, overview(retried ? [] : [refused]));
      return json(500, { error: 'unexpected call' });
    });
    render(<EtimsTab />);
    expect(await screen.findByText(/KRA refused it: 910 Invalid taxblAmtB/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry after fixing' }));
    await waitFor(() => expect(retried).toBe(true));
    expect(await screen.findByText('Nothing refused.')).toBeTruthy();
  });

  it('says when eTIMS is off', async () => {
    fetchMock.mockImplementation(async () => json(200, { ...overview([]), enabled: false, branch: '', scu_id: '' }));
    render(<EtimsTab />);
    expect(await screen.findByText(/eTIMS is not configured/)).toBeTruthy();
  });
});
