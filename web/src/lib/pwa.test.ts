import { describe, expect, it } from 'vitest';
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
