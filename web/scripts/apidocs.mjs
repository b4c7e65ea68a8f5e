// Copies Redoc's standalone bundle into dist/apidocs/, where the API's page (/api/docs,
// internal/apidoc) loads it. Run by `npm run build` after `vite build`: the renderer is served
// as a file of its own, so no page of the shop loads it but that one.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const from = new URL('../node_modules/redoc/bundles/', import.meta.url);
const to = new URL('../dist/apidocs/', import.meta.url);

// The one address outside the shop Redoc loads: its logo, from Redocly's CDN, which the page's
// policy refuses. "data:," is no picture, so Redoc hides it (its credit stays, as text), and
// the page asks nothing of any other host.
const LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

mkdirSync(to, { recursive: true });
const bundle = readFileSync(new URL('redoc.standalone.js', from), 'utf8');
if (!bundle.includes(LOGO)) {
  throw new Error(`redoc.standalone.js no longer loads ${LOGO}: look again at what it loads from other hosts`);
}
writeFileSync(new URL('redoc.standalone.js', to), bundle.replaceAll(LOGO, 'data:,'));
copyFileSync(new URL('redoc.standalone.js.LICENSE.txt', from), new URL('redoc.standalone.js.LICENSE.txt', to));
