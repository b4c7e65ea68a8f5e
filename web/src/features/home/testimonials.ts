// What farmers say about us (docs/product.md section 3, Testimonial): fixed page content.
// `image` is drawn on the page: the farmer's initials on their colour, no photo to load.

export interface Testimonial {
  id: number;
  name: string;
  location: string;
  rating: 1 | 2 | 3 | 4 | 5;
  text: string;
  product: string;
  size: string;
  date: string; // ISO date
  image: { initials: string; color: string };
}

export const TESTIMONIALS: Testimonial[] = [
  {
    id: 1,
    name: 'Grace Wanjiru',
    location: 'Kiambu',
    rating: 5,
    text: 'Since I switched to the High Yield Dairy Meal my two Friesians give about four litres more each day. The bags are always fresh and delivery to Githunguri is quick.',
    product: 'High Yield Dairy Meal',
    size: '70 Kg',
    date: '2025-08-14',
    image: { initials: 'GW', color: '#2f5a26' },
  },
  {
    id: 2,
    name: 'Peter Otieno',
    location: 'Kisumu',
    rating: 5,
    text: 'My kienyeji birds grow evenly and start laying earlier. I order on my phone and pay with M-Pesa; the mash reaches me in two days.',
    product: 'Kienyeji Growers Mash',
    size: '20 Kg',
    date: '2025-07-02',
    image: { initials: 'PO', color: '#7c5025' },
  },
  {
    id: 3,
    name: 'Mary Chebet',
    location: 'Eldoret',
    rating: 4,
    text: 'The Albendazole 10% works well for my dairy goats and the dosing guide on the bottle is clear. I now deworm the whole herd every three months.',
    product: 'Albendazole 10% Oral Suspension',
    size: '1 litre',
    date: '2025-06-21',
    image: { initials: 'MC', color: '#1a5085' },
  },
  {
    id: 4,
    name: 'James Mwangi',
    location: "Murang'a",
    rating: 5,
    text: 'Good layers mash at a fair price. Egg numbers went up within three weeks and the shells are stronger. Their team answered my questions on WhatsApp.',
    product: 'Layers Mash Premium',
    size: '70 Kg',
    date: '2025-05-30',
    image: { initials: 'JM', color: '#8a3b12' },
  },
  {
    id: 5,
    name: 'Esther Nduku',
    location: 'Machakos',
    rating: 4,
    text: 'The mineral premix helped my cows through the dry season. I like that I can see the price of every bag size before I order.',
    product: 'Dairy Mineral Premix',
    size: '1 Kg',
    date: '2025-04-11',
    image: { initials: 'EN', color: '#5b3a8c' },
  },
  {
    id: 6,
    name: 'Samuel Kiprop',
    location: 'Nakuru',
    rating: 5,
    text: 'I run a small pig unit and the grower-finisher meal gives steady weight gain. Ordering a bulk lot saved me money.',
    product: 'Pig Grower & Finisher Meal',
    size: '70 Kg',
    date: '2025-03-08',
    image: { initials: 'SK', color: '#0f5e5a' },
  },
];
