// The admin forms' rules (docs/product.md section 5: product name, description and price required, price
// in steps of 0.01; category name required, never its own parent; slug = the name's letters and
// digits in lower case, with hyphens between). The server checks the same rules with the same words
// (internal/catalog/admin_rules.go), so a field reads the same whichever side caught it.
import { normalizePhone, type Errors } from './validation';

export const MSG = {
  fixFields: 'Please correct the highlighted fields.',
  nameRequired: 'Name is required',
  descriptionRequired: 'Description is required',
  // The Kiswahili texts are optional, with the English ones' limits (internal/catalog/admin_rules.go).
  nameSwTooLong: 'Name (Kiswahili) must be at most 200 characters',
  descriptionSwTooLong: 'Description (Kiswahili) must be at most 20000 characters',
  categoryNameSwTooLong: 'Name (Kiswahili) must be at most 100 characters',
  priceRequired: 'Price is required',
  priceInvalid: 'Price must be a number of 0 or more with at most 2 decimal places',
  categoryRequired: 'Please choose a category',
  sizeRequired: 'Size is required',
  skuRequired: 'SKU is required',
  stockInvalid: 'Stock must be a whole number of 0 or more',
  weightInvalid: 'Weight must be a number of kg of 0 or more, with at most 3 decimal places',
  // internal/catalog's MsgLastsDaysInvalid.
  lastsDaysInvalid: 'Days it lasts must be a whole number from 1 to 730, or blank',
  countiesMissing: 'Choose at least one county',
  courierRequired: 'Name the courier that carries this order.',
  // internal/order/refund.go.
  refundAmount: 'Enter an amount of more than 0.',
  refundAmountFormat: 'Enter the amount like 1500.00.',
  refundReason: 'Say why the money is refunded.',
  refundReference: 'Enter the M-Pesa reference of the money sent back.',
  refundWholeShillings: 'M-Pesa sends whole shillings: enter an amount without cents.',
  refundLimits: 'M-Pesa sends Ksh 10 to Ksh 250,000 in one payment.',
  refundPhone: 'Enter the M-Pesa number to send the money to, like 0712345678.',
  ownParent: 'A category cannot be its own parent',
  parentIsDescendant: 'A category cannot be placed under one of its own sub-categories',
  imageType: 'Upload a JPEG, PNG or WebP image.',
  imageTooBig: 'The image is too large: upload a file of at most 8 MB.',
  // docs/product.md section 8.
  confirmDeleteProduct: 'Are you sure you want to delete this product?',
  productDeleted: 'Product deleted successfully',
  productDeleteFailed: 'Failed to delete product',
  confirmDeleteCategory: 'Are you sure you want to delete this category?',
  categoryDeleted: 'Category deleted successfully',
  categoryDeleteFailed: 'Failed to delete category',
} as const;

export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];


/** "1500", "1500.5", "1500.50": not negative, at most two decimal places (step 0.01). */
export function checkPrice(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return MSG.priceRequired;
  if (!/^\d{1,11}(\.\d{1,2})?$/.test(v)) return MSG.priceInvalid;
  return undefined;
}

export interface ProductForm {
  name: string;
  description: string;
  base_price: string;
  category: string;
  name_sw?: string;
  description_sw?: string;
}

/** Characters as the server counts them: the trimmed text's code points. */
function length(s: string | undefined): number {
  return [...(s ?? '').trim()].length;
}

export function validateProduct(f: ProductForm): Errors<keyof ProductForm> {
  const e: Errors<keyof ProductForm> = {};
  if (f.name.trim() === '') e.name = MSG.nameRequired;
  if (f.description.trim() === '') e.description = MSG.descriptionRequired;
  if (length(f.name_sw) > 200) e.name_sw = MSG.nameSwTooLong;
  if (length(f.description_sw) > 20000) e.description_sw = MSG.descriptionSwTooLong;
  const price = checkPrice(f.base_price);
  if (price) e.base_price = price;
  if (f.category === '') e.category = MSG.categoryRequired;
  return e;
}

export interface VariantForm {
  size: string;
  sku: string;
  price: string;
  stock: string;
  weight_kg: string;
  /** How many days the size usually lasts a farm (1 to 730), for the reminders; blank: none. */
  lasts_days?: string;
}

/** A weight in kg: "70", "0.5", "0.25"; whole grams at most. Empty is fine where the server has a default. */
export function checkWeight(value: string): string | undefined {
  const v = value.trim();
  return v === '' || /^\d{1,6}(\.\d{1,3})?$/.test(v) ? undefined : MSG.weightInvalid;
}

export function validateVariant(f: VariantForm): Errors<keyof VariantForm> {
  const e: Errors<keyof VariantForm> = {};
  if (f.size.trim() === '') e.size = MSG.sizeRequired;
  if (f.sku.trim() === '') e.sku = MSG.skuRequired;
  const price = checkPrice(f.price);
  if (price) e.price = price;
  if (!/^\d{1,10}$/.test(f.stock.trim() || '0')) e.stock = MSG.stockInvalid;
  const weight = checkWeight(f.weight_kg);
  if (weight) e.weight_kg = weight;
  const lasts = (f.lasts_days ?? '').trim();
  if (lasts !== '' && !(/^\d{1,3}$/.test(lasts) && Number(lasts) >= 1 && Number(lasts) <= 730)) e.lasts_days = MSG.lastsDaysInvalid;
  return e;
}

