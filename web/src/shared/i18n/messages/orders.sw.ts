import type { OrdersMessages } from './orders';

export const orders: OrdersMessages = {
  statuses: {
    pending_payment: 'Inasubiri malipo',
    awaiting_delivery_payment: 'Lipa ikifika',
    paid: 'Imelipwa',
    processing: 'Inaandaliwa',
    dispatched: 'Imetumwa',
    delivered: 'Imefikishwa',
    ready_for_pickup: 'Iko tayari kuchukuliwa',
    collected: 'Imechukuliwa',
    partially_refunded: 'Sehemu ya pesa imerudishwa',
    refunded: 'Pesa imerudishwa',
    payment_failed: 'Malipo hayakufaulu',
    cancelled: 'Imeghairiwa',
  },

  summary: {
    subtotal: 'Jumla ya bidhaa',
    discount: 'Punguzo',
    discountWithCode: (code: string) => `Punguzo (${code})`,
    shipping: 'Usafirishaji',
    chooseDelivery: 'Chagua njia ya kuletewa',
    total: 'Jumla',
    totalBeforeDelivery: 'Jumla kabla ya usafirishaji',
  },

  timeline: {
    progress: 'Hatua za oda',
    notYet: '(bado)',
    withCourier: (courier: string) => `Inaletwa na ${courier}`,
    trackingNumber: ', namba ya kufuatilia',
  },

  receipt: {
    download: 'Pakua risiti (PDF)',
    downloading: 'Tunaandaa risiti…',
    failed: 'Imeshindikana kupakua risiti. Tafadhali jaribu tena.',
  },
  again: {
    button: 'Agiza tena',
    busy: 'Tunaweka kwenye kikapu…',
    failed: 'Imeshindikana kuweka oda kwenye kikapu. Tafadhali jaribu tena.',
    leftOutTitle: 'Baadhi ya bidhaa za oda yako ya awali hazikuwekwa',
    reasons: {
      not_sold: 'haiuzwi tena',
      out_of_stock: 'imeisha',
      fewer: 'zilizopo ni chache',
    } as Record<string, string>,
    missing: (n: number) => `${n} hazikuwekwa`,
  },
};
