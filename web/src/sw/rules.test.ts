import { describe, expect, it } from 'vitest';
import { CATALOGUE_MAX_BYTES, cacheNames, isStale, strategyFor, toEvict } from './rules';

const ORIGIN = 'https://shop.example.co.ke';
const get = (path: string, mode = 'cors') => strategyFor('GET', new URL(path, ORIGIN), ORIGIN, mode);

describe('strategyFor', () => {
  it('keeps the catalogue answers and the product pictures', () => {
    for (const path of [
      '/api/products/',
      '/api/products/?category=feeds&page=2',
      '/api/products/high-yield-dairy-meal/',
      '/api/products/12/',
      '/api/categories/',
      '/api/search/suggest/?q=maziwa',
      '/media/products/dairy-meal.webp',
    ]) {
      expect(get(path), path).toBe('catalogue');
    }
  });

  it('never keeps an answer about a person, an order, money, the admin or the dev tools', () => {
    for (const path of [
      '/api/cart/',
      '/api/cart/items/',
      '/api/auth/me/',
      '/api/auth/token/refresh/',
      '/api/orders/',
      '/api/orders/MBF-1001/',
      '/api/payments/mpesa/initiate/',
      '/api/delivery/options/?county=Nairobi',
      '/api/admin/products/',
      '/api/admin/products/1/',
      '/api/products/1/reviews/',
      '/api/newsletter/',
      '/dev/outbox',
      '/dev/daraja/oauth/v1/generate',
      '/sw.js',
      '/healthz',
    ]) {
      expect(get(path), path).toBe('network');
    }
  });

  it('sends writes and other sites to the network', () => {
    expect(strategyFor('POST', new URL('/api/products/', ORIGIN), ORIGIN, 'cors')).toBe('network');
    expect(strategyFor('HEAD', new URL('/media/a.png', ORIGIN), ORIGIN, 'no-cors')).toBe('network');
    expect(strategyFor('GET', new URL('https://www.openstreetmap.org/export/embed.html'), ORIGIN, 'navigate')).toBe('network');
  });

  it('keeps the storefront pages, not the private ones', () => {
    for (const path of ['/', '/shop', '/shop?category=feeds', '/products/high-yield-dairy-meal', '/about', '/contact', '/terms']) {
      expect(get(path, 'navigate'), path).toBe('page');
    }
    for (const path of ['/cart', '/checkout', '/account', '/admin', '/admin/orders/MBF-1/print', '/login', '/register', '/order-confirmation?order=MBF-1', '/reset-password?token=x', '/track', '/o/abc']) {
      expect(get(path, 'navigate'), path).toBe('private-page');
    }
    // An API address opened as a page is still an API answer.
    expect(get('/api/cart/', 'navigate')).toBe('network');
  });

  it('keeps the app files', () => {
    for (const path of ['/assets/index-abc.js', '/assets/index-abc.css', '/favicon.svg', '/manifest.webmanifest', '/icons/icon-192.png', '/images/placeholder-product.svg', '/first-view.js']) {
      expect(get(path), path).toBe('asset');
    }
  });
});

describe('toEvict', () => {
  it('drops the oldest entries until the rest fit', () => {
    const entries = [
      { url: 'a', size: 4 },
      { url: 'b', size: 3 },
      { url: 'c', size: 2 },
      { url: 'd', size: 1 },
    ];
    expect(toEvict(entries, 10)).toEqual([]);
    expect(toEvict(entries, 9)).toEqual(['a']);
    expect(toEvict(entries, 3)).toEqual(['a', 'b']);
    expect(toEvict(entries, 0)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('holds the catalogue to about 10 MB', () => {
    const pictures = Array.from({ length: 120 }, (_, i) => ({ url: `/media/${i}.webp`, size: 100_000 }));
    const dropped = toEvict(pictures, CATALOGUE_MAX_BYTES);
    expect(dropped).toEqual(pictures.slice(0, 20).map((p) => p.url));
  });
});

describe('cache names', () => {
  it('drops the caches of older builds but keeps the catalogue', () => {
    const now = cacheNames('v2');
    expect(isStale('shop-shell-v1', 'v2')).toBe(true);
    expect(isStale('shop-pages-v1', 'v2')).toBe(true);
    expect(isStale(now.shell, 'v2')).toBe(false);
    expect(isStale(now.pages, 'v2')).toBe(false);
    expect(isStale(now.catalogue, 'v2')).toBe(false);
    expect(isStale('someone-else', 'v2')).toBe(false);
  });
});
