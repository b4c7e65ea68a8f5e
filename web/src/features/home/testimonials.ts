// What farmers say about us (docs/product.md section 3, Testimonial): fixed page content. Their
// words are in the message catalogue (messages.ts), in the language shown.
// `image` is drawn on the page: the farmer's initials on their colour, no photo to load.
import { homeMessages, type HomeMessages } from './messages';

type Quote = keyof HomeMessages['testimonials']['quotes'];

export interface Testimonial {
  id: number;
  name: string;
  location: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  // bought is the product and size the farmer bought, in the language shown.
  bought: string;
  date: string; // ISO date
  image: { initials: string; color: string };
}

const PEOPLE: (Omit<Testimonial, 'text' | 'bought'> & { quote: Quote })[] = [
  {
    id: 1,
    name: 'Grace Wanjiru',
    location: 'Kiambu',
    rating: 5,
    quote: 'grace',
    date: '2025-08-14',
    image: { initials: 'GW', color: '#2f5a26' },
  },
  {
    id: 2,
    name: 'Peter Otieno',
    location: 'Kisumu',
    rating: 5,
    quote: 'peter',
    date: '2025-07-02',
    image: { initials: 'PO', color: '#7c5025' },
  },
  {
    id: 3,
    name: 'Mary Chebet',
    location: 'Eldoret',
    rating: 4,
    quote: 'mary',
    date: '2025-06-21',
    image: { initials: 'MC', color: '#1a5085' },
  },
  {
    id: 4,
    name: 'James Mwangi',
    location: "Murang'a",
    rating: 5,
    quote: 'james',
    date: '2025-05-30',
    image: { initials: 'JM', color: '#8a3b12' },
  },
  {
    id: 5,
    name: 'Esther Nduku',
    location: 'Machakos',
    rating: 4,
    quote: 'esther',
    date: '2025-04-11',
    image: { initials: 'EN', color: '#5b3a8c' },
  },
  {
    id: 6,
    name: 'Samuel Kiprop',
    location: 'Nakuru',
    rating: 5,
    quote: 'samuel',
    date: '2025-03-08',
    image: { initials: 'SK', color: '#0f5e5a' },
  },
];

export function testimonials(): Testimonial[] {
  const { quotes, bought } = homeMessages().testimonials;
  return PEOPLE.map(({ quote, ...person }) => ({ ...person, text: quotes[quote], bought: bought[quote] }));
}
