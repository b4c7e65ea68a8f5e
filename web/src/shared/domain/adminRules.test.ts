import { describe, expect, it } from 'vitest';
import { MSG, categorySlug, checkRefund, checkImageFile, checkPrice, validateCategory, validateProduct, validateVariant } from './adminRules';

describe('admin product form', () => {
  it('requires name, description, price and category', () => {
    expect(validateProduct({ name: ' ', description: '', base_price: '', category: '' })).toEqual({
      name: MSG.nameRequired,
      description: MSG.descriptionRequired,
      base_price: MSG.priceRequired,
      category: MSG.categoryRequired,
    });
    expect(validateProduct({ name: 'Dairy Meal', description: 'For cows', base_price: '3650.50', category: '2' })).toEqual({});
  });

  it('takes the Kiswahili texts as optional, within the English limits', () => {
    const form = { name: 'Dairy Meal', description: 'For cows', base_price: '3650', category: '2' };
    expect(validateProduct({ ...form, name_sw: '', description_sw: '' })).toEqual({});
    expect(validateProduct({ ...form, name_sw: 'ñ'.repeat(200), description_sw: ' '.repeat(30000) })).toEqual({});
    expect(validateProduct({ ...form, name_sw: 'n'.repeat(201), description_sw: 'd'.repeat(20001) })).toEqual({
      name_sw: MSG.nameSwTooLong,
      description_sw: MSG.descriptionSwTooLong,
    });
    expect(MSG.nameSwTooLong).toBe('Name (Kiswahili) must be at most 200 characters');
  });

  it('takes prices in steps of 0.01, never negative', () => {
    for (const ok of ['0', '1500', '1500.5', '1500.50']) expect(checkPrice(ok)).toBeUndefined();
    for (const bad of ['1500.555', '-1', '1e3', 'abc', '1,500']) expect(checkPrice(bad)).toBe(MSG.priceInvalid);
  });

  it('checks a size: size, SKU, price, a whole stock and a weight in kg', () => {
    expect(validateVariant({ size: '', sku: '', price: 'x', stock: '2.5', weight_kg: '0.0001' })).toEqual({
      size: MSG.sizeRequired,
      sku: MSG.skuRequired,
      price: MSG.priceInvalid,
      stock: MSG.stockInvalid,
      weight_kg: MSG.weightInvalid,
    });
    expect(validateVariant({ size: '10 Kg', sku: 'MB-10', price: '650', stock: '', weight_kg: '' })).toEqual({});
    expect(validateVariant({ size: '500 ml', sku: 'AL-500', price: '650', stock: '3', weight_kg: '0.5' })).toEqual({});
  });
});

describe('admin category form', () => {
  const tree = [
    { id: 1, parent: null },
    { id: 2, parent: 1 },
    { id: 3, parent: 2 },
    { id: 4, parent: null },
  ];

  it('makes the slug from the name as docs/product.md says', () => {
    expect(categorySlug('  Dairy Meal ')).toBe('dairy-meal');
    expect(categorySlug('Layers  Mash Premium')).toBe('layers-mash-premium');
    expect(categorySlug('<img src=x onerror=alert(1)>cat')).toBe('img-src-x-onerror-alert-1-cat');
    expect(categorySlug("Dawa za Ng'ombe & Mbuzi")).toBe('dawa-za-ng-ombe-mbuzi');
    expect(categorySlug('Café Über 2')).toBe('café-über-2');
    expect(categorySlug('"/../"')).toBe('category');
  });

  it('requires a name and refuses itself or a descendant as parent', () => {
    expect(validateCategory({ name: '', parent: '' }, null, tree)).toEqual({ name: MSG.nameRequired });
    expect(validateCategory({ name: 'Feeds', parent: '1' }, 1, tree)).toEqual({ parent: MSG.ownParent });
    expect(validateCategory({ name: 'Feeds', parent: '3' }, 1, tree)).toEqual({ parent: MSG.parentIsDescendant });
    expect(validateCategory({ name: 'Feeds', parent: '4' }, 1, tree)).toEqual({});
  });

  it('takes a Kiswahili name of at most 100 characters, or none', () => {
    expect(validateCategory({ name: 'Feeds', parent: '', name_sw: '' }, null, tree)).toEqual({});
    expect(validateCategory({ name: 'Feeds', parent: '', name_sw: 'Chakula cha Mifugo' }, null, tree)).toEqual({});
    expect(validateCategory({ name: 'Feeds', parent: '', name_sw: 'k'.repeat(101) }, null, tree)).toEqual({ name_sw: MSG.categoryNameSwTooLong });
  });
});

describe('image files', () => {
  it('accepts JPEG, PNG and WebP up to 8 MB', () => {
    expect(checkImageFile({ type: 'image/webp', size: 1000 })).toBeUndefined();
    expect(checkImageFile({ type: 'image/gif', size: 1000 })).toBe(MSG.imageType);
    expect(checkImageFile({ type: 'image/jpeg', size: 8 * 1024 * 1024 + 1 })).toBe(MSG.imageTooBig);
  });
});

describe('refunds', () => {
  it('needs an amount of more than 0 with at most 2 decimals, a reason and the M-Pesa reference', () => {
    expect(checkRefund({ amount: '1500.50', reason: 'Bag burst', reference: 'SKL4H2B9XQ' })).toEqual({});
    expect(checkRefund({ amount: '0', reason: '', reference: ' ' })).toEqual({
      amount: MSG.refundAmount,
      reason: MSG.refundReason,
      reference: MSG.refundReference,
    });
    expect(checkRefund({ amount: '12.345', reason: 'x', reference: 'y' })).toEqual({ amount: MSG.refundAmountFormat });
  });
});
