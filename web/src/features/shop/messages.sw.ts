import type { ShopMessages } from './messages';

export const shop: ShopMessages = {
  title: 'Duka',
  intro: 'Chakula cha mifugo, dawa za minyoo, virutubisho, kemikali na DCP, tunaleta kote Kenya.',
  loading: 'Bidhaa zinafunguka...',
  showing: (first: number, last: number, total: string) => `Bidhaa ${first}-${last} kati ya ${total}`,
  showingNone: (total: string) => `Bidhaa 0 kati ya ${total}`,
  failed: 'Hatukuweza kufungua bidhaa.',
  noneTitle: 'Hakuna bidhaa zilizopatikana',
  noneHint: 'Jaribu kubadilisha ulichotafuta au vichujio',
  clearFilters: 'Ondoa vichujio vyote',
  emptyPage: (page: number) => `Hakuna bidhaa kwenye ukurasa wa ${page}.`,
  firstPage: 'Nenda ukurasa wa 1',

  controls: {
    form: 'Bidhaa',
    search: 'Tafuta',
    category: 'Aina',
    allCategories: 'Aina Zote',
    collection: 'Mkusanyiko',
    allProducts: 'Bidhaa Zote',
    sortBy: 'Panga kwa',
    view: 'Mwonekano',
    grid: 'Gridi',
    list: 'Orodha',
    size: (size: string) => `Kipimo: ${size}`,
    removeFilter: (filter: string) => `${filter}: ondoa kichujio hiki`,
  },
  sorts: {
    name: 'Jina',
    'price-low': 'Bei: Ndogo hadi Kubwa',
    'price-high': 'Bei: Kubwa hadi Ndogo',
  },
  collections: {
    'new-arrivals': 'Bidhaa Mpya',
    'best-sellers': 'Zinazouzwa Sana',
    featured: 'Maalum',
  },
  promos: {
    bulk: 'Ofa za Jumla',
    seasonal: 'Ofa za Msimu',
  },

  search: {
    placeholder: 'Tafuta bidhaa...',
    suggestions: 'Mapendekezo',
    looking: 'Tunatafuta mapendekezo…',
    unavailable: 'Mapendekezo hayapatikani kwa sasa.',
    none: 'Hakuna mapendekezo',
    category: 'Aina',
    product: 'Bidhaa',
  },

  pages: {
    more: 'Ona Bidhaa Zaidi',
    label: 'Kurasa',
    previous: 'Iliyotangulia',
    next: 'Inayofuata',
    page: (n: number) => `Ukurasa ${n}`,
  },
};
