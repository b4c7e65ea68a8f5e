// The API's shapes by name, for the app to import: aliases of api-types.ts, which is generated
// from the shop's OpenAPI document (internal/apidoc, docs/architecture.md "The API contract").
// A shape that looks wrong is fixed in the document (or in the Go code, if that is what is
// wrong), then `npm run gen:api`; nothing here restates a field.
// Money is a decimal string with two places, e.g. "1500.00"; format it with formatKsh.
import type { components, operations } from './api-types';

type Schemas = components['schemas'];

/**
 * A form as the back office holds and sends it: its amounts as typed, as text. It compiles only
 * while the API takes it (Input), so a form cannot drift from the document.
 */
type Sends<Form extends Input, Input> = Form;

// ---- The catalogue ----
export type Category = Schemas['Category'];
export type Variant = Schemas['Variant'];
export type Image = Schemas['Image'];
export type Review = Schemas['Review'];
/** A product on its page (GET /api/products/{id}/), with every review. */
export type Product = Schemas['Product'];
/** A product in a list (GET /api/products/): no reviews, its price range and stock state. */
export type ProductCard = Schemas['ProductCard'];
/** What every answer about a product carries: a product page's or a list's. */
export type ProductSummary = Schemas['ProductInfo'] & Pick<Schemas['ProductParts'], 'variants' | 'images'>;
export type VatClassCode = Schemas['VatClassCode'];

/** A page of results, as the API answers list calls that are given a `page`. */
export type Paginated<T> = Omit<Schemas['PageLinks'], 'results'> & { results: T[] };
/** The API's error body for any non-2xx answer. `fields` only on validation errors. */
export type ApiErrorBody = Schemas['Error'];

/** A name the search box offers while a shopper types (GET /api/search/suggest/). */
export type Suggestion = Schemas['Suggestion'];

// ---- Accounts ----
/** A user as the API returns it. */
export type User = Schemas['User'];
/** What login and refresh answer. */
export type TokenPair = Schemas['Tokens'];
/** The sign-in answer when two-step sign-in is on: a token for POST /api/auth/login/mfa/. */
export type MfaChallenge = Schemas['MFAChallenge'];
/** A new authenticator secret, its otpauth URL and QR code (POST /api/auth/mfa/setup/). */
export type MfaSetup = Schemas['MFASetup'];
/** A signed-in device (GET /api/auth/sessions/). */
export type DeviceSession = Schemas['Session'];
/** docs/product.md section 3's registration payload. */
export type RegisterPayload = Schemas['RegisterInput'];
export type ProfilePayload = Schemas['ProfileInput'];
/** The words the server answers a form with (the newsletter, the contact form, the password forms). */
export type Reply = Schemas['Message'];