/**
 * docs/product.md: the slug is the name's letters and digits in lower case, with one hyphen for
 * each run of anything else, at most 200 bytes, 'category' when nothing is left: as the server
 * makes it, so the hint shows the slug the category gets.
 */
export function categorySlug(name: string): string {
  let slug = (name.toLowerCase().match(/[\p{L}\p{Nd}]+/gu) ?? []).join('-');
  const utf8 = new TextEncoder();
  while (utf8.encode(slug).length > 200) slug = Array.from(slug).slice(0, -1).join('');
  return slug.replace(/-+$/, '') || 'category';
}

export interface CategoryNode {
  id: number;
  parent: number | null;
}

/** Ids of the categories below `id` in the tree (its children, their children, ...). */
export function descendants(id: number, all: CategoryNode[]): Set<number> {
  const out = new Set<number>();
  const stack = [id];
  while (stack.length > 0) {
    const cur = stack.pop()!;
    for (const c of all) {
      if (c.parent === cur && !out.has(c.id)) {
        out.add(c.id);
        stack.push(c.id);
      }
    }
  }
  return out;
}

export function validateCategory(
  f: { name: string; parent: string; name_sw?: string },
  id: number | null,
  all: CategoryNode[],
): Errors<'name' | 'parent' | 'name_sw'> {
  const e: Errors<'name' | 'parent' | 'name_sw'> = {};
  if (f.name.trim() === '') e.name = MSG.nameRequired;
  if (length(f.name_sw) > 100) e.name_sw = MSG.categoryNameSwTooLong;
  if (id !== null && f.parent !== '') {
    const parent = Number(f.parent);
    if (parent === id) e.parent = MSG.ownParent;
    else if (descendants(id, all).has(parent)) e.parent = MSG.parentIsDescendant;
  }
  return e;
}

/** The file's problem before it is sent, or undefined. The server checks the real content. */
export function checkImageFile(file: { type: string; size: number }): string | undefined {
  if (!IMAGE_TYPES.includes(file.type)) return MSG.imageType;
  if (file.size > MAX_IMAGE_BYTES) return MSG.imageTooBig;
  return undefined;
}

/** The stock forms (docs/product.md section 5); internal/stock/ledger.go says the same. */
export const STOCK_MSG = {
  quantity: 'Quantity must be a whole number of 1 or more',
  count: 'Count must be a whole number of 0 or more',
  note: 'Note must be at most 500 characters',
} as const;

export interface StockForm {
  kind: 'received' | 'damaged' | 'count_correction';
  amount: string;
  note: string;
}

export function validateStock(f: StockForm): Errors<keyof StockForm> {
  const e: Errors<keyof StockForm> = {};
  const v = f.amount.trim();
  if (f.kind === 'count_correction') {
    if (!/^\d{1,10}$/.test(v)) e.amount = STOCK_MSG.count;
  } else if (!/^\d{1,10}$/.test(v) || Number(v) < 1) e.amount = STOCK_MSG.quantity;
  if ([...f.note.trim()].length > 500) e.note = STOCK_MSG.note;
  return e;
}

/** How the history names each reason a size's stock changed. */
export const STOCK_REASON: Record<string, string> = {
  sale: 'Sale',
  order_returned: 'Order returned',
  received: 'Received',
  damaged: 'Damaged',
  count_correction: 'Count correction',
  import: 'Import',
  edit: 'Edited in the size form',
};
/** The refund form's checks, as the server makes them (internal/order/refund.go): the most is the server's to say. */
export type RefundField = 'method' | 'amount' | 'reason' | 'reference' | 'phone' | 'receipt' | 'restock' | 'lines';
export type RefundMethod = 'manual' | 'mpesa' | 'reversal';

/**
 * A refund form's fields as the server checks them (docs/payments.md section 12): a recorded
 * refund needs its M-Pesa reference; one sent by M-Pesa whole shillings within M-Pesa's limits and
 * a number M-Pesa takes; a reversal sends back the whole payment, so its amount is the payment's.
 */
export function checkRefund(f: { amount: string; reason: string; reference: string; method?: RefundMethod; phone?: string }): Errors<RefundField> {
  const errors: Errors<RefundField> = {};
  const method = f.method ?? 'manual';
  const amount = f.amount.trim();
  if (method !== 'reversal') {
    if (!/^\d+(\.\d{1,2})?$/.test(amount)) errors.amount = amount === '' ? MSG.refundAmount : MSG.refundAmountFormat;
    else if (Number(amount) <= 0) errors.amount = MSG.refundAmount;
    else if (method === 'mpesa' && !Number.isInteger(Number(amount))) errors.amount = MSG.refundWholeShillings;
    else if (method === 'mpesa' && (Number(amount) < 10 || Number(amount) > 250000)) errors.amount = MSG.refundLimits;
  }
  if (f.reason.trim() === '') errors.reason = MSG.refundReason;
  if (method === 'manual' && f.reference.trim() === '') errors.reference = MSG.refundReference;
  if (method === 'mpesa' && !normalizePhone(f.phone ?? '')) errors.phone = MSG.refundPhone;
  return errors;
}
