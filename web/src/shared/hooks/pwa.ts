// The installable app on the page's side: registers the service worker (/sw.js, built from
// src/sw/), offers "Reload to update" when a new version is waiting, and offers to install the
// app from the second visit on (docs/product.md, "The app on the phone").
import { createStore } from './store';

const VISITS = 'shop_visits';
const COUNTED = 'shop_visit_counted';
const DISMISSED = 'shop_install_dismissed';

/** The browser's install prompt (Chromium's beforeinstallprompt event). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

let waiting: ServiceWorker | null = null;
let installPrompt: InstallPromptEvent | null = null;

const updateReady = createStore(false);
const installOffered = createStore(false);

/** Whether a new version is ready and waits for "Reload to update". */
export const useUpdateReady = updateReady.use;
/** Whether to show "Install the app" now. */
export const useInstallOffered = installOffered.use;

/**
 * Counts this visit (once per browser session, not per page) and returns the visits so far.
 * Storage may be refused (private mode): then it is the first visit.
 */
export function countVisit(local: Storage, session: Storage): number {
  try {
    let visits = Number(local.getItem(VISITS)) || 0;
    if (!session.getItem(COUNTED)) {
      visits += 1;
      local.setItem(VISITS, String(visits));
      session.setItem(COUNTED, '1');
    }
    return visits;
  } catch {
    return 1;
  }
}

/** The install offer waits for the second visit, and never comes back once answered. */
export function shouldOfferInstall(visits: number, dismissed: boolean, canPrompt: boolean): boolean {
  return canPrompt && visits >= 2 && !dismissed;
}

function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED) === '1';
  } catch {
    return false;
  }
}

function setWaiting(worker: ServiceWorker) {
  waiting = worker;
  updateReady.set(true);
}

function watch(reg: ServiceWorkerRegistration) {
  if (reg.waiting && navigator.serviceWorker.controller) setWaiting(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const next = reg.installing;
    next?.addEventListener('statechange', () => {
      // Installed while an older version runs the page: a new deploy.
      if (next.state === 'installed' && navigator.serviceWorker.controller) setWaiting(next);
    });
  });
}

/** Starts the installable app: the service worker after the page has loaded, and the install offer. */
export function startApp() {
  const visits = countVisit(localStorage, sessionStorage);
  const offer = (e: Event) => {
    e.preventDefault();
    installPrompt = e as InstallPromptEvent;
    installOffered.set(shouldOfferInstall(visits, dismissed(), true));
  };
  window.addEventListener('beforeinstallprompt', offer);
  // An offer the browser made before this code came, kept by /first-view.js.
  const early = (window as { __shopInstallPrompt?: Event }).__shopInstallPrompt;
  if (early) offer(early);
  window.addEventListener('appinstalled', () => installOffered.set(false));
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js').then(watch, () => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/** "Reload to update": the waiting version takes over, then the page reloads on it. */
export function applyUpdate() {
  if (!waiting) return;
  navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  waiting.postMessage('skip-waiting');
}

/** "Install the app": the browser's own prompt; either answer ends the offer. */
export async function install() {
  const prompt = installPrompt;
  installPrompt = null;
  installOffered.set(false);
  if (!prompt) return;
  await prompt.prompt();
  const { outcome } = await prompt.userChoice;
  if (outcome === 'dismissed') dismissInstall();
}

/** "Not now": the offer does not come back. */
export function dismissInstall() {
  installOffered.set(false);
  try {
    localStorage.setItem(DISMISSED, '1');
  } catch {
    // Storage refused: the offer may come again next visit.
  }
}
