// The shop's speed and accessibility audit (run by `make audit` through scripts/audit.sh, which
// starts the server): Lighthouse 12 on /, /shop and a product page, axe on every public page.
// Usage: node web/audit/audit.mjs http://127.0.0.1:18190
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const here = dirname(fileURLToPath(import.meta.url));
// Playwright and axe come from the web app's own dependencies (its browser tests use them).
const requireWeb = createRequire(join(here, '..', 'package.json'));
const { chromium } = requireWeb('@playwright/test');
const { default: AxeBuilder } = await import(requireWeb.resolve('@axe-core/playwright'));

const base = process.argv[2]?.replace(/\/$/, '');
if (!base) {
  console.error('usage: node web/audit/audit.mjs BASE_URL');
  process.exit(2);
}
const runs = Number(process.env.AUDIT_RUNS ?? 3);
const reports = join(here, 'reports');
mkdirSync(reports, { recursive: true });

const BARS = { performance: 0.9, accessibility: 0.95, 'best-practices': 0.95, seo: 0.95 };
const JS_BUDGET_GZIP = 120_000; // bytes, the JavaScript / needs
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const failures = [];

const product = (await (await fetch(`${base}/api/products/?page=1&page_size=1`)).json()).results[0];
const lighthousePages = [
  ['/', 'home'],
  ['/shop', 'shop'],
  [`/products/${product.slug}`, 'product'],
];

async function lighthouse(path, name, i) {
  const out = join(reports, `lighthouse-${name}-${i}`);
  await run(
    join(here, 'node_modules', '.bin', 'lighthouse'),
    [
      base + path,
      '--form-factor=mobile',
      `--chrome-flags=${CHROME_FLAGS}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--output=json',
      '--output=html',
      `--output-path=${out}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 << 20 },
  );
  return JSON.parse(readFileSync(`${out}.report.json`, 'utf8'));
}

/** The gzipped bytes on the wire of every script a Lighthouse run saw the page load. */
async function scriptBytes(report) {
  const urls = new Set(
    report.audits['network-requests'].details.items
      .filter((r) => r.resourceType === 'Script' && r.url.startsWith(base))
      .map((r) => r.url),
  );
  let total = 0;
  for (const url of urls) total += await gzippedSize(url);
  return { total, files: urls.size };
}

// node:http, not fetch: fetch would undo the compression whose size is measured here.
function gzippedSize(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': 'gzip' } }, (res) => {
        let n = 0;
        res.on('data', (chunk) => (n += chunk.length));
        res.on('end', () => resolve(n));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

const pad = (s, n) => String(s).padEnd(n);
const score = (x) => (x === null || x === undefined ? '  - ' : Math.round(x * 100).toString().padStart(4));

console.log(`\nLighthouse ${runs} run(s) per page, median by performance (mobile, simulated slow 4G): ${base}`);
console.log(`${pad('page', 42)}perf a11y  bp  seo    FCP    LCP   TBT    CLS  JS gzip`);
for (const [path, name] of lighthousePages) {
  const results = [];
  for (let i = 1; i <= runs; i++) results.push(await lighthouse(path, name, i));
  results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
  const r = results[Math.floor(results.length / 2)];
  const c = r.categories;
  const a = r.audits;
  const js = await scriptBytes(r);
  console.log(
    `${pad(path, 42)}${score(c.performance.score)} ${score(c.accessibility.score)} ${score(c['best-practices'].score)} ${score(c.seo.score)}` +
      ` ${a['first-contentful-paint'].displayValue.padStart(6)} ${a['largest-contentful-paint'].displayValue.padStart(6)}` +
      ` ${a['total-blocking-time'].displayValue.padStart(5)} ${a['cumulative-layout-shift'].displayValue.padStart(6)}` +
      ` ${(js.total / 1000).toFixed(1).padStart(6)} kB`,
  );
  for (const [cat, bar] of Object.entries(BARS)) {
    if (c[cat].score < bar) failures.push(`Lighthouse ${cat} on ${path}: ${score(c[cat].score).trim()} < ${bar * 100}`);
  }
  if (path === '/' && js.total > JS_BUDGET_GZIP) failures.push(`JavaScript of /: ${js.total} bytes gzipped > ${JS_BUDGET_GZIP}`);
  if (runs > 1) console.log(`${pad('', 42)}performance of the runs: ${results.map((x) => score(x.categories.performance.score).trim()).join(', ')}`);
}
console.log(`reports: ${reports}`);

// axe on every page a visitor can open, at a phone and a desktop size.
const axePages = [
  '/',
  '/home',
  '/shop',
  '/shop?search=no-such-product-anywhere',
  `/products/${product.slug}`,
  '/products/no-such-product',
  '/about',
  '/contact',
  '/terms',
  '/privacy',
  '/cart',
  '/checkout',
  '/login',
  '/register',
  '/forgot-password',
  '/order-confirmation',
  '/no-such-page',
];
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROME_FLAGS.split(' ').filter((f) => f !== '--headless=new') });
console.log(`\naxe (WCAG 2.0/2.1 A and AA), serious or critical violations per page:`);
console.log(`${pad('page', 42)}phone  desktop`);
for (const path of axePages) {
  const counts = [];
  for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await page.route(/^https?:\/\/([a-z0-9-]+\.)*openstreetmap\.org\//, (route) => route.abort());
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    for (const v of bad) {
      failures.push(`axe ${path} at ${viewport.width}px: ${v.id} (${v.impact}) ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
    counts.push(bad.length);
    await context.close();
  }
  console.log(`${pad(path, 42)}${String(counts[0]).padStart(5)}  ${String(counts[1]).padStart(7)}`);
}
await browser.close();

if (failures.length > 0) {
  console.log(`\naudit: ${failures.length} bar(s) missed:`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exit(1);
}
console.log('\naudit: every bar met.');
