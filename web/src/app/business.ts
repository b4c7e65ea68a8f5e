// The business's own details, used by the header, footer, contact and about pages.
// Change them here only.

const phone = '+254 722 000 111';
const whatsappNumber = '254722000111';

export const BUSINESS = {
  name: 'Mifugo Bora Feeds',
  tagline: 'Animal feeds, dewormers & supplements in Kenya',
  yearsOfExperience: 15,
  phone,
  phoneHref: `tel:${phone.replace(/\s+/g, '')}`,
  email: 'info@mifugobora.co.ke',
  emailHref: 'mailto:info@mifugobora.co.ke',
  address: 'Eastern Bypass, Ruiru, Kenya',
  whatsappNumber,
  whatsappUrl: `https://wa.me/${whatsappNumber}`,
  // SPEC.md section 9 gives two sets of hours, one for each page, "as stated".
  hours: {
    home: ['Mon-Fri 8:00 AM-6:00 PM', 'Sat 8:00 AM-4:00 PM', 'Sunday closed'],
    contact: 'Mon-Fri 9AM-6PM',
  },
} as const;

/** "Shop — Mifugo Bora Feeds": the document title of a page. */
export function pageTitle(title?: string): string {
  return title ? `${title} — ${BUSINESS.name}` : `${BUSINESS.name} — ${BUSINESS.tagline}`;
}
