import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { countVisit, shouldOfferInstall } from './pwa';

function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

describe('install offer', () => {
  it('counts a visit once per browser session', () => {
    const local = memoryStorage();
    const first = memoryStorage();
    expect(countVisit(local, first)).toBe(1);
    expect(countVisit(local, first)).toBe(1); // another page of the same visit
    expect(countVisit(local, memoryStorage())).toBe(2); // the next day
  });

  it('is offered from the second visit, when the browser can install, until answered', () => {
    expect(shouldOfferInstall(1, false, true)).toBe(false);
    expect(shouldOfferInstall(2, false, true)).toBe(true);
    expect(shouldOfferInstall(5, false, true)).toBe(true);
    expect(shouldOfferInstall(2, true, true)).toBe(false);
    expect(shouldOfferInstall(2, false, false)).toBe(false);
  });

  it('treats refused storage as a first visit', () => {
    const refusing = { ...memoryStorage(), getItem: () => { throw new Error('denied'); } } as Storage;
    expect(countVisit(refusing, memoryStorage())).toBe(1);
  });
});

/** A service worker as the page sees it, whose state the test moves on. */
class FakeWorker extends EventTarget {
  state = 'installing';
  posted: unknown[] = [];
  postMessage(m: unknown) {
    this.posted.push(m);
  }
  moveTo(state: string) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

describe('Reload to update', () => {
  it('is offered when a new version installs under a running one, and takes it over', async () => {
    vi.resetModules();
    vi.stubEnv('DEV', false);
    const reg = Object.assign(new EventTarget(), { waiting: null, installing: null as FakeWorker | null });
    const container = Object.assign(new EventTarget(), {
      controller: {},
      register: vi.fn(async () => reg),
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { serviceWorker: container }));
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const pwa = await import('./pwa');
    const { result } = renderHook(() => pwa.useUpdateReady());
    pwa.startApp();
    await vi.waitFor(() => expect(container.register).toHaveBeenCalledWith('/sw.js'));
    await act(async () => {});
    const next = new FakeWorker();
    reg.installing = next;
    act(() => void reg.dispatchEvent(new Event('updatefound')));
    expect(result.current).toBe(false);
    act(() => next.moveTo('installed'));
    expect(result.current).toBe(true);

    pwa.applyUpdate();
    expect(next.posted).toEqual(['skip-waiting']);
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