// ---- The cart, orders and payments ----
export type CartItem = Schemas['CartItem'];
export type CartVariant = Schemas['CartVariant'];
/** The cart's code (null without one) and what it takes off now. */
export type CartCoupon = Schemas['CartCoupon'];
/** One way to get the cart to a county, priced by the server (GET /api/delivery/options/). */
export type DeliveryOption = Schemas['DeliveryOption'];
/** A phone order staff take for a caller (POST /api/admin/orders/). */
export type PhoneOrderInput = Schemas['PhoneOrderInput'];
/** What the shop knows of a caller's phone (GET /api/admin/customers/lookup/). */
export type KnownCustomer = Schemas['KnownCustomer'];
/** An agent's page: their farmers, orders, commission and payouts (GET /api/agent/, and the owner's view). */
export type AgentOverview = Schemas['AgentOverview'];
export type AgentFarmer = Schemas['AgentFarmer'];
export type AgentRecord = Schemas['AgentRecord'];
export type AgentFigures = Schemas['AgentFigures'];
export type AgentFlags = Schemas['AgentFlags'];
export type AgentInput = Schemas['AgentInput'];
export type AgentPayoutAnswer = Schemas['AgentPayoutAnswer'];
/** An agent in the owner's list, with their figures and flags. */
export type AgentSummary = AgentRecord & { figures: AgentFigures; flags: AgentFlags };
/** The answer to an agent's order for a farmer (POST /api/agent/orders/). */
export type AgentOrderPlaced = Schemas['AgentOrderPlaced'];
export type OrderStatus = Schemas['OrderStatus'];
/** An order as its customer reads it. */
export type Order = Schemas['Order'];
export type OrderItem = Schemas['OrderItem'];
/** What tracking shows (POST /api/orders/track/): the status, road, lines and totals; no email, no address. */
export type TrackedOrder = Schemas['TrackedOrder'];
export type OrderPayment = Schemas['OrderPayment'];
/** How to pay an unpaid order from the customer's own M-Pesa menu (docs/payments.md section 10). */
export type PayGuide = Schemas['PayGuide'];
export type OrderDelivery = Schemas['OrderDelivery'];
export type OrderStep = Schemas['OrderStep'];
export type Refund = Schemas['Refund'];
/** What M-Pesa refunds may send now (GET /api/admin/payments/float/). */
export type RefundFloat = Schemas['RefundFloat'];
/** An M-Pesa statement checked against the books (POST /api/admin/payments/statement/). */
export type StatementReport = Schemas['StatementReport'];
/** The answer to starting a payment: docs/product.md's shape plus the order's private token. */
export type PaymentStarted = Schemas['PaymentStarted'];

// ---- The back office ----
/** Every paginated admin list answers this envelope. */
export type AdminPage<T> = Omit<Schemas['AdminPage'], 'results'> & { results: T[] };
export type Me = User;
/** A user's role (docs/product.md, "Roles"). */
export type Role = Schemas['Role'];
/** What a role may do in the back office, as the server lists it with the user. */
export type Permission = Schemas['Permission'];
export type AdminUser = User;
export type Stats = Schemas['Stats'];
/** A manager's refund above the approval line, waiting for an owner (docs/product.md, "Roles"). */
export type RefundApproval = Schemas['RefundApproval'];
export type BackupStatus = Schemas['BackupStatus'];
export type LowStockVariant = Schemas['LowStockVariant'];
export type OrderSummary = Schemas['OrderSummary'];
/** The orders list's page with its status chips' counts (the schema's allOf, written out). */
export type AdminOrderPage = AdminPage<OrderSummary> & Pick<Schemas['AdminOrderPage'], 'status_counts'>;
/** The products list's page and its status chips' counts. */
/** What a bulk action did to each selected id: changed, already so, or refused and why. */
export type BulkAnswer = Schemas['BulkAnswer'];
export type AdminProductPage = AdminPage<AdminProductCard> & Pick<Schemas['AdminProductPage'], 'status_counts'>;
/** A user in the back office's list, with their paid orders and spend. */
export type AdminListedUser = Schemas['AdminListedUser'];
export type AdminUserPage = AdminPage<AdminListedUser> & Pick<Schemas['AdminUserPage'], 'role_counts'>;
/** A row of the back office's payments list: an M-Pesa prompt or a Paybill payment. */
export type ListedPayment = Schemas['ListedPayment'];
export type ListedPaymentStatus = Schemas['ListedPaymentStatus'];
export type AdminPaymentPage = AdminPage<ListedPayment> & Pick<Schemas['AdminPaymentPage'], 'status_counts'>;
export type Courier = Schemas['Courier'];
export type CourierPayload = Schemas['CourierInput'];
/** An order as the back office reads it, with its text messages and mail. */
export type OrderDetail = Schemas['AdminOrder'];
/** An order as the back office reads it once a payment is assigned to it: no text messages. */
export type AssignedOrder = Schemas['AdminOrderDetail'];
export type SmsMessage = Schemas['SmsMessage'];
export type MailMessage = Schemas['MailMessage'];
export type RefundLine = Schemas['RefundLine'];
export type RefundPayload = Sends<
  Required<Omit<Schemas['RefundInput'], 'amount' | 'phone' | 'receipt' | 'reference' | 'lines'>> & {
    amount?: string;
    reference?: string;
    phone?: string;
    receipt?: string;
    lines?: RefundLine[];
  },
  Schemas['RefundInput']
