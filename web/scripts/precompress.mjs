// Writes .gz and .br siblings next to every compressible file in dist/ larger than 1 KB,
// so the Go server can send them as they are instead of compressing on every request.
// Run by `npm run build` after `vite build`. Prints the sizes, and the total that the
// first load of / needs (the assets dist/index.html references).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipAsync } from '@gfx/zopfli';
import { brotliCompressSync, constants } from 'node:zlib';

const dist = new URL('../dist/', import.meta.url).pathname;
const EXTENSIONS = ['.js', '.css', '.html', '.svg', '.json'];
const MIN_BYTES = 1024;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

const kb = (n) => `${(n / 1000).toFixed(2).padStart(7)} kB`; // kB = 1000 bytes, as Vite prints
const sizes = new Map(); // dist-relative path → { raw, gz, br }

for (const file of walk(dist)) {
  if (!EXTENSIONS.some((ext) => file.endsWith(ext))) continue;
  const data = readFileSync(file);
  // Zopfli writes ordinary gzip about 3% smaller than zlib's best: bytes every first visit on
  // paid mobile data saves, for a few seconds of build.
  const gz = Buffer.from(await gzipAsync(data, { numiterations: 15 }));
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  // What the server sends: the sibling when there is one, else the file as it is. A sibling
  // that is not smaller, or of a file too small to gain, is not written.
  const keepGz = data.length > MIN_BYTES && gz.length < data.length;
  const keepBr = data.length > MIN_BYTES && br.length < data.length;
  sizes.set(relative(dist, file), { raw: data.length, gz: keepGz ? gz.length : data.length, br: keepBr ? br.length : data.length });
  if (keepGz) writeFileSync(`${file}.gz`, gz);
  if (keepBr) writeFileSync(`${file}.br`, br);
}

const rows = [...sizes].sort(([a], [b]) => a.localeCompare(b));
console.log(`\nprecompress: ${dist}`);
console.log(`${'file'.padEnd(48)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}`);
for (const [name, s] of rows) console.log(`${name.padEnd(48)}${kb(s.raw)}${kb(s.gz)}${kb(s.br)}`);

// What a first visit to / downloads: index.html plus the scripts, module preloads and
// stylesheets it references (lazily loaded pages are not among them).
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const initial = ['index.html'];
for (const m of html.matchAll(/(?:src|href)="\/([^"]+\.(?:js|css))"/g)) initial.push(m[1]);
// The server names the app's code through first-view.js on a page with a first view (home).
initial.push('first-view.js');
const total = { raw: 0, gz: 0, br: 0, jsGz: 0 };
for (const name of initial) {
  const s = sizes.get(name) ?? { raw: statSync(join(dist, name)).size, gz: 0, br: 0 };
  total.raw += s.raw;
  total.gz += s.gz;
  total.br += s.br;
  if (name.endsWith('.js')) total.jsGz += s.gz;
}
console.log(`\nfirst load of / (${initial.length} files): raw ${kb(total.raw)}, gzip ${kb(total.gz)}, brotli ${kb(total.br)}; JavaScript gzip ${kb(total.jsGz)}\n`);

// The budget (docs/benchmarks.md): a build that breaks it fails, so it is seen the day it happens.
const JS_BUDGET_GZIP = 120_000;
if (total.jsGz > JS_BUDGET_GZIP) {
  console.error(`precompress: the JavaScript of / is ${total.jsGz} bytes gzipped, over the budget of ${JS_BUDGET_GZIP}`);
  process.exit(1);
}
