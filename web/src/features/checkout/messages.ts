// The checkout: its four steps, the delivery options for a county, and the checks of the form.
import { messages } from '../../shared/i18n/i18n';

const en = {
  title: 'Checkout',
  reminders: 'Text me when my feed is about to run out (you can reply STOP at any time)',
  backToCart: '← Back to Cart',
  cartFailed: 'We could not load your cart.',
  loadingCart: 'Loading your cart…',
  stepsNav: 'Checkout steps',
  done: '(done)',
  stepOf: (step: number, last: number) => `Step ${step} of ${last}:`,
  steps: { customer: 'Customer Info', shipping: 'Shipping', payment: 'Payment', review: 'Review' },
  checkDetails: 'Please check your details.',
  previous: 'Previous',
  next: 'Next',
  processing: 'Processing...',
  completeOrder: 'Complete Order',
  orderSummary: 'Order Summary',
  // docs/product.md section 8.
  cardSoon: 'Other payment methods coming soon!',
  paymentFailed: 'Payment failed. Please try again.',
  /** Follows the server's refusal of the cart's coupon code at checkout. */
  couponInCart: 'Remove the code in your cart to order without it.',

  customer: {
    email: 'Email',
    emailHint: 'Optional: the order’s SMS goes to your phone; add an email for the receipt by mail.',
    phoneHint: 'e.g. 0712 345 678',
    kraPin: 'KRA PIN',
    kraPinHint: 'For a tax invoice your business can claim, e.g. P051234567X',
  },
  shipping: {
    county: 'County',
    chooseCounty: 'Choose a county',
    findCounty: 'Type to find your county',
    address: 'Address',
    addressHint: 'Road, building or nearest landmark',
    addressHintPickup: 'Not needed when you collect from a pickup point',
    city: 'City / Town',
    postalCode: 'Postal code',
  },
  payment: {
    method: 'Payment method',
    mpesaNote: 'Pay from your phone: we send a request, you enter your PIN.',
    mpesaPhone: 'M-Pesa phone number',
    mpesaPhoneHint: 'The phone that will receive the M-Pesa request',
    onDelivery: 'Pay on delivery',
    onDeliveryNote: (fee: string) => `Pay the delivery fee (${fee}) by M-Pesa now, and the goods by M-Pesa when the rider brings them.`,
    onDeliveryPhoneHint: 'The phone that will receive the request for the delivery fee',
    agentCode: 'Agent code',
    agentCodeHint: 'If an agent helped you order, type their code',
  },
  review: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone',
    delivery: 'Delivery',
    yourAddress: 'Your address',
    deliveryAddress: 'Delivery address',
    payment: 'Payment',
    card: 'Card',
    onDelivery: (phone: string) => `Pay on delivery: the delivery fee now by M-Pesa, ${phone}`,
  },

  delivery: {
    legend: 'Delivery option',
    chooseCountyFirst: 'Choose your county to see how your order can reach you.',
    failed: 'We could not load the delivery options.',
    finding: (county: string) => `Finding delivery options for ${county}…`,
    none: (county: string, phone: string) => `We have no delivery option for ${county} yet. Please call us on ${phone} to order.`,
    collect: 'Collect',
    toYourDoor: 'Brought to your door',
    open: (hours: string) => `Open ${hours}`,
    free: 'Free',
  },

  // The server's own words (internal/order/order.go), so a field reads the same whichever side
  // caught the mistake.
  rules: {
    firstName: 'First name is required',
    lastName: 'Last name is required',
    address: 'Address is required',
    city: 'City is required',
    county: 'Please choose a county',
    delivery: 'Please choose a delivery option.',
    postalCode: 'Please enter a valid postal code',
    kraPin: 'Enter a KRA PIN like P051234567X: A or P, nine digits and a letter',
    tooLong: 'This is too long',
    paymentMethod: 'Please choose a payment method',
    agentCode: 'An agent code is 3 to 12 letters and digits, like K7M2QX',
  },
};

export type CheckoutMessages = typeof en;
export const checkoutMessages = () => messages('checkout', en);
