// Package order turns a cart into an order: a snapshot of what was bought,
// at what price, for whom and where to, with its stock reserved. It holds the
// order statuses and the only list of the moves between them.
package order

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/delivery"
	"shop/internal/form"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/phone"
	"shop/internal/weight"
)

// Status is where an order stands.
type Status string

const (
	PendingPayment Status = "pending_payment"
	Paid           Status = "paid"
	Processing     Status = "processing"
	Dispatched     Status = "dispatched"
	Delivered      Status = "delivered"
	ReadyForPickup Status = "ready_for_pickup"
	Collected      Status = "collected"
	PaymentFailed  Status = "payment_failed"
	Cancelled      Status = "cancelled"
	// PartiallyRefunded and Refunded are paid orders the shop sent some or
	// all of the money back for (RefundTx).
	PartiallyRefunded Status = "partially_refunded"
	Refunded          Status = "refunded"
	// AwaitingDeliveryPayment is a pay-on-delivery order whose delivery fee
	// is paid: its stock is taken and its goods are paid at the door
	// (docs/payments.md, "Pay on delivery").
	AwaitingDeliveryPayment Status = "awaiting_delivery_payment"
)

// Payment methods an order is placed with: M-Pesa now (the prompt, a
// link or Paybill), or the goods paid at the door after the fee.
const (
	MethodMpesa      = "mpesa"
	MethodOnDelivery = "on_delivery"
)

// transition is one move an order may make; kind limits it to delivery or
// pickup orders ("" for both). A refund move is made only by recording a
// refund (RefundTx), never by choosing the status.
type transition struct {
	from, to Status
	kind     string
	refund   bool
}

// transitions is every move an order may make, the only list of them. A
// failed payment may be retried (back to pending) or be overtaken by a late
// success (paid). Once packed, a delivery order is dispatched and delivered,
// a pickup order is ready for pickup and collected.
var transitions = append([]transition{
	{PendingPayment, Paid, "", false}, {PendingPayment, PaymentFailed, "", false}, {PendingPayment, Cancelled, "", false},
	{PaymentFailed, PendingPayment, "", false}, {PaymentFailed, Paid, "", false}, {PaymentFailed, Cancelled, "", false},
	{Paid, Processing, "", false}, {Paid, Cancelled, "", false},
	{Processing, Dispatched, delivery.KindDelivery, false}, {Processing, ReadyForPickup, delivery.KindPickup, false}, {Processing, Cancelled, "", false},
	{Dispatched, Delivered, delivery.KindDelivery, false},
	// Pay on delivery: the fee paid (even after a failed prompt) holds the
	// goods for the door; the goods paid before the rider leaves make the
	// order an ordinary paid one (docs/payments.md). A dispatched order is
	// cancelled only when its customer refuses it at the door (RefuseTx).
	{PendingPayment, AwaitingDeliveryPayment, delivery.KindDelivery, false}, {PaymentFailed, AwaitingDeliveryPayment, delivery.KindDelivery, false},
	{AwaitingDeliveryPayment, Paid, delivery.KindDelivery, false}, {AwaitingDeliveryPayment, Dispatched, delivery.KindDelivery, false},
	{AwaitingDeliveryPayment, Cancelled, delivery.KindDelivery, false},
	{ReadyForPickup, Collected, delivery.KindPickup, false}, {ReadyForPickup, Cancelled, delivery.KindPickup, false},
	// A partly refunded order (a bag short, a burst bag) still goes on to
	// the farmer; a fully refunded one goes nowhere.
	{PartiallyRefunded, Processing, "", false},
	{PartiallyRefunded, Dispatched, delivery.KindDelivery, false}, {PartiallyRefunded, Delivered, delivery.KindDelivery, false},
	{PartiallyRefunded, ReadyForPickup, delivery.KindPickup, false}, {PartiallyRefunded, Collected, delivery.KindPickup, false},
}, refundMoves()...)

