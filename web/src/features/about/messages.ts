// The texts of the About page (docs/product.md section 2). The timeline's years and the team's
// names stay with the page: the timeline follows its years in order, the team is by first name.
import { messages } from '../../shared/i18n/i18n';

const en = {
  title: 'About Us',
  intro: (name: string, years: number) =>
    `${name} makes and sells animal feeds, dewormers, supplements, chemicals and DCP for Kenyan farmers. Our team brings over ${years} years of experience in livestock nutrition, and we deliver across the country.`,
  story: 'Our story',
  timeline: [
    { title: 'Founded in Ruiru', text: 'Mifugo Bora Feeds opens a small mixing shed and store on the Eastern Bypass, serving dairy farmers around Ruiru.' },
    { title: 'Our first product line', text: 'We launch our own dairy meal, kienyeji mash and layers mash, made to our formulas from local maize, soya and minerals.' },
    { title: 'A flagship facility', text: 'We move into a larger mill and warehouse with a quality lab, so every batch is checked before it leaves.' },
    { title: 'Best emerging feeds brand', text: 'Farmers and the industry recognise us as the best emerging animal feeds brand in Kenya.' },
    { title: 'Exports begin', text: 'Our feeds and supplements reach farmers in Uganda and Tanzania.' },
    {
      title: 'Sustainable feeds and digital ordering',
      text: 'We add a line of feeds made with sustainable ingredients, and farmers can now order online and pay with M-Pesa.',
    },
  ],
  values: 'Our values',
  valueList: [
    { title: 'Quality Excellence', text: 'Tested ingredients, consistent formulas and fresh, sealed bags: every batch, every time.' },
    { title: 'Animal Welfare', text: 'Balanced nutrition and genuine animal-health products keep herds and flocks healthy and productive.' },
    { title: 'Farmer Success', text: 'More milk, more eggs and better weight gain at a fair price: our advice is free and honest.' },
    { title: 'Reliable Service', text: 'Products in stock, orders delivered when promised, and a real person to talk to when you call.' },
  ],
  team: 'Our team',
  people: {
    daniel: {
      role: 'Founder & Managing Director',
      bio: 'An animal scientist who spent ten years advising dairy cooperatives before starting Mifugo Bora.',
    },
    faith: {
      role: 'Head of Nutrition',
      bio: 'A livestock nutritionist who designs our formulas and runs the quality lab.',
    },
    brian: {
      role: 'Customer & Delivery Lead',
      bio: 'Makes sure every order reaches the farm on time, from Ruiru to Turkana.',
    },
  },
  ready: 'Ready to feed your animals better?',
  visitShop: 'Visit the shop',
  contactUs: 'Contact us',
};

export type AboutMessages = typeof en;
export const aboutMessages = () => messages('about', en);
