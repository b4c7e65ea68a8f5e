import jsQR from 'jsqr';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EtimsInvoice } from './EtimsInvoice';

const off = { status: 'off' as const, invoice_no: null, cu_invoice_no: '', signed_at: null, verify_url: '', scu_id: '', internal_data: '', receipt_signature: '' };

describe('EtimsInvoice', () => {
  it('says a receipt without eTIMS is no tax invoice, and a queued one is pending', () => {
    const { rerender } = render(<EtimsInvoice order={{ etims: off, kra_pin: '' }} />);
    expect(screen.getByText('This receipt is not an eTIMS tax invoice')).toBeTruthy();
    rerender(<EtimsInvoice order={{ etims: { ...off, status: 'pending', invoice_no: 4 }, kra_pin: '' }} />);
    expect(screen.getByText('eTIMS invoice pending')).toBeTruthy();
  });

  it('shows a signed invoice with its CU number, signature in fours and KRA’s link', () => {
    const signed = {
      ...off,
      status: 'signed' as const,
      invoice_no: 4,
      cu_invoice_no: 'KRACU0400000001/4',
      scu_id: 'KRACU0400000001',
      signed_at: '2026-11-27T09:00:00Z',
      internal_data: 'ABCDEFGH',
      receipt_signature: 'ABCD1234EFGH5678',
      verify_url: 'https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00ABCD1234EFGH5678',
    };
    render(<EtimsInvoice order={{ etims: signed, kra_pin: 'P051234567X' }} />);
    expect(screen.getByText('KRACU0400000001/4')).toBeTruthy();
    expect(screen.getByText('ABCD-1234-EFGH-5678')).toBeTruthy();
    expect(screen.getByText('P051234567X')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Check this invoice with KRA' }).getAttribute('href')).toBe(signed.verify_url);
    // The QR code, read back as a phone's camera would: the path's modules drawn on a canvas.
    const qr = screen.getByRole('img', { name: 'QR code of KRA’s link to check this invoice' });
    expect(jsQR(...pixels(qr))?.data).toBe(signed.verify_url);
  });
});

/** The QR code's SVG path as RGBA pixels, 4 per module, for a QR reader. */
function pixels(svg: Element): [Uint8ClampedArray, number, number] {
  const size = Number(svg.getAttribute('viewBox')!.split(' ')[2]);
  const scale = 4;
  const side = size * scale;
  const rgba = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y] of svg.querySelector('path')!.getAttribute('d')!.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++)
      for (let dx = 0; dx < scale; dx++) {
        const i = ((Number(y) * scale + dy) * side + Number(x) * scale + dx) * 4;
        rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
      }
  }
  return [rgba, side, side];
}