// refundMoves are the moves a refund makes: any order that received money
// and kept it may be refunded in part or in full.
func refundMoves() []transition {
	var out []transition
	for _, from := range []Status{Paid, Processing, Dispatched, Delivered, ReadyForPickup, Collected, PartiallyRefunded} {
		if from != PartiallyRefunded {
			out = append(out, transition{from, PartiallyRefunded, "", true})
		}
		out = append(out, transition{from, Refunded, "", true})
	}
	return out
}

// CanMove reports whether an order of kind (delivery or pickup) may go from
// one status to another by a status change (not a refund).
func CanMove(kind string, from, to Status) bool {
	return slices.Contains(NextStatuses(kind, from), to)
}

// NextStatuses lists where an order of kind in status s may go by a status
// change; the refund statuses are reached only by recording a refund.
func NextStatuses(kind string, s Status) []Status {
	return moves(kind, s, false)
}

func moves(kind string, s Status, refund bool) []Status {
	next := []Status{}
	for _, t := range transitions {
		if t.from == s && t.refund == refund && (t.kind == "" || t.kind == kind) {
			next = append(next, t.to)
		}
	}
	return next
}

// PaidStatuses are the statuses of an order whose money came in: paid and
// every later one. The dashboard and the sales reports count these, less
// what was refunded.
var PaidStatuses = []Status{Paid, Processing, Dispatched, Delivered, ReadyForPickup, Collected, PartiallyRefunded, Refunded}

// StockHold is how long an unpaid order keeps its stock after its latest
// M-Pesa prompt: the prompt has long expired on the phone by then, and the
// payment reconciler gives up and puts the stock back on sale.
const StockHold = 15 * time.Minute

// ActorExpiry is the history's actor when an unpaid order's wait for its
// money ran out (payment.ExpireUnprompted): no text goes for that step.
const ActorExpiry = "expiry"

// holdsStock reports whether an order in status s keeps its stock.
func holdsStock(s Status) bool {
	return s != PaymentFailed && s != Cancelled
}

// Order is an order as its customer (or an admin) reads it.
type Order struct {
	ID     int64  `json:"-"`
	Number string `json:"orderId"`
	// AccountNumber is what to type as the Paybill account: short, where
	// Number (kept for links) is long (docs/payments.md section 10).
	AccountNumber string      `json:"account_number"`
	Status        Status      `json:"status"`
	CreatedAt     time.Time   `json:"created_at"`
	Items         []Item      `json:"items"`
	Subtotal      money.Cents `json:"subtotal"`
	// Discount is what the coupon CouponCode took off the subtotal.
	Discount        money.Cents `json:"discount"`
	CouponCode      string      `json:"coupon_code"`
	ShippingCharge  money.Cents `json:"shipping"`
	Total           money.Cents `json:"total"`
	Customer        Customer    `json:"customer"`
	ShippingAddress Address     `json:"shipping_address"`
	// KRAPIN is the buyer's KRA PIN for their tax invoice; "" when not given.
	KRAPIN string `json:"kra_pin"`
	// Etims is the order's KRA tax invoice (docs/etims.md); nil where the
	// store reads no invoices.
	Etims *Etims `json:"etims"`
	// Delivery is the way to the farmer chosen at checkout, as it was then.
	Delivery Delivery `json:"delivery"`
	// Weight is the order's shipping weight, for packing.
	Weight weight.Grams `json:"weight_kg"`
	// Courier and TrackingNumber are recorded when the order is dispatched.
	Courier        string `json:"courier"`
	TrackingNumber string `json:"tracking_number"`
	// Timeline is when the order reached each status, oldest first.
	Timeline []Step   `json:"timeline"`
	Payment  *Payment `json:"payment"`
	// AmountPaid is what the order has received by STK and Paybill;
	// BalanceDue what is still to pay (0 once covered).
	AmountPaid money.Cents `json:"amount_paid"`
	BalanceDue money.Cents `json:"balance_due"`
	// Receipts are the M-Pesa receipts of what the order received, by
	// prompt and by Paybill, oldest first.
	Receipts []string `json:"receipts,omitempty"`
	// Refunds are the money sent back, oldest first; AmountRefunded their sum.
	Refunds        []Refund    `json:"refunds"`
	AmountRefunded money.Cents `json:"amount_refunded"`
	// Paybill tells an unpaid order's customer how to pay from their own
	// M-Pesa menu; absent when nothing is due.
	Paybill *PayGuide `json:"paybill,omitempty"`
	// CanRetryPayment tells the confirmation page to offer 'Try again'.
	CanRetryPayment bool `json:"can_retry_payment"`
	// Lang is the language the customer shopped in: their mail and text
	// messages about the order come in it.
	Lang i18n.Lang `json:"lang"`
	// Channel is where the order was placed: web, staff, ussd, sms or agent.
	Channel string `json:"channel"`
	// PlacedBy is who ordered for the customer; null when they ordered themselves.
	PlacedBy *Staff `json:"placed_by"`
	// StockHeldUntil is when an unpaid order's stock goes back on sale if no
	// payment has come (StockHold after the latest prompt).
	StockHeldUntil *time.Time `json:"stock_held_until,omitempty"`
	UserID         int64      `json:"-"`
	CartID         int64      `json:"-"`
	StockReserved  bool       `json:"-"`
	Attention      string     `json:"-"`
	PaymentMethod  string     `json:"-"`
	// PayOnDelivery: the goods are paid at the door, the fee was paid first.
	PayOnDelivery bool `json:"pay_on_delivery"`
}

