import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './admin-helpers';

// An owner turns on two-step sign-in in My Account and signs in again with a code. The test is
// the authenticator app: RFC 6238 (30 s steps, 6 digits, HMAC-SHA-1) from the key the page shows.

const PASSWORD = 'Ruiru2026Feeds';

function createOwner(email: string) {
  const tmp = process.env.E2E_TMPDIR;
  if (!tmp) throw new Error('E2E_TMPDIR is not set: run through playwright.config.ts');
  execFileSync(path.resolve('../bin/shop'), ['admin', 'create', '--email', email, '--password', PASSWORD], {
    env: { ...process.env, SHOP_DATABASE_URL: `sqlite:${tmp}/e2e.db`, SHOP_DATA_DIR: tmp, SHOP_LOG_LEVEL: 'warn' },
    stdio: 'pipe',
  });
}

function base32(text: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`not base32: ${c}`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

const step = () => Math.floor(Date.now() / 1000 / 30);

function totp(secret: string, at: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(at));
  const mac = createHmac('sha1', base32(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

async function signOut(page: Page) {
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies();
}

test('an owner turns on two-step sign-in and signs in again with a code', async ({ page }, info) => {
  const email = `mfa-owner-${info.project.name}@mifugobora.co.ke`;
  createOwner(email);

  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/account');
  const security = page.getByRole('region', { name: 'Security' });
  await security.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(security.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await security.getByTestId('mfa-secret').textContent())!.trim();
  const used = step();
  await security.getByLabel('Code from the app').fill(totp(secret, used));
  await security.getByRole('button', { name: 'Turn on' }).click();
  const codes = security.getByRole('list', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  await security.getByRole('button', { name: 'I have kept my codes' }).click();
  await expect(security.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeVisible();
  // This device is listed among the signed-in ones.
  await expect(security.getByRole('list', { name: 'Signed-in devices' }).getByText('This device')).toBeVisible();

  await signOut(page);
  await page.goto('/login');
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible();
  // A code is good once: the next step's code (the shop accepts one step either side).
  await page.getByLabel('Code from the app').fill(totp(secret, Math.max(used + 1, step())));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/account');
  await expect(page.getByRole('region', { name: 'Security' }).getByRole('button', { name: 'Turn off two-step sign-in' })).toBeVisible();
});
