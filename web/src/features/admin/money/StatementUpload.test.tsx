import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '../../../test/utils';
import { StatementUpload } from './StatementUpload';

const fetchMock = stubFetch();

const report = (dryRun: boolean) => ({
  dry_run: dryRun,
  from: '2026-11-27T06:00:00Z',
  to: '2026-11-27T09:01:00Z',
  lines: [
    { receipt: 'TKA1B2C3D4', completed_at: '2026-11-27T06:00:00Z', details: 'Pay Bill', paid_in: '3500.00', withdrawn: '0.00', outcome: 'matched', kind: 'payment', order: 'ORDER-1' },
    { receipt: 'TKS0000001', completed_at: '2026-11-27T07:00:00Z', details: 'Pay Bill', paid_in: '1200.00', withdrawn: '0.00', outcome: dryRun ? 'unknown' : 'imported', kind: dryRun ? '' : 'paybill', order: dryRun ? null : 'ORDER-2' },
  ],
  missing: [{ receipt: 'TKM9999999', kind: 'payment', amount: '800.00', at: '2026-11-27T08:00:00Z', order: 'ORDER-3' }],
  totals: { statement_in: '4700.00', statement_out: '0.00', shop_in: '4300.00', shop_out: '0.00' },
  imported: dryRun ? 0 : 1,
});

describe('the M-Pesa statement', () => {
  it('previews the statement, then uploads it, listing each line, what the statement lacks and the totals', async () => {
    const asked: string[] = [];
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      asked.push(url);
      expect((init?.headers as Record<string, string>)['Content-Type']).toBe('text/csv');
      return json(200, report(url.includes('dry_run=1')));
    });
    render(<StatementUpload />);
    const file = new File(['Receipt No.,Completion Time\n'], 'statement.csv', { type: 'text/csv' });
    fireEvent.change(screen.getByLabelText('Statement file'), { target: { files: [file] } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Preview: nothing is recorded yet.')).toBeTruthy();
    expect(screen.getByText('Unknown to the shop')).toBeTruthy();
    expect(screen.getByText(/TKM9999999: Ksh 800 \(payment, ORDER-3\)/)).toBeTruthy();
    expect(screen.getByText(/statement in Ksh 4,700, out Ksh 0; the shop's books in Ksh 4,300/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText('1 payment recorded from the statement.')).toBeTruthy();
    expect(screen.getByText('Recorded now')).toBeTruthy();
    expect(asked.map((u) => u.replace(/^.*\/api/, ''))).toEqual(['/admin/payments/statement/?dry_run=1', '/admin/payments/statement/']);
  });

  it("shows the server's refusal of a file that is not a statement", async () => {
    fetchMock.mockImplementation(async () => json(400, { error: 'This is not an M-Pesa statement export.', fields: { file: 'This is not an M-Pesa statement export.' } }));
    render(<StatementUpload />);
    fireEvent.change(screen.getByLabelText('Statement file'), { target: { files: [new File(['x'], 'x.csv')] } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect((await screen.findByRole('alert')).textContent).toContain('not an M-Pesa statement');
  });
});
