// Builds the service worker (src/sw/sw.ts) into dist/sw.js, at the root so that it may serve
// every page, and writes into it the build's version and the app shell: index.html's scripts,
// module preloads and styles (the first view), found in the built index.html.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const SOURCE = fileURLToPath(new URL('./src/sw/sw.ts', import.meta.url));
const PLACEHOLDER = /(["'`])__SHOP_SW_BUILD__\1/;
/** Files beside the hashed ones that the shell needs offline. */
const STATIC = ['/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/images/placeholder-product.svg', '/first-view.js'];
/** The one file of STATIC that can change without index.html changing: it counts in the version. */
const FIRST_VIEW = fileURLToPath(new URL('./public/first-view.js', import.meta.url));

/** The app shell: the page itself ('/'), what the built index.html loads, and STATIC. */
export function shellFiles(html: string): string[] {
  const loaded = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1] as string);
  return ['/', ...new Set(loaded), ...STATIC];
}

export function serviceWorker(): Plugin {
  return {
    name: 'shop-service-worker',
    apply: 'build',
    enforce: 'post',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SOURCE, fileName: 'sw.js' });
    },
    generateBundle(_options, bundle) {
      const sw = bundle['sw.js'];
      const index = bundle['index.html'];
      if (sw?.type !== 'chunk' || index?.type !== 'asset') return this.error('service worker: sw.js or index.html missing from the build');
      if (!PLACEHOLDER.test(sw.code)) return this.error('service worker: the build placeholder is missing from sw.js');
      if (/^\s*(import|export)\b/m.test(sw.code)) return this.error('service worker: sw.js must be one classic script, without imports');
      const html = String(index.source);
      const shell = shellFiles(html);
      // A new deploy changes index.html or a hashed name: a new version, new caches.
      const version = createHash('sha256').update(html).update(JSON.stringify(shell)).update(readFileSync(FIRST_VIEW)).digest('hex').slice(0, 12);
      sw.code = sw.code.replace(PLACEHOLDER, JSON.stringify(JSON.stringify({ version, shell })));
    },
  };
}
