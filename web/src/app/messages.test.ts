// The dictionary is complete (docs/i18n.md): the build already refuses a missing or extra key, and
// this test refuses what types cannot see: an empty text, a function that answers nothing, a list
// of another length, or an English text left as it was.
import { describe, expect, it } from 'vitest';
import { showDictionary } from '../shared/i18n/i18n';
import { aboutMessages } from '../features/about/messages';
import { agentMessages } from '../features/agent/messages';
import { accountMessages } from '../shared/i18n/messages/account';
import { appMessages } from '../shared/i18n/messages/app';
import { authMessages } from '../features/auth/messages';
import { cartMessages } from '../features/cart/messages';
import { checkoutMessages } from '../features/checkout/messages';
import { commonMessages } from '../shared/i18n/messages/common';
import { componentsMessages } from '../shared/i18n/messages/components';
import { contactMessages } from '../features/contact/messages';
import { formsMessages } from '../shared/i18n/messages/forms';
import { homeMessages } from '../features/home/messages';
import { legalMessages } from '../features/legal/messages';
import { orderMessages } from '../features/order/messages';
import { ordersMessages } from '../shared/i18n/messages/orders';
import { productMessages } from '../features/product/messages';
import { securityMessages } from '../features/account/messages';
import { shopMessages } from '../features/shop/messages';
import { riderMessages } from '../features/rider/messages';
import { trackMessages } from '../features/track/messages';
import type { Dictionary } from './dictionary';
import { sw } from './kiswahili';

// Each part's words, as its own code reads them. Typed as the whole dictionary, so a part added
// to it and not here fails the build.
const parts: { [K in keyof Dictionary]: () => Dictionary[K] } = {
  about: aboutMessages,
  agent: agentMessages,
  account: accountMessages,
  app: appMessages,
  auth: authMessages,
  cart: cartMessages,
  checkout: checkoutMessages,
  common: commonMessages,
  components: componentsMessages,
  contact: contactMessages,
  forms: formsMessages,
  home: homeMessages,
  legal: legalMessages,
  order: orderMessages,
  orders: ordersMessages,
  product: productMessages,
  security: securityMessages,
  shop: shopMessages,
  rider: riderMessages,
  track: trackMessages,
};

showDictionary(null);
const english = Object.fromEntries(Object.entries(parts).map(([part, texts]) => [part, texts()])) as unknown as Dictionary;

// Texts that read the same in both languages: names, and words Kiswahili takes as they are.
const SAME = new Set(['Dicalcium Phosphate (DCP)', 'Lipa na M-Pesa']);

function compare(en: unknown, sw: unknown, path: string, problems: string[]) {
  if (typeof en === 'string') {
    if (typeof sw !== 'string' || sw.trim() === '') problems.push(`${path}: no Kiswahili text`);
    else if (sw === en && !SAME.has(en)) problems.push(`${path}: still English (${en})`);
  } else if (typeof en === 'function') {
    if (typeof sw !== 'function') problems.push(`${path}: not a function`);
    else {
      const args = Array.from({ length: en.length }, (_, i) => (i === 0 ? 2 : 'X'));
      const out = (sw as (...a: unknown[]) => unknown)(...args);
      if (typeof out !== 'string' || out.trim() === '') problems.push(`${path}: answers no text`);
    }
  } else if (Array.isArray(en)) {
    if (!Array.isArray(sw) || sw.length !== en.length) problems.push(`${path}: a list of ${en.length} expected`);
    else en.forEach((v, i) => compare(v, sw[i], `${path}[${i}]`, problems));
  } else if (en && typeof en === 'object') {
    const a = Object.keys(en).sort();
    const b = Object.keys((sw as object) ?? {}).sort();
    if (a.join() !== b.join()) problems.push(`${path}: keys differ (${a.filter((k) => !b.includes(k)).join(', ') || b.filter((k) => !a.includes(k)).join(', ')})`);
    for (const k of a) compare((en as Record<string, unknown>)[k], (sw as Record<string, unknown>)?.[k], `${path}.${k}`, problems);
  }
}

describe('the message catalogue', () => {
  it('has every English text in Kiswahili', () => {
    const problems: string[] = [];
    compare(english, sw, 'dictionary', problems);
    expect(problems).toEqual([]);
  });

  // Every part names itself when it asks the catalogue for its texts (shared/i18n/i18n.ts); a
  // wrong name would show another part's words, or none, in Kiswahili only.
  it('reads each part of the Kiswahili dictionary under its own name', () => {
    showDictionary(sw);
    try {
      for (const [part, texts] of Object.entries(parts)) expect(texts(), part).toBe(sw[part as keyof Dictionary]);
    } finally {
      showDictionary(null);
    }
  });

  it('notices a text missing in Kiswahili', () => {
    const problems: string[] = [];
    const broken = { ...sw, app: { ...sw.app, menu: '' } };
    compare(english, broken, 'dictionary', problems);
    expect(problems).toEqual(['dictionary.app.menu: no Kiswahili text']);
  });
});
