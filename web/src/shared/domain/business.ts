// The business's own details, used by the header, footer, contact and about pages.
// Change them here only. Its words are in the message catalogue (shared/i18n/messages/app.ts).
import { appMessages } from '../i18n/messages/app';

const phone = '+254 722 000 111';

/**
 * The number WhatsApp links open: the server's SHOP_WHATSAPP_NUMBER, which it writes into each
 * page's head, or the shop's phone.
 */
function configuredWhatsApp(): string {
  if (typeof document === 'undefined') return '254722000111';
  const meta = document.querySelector<HTMLMetaElement>('meta[name="shop:whatsapp"]');
  return /^254\d{9}$/.test(meta?.content ?? '') ? meta!.content : '254722000111';
}

const whatsappNumber = configuredWhatsApp();

export const BUSINESS = {
  name: 'Mifugo Bora Feeds',
  get tagline() {
    return appMessages().tagline;
  },
  yearsOfExperience: 15,
  phone,
  phoneHref: `tel:${phone.replace(/\s+/g, '')}`,
  email: 'info@mifugobora.co.ke',
  emailHref: 'mailto:info@mifugobora.co.ke',
  address: 'Eastern Bypass, Ruiru, Kenya',
  whatsappNumber,
  whatsappUrl: `https://wa.me/${whatsappNumber}`,
  /** The floating chat link: WhatsApp with a first message already typed. */
  get whatsappChatUrl() {
    return `https://wa.me/${whatsappNumber}?text=${encodeURIComponent(appMessages().chatFirstMessage)}`;
  },
  // The shop on the map (Eastern Bypass, Ruiru): the embedded map and the 'Open in Maps' link.
  location: { lat: -1.1466, lon: 36.9609 },
  social: [
    { name: 'Facebook', url: 'https://www.facebook.com/mifugoborafeeds' },
    { name: 'Instagram', url: 'https://www.instagram.com/mifugoborafeeds' },
    { name: 'X', url: 'https://x.com/mifugoborafeeds' },
    { name: 'YouTube', url: 'https://www.youtube.com/@mifugoborafeeds' },
  ],
  /**
   * The store's opening hours, one row of days a line ("Mon–Fri 8:00 AM–6:00 PM"): its pickup
   * point's as stored, which the server writes into each page's head in the page's language
   * (internal/storefront, storeHours). One set for every page; none when the page has none.
   */
  get hours(): string[] {
    if (typeof document === 'undefined') return [];
    return [...document.querySelectorAll<HTMLMetaElement>('meta[name="shop:hours"]')].map((m) => m.content);
  },
} as const;

/** "Shop — Mifugo Bora Feeds": the document title of a page. */
export function pageTitle(title?: string): string {
  return title ? `${title} — ${BUSINESS.name}` : `${BUSINESS.name} — ${BUSINESS.tagline}`;
}

/** A WhatsApp chat with the shop, the message already typed. */
export function whatsappTo(text: string): string {
  return `https://wa.me/${BUSINESS.whatsappNumber}?text=${encodeURIComponent(text)}`;
}

/** WhatsApp's share sheet: the farmer picks whom to send text to. */
export function whatsappShare(text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(text)}`;
}
