// Test helpers for the two languages (docs/i18n.md): a pseudo-language that marks every text of
// the catalogue, and a check that a rendered screen shows nothing else.
import { afterAll, beforeEach } from 'vitest';
import { showDictionary } from '../shared/i18n/i18n';
import type { Dictionary } from '../app/dictionary';
import { sw } from '../app/kiswahili';
import { BUSINESS } from '../shared/domain/business';

const OPEN = '⟦';
const CLOSE = '⟧';

function mark(value: unknown): unknown {
  if (typeof value === 'string') return `${OPEN}${value}${CLOSE}`;
  if (typeof value === 'function') return (...args: unknown[]) => `${OPEN}${(value as (...a: unknown[]) => string)(...args)}${CLOSE}`;
  if (Array.isArray(value)) return value.map(mark);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mark(v)]));
  return value;
}

/** Shows the pseudo-language (the Kiswahili texts, each marked) for the tests of the file that calls it. */
export function inPseudoLanguage() {
  beforeEach(() => showDictionary(mark(sw) as Dictionary));
  afterAll(() => showDictionary(null));
}

// What a screen may show that is no text of the catalogue: the business's own details and
// names, money, numbers, dates' digits, and the names of the two languages.
const NEUTRAL = [
  BUSINESS.name,
  BUSINESS.phone,
  BUSINESS.email,
  BUSINESS.address,
  ...BUSINESS.social.map((s) => s.name),
  'M-Pesa',
  'English',
  'Kiswahili',
  'WhatsApp',
];

/**
 * The texts under root (text and the attributes a reader hears) that did not come from the
 * catalogue. `data` lists what the screen shows from the API (product names, order numbers).
 */
export function untranslated(root: Element, data: string[] = []): string[] {
  const found: string[] = [];
  const check = (text: string | null, where: string) => {
    if (!text) return;
    let rest = text;
    // Remove marked texts, innermost first: a marked text may hold data or other texts.
    for (let prev = ''; prev !== rest; ) {
      prev = rest;
      rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ');
    }
    for (const d of [...data, ...NEUTRAL].sort((a, b) => b.length - a.length)) rest = rest.split(d).join(' ');
    rest = rest.replace(/Ksh\s*[-\d,.]+/g, ' ');
    if (/[A-Za-z]{2,}/.test(rest)) found.push(`${where}: ${JSON.stringify(text.trim())}`);
  };
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
  for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      const parent = node.parentElement;
      if (parent && !parent.closest('script, style, [data-i18n-neutral]')) check(node.textContent, parent.tagName.toLowerCase());
    } else if (node instanceof Element) {
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt', 'aria-description']) check(node.getAttribute(attr), `${node.tagName.toLowerCase()}[${attr}]`);
      if (node instanceof HTMLInputElement && (node.type === 'submit' || node.type === 'button')) check(node.value, 'input[value]');
    }
  }
  return found;
}
