// The data saver (docs/product.md, "Data saver"): no automatic slides, pictures only when
// scrolled to, and the address instead of the map. The customer's switch is kept in the
// data_saver cookie, which the server reads too (internal/storefront/datasaver.go).
import { createStore } from './store';

export const DATA_SAVER_COOKIE = 'data_saver';

interface Signals {
  /** The data_saver cookie: '1' on, '0' off, undefined when never switched. */
  cookie: string | undefined;
  /** The page's <meta name="shop:data-saver">: 'on' when the server saw Save-Data or the cookie. */
  meta: string | null | undefined;
  /** navigator.connection.saveData: the phone's own data saver. */
  saveData: boolean | undefined;
}

/** Whether to save data: the customer's switch decides once used, else the browser's wish. */
export function decideDataSaver({ cookie, meta, saveData }: Signals): boolean {
  if (cookie === '1') return true;
  if (cookie === '0') return false;
  return meta === 'on' || saveData === true;
}

function readCookie(name: string): string | undefined {
  for (const part of document.cookie.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

function signals(): Signals {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return {
    cookie: readCookie(DATA_SAVER_COOKIE),
    meta: document.querySelector('meta[name="shop:data-saver"]')?.getAttribute('content'),
    saveData: connection?.saveData,
  };
}

const store = createStore(typeof document === 'undefined' ? false : decideDataSaver(signals()));

/** Whether the data saver is on now; components re-render when the customer switches it. */
export const useDataSaver = store.use;

/** The footer's switch: kept for a year, and sent to the server with every page. */
export function setDataSaver(on: boolean) {
  document.cookie = `${DATA_SAVER_COOKIE}=${on ? '1' : '0'}; path=/; max-age=31536000; SameSite=Lax`;
  store.set(on);
}

/** The narrowest stored version of an uploaded picture (internal/admin/media.go: 400 px WebP). */
const SMALLEST_WIDTH = 400;
const UPLOADED = /^(\/media\/products\/[^/]+)-(\d+)\.webp$/;

/**
 * The smallest version of a picture: an upload is stored 400 px wide and wider ("-400.webp",
 * "-800.webp"; one narrower than 400 px is stored only as it is); other pictures have one size.
 */
export function smallestImage(src: string): string {
  const m = UPLOADED.exec(src);
  if (!m || Number(m[2]) <= SMALLEST_WIDTH) return src;
  return `${m[1]}-${SMALLEST_WIDTH}.webp`;
}