// ReceiptText names the M-Pesa receipts of what o received, for its
// receipt and mail: all of them when several payments made it up, else the
// one of the payment that paid it; "" when none is known.
func (o Order) ReceiptText() string {
	if len(o.Receipts) > 0 {
		return strings.Join(o.Receipts, ", ")
	}
	if o.Payment != nil {
		return o.Payment.Receipt
	}
	return ""
}

// Name is the line's product name in l: the Kiswahili where the product had
// one when the order was placed, else the English.
func (it Item) Name(l i18n.Lang) string {
	if l == i18n.Kiswahili && it.ProductNameSW != "" {
		return it.ProductNameSW
	}
	return it.ProductName
}

// ItemsIn are o's lines with their product names and sizes as a reader of
// language l reads them, for what the customer is shown or sent.
func (o Order) ItemsIn(l i18n.Lang) []Item {
	items := make([]Item, len(o.Items))
	for i, it := range o.Items {
		it.ProductName, it.Size = it.Name(l), i18n.Size(l, it.Size)
		items[i] = it
	}
	return items
}

// translate writes o for a reader of language l: the lines' product names
// and sizes, and the payment message and advice, which the payment package
// reads in English.
func (o *Order) translate(l i18n.Lang) {
	if l == i18n.English {
		return
	}
	o.Items = o.ItemsIn(l)
	o.Delivery.Name = delivery.NameIn(l, o.Delivery.Name)
	if o.Payment == nil {
		return
	}
	p := *o.Payment
	p.Message, p.Advice = i18n.T(l, p.Message), i18n.T(l, p.Advice)
	o.Payment = &p
}

// Item is a line of an order, as it was when the order was made.
type Item struct {
	// ID is the order line's own number, which a refund by line names.
	ID          int64  `json:"id"`
	VariantID   int64  `json:"-"`
	ProductID   int64  `json:"-"`
	ProductName string `json:"product_name"`
	// ProductNameSW is the product's Kiswahili name when the order was
	// placed, "" where it had none. A customer's reads answer product_name in
	// their language (translate); the back office reads English.
	ProductNameSW string      `json:"-"`
	Size          string      `json:"size"`
	SKU           string      `json:"sku"`
	Quantity      int         `json:"quantity"`
	UnitPrice     money.Cents `json:"unit_price"`
	TotalPrice    money.Cents `json:"total_price"`
	// Discount is the line's share of the order's discount; VAT the VAT
	// held in TotalPrice - Discount at the class's rate then (VATRate, basis
	// points), worked out once at checkout.
	Discount money.Cents `json:"discount"`
	VATClass string      `json:"vat_class"`
	VATRate  int         `json:"-"`
	VAT      money.Cents `json:"vat"`
	// Refunded is how many of the line refunds gave back (or are giving
	// back: refunds still sending count); Restocked how many of them are
	// back on sale, which the order no longer holds.
	Refunded  int `json:"refunded_quantity"`
	Restocked int `json:"-"`
}

