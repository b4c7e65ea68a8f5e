// Texts of the shop page (features/shop): the search and its suggestions, the filters, the sort,
// the results and the pages.
import { messages } from '../../shared/i18n/i18n';

const en = {
  title: 'Shop',
  intro: 'Feeds, dewormers, supplements, chemicals and DCP, delivered across Kenya.',
  loading: 'Loading products...',
  showing: (first: number, last: number, total: string) => `Showing ${first}-${last} of ${total} products`,
  showingNone: (total: string) => `Showing 0 of ${total} products`,
  failed: 'We could not load the products.',
  noneTitle: 'No products found',
  noneHint: 'Try adjusting your search or filter criteria',
  clearFilters: 'Clear all filters',
  emptyPage: (page: number) => `There are no products on page ${page}.`,
  firstPage: 'Go to page 1',

  controls: {
    form: 'Products',
    search: 'Search',
    category: 'Category',
    allCategories: 'All Categories',
    collection: 'Collection',
    allProducts: 'All Products',
    sortBy: 'Sort by',
    view: 'View',
    grid: 'Grid',
    list: 'List',
    size: (size: string) => `Size: ${size}`,
    removeFilter: (filter: string) => `${filter}: remove this filter`,
  },
  // Keyed by the values the address carries (shopParams.ts).
  sorts: {
    name: 'Name',
    'price-low': 'Price: Low to High',
    'price-high': 'Price: High to Low',
  },
  collections: {
    'new-arrivals': 'New Arrivals',
    'best-sellers': 'Best Sellers',
    featured: 'Featured',
  },
  promos: {
    bulk: 'Bulk Deals',
    seasonal: 'Seasonal Offers',
  },

  search: {
    placeholder: 'Search products...',
    suggestions: 'Suggestions',
    looking: 'Looking for suggestions…',
    unavailable: 'Suggestions are not available right now.',
    none: 'No suggestions',
    category: 'Category',
    product: 'Product',
  },

  pages: {
    more: 'View More Products',
    label: 'Pagination',
    previous: 'Previous',
    next: 'Next',
    page: (n: number) => `Page ${n}`,
  },
};

export type ShopMessages = typeof en;
export const shopMessages = () => messages('shop', en);
