import type { ComponentsMessages } from './components';

export const components: ComponentsMessages = {
  loading: 'Inafunguka…',
  tryAgain: 'Jaribu tena',
  continueShopping: 'Endelea Kununua',

  carousel: {
    slide: (n: number, of: number) => `${n} kati ya ${of}`,
    previous: (label: string) => `Rudi nyuma: ${label}`,
    next: (label: string) => `Endelea mbele: ${label}`,
    show: (label: string, n: number, of: number) => `Onyesha ${label}, ${n} kati ya ${of}`,
    play: (label: string) => `Endelea kusogeza: ${label}`,
    pause: (label: string) => `Simamisha: ${label}`,
  },
  copy: {
    copy: 'Nakili',
    copied: 'Imenakiliwa',
    failed: 'Imeshindikana kunakili: tafadhali iandike',
  },
  map: {
    open: 'Fungua kwenye ramani',
    title: (name: string, address: string) => `Ramani: ${name}, ${address}`,
  },
  quantity: {
    label: 'Kiasi',
    decrease: 'Punguza kiasi',
    increase: 'Ongeza kiasi',
  },
  rated: (rating: number) => `Nyota ${rating} kati ya 5`,
  reviewCount: (n: number) => `Maoni ${n}`,

  badges: {
    label: 'Sifa za bidhaa',
    newProduct: 'Bidhaa Mpya',
    bestSeller: 'Inauzwa Sana',
    featured: 'Maalum',
  },
  inStock: 'Inapatikana',
  outOfStock: 'Imeisha',
  quickView: 'Tazama Haraka',
  close: 'Funga',
  fullDetails: 'Ona maelezo kamili',
  addToCart: 'Weka Kikapuni',
  addedToCart: 'Imewekwa Kikapuni!',
  added: 'Imewekwa!',
  addFailed: 'Imeshindikana kuweka kwenye kikapu. Tafadhali jaribu tena.',
  sizes: {
    none: 'Bidhaa hii bado haina vipimo vinavyouzwa.',
    legend: 'Kipimo',
    soldOut: 'Imeisha',
    left: (n: number) => `Zimebaki ${n}`,
    available: 'Inapatikana',
  },

  whatsapp: {
    cartIntro: 'Habari Mifugo Bora Feeds, ningependa kuagiza:',
    cartTotal: (total: string) => `Jumla: ${total} (bila gharama ya usafirishaji)`,
    productQuestion: (name: string, url: string) => `Habari Mifugo Bora Feeds, nina swali kuhusu ${name}: ${url}`,
    orderHelp: (orderId: string) => `Habari Mifugo Bora Feeds, naomba msaada kuhusu oda yangu ${orderId}.`,
  },
};