>;
/** What dispatching an order records. */
export type Dispatch = Required<Pick<Schemas['OrderMoveInput'], 'courier' | 'tracking_number'>>;
/** A report's range (YYYY-MM-DD, Nairobi days, both included) and grouping. */
export type ReportQuery = Omit<NonNullable<operations['adminSalesReport']['parameters']['query']>, 'format'>;
export type SalesReport = Schemas['SalesReport'];
export type ProductSales = Schemas['ProductSales'];
export type ProductsReport = Schemas['ProductsReport'];
export type ChannelsReport = Schemas['ChannelsReport'];
export type Message = Schemas['ContactMessage'];
/** A text a farmer sent the shop's short code, with the phone's latest orders (docs/notifications.md). */
export type SmsReply = Schemas['SmsReply'];
export type Subscriber = Schemas['Subscriber'];
export type SubscriberList = Schemas['SubscriberList'];
export type AuditEntry = Schemas['AuditEntry'];
export type AdminCategory = Schemas['AdminCategory'];
export type CategoryPayload = Sends<Required<Schemas['CategoryInput']>, Schemas['CategoryInput']>;
/** A product as the back office edits it: `name` and `description` in English, their Kiswahili beside them. */
export type AdminProduct = Schemas['AdminProduct'];
/** A product in the back office's list, with its draft mark. */
export type AdminProductCard = Schemas['AdminProductCard'];
export type ProductPayload = Sends<
  Required<Omit<Schemas['ProductInput'], 'base_price' | 'promo'>> & { base_price: string; promo: NonNullable<Schemas['ProductInput']['promo']> },
  Schemas['ProductInput']
>;
export type DeleteProductAnswer = Schemas['ProductDeleted'];
export type VariantPayload = Sends<Pick<Variant, 'size' | 'sku' | 'price'> & Record<'stock' | 'weight_kg', string>, Schemas['VariantInput']>;
export type VatClass = Schemas['VatClass'];
export type EtimsOverview = Schemas['EtimsOverview'];
export type EtimsQueued = Schemas['EtimsQueued'];
export type Coupon = Schemas['Coupon'];
export type CouponPayload = Sends<Omit<Coupon, 'id' | 'uses' | 'created_at' | 'updated_at'>, Schemas['CouponInput']>;
export type Zone = Schemas['Zone'];
export type ZonePayload = Sends<Omit<Zone, 'id' | 'included_kg' | 'free_over'> & Record<'included_kg' | 'free_over', string>, Schemas['ZoneInput']>;
export type PickupPoint = Schemas['PickupPoint'];
export type PickupPayload = Sends<Omit<PickupPoint, 'id'>, Schemas['PickupInput']>;
export type PaybillPayment = Schemas['PaybillPayment'];
export type UnreadablePayment = Schemas['UnreadablePayment'];
/** A payment for a prompt the shop lost. */
export type LostPromptPayment = Schemas['UnmatchedPayment'];
export type StockMovement = Schemas['StockMovement'];
export type StockPayload = Schemas['StockInput'];
export type ReviewStatus = Schemas['ReviewStatus'];
export type AdminReview = Schemas['AdminReview'];
export type ImportRow = Schemas['ImportRow'];
export type ImportResult = Schemas['ImportResult'];

// ---- The rider's screen ----
/** A rider's day: the deliveries given to them and its figures (GET /api/rider/deliveries/). */
export type RiderDay = Schemas['RiderDay'];
export type RiderDelivery = Schemas['RiderDelivery'];
export type RiderPrompt = Schemas['RiderPrompt'];
/** The rider an order's delivery is given to (GET/PUT /api/admin/orders/{orderId}/rider/). */
export type RiderAssignment = Schemas['RiderAssignment'];
export type RiderSummary = Schemas['RiderSummary'];
