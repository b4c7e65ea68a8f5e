import { expect, test } from '@playwright/test';
import { HtmlValidate } from 'html-validate';

// The HTML the server writes (its first view, head and structured data) is valid by html-validate's
// recommended rules, in both languages, on every public page (docs/i18n.md, "Structured data and
// valid HTML"). Void elements are written both ways (Vite's template closes them, the server's
// renderer does not), which HTML allows, so their spelling is not checked; nor is the doctype's
// case, which Vite writes.
const PAGES = ['/', '/shop', '/products/high-yield-dairy-meal', '/about', '/contact', '/cart', '/checkout', '/login', '/register', '/track', '/terms', '/privacy', '/no-such-page'];

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'void-style': 'off', 'doctype-style': 'off' },
});

for (const lang of ['en', 'sw']) {
  test(`the server's pages are valid HTML (${lang})`, async ({ request }, info) => {
    test.skip(info.project.name !== 'desktop', 'the server writes the same HTML for every screen');
    for (const path of PAGES) {
      const res = await request.get(lang === 'sw' ? `${path}${path.includes('?') ? '&' : '?'}lang=sw` : path);
      expect(res.headers()['content-type']).toContain('text/html');
      const report = await validator.validateString(await res.text(), path);
      const problems = report.results.flatMap((r) => r.messages.map((m) => `${path}:${m.line}:${m.column} ${m.ruleId} ${m.message}`));
      expect(problems, `${lang} ${path}`).toEqual([]);
    }
  });
}
