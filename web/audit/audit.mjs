// The shop's speed and accessibility audit (run by `make audit` through scripts/audit.sh, which
// starts the server): Lighthouse 12 on /, /shop and a product page in English and Kiswahili, on
// two phones (Lighthouse's mid-range phone on slow 4G, and a rural 3G phone), and axe on every
// public page in both languages.
// Usage: node web/audit/audit.mjs http://127.0.0.1:18190
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
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
const JS_BUDGET_GZIP = 120_000; // bytes, the JavaScript / needs in English
// A low-cost phone far from a mast (docs/benchmarks.md): the bars are its LCP on a first visit.
const RURAL_3G = ['--throttling.rttMs=300', '--throttling.throughputKbps=400', '--throttling.cpuSlowdownMultiplier=6'];
const RURAL_LCP_MS = { '/': 4000, '/shop': 4500 }; // a product page's rural LCP is reported against issue 29's target below
const LANGUAGES = [
  ['en', ''],
  ['sw', '?lang=sw'],
];
const CHROME_FLAGS =
  '--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync';
const failures = [];

const product = (await (await fetch(`${base}/api/products/?page=1&page_size=1`)).json()).results[0];
const lighthousePages = [
  ['/', 'home'],
  ['/shop', 'shop'],
  [`/products/${product.slug}`, 'product'],
];
const profiles = [
  { name: 'slow 4G', id: 'mobile', flags: [], pages: lighthousePages, bars: true },
  { name: 'rural 3G', id: 'rural', flags: RURAL_3G, pages: lighthousePages, bars: false },
];

// Issue 29's targets for a first screen a slow phone can use, reported page by page and language
// by language (not bars the audit fails on): on the rural 3G phone the first product's name, price
// and link painted by 3 s and LCP <= 2.5 s; Lighthouse's mobile preset performance >= 95.
const TARGETS = { productPaintMs: 3000, ruralLcpMs: 2500, performance: 0.95 };
const targets = []; // one line per page and language

/**
 * When the first product's name, price and link are painted: the server's first view carries them
 * (internal/storefront/firstview.go), and it paints whole at the first contentful paint; so FCP,
 * when the page's HTML has a product link with its price in its first view, else unknown (null).
 */
async function productPaint(path, report) {
  const html = await (await fetch(base + path)).text();
  const view = html.slice(html.indexOf('data-first-view'));
  const carries = html.includes('data-first-view') && (/<a href="\/products\/[^"]+"/.test(view) || path.startsWith('/products/')) && /Ksh\u00a0[\d,]+/.test(view);
  return carries ? report.audits['first-contentful-paint'].numericValue : null;
}

// Lighthouse itself sometimes aborts a run (a runtimeError in its report, such as NO_NAVSTART or
// NO_FCP when the page's trace comes out broken on a busy machine; it then exits 1). Such a run
// measured nothing: it is tried again, twice at most, and never counted as a score.
const LIGHTHOUSE_ATTEMPTS = 3;

/** One Lighthouse run: its report, or null (and the reason, logged) when Lighthouse aborted it. */
async function lighthouse(path, name, i, flags) {
  for (let attempt = 1; attempt <= LIGHTHOUSE_ATTEMPTS; attempt++) {
    const { report, aborted } = await lighthouseOnce(path, name, i, flags);
    if (report) return report;
    const next = attempt < LIGHTHOUSE_ATTEMPTS ? 'trying again' : `gave up after ${attempt} attempts, not counted`;
    console.log(`  ${path} run ${i}: Lighthouse aborted (${aborted}); ${next}`);
  }
  return null;
}

