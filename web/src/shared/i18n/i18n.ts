// The shop's two languages (docs/i18n.md). English is in the bundle, each part's words beside the
// code that shows them; the Kiswahili dictionary is one chunk (app/kiswahili.ts gathers every
// part's words), loaded before the first render only when Kiswahili is chosen, so English pays
// nothing. Switching reloads the page, so the server's head, the page data and every text follow
// at once and no component needs to listen for a change.

/**
 * The Kiswahili texts by part. Its whole shape (app/dictionary.ts) is the app's to know: this
 * layer sits below the features whose words it holds.
 */
export type Dictionary = object;

export type Lang = 'en' | 'sw';

const COOKIE = 'lang';
const YEAR_SECONDS = 365 * 24 * 3600;

let current: Lang = 'en';
let dictionary: Dictionary | null = null;

/** The language the app is showing. */
export function lang(): Lang {
  return current;
}

function parse(v: string | null | undefined): Lang | null {
  const l = v?.trim().toLowerCase();
  return l === 'en' || l === 'sw' ? l : null;
}

/**
 * The language asked for, as the server decides it (internal/i18n): ?lang=, then the lang cookie,
 * then <html lang>, which the server wrote from Accept-Language.
 */
export function chosenLanguage(): Lang {
  if (typeof document === 'undefined') return 'en';
  const fromQuery = parse(new URLSearchParams(location.search).get('lang'));
  const fromCookie = parse(/(?:^|;\s*)lang=([^;]*)/.exec(document.cookie)?.[1]);
  return fromQuery ?? fromCookie ?? parse(document.documentElement.lang) ?? 'en';
}

/**
 * Loads the chosen language before the app first renders: loadKiswahili imports the Kiswahili
 * chunk. When it cannot be had (offline, never cached) the app shows English rather than nothing.
 */
export async function startLanguage(loadKiswahili: () => Promise<Dictionary>): Promise<void> {
  if (chosenLanguage() === 'sw') {
    try {
      showDictionary(await loadKiswahili());
    } catch {
      showDictionary(null);
    }
  }
  document.documentElement.lang = current;
}

/** Shows d (null: English) from now on: the start of the app, and tests. */
export function showDictionary(d: Dictionary | null): void {
  dictionary = d;
  current = d ? 'sw' : 'en';
}

/** Keeps the choice in the cookie and shows the page again in that language. */
export function switchLanguage(l: Lang): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${COOKIE}=${l}; path=/; max-age=${YEAR_SECONDS}; samesite=lax${secure}`;
  // A ?lang= left in the address would switch it straight back.
  const url = new URL(location.href);
  url.searchParams.delete('lang');
  location.replace(url.href);
}

/**
 * An API address or a cache key in the language shown: in Kiswahili with lang=sw as its last
 * parameter, the rule the server's page data follows too (docs/i18n.md), so caches keyed by
 * address never mix the two languages.
 */
export function inLanguage(pathOrKey: string): string {
  return current === 'sw' ? `${pathOrKey}${pathOrKey.includes('?') ? '&' : '?'}lang=sw` : pathOrKey;
}

/**
 * The texts of one part of the shop in the language shown: call it while rendering. The part's
 * name is its key in app/dictionary.ts (app/messages.test.ts checks each part reads its own).
 */
export function messages<T>(part: string, en: T): T {
  return dictionary ? (dictionary as Record<string, T>)[part]! : en;
}

/**
 * A module-level object of texts (rules and their tests read them as constants) whose every text
 * is read from the catalogue when used, so it follows the language shown.
 */
export function liveTexts<T extends object>(texts: () => T): T {
  return new Proxy({} as T, {
    get: (_target, key) => Reflect.get(texts(), key),
    has: (_target, key) => Reflect.has(texts(), key),
    ownKeys: () => Reflect.ownKeys(texts()),
    // Each text is the catalogue's of the moment, never one kept on the object.
    getOwnPropertyDescriptor: (_target, key) => {
      const own = Reflect.getOwnPropertyDescriptor(texts(), key);
      return own && { ...own, configurable: true };
    },
  });
}
