// Texts of the home page (features/home): the hero, the category bar, the product sections, the
// farmers' testimonials and why farmers choose the shop.
import { messages } from '../../shared/i18n/i18n';

const en = {
  heroTitle: 'Healthy animals, better harvests',
  heroText: (years: number) =>
    `Animal feeds, dewormers, supplements, chemicals and DCP for Kenyan farmers. Over ${years} years of experience and delivery across Kenya. Pay with M-Pesa.`,
  shopNow: 'Shop Now',

  categoriesBar: {
    label: 'Product categories',
    toggle: 'Categories',
    feeds: {
      title: 'Feeds',
      all: 'All Feeds',
      dairyMeal: 'Dairy Meal',
      kienyejiMash: 'Kienyeji Mash',
      layersMash: 'Layers Mash',
      chickFeeds: 'Chick Feeds',
      broilerFeeds: 'Broiler Feeds',
      pigFeeds: 'Pig Feeds',
    },
    dewormers: {
      title: 'Dewormers',
      all: 'All Dewormers',
      albendazole10: 'Albendazole 10%',
      albendazole25: 'Albendazole 2.5%',
    },
    supplements: {
      title: 'Supplements',
      all: 'All Supplements',
      chemicals: 'Chemicals',
      dcp: 'Dicalcium Phosphate (DCP)',
    },
    weight: {
      title: 'By Weight',
      kg10: '10 Kg',
      kg20: '20 Kg',
      kg70: '70 Kg',
      ml120: '120 ml',
      litre1: '1 litre',
    },
    offers: {
      title: 'Special Offers',
      bulk: 'Bulk Deals',
      seasonal: 'Seasonal Offers',
      newArrivals: 'New Arrivals',
    },
  },

  newProducts: 'New Products',
  viewAll: 'View All',
  newProductsLoading: 'Loading new products',
  newProductsFailed: 'We could not load the new products.',
  newProductsNone: 'New products are on their way. Browse the shop meanwhile.',
  collection: 'Featured Collection',
  viewMore: 'View More',
  collectionFailed: 'We could not load the featured collection.',

  featured: {
    title: 'Featured Product',
    loading: 'Loading the featured product',
    failed: 'We could not load the featured product.',
    none: 'No featured product at the moment.',
    browse: 'Browse the shop',
    categories: 'Categories',
    checkout: 'Checkout',
  },

  testimonials: {
    title: 'What Farmers are Saying',
    label: 'Testimonials',
    quotes: {
      grace:
        'Since I switched to the High Yield Dairy Meal my two Friesians give about four litres more each day. The bags are always fresh and delivery to Githunguri is quick.',
      peter:
        'My kienyeji birds grow evenly and start laying earlier. I order on my phone and pay with M-Pesa; the mash reaches me in two days.',
      mary: 'The Albendazole 10% works well for my dairy goats and the dosing guide on the bottle is clear. I now deworm the whole herd every three months.',
      james:
        'Good layers mash at a fair price. Egg numbers went up within three weeks and the shells are stronger. Their team answered my questions on WhatsApp.',
      esther:
        'The mineral premix helped my cows through the dry season. I like that I can see the price of every bag size before I order.',
      samuel:
        'I run a small pig unit and the grower-finisher meal gives steady weight gain. Ordering a bulk lot saved me money.',
    },
    bought: {
      grace: 'High Yield Dairy Meal, 70 Kg',
      peter: 'Kienyeji Growers Mash, 20 Kg',
      mary: 'Albendazole 10% Oral Suspension, 1 litre',
      james: 'Layers Mash Premium, 70 Kg',
      esther: 'Dairy Mineral Premix, 1 Kg',
      samuel: 'Pig Grower & Finisher Meal, 70 Kg',
    },
  },

  whyUs: (name: string) => `Why farmers choose ${name}`,
  strengths: {
    quality: {
      title: 'Quality you can trust',
      text: 'Balanced feeds and genuine animal-health products, made and stored to keep their strength.',
    },
    experience: {
      title: (years: number) => `Over ${years} years of experience`,
      text: 'Our team knows Kenyan dairy, poultry and pig farming, and gives honest advice on feeding.',
    },
    delivery: {
      title: 'Delivery across Kenya',
      text: 'We deliver to all 47 counties, priced by county and weight, or you collect free from our Ruiru store or from an agrovet near you.',
    },
    mpesa: {
      title: 'Pay with M-Pesa',
      text: 'Order on your phone and pay with M-Pesa in seconds. We confirm every payment at once.',
    },
  },
  visitUs: 'Visit our store in Ruiru',
  address: 'Address',
  hours: 'Business hours',
  callUs: 'Call us',
  chat: 'Chat with us on WhatsApp',
};

export type HomeMessages = typeof en;
export const homeMessages = () => messages('home', en);
