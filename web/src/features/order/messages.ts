// The order page after checkout: where the M-Pesa payment stands, trying again, and paying from
// the phone's own M-Pesa menu (Paybill or till).
import { messages } from '../../shared/i18n/i18n';

const en = {
  title: 'Order Confirmation',
  notFound: {
    title: 'We could not find this order',
    text: 'The link may be incomplete, or the order was placed on another phone or browser. If you are signed in, your orders are in your account.',
    continueShopping: 'Continue Shopping',
    myAccount: 'My account',
    track: 'Track an order',
  },
  loadFailed: 'We could not load your order.',
  loading: 'Loading your order…',
  orderNumber: 'Order number',
  needHelp: 'Need help? WhatsApp us',
  ussdNext: (code: string) => `Next time, order from any phone without internet: dial ${code}.`,

  paid: 'Payment received',
  feePaid: 'Delivery fee received: your order is confirmed',
  payAtDoor: 'Pay for the goods by M-Pesa when the rider brings them. You will get an SMS with a delivery code: give it to the rider only when you have your order.',
  thanksPickup: 'Thank you! We are preparing your order and will call you when it is ready for pickup.',
  thanksDelivery: 'Thank you! We are preparing your order and will call you to arrange delivery.',
  paymentFailed: 'Payment failed. Please try again.',
  orderKept: 'Your order is kept. You can try paying again below.',
  cancelled: 'This order was cancelled',
  cancelledText: 'Nothing more will be taken for it. Call us if you think this is a mistake.',
  waiting: 'Waiting for your M-Pesa payment…',
  receiptNumber: 'M-Pesa receipt number',
  receiptNumbers: 'M-Pesa receipt numbers',
  partPaid: (received: string, left: string) => `${received} received: ${left} left to pay`,
  partPaidText: 'Pay the rest by Paybill below, or send the M-Pesa request again.',
  // KRA's eTIMS tax invoice (docs/etims.md section 8).
  etims: {
    title: 'KRA tax invoice',
    pending: 'eTIMS invoice pending',
    off: 'This receipt is not an eTIMS tax invoice',
    cuInvoice: 'CU invoice number',
    scuId: 'SCU ID',
    signedAt: 'Signed',
    internalData: 'Internal data',
    signature: 'Receipt signature',
    verify: 'Check this invoice with KRA',
    qr: 'QR code of KRA’s link to check this invoice',
    buyerPin: 'Your KRA PIN',
  },
  notHeard: 'We have not heard from M-Pesa yet. If you entered your PIN, your payment may still be on its way.',
  checkYourPhone: (amount: string) => `Check your phone for the M-Pesa request of ${amount}.`,
  checkThisPhone: (phone: string, amount: string) => `Check your phone (${phone}) for the M-Pesa request of ${amount}.`,
  enterPin: 'Enter your M-Pesa PIN and confirm.',
  keepOpen: 'Keep this page open: it changes by itself once the payment is received.',
  checkAgain: 'Check again',
  stillTrying: 'Connection trouble: still trying…',
  paidAlready: 'Paid already? Check again',

  mpesaPhone: 'M-Pesa phone number',
  sending: 'Sending…',
  tryAgain: 'Try again',

  yourOrder: 'Your order',
  yourDetails: 'Your details',
  deliveryAddress: 'Delivery address',
  pickupPoint: 'Pickup point',
  delivery: 'Delivery',
  open: (hours: string) => `Open ${hours}`,

  // The steps as M-Pesa's own menu names them, in its own words in each language.
  paybill: {
    titleAfterFailure: 'Or pay from your M-Pesa menu',
    titleNoRequest: 'No request on your phone? Pay from your M-Pesa menu',
    received: (amount: string) => `We have received ${amount}.`,
    stillToPay: 'Still to pay:',
    open: 'Open',
    andChoose: 'and choose',
    lipaNaMpesa: 'Lipa na M-Pesa',
    choose: 'Choose',
    payBill: 'Pay Bill',
    buyGoods: 'Buy Goods and Services',
    businessNumber: 'Business number',
    tillNumber: 'Till number',
    accountNumber: 'Account number',
    copyAccountNumber: 'Copy the account number',
    amount: 'Amount',
    enterPin: 'Enter your M-Pesa PIN and send.',
    keepOpen: 'Keep this page open: it changes by itself once the money arrives.',
  },
};

export type OrderMessages = typeof en;
export const orderMessages = () => messages('order', en);
