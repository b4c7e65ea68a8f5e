import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { MailMessage, OrderDetail } from '../../../shared/api/shapes';
import { json, stubFetch } from '../../../test/utils';
import { OrderMail } from './OrderMail';

const fetchMock = stubFetch();

const refused: MailMessage = {
  id: 4,
  kind: 'order-paid',
  to: 'wanjiku@farm.co.ke',
  subject: 'Your order ORDER-7 is confirmed',
  status: 'failed',
  attempts: 1,
  status_text: '550 mailbox unavailable',
  created_at: '2026-11-27T09:30:00Z',
  sent_at: null,
};

const order = (mail: MailMessage[]) => ({ orderId: 'ORDER-7', mail }) as unknown as OrderDetail;

describe("an order's mail in the admin", () => {
  it('shows why a mail was not sent and sends it again', async () => {
    let changed: OrderDetail | null = null;
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/admin/orders/ORDER-7/mail/4/resend/') && init?.method === 'POST'
        ? json(200, order([{ ...refused, id: 5, status: 'queued', attempts: 0, status_text: '' }, refused]))
        : json(500, { error: 'unexpected call' }),
    );
    render(<OrderMail order={order([refused])} onChanged={(o) => (changed = o)} />);
    expect(screen.getByText('not sent')).toBeTruthy();
    expect(screen.getByText(/550 mailbox unavailable/)).toBeTruthy();
    expect(screen.getByText('Confirmation with receipt: Your order ORDER-7 is confirmed')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('The mail to wanjiku@farm.co.ke is queued again.')).toBeTruthy();
    expect(changed).not.toBeNull();
  });

  it('says when the order has no mail', () => {
    render(<OrderMail order={order([])} onChanged={() => {}} />);
    expect(screen.getByText('No mail for this order.')).toBeTruthy();
  });

  it('says when the mail could not be queued again', async () => {
    fetchMock.mockImplementation(async () => json(429, { error: "This order's messages were sent again several times in the last hour." }));
    render(<OrderMail order={order([refused])} onChanged={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText(/sent again several times/)).toBeTruthy();
  });
});
