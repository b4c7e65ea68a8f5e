import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, getSession } from '../../shared/api/authToken';
import { fakeApi, json, sentBody, signIn, testUser } from '../../test/utils';
import Security from './Security';

afterEach(() => clearSession());

const devices = [
  { id: 'd1', browser: 'Chrome on Android', ip: '41.90.1.2', created_at: '2026-03-01T06:00:00Z', last_seen_at: '2026-03-02T07:30:00Z', current: true },
  { id: 'd2', browser: 'Firefox on Windows', ip: '196.201.3.4', created_at: '2026-02-20T06:00:00Z', last_seen_at: '2026-02-28T10:00:00Z', current: false },
];

describe('Security', () => {
  it('sets up two-step sign-in with the QR code, and shows the recovery codes once', async () => {
    signIn({ ...testUser, mfa_enabled: false });
    const api = fakeApi({
      'GET /api/auth/sessions/': () => json(200, devices),
      'POST /api/auth/mfa/setup/': () => json(200, { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x', qr: 'data:image/png;base64,AAAA' }),
      'POST /api/auth/mfa/confirm/': () => json(200, { recovery_codes: ['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH'] }),
      'GET /api/auth/me/': () => json(200, { ...testUser, mfa_enabled: true }),
    });
    render(<Security />);
    fireEvent.click(await screen.findByRole('button', { name: 'Set up two-step sign-in' }));
    const qr = await screen.findByRole('img', { name: /QR code/ });
    expect(qr.getAttribute('src')).toBe('data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(screen.getByText('Enter the 6-digit code from your app.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['AAAA-BBBB-CCCC-DDDD', 'EEEE-FFFF-GGGG-HHHH']);
    expect(sentBody(api, 'POST /api/auth/mfa/confirm/')).toEqual({ code: '123456' });
    fireEvent.click(screen.getByRole('button', { name: 'I have kept my codes' }));
    expect(await screen.findByRole('button', { name: 'Turn off two-step sign-in' })).toBeTruthy();
    expect(getSession()?.user?.mfa_enabled).toBe(true);
  });

  it('lists the signed-in devices and signs one out', async () => {
    signIn();
    let list = devices;
    const api = fakeApi({
      'GET /api/auth/sessions/': () => json(200, list),
      'DELETE /api/auth/sessions/d2/': () => {
        list = [devices[0]!];
        return json(204, null);
      },
    });
    render(<Security />);
    const devicesList = await screen.findByRole('list', { name: 'Signed-in devices' });
    const items = within(devicesList).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('Chrome on Android');
    expect(items[0]!.textContent).toContain('This device');
    expect(items[0]!.textContent).toContain('41.90.1.2');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Sign out: Firefox on Windows' }));
    await waitFor(() => expect(screen.queryByText('Firefox on Windows')).toBeNull());
    expect(api.mock.calls.some(([url, init]) => String(url) === '/api/auth/sessions/d2/' && init?.method === 'DELETE')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
  });

  it('signs out everywhere else', async () => {
    signIn();
    fakeApi({
      'GET /api/auth/sessions/': () => json(200, devices),
      'POST /api/auth/sessions/revoke-others/': () => json(200, { ended: 3 }),
    });
    render(<Security />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    expect(await screen.findByText('Signed out on 3 other devices.')).toBeTruthy();
  });
});
