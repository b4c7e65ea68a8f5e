import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { OrderDetail, Refund } from '../../../shared/api/shapes';
import { json, stubFetch } from '../../../test/utils';
import { testOrder } from '../../../test/orders';
import { Refunds } from './RefundForm';

const fetchMock = stubFetch();

const float = { sends: true, why: '', utility: '90000.00', checked_at: '2026-11-27T09:00:00Z', daily_limit: '50000.00', sent_today: '0.00', password_expires_on: null };

// An order of Ksh 8,400 paid Ksh 9,400 from 254708374149: Ksh 1,000 over.
function overpaid(refunds: Refund[] = [], refunded = '0.00'): OrderDetail {
  const o = testOrder('paid', { status: 'succeeded', phone: '254708374149', receipt: 'TKA1B2C3D4' });
  return { ...o, amount_paid: '9400.00', balance_due: '0.00', refunds, amount_refunded: refunded } as unknown as OrderDetail;
}

function refund(status: Refund['status']): Refund {
  return {
    id: 'RFABCDEFGH23456789JK', method: 'mpesa', status, amount: '1000.00', reason: 'Overpaid', reference: 'RFABCDEFGH23456789JK',
    restocked: false, phone: '254708374149', receiver_name: status === 'sent' ? 'WANJIKU KAMAU' : '',
    mpesa_receipt: status === 'sent' ? 'TKB9X8Y7Z6' : '', result_code: status === 'sent' ? '0' : '', result_text: status === 'sent' ? 'Sent' : '',
    created_at: '2026-11-27T09:05:00Z', etims: null, lines: null,
  };
}

describe('refunds by M-Pesa', () => {
  it('refunds an overpaid order in one click, naming the number and the name, and shows it sent without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reads = [overpaid([refund('sending')]), overpaid([refund('sent')], '1000.00')];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/admin/payments/float/')) return json(200, float);
      if (url.endsWith('/refunds/') && init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ method: 'mpesa', amount: '1000.00', reason: 'Overpaid', phone: '254708374149', restock: false });
        return json(202, overpaid([refund('sending')]));
      }
      if (url.endsWith('/admin/orders/ORDER-1700000000000/')) return json(200, reads.shift() ?? overpaid([refund('sent')], '1000.00'));
      return json(500, { error: 'unexpected call' });
    });
    function Page() {
      const [order, setOrder] = useState(overpaid());
      return <Refunds order={order} onRefunded={setOrder} />;
    }
    render(<Page />);
    fireEvent.click(await screen.findByRole('button', { name: 'Refund Ksh\u00a01,000 by M-Pesa' }));
    expect(screen.getByText('Send Ksh 1,000 by M-Pesa to 0708 374 149 (Wanjiku Kamau)?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send Ksh\u00a01,000' }));
    expect(await screen.findByText('Sending…')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2100);
    });
    expect(await screen.findByText('Sent')).toBeTruthy();
    expect(screen.getByText(/TKB9X8Y7Z6/)).toBeTruthy();
    expect(screen.getByText(/WANJIKU KAMAU/)).toBeTruthy();
    vi.useRealTimers();
  });

  it('says why refunds stay manual, and records one sent by hand', async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/admin/payments/float/')
        ? json(200, { ...float, sends: false, why: 'Refunds by M-Pesa need an API initiator.', utility: null, checked_at: null })
        : json(500, { error: 'unexpected call' }),
    );
    render(<Refunds order={overpaid()} onRefunded={() => undefined} />);
    expect(await screen.findByText('Refunds stay manual: Refunds by M-Pesa need an API initiator.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /by M-Pesa$/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Record refund' })).toBeTruthy();
  });

  it('checks an M-Pesa refund before sending: whole shillings and a number', async () => {
    fetchMock.mockImplementation(async (input) => (String(input).endsWith('/admin/payments/float/') ? json(200, float) : json(500, { error: 'unexpected call' })));
    render(<Refunds order={overpaid()} onRefunded={() => undefined} />);
    fireEvent.click(await screen.findByLabelText('Send by M-Pesa'));
    fireEvent.change(screen.getByLabelText('Amount (Ksh)'), { target: { value: '100.50' } });
    fireEvent.change(screen.getByLabelText('M-Pesa number'), { target: { value: '12345' } });
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Bag burst' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send refund' }));
    expect(await screen.findByText('M-Pesa sends whole shillings: enter an amount without cents.')).toBeTruthy();
    expect(screen.getByText('Enter the M-Pesa number to send the money to, like 0712345678.')).toBeTruthy();
  });
});

describe('a refund by line quantities', () => {
  it('starts empty, fills the amount from the lines, refuses more, and confirms the amount and where it goes', async () => {
    let sent: unknown = null;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/admin/payments/float/')) return json(200, { ...float, sends: false, why: 'No initiator.' });
      if (url.endsWith('/refunds/') && init?.method === 'POST') {
        sent = JSON.parse(String(init.body));
        return json(201, overpaid([], '3950.00'));
      }
      return json(500, { error: 'unexpected call' });
    });
    render(<Refunds order={overpaid()} onRefunded={() => undefined} />);
    const amount = (await screen.findByLabelText('Amount (Ksh)')) as HTMLInputElement;
    expect(amount.value).toBe('');
    fireEvent.change(screen.getByLabelText('Quantity to refund of High Yield Dairy Meal (70 Kg)'), { target: { value: '1' } });
    expect(amount.value).toBe('3950.00');
    expect(screen.getByText('The lines chosen are worth Ksh 3,950.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Put High Yield Dairy Meal (70 Kg) back in stock'));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Bag burst' } });
    fireEvent.change(screen.getByLabelText('M-Pesa reference'), { target: { value: 'skl4h2b9xq' } });
    fireEvent.change(amount, { target: { value: '3950.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record refund' }));
    expect(await screen.findByText('The lines chosen are worth Ksh 3,950: the amount can be at most that.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '3900' } });
    fireEvent.click(screen.getByRole('button', { name: 'Record refund' }));
    expect(screen.getByText(/Record Ksh 3,900 sent back by hand to 0708 374 149 .*M-Pesa reference SKL4H2B9XQ\? 1 × High Yield Dairy Meal back in stock\./)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Record Ksh\u00a03,900' }));
    expect(await screen.findByText(/Refund of Ksh 3,900 recorded/)).toBeTruthy();
    expect(sent).toEqual({
      method: 'manual',
      amount: '3900',
      reason: 'Bag burst',
      reference: 'skl4h2b9xq',
      restock: false,
      lines: [{ order_item_id: 1, quantity: 1, restock: true }],
    });
  });
});
