import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { serviceWorker } from './vite-sw-plugin.ts';

// In development Vite serves the app and forwards API calls to the Go server
// (`bin/shop serve --dev`, default http://127.0.0.1:8080; override with SHOP_API_URL).
const apiTarget = process.env.SHOP_API_URL ?? 'http://127.0.0.1:8080';

// React Router's package offers its production build to no bundler condition Vite sets, so a
// build names it: without the development warnings it is about 600 bytes gzip smaller on every first
// load. Tests and `vite dev` keep the development build and its warnings.
const reactRouterProduction = (dir: string) => ({
  'react-router/dom': `${dir}/dom-export.mjs`,
  'react-router': `${dir}/index.mjs`,
});

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), serviceWorker()],
  resolve: {
    alias:
      command === 'build'
        ? reactRouterProduction(fileURLToPath(new URL('./node_modules/react-router/dist/production', import.meta.url)))
        : {},
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    // dist/.vite/manifest.json: the server reads it to preload the code of the page it sends.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: a separate chunk stays cached across
        // releases, so a returning visitor on mobile data fetches only the app's own code.
        codeSplitting: {
          groups: [
            // The libraries every page runs; one a single page uses (the QR code of an eTIMS
            // invoice on the order page) stays with that page's code, off the first load.
            { name: 'vendor', test: /[\\/]node_modules[\\/](?!uqr[\\/])/ },
            // The API client, which every page needs. Named first so that the group below,
            // which takes its members' imports along, leaves it out of the forms' file.
            { name: 'api', test: /[\\/]src[\\/]shared[\\/]api[\\/](api|authToken)\.ts$/ },
            // The form kit and the form rules serve the account, checkout, order and admin
            // pages: one file for them all, instead of a small one for each module.
            { name: 'forms', test: /[\\/]src[\\/]shared[\\/](ui[\\/]form[\\/]|domain[\\/](validation|accountRules)\.ts$|hooks[\\/]useForm\.ts$)/ },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Rendering the whole app in jsdom takes about a second; on a busy
    // 2-core machine it can take several, which is slowness, not failure.
    testTimeout: 20_000,
  },
}));