async function lighthouseOnce(path, name, i, flags) {
  const out = join(reports, `lighthouse-${name}-${i}`);
  // A report left by an earlier attempt or an earlier audit must not pass for this run's.
  for (const ext of ['json', 'html']) rmSync(`${out}.report.${ext}`, { force: true });
  let exitError = null;
  try {
    await run(
      join(here, 'node_modules', '.bin', 'lighthouse'),
      [
        base + path,
        '--form-factor=mobile',
        ...flags,
        `--chrome-flags=${CHROME_FLAGS}`,
        '--only-categories=performance,accessibility,best-practices,seo',
        '--output=json',
        '--output=html',
        `--output-path=${out}`,
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 << 20 },
    );
  } catch (err) {
    exitError = err; // it may still have written a report, with the runtimeError that ended it
  }
  let report = null;
  if (existsSync(`${out}.report.json`)) {
    try {
      report = JSON.parse(readFileSync(`${out}.report.json`, 'utf8'));
    } catch {
      // a cut-off report is no report
    }
  }
  if (report?.runtimeError) return { aborted: `${report.runtimeError.code}: ${report.runtimeError.message}` };
  if (report && Object.keys(BARS).every((cat) => typeof report.categories?.[cat]?.score === 'number')) return { report };
  if (exitError) {
    const said = `${exitError.stderr ?? ''}`.trim().split('\n').pop() || exitError.message.split('\n')[0];
    return { aborted: `exit ${exitError.code ?? exitError.signal}, no report: ${said}` };
  }
  return { aborted: 'a report without scores' };
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
  return { total, files: urls.size, urls };
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

const scripts = {}; // the script addresses / loaded, by language
for (const profile of profiles) {
  console.log(`\nLighthouse ${runs} run(s) per page, median by performance (mobile, ${profile.name}): ${base}`);
  console.log(`${pad('page', 42)}perf a11y  bp  seo    FCP    LCP   TBT    CLS  JS gzip`);
  for (const [lang, query] of LANGUAGES) {
    for (const [page, name] of profile.pages) {
      const path = page + query;
      const results = [];
      for (let i = 1; i <= runs; i++) {
        const report = await lighthouse(path, `${profile.id}-${lang}-${name}`, i, profile.flags);
        if (report) results.push(report);
      }
      if (results.length === 0) {
        console.log(`${pad(path, 42)}no run completed: Lighthouse aborted every one`);
        failures.push(`Lighthouse (${profile.name}) on ${path}: no run completed (${runs} run(s), each tried ${LIGHTHOUSE_ATTEMPTS} times)`);
        continue;
      }
      results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
      // The median run; of an even number (a run Lighthouse aborted is left out), the lower one.
      const r = results[Math.floor((results.length - 1) / 2)];
      const c = r.categories;
      const a = r.audits;
      const js = await scriptBytes(r);
      console.log(
        `${pad(path, 42)}${score(c.performance.score)} ${score(c.accessibility.score)} ${score(c['best-practices'].score)} ${score(c.seo.score)}` +
          ` ${a['first-contentful-paint'].displayValue.padStart(6)} ${a['largest-contentful-paint'].displayValue.padStart(6)}` +
          ` ${a['total-blocking-time'].displayValue.padStart(5)} ${a['cumulative-layout-shift'].displayValue.padStart(6)}` +
          ` ${(js.total / 1000).toFixed(1).padStart(6)} kB  ${(r.audits['total-byte-weight'].numericValue / 1024).toFixed(0)} KiB in all`,
      );
      if (profile.bars) {
        for (const [cat, bar] of Object.entries(BARS)) {
          if (c[cat].score < bar) failures.push(`Lighthouse ${cat} on ${path}: ${score(c[cat].score).trim()} < ${bar * 100}`);
        }
        if (page === '/') scripts[lang] = js;
        if (path === '/' && js.total > JS_BUDGET_GZIP) failures.push(`JavaScript of /: ${js.total} bytes gzipped > ${JS_BUDGET_GZIP}`);
      }
      if (profile.bars) {
        targets.push({ key: `${lang} ${path}`, text: `performance ${score(c.performance.score).trim()} (target ${TARGETS.performance * 100}): ${c.performance.score >= TARGETS.performance ? 'met' : 'missed'}` });
      } else {
        const painted = await productPaint(path, r);
        const paintText = painted === null ? 'first product painted: not measurable' : `first product painted ${(painted / 1000).toFixed(1)} s (target 3 s): ${painted <= TARGETS.productPaintMs ? 'met' : 'missed'}`;
        const lcpMs = a['largest-contentful-paint'].numericValue;
        targets.push({ key: `${lang} ${path}`, text: `rural 3G ${paintText}; LCP ${(lcpMs / 1000).toFixed(1)} s (target 2.5 s): ${lcpMs <= TARGETS.ruralLcpMs ? 'met' : 'missed'}` });
      }
      const lcpBar = profile.bars ? undefined : RURAL_LCP_MS[page];
      const lcp = a['largest-contentful-paint'].numericValue;
      if (lcpBar && lcp > lcpBar) failures.push(`LCP (${profile.name}) on ${path}: ${Math.round(lcp)} ms > ${lcpBar} ms`);
      if (runs > 1) {
        const left = runs - results.length;
        console.log(
          `${pad('', 42)}performance of the runs: ${results.map((x) => score(x.categories.performance.score).trim()).join(', ')}` +
            (left > 0 ? ` (${left} of ${runs} aborted by Lighthouse, not counted)` : ''),
        );
      }
    }
  }
}
// Kiswahili costs / its dictionary and nothing else.
if (scripts.en && scripts.sw) {
  const extra = [...scripts.sw.urls].filter((u) => !scripts.en.urls.has(u));
  const missing = [...scripts.en.urls].filter((u) => !scripts.sw.urls.has(u));
  const dictionary = extra.filter((u) => /\/kiswahili-[\w-]+\.js$/.test(u));
  console.log(`\nKiswahili on /: ${scripts.sw.total - scripts.en.total} bytes gzipped more than English (${extra.map((u) => u.replace(base, '')).join(', ') || 'nothing'})`);
  if (missing.length > 0 || extra.length !== dictionary.length || dictionary.length !== 1) {
    failures.push(`Kiswahili on / loads more than its dictionary: extra ${extra.join(', ') || 'none'}, missing ${missing.join(', ') || 'none'}`);
  }
}
console.log('\nIssue 29 targets (reported, not bars):');
for (const key of [...new Set(targets.map((t) => t.key))]) {
  console.log(`  ${key}: ${targets.filter((t) => t.key === key).map((t) => t.text).join('; ')}`);
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
  '/track',
  '/no-such-page',
];
const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', args: CHROME_FLAGS.split(' ').filter((f) => f !== '--headless=new') });
console.log(`\naxe (WCAG 2.0/2.1 A and AA), serious or critical violations per page:`);
console.log(`${pad('page', 42)}phone  desktop`);
for (const path of axePages.flatMap((p) => LANGUAGES.map(([, q]) => (q ? p + (p.includes('?') ? '&' + q.slice(1) : q) : p)))) {
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
  console.log(`\naudit: ${failures.length} bar(s) missed or not measured:`);
  for (const f of failures) console.log(`  - ${f}`);
  process.exit(1);
}
console.log('\naudit: every bar met.');
