import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/utils';
import ContactPage from './ContactPage';

// SHOP_USSD_CODE reaches the web app in the page's head (internal/storefront): set, the contact
// page tells a farmer without data to dial it; unset, it says nothing of USSD (docs/ussd.md).

function headSays(code: string | null) {
  document.head.querySelector('meta[name="shop:ussd"]')?.remove();
  if (code === null) return;
  const meta = document.createElement('meta');
  meta.name = 'shop:ussd';
  meta.content = code;
  document.head.append(meta);
}

afterEach(() => headSays(null));

async function renderContact() {
  renderAt('/contact', [{ path: '/contact', Component: ContactPage }]);
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
}

describe('the USSD code on the contact page', () => {
  it('shows the code, dialled by a tap, when the shop has one', async () => {
    headSays('*384*123#');
    await renderContact();
    expect(screen.getByText('Order from any phone')).toBeTruthy();
    const dial = screen.getByRole('link', { name: '*384*123#' });
    expect(dial.getAttribute('href')).toBe('tel:*384*123%23');
    expect(screen.getByText('Dial it on any phone, no internet needed.')).toBeTruthy();
  });

  it('says nothing of USSD when the shop has no code', async () => {
    await renderContact();
    expect(screen.queryByText('Order from any phone')).toBeNull();
    expect(document.body.textContent).not.toMatch(/\*384|USSD|no internet/);
  });

  it('says nothing of a head that holds no USSD code', async () => {
    headSays('<b>1</b>');
    await renderContact();
    expect(screen.queryByText('Order from any phone')).toBeNull();
  });
});