// Customer is who the order is for.
type Customer struct {
	Name      string `json:"name"`
	FirstName string `json:"firstName"`
	LastName  string `json:"lastName"`
	Email     string `json:"email"`
	Phone     string `json:"phone"`
}

// Address is where the order goes.
type Address struct {
	Address    string `json:"address"`
	City       string `json:"city"`
	County     string `json:"county"`
	PostalCode string `json:"postalCode"`
}

// Delivery is how an order reaches the farmer: home delivery to a zone, or
// a pickup point, with its fee and time as quoted at checkout.
type Delivery struct {
	Kind string `json:"kind"`
	// Option is the id checkout chose ("delivery-3", "pickup-1").
	Option  string      `json:"option"`
	Name    string      `json:"name"`
	Fee     money.Cents `json:"fee"`
	ETA     string      `json:"eta"`
	Address string      `json:"address,omitempty"`
	Hours   string      `json:"hours,omitempty"`
}

// Step is a status an order reached, and when.
type Step struct {
	Status Status    `json:"status"`
	At     time.Time `json:"at"`
}

// Payment is the order's latest payment attempt.
type Payment struct {
	ID         int64       `json:"-"`
	Method     string      `json:"method"`
	Status     string      `json:"status"`
	Phone      string      `json:"phone"`
	Amount     money.Cents `json:"amount"`
	ResultCode *int        `json:"result_code"`
	ResultDesc string      `json:"result_desc"`
	Receipt    string      `json:"receipt"`
	// Message says what happened in a farmer's words; Advice what to do next.
	Message string `json:"message"`
	Advice  string `json:"advice,omitempty"`
	// PayerName is the name M-Pesa gives for a Paybill payment.
	PayerName         string    `json:"payer_name,omitempty"`
	CheckoutRequestID string    `json:"-"`
	StartedAt         time.Time `json:"created_at"`
}

// PayGuide is the Paybill (or Buy Goods) road: the numbers a customer
// types in Lipa na M-Pesa to pay an order without a prompt.
type PayGuide struct {
	// Kind is "paybill" (business and account number) or "till" (Buy Goods).
	Kind    string      `json:"kind"`
	Number  string      `json:"business_number"`
	Account string      `json:"account_number,omitempty"`
	Amount  money.Cents `json:"amount"`
}

// Checkout is what the checkout form sends (docs/product.md section 3).
type Checkout struct {
	FirstName     string
	LastName      string
	Email         string
	Phone         string
	Address       string
	City          string
	County        string
	PostalCode    string
	PaymentMethod string
	MpesaPhone    string
	// DeliveryOption is the option id chosen ("" for home delivery to County).
	DeliveryOption string
	// KRAPIN is the buyer's KRA PIN for their tax invoice, optional.
	KRAPIN string
}

// Checkout validation messages, shared in words with the web form.
const (
	MsgFirstName    = "First name is required"
	MsgLastName     = "Last name is required"
	MsgPhone        = "Phone number is required"
	MsgPhoneInvalid = "Please enter a valid Kenyan phone number (e.g. 0712 345 678)"
	MsgAddress      = "Address is required"
	MsgCity         = "City is required"
	MsgCounty       = "Please choose a county"
	MsgMpesaPhone   = "M-Pesa phone number is required"
	MsgPostalCode   = "Please enter a valid postal code"
	MsgTooLong      = "This is too long"
	MsgKRAPIN       = form.MsgKRAPIN
)

// IsPickup reports whether the checkout chose a pickup point ("pickup-…").
func (c *Checkout) IsPickup() bool {
	return strings.HasPrefix(c.DeliveryOption, delivery.KindPickup+"-")
}

