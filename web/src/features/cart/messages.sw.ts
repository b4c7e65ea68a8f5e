import type { CartMessages } from './messages';

export const cart: CartMessages = {
  title: 'Kikapu Chako',
  failed: 'Hatukuweza kufungua kikapu chako.',
  loading: 'Kikapu chako kinafunguka…',
  emptyTitle: 'Kikapu Chako Kiko Tupu',
  emptyText: 'Weka chakula cha mifugo, dawa za minyoo au virutubisho kutoka dukani, navyo vitakusubiri hapa.',
  items: 'Bidhaa kwenye kikapu chako',
  summary: 'Muhtasari wa Oda',
  shippingPending: 'Utachagua wakati wa malipo',
  checkout: 'Endelea na Malipo',
  whatsapp: 'Agiza kwa WhatsApp',
  whatsappHint: 'Ungependa kuongea nasi? Tutumie oda hii kama ujumbe.',

  line: {
    size: (size: string) => `Kipimo: ${size}`,
    sku: (sku: string) => `Namba ya bidhaa (SKU): ${sku}`,
    remove: 'Ondoa',
    removeItem: (name: string, size: string) => `Ondoa ${name} (${size})`,
    quantityOf: (name: string, size: string) => `Kiasi cha ${name} (${size})`,
    decrease: (name: string) => `Punguza kiasi cha ${name}`,
    increase: (name: string) => `Ongeza kiasi cha ${name}`,
    quantity: 'Kiasi',
    each: (price: string) => `${price} kila moja`,
    changeFailed: 'Imeshindikana kubadilisha kikapu. Tafadhali jaribu tena.',
  },

  coupon: {
    label: 'Una kodi ya kuponi?',
    apply: 'Tumia',
    applying: 'Inatumika…',
    remove: 'Ondoa',
    applied: (code: string) => `Kodi ${code} imetumika`,
    failed: 'Imeshindikana kutumia kodi. Tafadhali jaribu tena.',
    removeFailed: 'Imeshindikana kuondoa kodi. Tafadhali jaribu tena.',
  },
};
