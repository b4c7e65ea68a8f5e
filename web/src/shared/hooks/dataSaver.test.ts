import { describe, expect, it } from 'vitest';
import { decideDataSaver, smallestImage } from './dataSaver';

describe('decideDataSaver', () => {
  it('is off when nothing asks for it', () => {
    expect(decideDataSaver({ cookie: undefined, meta: null, saveData: undefined })).toBe(false);
    expect(decideDataSaver({ cookie: undefined, meta: null, saveData: false })).toBe(false);
  });

  it("follows the browser's Save-Data, as the server or the phone says it", () => {
    expect(decideDataSaver({ cookie: undefined, meta: 'on', saveData: undefined })).toBe(true);
    expect(decideDataSaver({ cookie: undefined, meta: null, saveData: true })).toBe(true);
  });

  it("lets the customer's switch win either way", () => {
    expect(decideDataSaver({ cookie: '1', meta: null, saveData: false })).toBe(true);
    expect(decideDataSaver({ cookie: '0', meta: 'on', saveData: true })).toBe(false);
  });
});

describe('smallestImage', () => {
  it('takes the 400 px version of an upload stored wider', () => {
    expect(smallestImage('/media/products/ab12cd-800.webp')).toBe('/media/products/ab12cd-400.webp');
    expect(smallestImage('/media/products/ab12cd-640.webp')).toBe('/media/products/ab12cd-400.webp');
  });

  it('keeps a picture that has one size', () => {
    for (const src of ['/media/products/ab12cd-400.webp', '/media/products/ab12cd-300.webp', '/media/products/dairy-meal.svg', '/images/placeholder-product.svg']) {
      expect(smallestImage(src)).toBe(src);
    }
  });
});