// Validate trims and checks the form with the web form's rules, and
// normalises the phone numbers to 254XXXXXXXXX.
func (c *Checkout) Validate() error {
	for _, f := range []*string{&c.FirstName, &c.LastName, &c.Email, &c.Phone, &c.Address, &c.City, &c.County, &c.PostalCode, &c.PaymentMethod, &c.MpesaPhone} {
		*f = strings.TrimSpace(*f)
	}
	bad := map[string]string{}
	required := func(field, value, msg string, max int) {
		if value == "" {
			bad[field] = msg
		} else if len(value) > max {
			bad[field] = MsgTooLong
		}
	}
	// phone checks a required phone number and stores it as 254XXXXXXXXX.
	phone := func(field string, value *string, msg string) {
		if *value == "" {
			bad[field] = msg
		} else if p, ok := phone.Normalize(*value); ok {
			*value = p
		} else {
			bad[field] = MsgPhoneInvalid
		}
	}
	required("firstName", c.FirstName, MsgFirstName, 100)
	required("lastName", c.LastName, MsgLastName, 100)
	// The email is optional: a phone is enough, and the order's SMS goes to it.
	if c.Email != "" {
		if m := account.CheckEmail(c.Email); m != "" {
			bad["email"] = m
		}
	}
	phone("phone", &c.Phone, MsgPhone)
	c.DeliveryOption = strings.TrimSpace(c.DeliveryOption)
	if c.IsPickup() {
		// Collected from a pickup point: nothing goes to an address, so the
		// farmer need not type one.
		optional := func(field, value string, max int) {
			if len(value) > max {
				bad[field] = MsgTooLong
			}
		}
		optional("address", c.Address, 300)
		optional("city", c.City, 100)
	} else {
		required("address", c.Address, MsgAddress, 300)
		required("city", c.City, MsgCity, 100)
	}
	if !delivery.IsCounty(c.County) {
		bad["county"] = MsgCounty
	}
	if len(c.DeliveryOption) > 40 {
		bad["delivery"] = delivery.MsgOptionUnknown
	}
	var validPIN bool
	if c.KRAPIN, validPIN = form.KRAPIN(c.KRAPIN); !validPIN {
		bad["kraPin"] = MsgKRAPIN
	}
	if len(c.PostalCode) > 10 || strings.ContainsFunc(c.PostalCode, func(r rune) bool { return r < '0' || r > '9' }) {
		bad["postalCode"] = MsgPostalCode
	}
	// The shop takes M-Pesa only: the web app shows card as coming soon and
	// never sends it, so card is refused like any other method.
	switch c.PaymentMethod {
	case MethodMpesa, MethodOnDelivery:
		// On delivery, the fee is paid now by M-Pesa from this number.
		phone("mpesaPhone", &c.MpesaPhone, MsgMpesaPhone)
	default:
		bad["paymentMethod"] = "Please choose a payment method"
	}
	if len(bad) == 0 {
		return nil
	}
	return apperr.Invalid(fmt.Sprintf("Please check the highlighted fields (%d).", len(bad)), bad)
}

// The channels an order can be placed through (package checkout).
const (
	ChannelWeb   = "web"
	ChannelStaff = "staff"
	ChannelUSSD  = "ussd"
	ChannelSMS   = "sms"
	ChannelAgent = "agent"
)

// Channels lists them, for the admin's filter.
var Channels = []string{ChannelWeb, ChannelStaff, ChannelUSSD, ChannelSMS, ChannelAgent}

// Staff is the person who ordered for a customer: a staff member or an
// agent, by account, with their name as it was then.
type Staff struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
}

// DueNow is what order o asks its customer for now, given what it has
// received: a pay-on-delivery order waiting for its fee asks for the fee
// alone (its goods are paid at the door); any other order for its balance.
func (o Order) DueNow(received money.Cents) money.Cents {
	if o.PayOnDelivery && (o.Status == PendingPayment || o.Status == PaymentFailed) {
		return max(0, o.ShippingCharge-received)
	}
	return max(0, o.Total-received)
}

// AtTheDoor reports whether o is a pay-on-delivery order whose goods are
// now paid at the door: its fee is paid and it waits or is on its way.
func (o Order) AtTheDoor() bool {
	return o.PayOnDelivery && (o.Status == AwaitingDeliveryPayment || o.Status == Dispatched)
}
