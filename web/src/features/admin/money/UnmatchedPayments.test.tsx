import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/utils';
import { UnmatchedPayments } from './UnmatchedPayments';

const fetchMock = stubFetch();
const none = { count: 0, results: [] };

const parked = {
  id: 7,
  checkout_request_id: 'ws_CO_lost',
  receipt: 'TLK81HDS2P',
  amount: '3500.00',
  phone: '254708374149',
  received_at: '2026-11-22T09:30:00Z',
};

describe('unmatched M-Pesa payments', () => {
  it('says when every payment belongs to an order', async () => {
    fetchMock.mockImplementation(async () => json(200, none));
    render(<UnmatchedPayments />);
    expect(await screen.findByText('Every M-Pesa payment belongs to an order.')).toBeTruthy();
  });

  it('lists a payment and assigns it to the order typed in, then reloads the list', async () => {
    const lists = [{ count: 1, results: [parked] }, { count: 0, results: [] }];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/admin/payments/unmatched/')) return json(200, lists.shift());
      if (url.endsWith('/admin/payments/?matched=false')) return json(200, none);
      if (url.endsWith('/admin/payments/unmatched/7/assign/') && init?.method === 'POST') {
        expect(JSON.parse(String(init.body))).toEqual({ orderId: 'ORDER-1795381559464' });
        return json(200, { orderId: 'ORDER-1795381559464' });
      }
      return json(500, { error: 'unexpected call' });
    });
    render(<UnmatchedPayments />);
    expect(await screen.findByText('TLK81HDS2P')).toBeTruthy();
    expect(screen.getByText(/Ksh 3,500 from 254708374149/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Assign to order' }));
    expect(await screen.findByText('Choose the order this payment was made for.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: ' ORDER-1795381559464 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign to order' }));
    expect(await screen.findByText('Every M-Pesa payment belongs to an order.')).toBeTruthy();
  });

  it("shows the server's refusal, such as an amount that is not the order's", async () => {
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/assign/')
        ? json(400, { error: "The amount paid is not this order's total: choose the order it was paid for." })
        : json(200, String(input).includes('matched=false') ? none : { count: 1, results: [parked] }),
    );
    render(<UnmatchedPayments />);
    fireEvent.change(await screen.findByLabelText('Order number'), { target: { value: 'ORDER-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign to order' }));
    expect((await screen.findByRole('alert')).textContent).toContain("not this order's total");
  });

  it('offers to try again when the list cannot be loaded', async () => {
    fetchMock.mockResolvedValue(json(500, { error: 'Something went wrong on our side. Please try again.' }));
    render(<UnmatchedPayments />);
    expect(await screen.findByRole('button', { name: /try again/i })).toBeTruthy();
  });

  it('lists a Paybill payment with the account typed and assigns it through its own address', async () => {
    const paybill = {
      id: 3,
      trans_id: 'TKMWRONG01',
      amount: '1460.00',
      account: 'maize bran',
      payer_name: 'OTIENO',
      msisdn: '2547 ***** 555',
      trans_time: '20261122101500',
      received_at: '2026-11-22T07:15:00Z',
      source: 'confirmation',
      order_id: '',
    };
    const assigned: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/admin/payments/unmatched/')) return json(200, none);
      if (url.endsWith('/admin/payments/?matched=false')) return json(200, assigned.length ? none : { count: 1, results: [paybill] });
      if (url.endsWith('/admin/payments/3/assign/') && init?.method === 'POST') {
        assigned.push(JSON.parse(String(init.body)).orderId);
        return json(200, { orderId: 'ORDER-1795381559464' });
      }
      return json(500, { error: 'unexpected call' });
    });
    render(<UnmatchedPayments />);
    expect(await screen.findByText('TKMWRONG01')).toBeTruthy();
    expect(screen.getByText(/by Paybill from OTIENO \(2547 \*\*\*\*\* 555\), account “maize bran”/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: '1795381559464' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign to order' }));
    expect(await screen.findByText('Every M-Pesa payment belongs to an order.')).toBeTruthy();
    expect(screen.getByText('TKMWRONG01 assigned to ORDER-1795381559464.')).toBeTruthy();
    expect(assigned).toEqual(['1795381559464']);
  });
});
