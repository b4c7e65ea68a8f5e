import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// End-to-end tests drive the real binary (`make build` produces ../bin/shop) on a fresh
// SQLite database in a temporary directory. Playwright loads this file in the runner and
// again in every worker: the runner creates the directory once and the workers inherit it
// through the environment.
const port = Number(process.env.E2E_PORT ?? 18080);
const baseURL = `http://127.0.0.1:${port}`;

const createdHere = !process.env.E2E_TMPDIR;
const tmpdir = process.env.E2E_TMPDIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
process.env.E2E_TMPDIR = tmpdir;
if (createdHere && !process.env.E2E_KEEP_TMPDIR) {
  process.on('exit', () => fs.rmSync(tmpdir, { recursive: true, force: true }));
}

const chromium = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

const phone = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1280, height: 800 } };
const changesCatalogue = [/admin\.spec\.ts$/, /admin-bulk\.spec\.ts$/];

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: chromium,
    trace: 'retain-on-failure',
  },
  // Specs that change what the shop lists (a product published, then deleted) run after all the
  // others, which assert the demo catalogue's counts ("Showing 1-20 of 48 products").
  projects: [
    { name: 'phone', testIgnore: changesCatalogue, use: phone },
    { name: 'desktop', testIgnore: changesCatalogue, use: desktop },
    { name: 'phone-catalogue', testMatch: changesCatalogue, use: phone, dependencies: ['phone', 'desktop'] },
    { name: 'desktop-catalogue', testMatch: changesCatalogue, use: desktop, dependencies: ['phone', 'desktop'] },
  ],
  webServer: {
    command: '../bin/shop serve --dev',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      SHOP_ADDR: `127.0.0.1:${port}`,
      SHOP_DATABASE_URL: `sqlite:${tmpdir}/e2e.db`,
      SHOP_DATA_DIR: tmpdir,
      // One log line per request drowns the test report; warnings and errors still show.
      SHOP_LOG_LEVEL: 'warn',
      SHOP_MPESA_SIM_DELAY: '1s', // the simulated phone answers M-Pesa requests after 1 s
      // The whole suite is one client address and a handful of test phones; the limits
      // themselves are tested in Go (internal/httpapi, internal/account).
      SHOP_MPESA_PROMPTS_PER_PHONE: '1000',
      SHOP_MPESA_PROMPTS_PER_ADDRESS: '1000',
      SHOP_SIGNUPS_PER_ADDRESS: '1000',
      // An agent's commission is payable as soon as the order is delivered (e2e/agent.spec.ts).
      SHOP_AGENT_RETURN_DAYS: '0',
    },
  },
});
