// Lints the app's source (src/). The boundaries rule keeps the features apart: a page or
// section may use the shared layers (shared/*) and its own folder, never another feature, so a
// feature can be changed, moved or deleted without breaking the others. The shared layers
// never reach into a feature.
import boundaries from 'eslint-plugin-boundaries';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommended],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/legacy-templates': false,
      'boundaries/elements': [
        // The shell: routes, layout, header and footer put the features together.
        { type: 'app', pattern: 'src/app' },
        // The back office: its sub-features (orders, catalogue, delivery, money, people,
        // settings) and the shell that puts them together as tabs. Listed before the features,
        // as the first element that matches a file is its own.
        { type: 'admin', pattern: 'src/features/admin/*', capture: ['name'] },
        { type: 'feature', pattern: 'src/features/*', capture: ['name'] },
        // The shared layers: api (the HTTP client, the session, the generated API types),
        // hooks, domain (money, dates, phone rules...), ui (the one UI kit) and i18n.
        { type: 'shared', pattern: 'src/shared/*', capture: ['layer'] },
        // The service worker (/sw.js): its own program, built apart from the app.
        { type: 'sw', pattern: 'src/sw' },
        // Test set-up and helpers, for test files only.
        { type: 'test', pattern: 'src/test' },
      ],
      'boundaries/files': [{ category: 'test', pattern: '**/*.test.{ts,tsx}' }],
      // A test that mocks a module depends on it as much as one that imports it.
      'boundaries/additional-dependency-nodes': [
        { selector: "CallExpression[callee.object.name='vi'][callee.property.name='mock'] > Literal:first-child", kind: 'value', name: 'vi.mock' },
      ],
      // The entry point only starts the app.
      'boundaries/ignore': ['src/main.tsx', 'src/index.css'],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            {
              from: { element: { type: 'app' } },
              allow: { to: { element: { types: { anyOf: ['feature', 'admin', 'shared'] } } } },
            },
            {
              from: { element: { type: 'feature' } },
              allow: [
                { to: { element: { type: 'shared' } } },
                { to: { element: { type: 'feature', captured: { name: '{{ from.captured.name }}' } } } },
              ],
            },
            // An admin sub-feature is a feature like the others; only the shell may import them all.
            {
              from: { element: { type: 'admin' } },
              allow: [
                { to: { element: { type: 'shared' } } },
                { to: { element: { type: 'admin', captured: { name: '{{ from.captured.name }}' } } } },
              ],
            },
            { from: { element: { type: 'admin', captured: { name: 'shell' } } }, allow: { to: { element: { type: 'admin' } } } },
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared' } } } },
            { from: { element: { type: 'sw' } }, allow: { to: { element: { type: 'sw' } } } },
            // The test helpers read the app's whole dictionary (app/kiswahili.ts) for the pseudo-language.
            { from: { element: { type: 'test' } }, allow: { to: { element: { types: { anyOf: ['test', 'shared', 'app'] } } } } },
            { from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'test' } } } },
          ],
        },
      ],
      // Every file must belong to one of the elements above, so a new top-level folder is a
      // decision rather than a way around the rule.
      'boundaries/no-unknown-files': 'error',
      'boundaries/no-unknown-dependencies': 'error',
    },
  },
  {
    // Kiswahili words reach the app only through app/kiswahili.ts, the one lazy chunk
    // (docs/i18n.md): imported anywhere else, they would ride in an English chunk.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/app/kiswahili.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '\\.sw$', message: 'Kiswahili words load only through app/kiswahili.ts (docs/i18n.md).' }] }],
    },
  },
);
