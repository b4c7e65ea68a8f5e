// Package checkout places orders, from any channel: the web cart, a staff
// member taking a phone order, a USSD menu, a reply to an SMS, an agent
// ordering for a farmer. Each channel validates what it collects; Place
// checks what every order needs (a reachable phone, lines on sale, a
// deliverable choice, stock) and, in one transaction, prices the lines,
// takes their stock, stores the order and starts its payment, each table
// written by its owner (docs/architecture.md, "Placing an order").
package checkout

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"shop/internal/apperr"
	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/phone"
	"shop/internal/rider"
	"shop/internal/sms"
	"shop/internal/stock"
	"shop/internal/vat"
)

// Payments is what placing an order needs from the payment package: the
// prompt limits, the pending payment stored with the order, and the push
// sent once the order is committed.
type Payments interface {
	// Available is nil when M-Pesa prompts can be sent.
	Available() error
	// ReservePushTx counts one prompt to phone from client address ip
	// against the limits, inside tx, or refuses it (429).
	ReservePushTx(ctx context.Context, tx *sql.Tx, phone, ip string) error
	// StartTx stores the pending payment of amount for order o from phone.
	StartTx(ctx context.Context, tx *sql.Tx, o order.Order, phone string, amount money.Cents) (int64, error)
	// LatestCheckoutTx is the checkout request id of the order's latest push.
	LatestCheckoutTx(ctx context.Context, tx *sql.Tx, orderID int64) (string, error)
	// Push sends the prompt for payment id once its order is committed.
	Push(ctx context.Context, paymentID int64, number, phone string, amount money.Cents) (string, error)
}

// Agents links an order to the agent it counts for (package agent), in
// the checkout's transaction, so an order and its agent's commission are
// stored together or not at all.
type Agents interface {
	// LinkTx counts order o, for the customer's phone farmer paid from
	// payer, for the agent a names, or refuses an unknown code (a 400 on
	// the field agentCode).
	LinkTx(ctx context.Context, tx *sql.Tx, a AgentRef, o order.Order, farmer, payer string) error
}

// AgentRef names the agent an order counts for: by id when the agent
// places it, by the code a shopper typed at checkout.
type AgentRef struct {
	ID   int64
	Code string
}

// Road is how an order's money is asked for.
type Road string

const (
	// Prompt sends an M-Pesa prompt to the payer's phone (the default).
	Prompt Road = "mpesa"
	// Link sends nothing now: the customer pays by Paybill or from a
	// payment link (a staff phone order's "sms_link").
	Link Road = "sms_link"
	// OnDelivery prompts the payer for the delivery fee alone; the goods
	// are paid at the door (docs/payments.md, "Pay on delivery").
	OnDelivery Road = "on_delivery"
)

// MsgNoPayOnDelivery refuses pay on delivery where it is not offered.
const MsgNoPayOnDelivery = "Pay on delivery is not available for this order. Please pay by M-Pesa now."

// Request is an order to place.
type Request struct {
	// Channel is where it was placed: order.ChannelWeb, ChannelStaff, ….
	Channel  string
	Customer Customer
	Address  Address
	// DeliveryOption is the option chosen ("" for home delivery to the county).
	DeliveryOption string
	// CartID, for the web, is the cart whose lines and code are ordered: a
	// second submit of the same cart while its order waits returns that order.
	CartID int64
	// Lines and Coupon are what a channel without a cart orders.
	Lines  []Line
	Coupon string
	Road   Road
	// Payer is the M-Pesa number prompted; the customer's phone when empty.
	Payer string
	// UserID is the customer's account, 0 for a guest.
	UserID int64
	// PlacedBy is who ordered for the customer, nil when they ordered themselves.
	PlacedBy *order.Staff
	Lang     i18n.Lang
	// ClientIP is the address the request came from, for the prompt limits.
	ClientIP string
	// Reminders: the customer ticked "text me when it runs low"; the
	// customer's phone says yes to reminders with the order. Unticked
	// changes nothing (My Account switches them off).
	Reminders bool
	// Agent is the agent the order counts for; zero for none.
	Agent AgentRef
}

// Customer is who the order is for.
type Customer struct {
	FirstName, LastName string
	Phone, Email        string
	// KRAPIN is the buyer's KRA PIN for their tax invoice, optional.
	KRAPIN string
}

// Address is where a home delivery goes; County also picks the options.
type Address struct {
	Address, City, County, PostalCode string
}

// Line is a size and how many of it.
type Line struct {
	VariantID int64
	Quantity  int
}

// Limits on what a channel without a cart may order at once: a line as a
// cart's, and no more lines than a person reads out on a call.
const (
	maxLines    = 50
	maxQuantity = cart.MaxQuantity
)

// Messages for what every order needs.
const (
	MsgChannel   = "Unknown channel."
	MsgRoad      = "Choose how the order is paid: mpesa, sms_link or on_delivery."
	MsgNoLines   = "Add at least one product to the order."
	MsgLine      = "Choose a size and a quantity from 1 to %d for every line."
	MsgNoSize    = "One of the sizes ordered does not exist."
	MsgNotOnSale = "%s is no longer available."
	// MsgAgentCode answers an agent code the shop does not know.
	MsgAgentCode = "We do not know this agent code. Check it with your agent, or leave it empty."
)

// Service places orders.
type Service struct {
	db       *db.DB
	orders   *order.Store
	coupons  *coupon.Store
	payments Payments
	log      *slog.Logger
	// PODMax caps the goods an order may pay on delivery (SHOP_POD_MAX);
	// 0 offers it to none.
	PODMax money.Cents
	agents Agents
}

// UseAgents links orders to agents from now on (package agent, built
// after the checkout it places its orders through).
func (s *Service) UseAgents(a Agents) { s.agents = a }

// New returns the service.
func New(d *db.DB, orders *order.Store, coupons *coupon.Store, payments Payments, log *slog.Logger) *Service {
	return &Service{db: d, orders: orders, coupons: coupons, payments: payments, log: log}
}

// check normalises r's phones and checks what every order needs before
// the transaction: a channel, a reachable phone, and lines (or a cart).
func check(r *Request) error {
	if !slices.Contains(order.Channels, r.Channel) {
		return apperr.InvalidField("channel", MsgChannel)
	}
	fields := map[string]string{}
	if p, ok := phone.Normalize(r.Customer.Phone); ok {
		r.Customer.Phone = p
	} else {
		fields["phone"] = order.MsgPhoneInvalid
	}
	if r.Payer == "" {
		r.Payer = r.Customer.Phone
	} else if p, ok := phone.Normalize(r.Payer); ok {
		r.Payer = p
	} else {
		fields["mpesaPhone"] = order.MsgPhoneInvalid
	}
	switch r.Road {
	case "":
		r.Road = Prompt
	case Prompt, Link, OnDelivery:
	default:
		fields["payment"] = MsgRoad
	}
	if r.CartID == 0 {
		switch {
		case len(r.Lines) == 0:
			fields["items"] = MsgNoLines
		case len(r.Lines) > maxLines || slices.ContainsFunc(r.Lines, func(l Line) bool { return l.VariantID <= 0 || l.Quantity < 1 || l.Quantity > maxQuantity }):
			fields["items"] = fmt.Sprintf(MsgLine, maxQuantity)
		}
	}
	r.Agent.Code = strings.ToUpper(strings.TrimSpace(r.Agent.Code))
	if len(r.Agent.Code) > 20 {
		fields["agentCode"] = MsgAgentCode
	}
	if len(fields) > 0 {
		return apperr.FixFields(fields)
	}
	return nil
}

// Place places the order r asks for and, on the prompt road, sends the
// M-Pesa prompt once it is stored. If any size is short, nothing is taken
// and nothing is stored.
func (s *Service) Place(ctx context.Context, r Request) (order.PaymentStart, error) {
	if err := check(&r); err != nil {
		return order.PaymentStart{}, err
	}
	if r.Road.prompts() {
		if err := s.payments.Available(); err != nil {
			return order.PaymentStart{}, err
		}
	}
	st, paymentID, err := s.place(ctx, r)
	if err != nil || st.Existing || paymentID == 0 {
		return st, err
	}
	st.CheckoutRequestID, st.PushErr = s.payments.Push(ctx, paymentID, st.Order.Number, r.Payer, st.Order.DueNow(0))
	return st, nil
}

// prompts reports whether road r sends an M-Pesa prompt at checkout.
func (r Road) prompts() bool { return r == Prompt || r == OnDelivery }

// payOnDeliveryTx checks that order n, quoted q, may pay on delivery: a
// home delivery in a zone open to it, goods within the cap, and no phone
// of the order's that refused a delivery before.
func (s *Service) payOnDeliveryTx(ctx context.Context, tx *sql.Tx, r Request, q delivery.Quote, goods money.Cents) error {
	if q.Kind != delivery.KindDelivery || !q.PayOnDelivery || !delivery.PODAllowed(goods, s.PODMax) {
		return apperr.InvalidField("paymentMethod", MsgNoPayOnDelivery)
	}
	refused, err := rider.RefusedTx(ctx, tx, r.Customer.Phone, r.Payer)
	if err != nil {
		return err
	}
	if refused {
		return apperr.InvalidField("paymentMethod", MsgNoPayOnDelivery)
	}
	return nil
}

// place is the checkout's one transaction.
func (s *Service) place(ctx context.Context, r Request) (st order.PaymentStart, paymentID int64, err error) {
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if r.CartID != 0 {
			// One order at a time per cart: a double submit waits here, then
			// finds the first order instead of making (and pushing for) a second.
			if err := db.LockKey(ctx, tx, s.db.Dialect, "cart:"+strconv.FormatInt(r.CartID, 10)); err != nil {
				return err
			}
			o, waiting, err := s.orders.PendingForCartTx(ctx, tx, r.CartID)
			if err != nil {
				return err
			}
			if waiting {
				st = order.PaymentStart{Order: o, Existing: true}
				st.CheckoutRequestID, err = s.payments.LatestCheckoutTx(ctx, tx, o.ID)
				return err
			}
		}
		lines, err := s.linesTx(ctx, tx, r)
		if err != nil {
			return err
		}
		n := order.New{Checkout: r.checkout(), UserID: r.UserID, CartID: r.CartID, Lang: r.Lang, Channel: r.Channel, PlacedBy: r.PlacedBy}
		items, used, err := s.priceTx(ctx, tx, &n, r, lines)
		if err != nil {
			return err
		}
		// The fee is the server's own quote for these lines, whatever a
		// browser showed or sent; free delivery looks at the subtotal after
		// the discount (docs/architecture.md section 11).
		w, subtotal := cart.Totals(lines)
		q, err := delivery.QuoteTx(ctx, tx, r.Address.County, r.DeliveryOption, w, subtotal-n.Discount)
		if err != nil {
			return err
		}
		if r.Road == OnDelivery {
			if err := s.payOnDeliveryTx(ctx, tx, r, q, subtotal-n.Discount); err != nil {
				return err
			}
		}
		n.Delivery = order.Delivery{Kind: q.Kind, Option: q.ID, Name: q.Name, Fee: q.Fee, ETA: q.ETA, Address: q.Address, Hours: q.Hours}
		n.Weight = w
		created, err := s.orders.CreateTx(ctx, tx, n, items)
		if err != nil {
			return err
		}
		if r.Agent != (AgentRef{}) && s.agents != nil {
			if err := s.agents.LinkTx(ctx, tx, r.Agent, created.Order, r.Customer.Phone, r.Payer); err != nil {
				return err
			}
		}
		// After the order, so each sale's stock movement names it.
		if err := stock.TakeTx(ctx, tx, created.Order.StockLines()); err != nil {
			return err
		}
		st = order.PaymentStart{Order: created.Order, AccessToken: created.AccessToken}
		if used != nil {
			if err := coupon.ClaimTx(ctx, tx, used.Coupon.ID, created.Order.ID, r.phones()); err != nil {
				return err
			}
		}
		if r.Reminders {
			if err := sms.SetRemindersTx(ctx, s.db, tx, r.Customer.Phone, true); err != nil {
				return err
			}
		}
		if !r.Road.prompts() {
			return nil
		}
		due := created.Order.DueNow(0)
		if due == 0 {
			// Free delivery paid on delivery: no fee to ask for first.
			moved, err := order.Move(ctx, tx, created.Order, order.AwaitingDeliveryPayment, "Pay on delivery: no delivery fee to pay first", "customer")
			st.Order = moved
			return err
		}
		if paymentID, err = s.payments.StartTx(ctx, tx, created.Order, r.Payer, due); err != nil {
			return err
		}
		// The prompt is counted last: after the cart's lock, so a double
		// submit never counts twice, and just before the commit, so the
		// address's lock it takes is held for a moment, not for the whole
		// checkout (customers behind one address, an agrovet or a carrier's
		// gateway, would otherwise check out one at a time).
		return s.payments.ReservePushTx(ctx, tx, r.Payer, r.ClientIP)
	})
	if err != nil {
		return order.PaymentStart{}, 0, fmt.Errorf("place %s order: %w", r.Channel, err)
	}
	return st, paymentID, nil
}

// checkout is the order's customer and address as the order stores them.
func (r Request) checkout() order.Checkout {
	return order.Checkout{FirstName: r.Customer.FirstName, LastName: r.Customer.LastName, Email: r.Customer.Email, Phone: r.Customer.Phone,
		Address: r.Address.Address, City: r.Address.City, County: r.Address.County, PostalCode: r.Address.PostalCode,
		PaymentMethod: r.Road.method(), MpesaPhone: r.Payer, DeliveryOption: r.DeliveryOption, KRAPIN: r.Customer.KRAPIN}
}

// method is the order's payment method for road r.
func (r Road) method() string {
	if r == OnDelivery {
		return order.MethodOnDelivery
	}
	return order.MethodMpesa
}

// phones are the numbers a coupon's limit per phone counts: the contact
// phone and the M-Pesa number that pays.
func (r Request) phones() coupon.Phones {
	return coupon.Phones{Contact: r.Customer.Phone, Payer: r.Payer}
}

// linesTx reads what r orders at today's prices: the cart's lines, or the
// sizes r names (merged when one is named twice), each on sale.
func (s *Service) linesTx(ctx context.Context, tx *sql.Tx, r Request) ([]cart.Line, error) {
	if r.CartID != 0 {
		return cart.LinesTx(ctx, tx, r.CartID)
	}
	var ids []int64
	qty := map[int64]int{}
	for _, l := range r.Lines {
		if _, seen := qty[l.VariantID]; !seen {
			ids = append(ids, l.VariantID)
		}
		qty[l.VariantID] += l.Quantity
	}
	sizes, err := catalog.OrderSizesTx(ctx, tx, ids)
	if err != nil {
		return nil, err
	}
	lines := make([]cart.Line, 0, len(ids))
	for _, id := range ids {
		v, ok := sizes[id]
		switch {
		case !ok:
			return nil, apperr.InvalidField("items", MsgNoSize)
		case !v.Active:
			return nil, apperr.InvalidField("items", fmt.Sprintf(MsgNotOnSale, v.ProductName))
		case qty[id] > maxQuantity:
			return nil, apperr.InvalidField("items", fmt.Sprintf(MsgLine, maxQuantity))
		}
		lines = append(lines, cart.Line{VariantID: id, ProductID: v.ProductID, ProductName: v.ProductName, ProductNameSW: v.ProductNameSW, Size: v.Size, SKU: v.SKU,
			Quantity: qty[id], UnitPrice: v.Price, Weight: v.Weight, VATClass: v.VATClass})
	}
	return lines, nil
}

// priceTx makes the order's items from its lines: each with its VAT class
// and today's rate, and its share of the order's coupon (the cart's, or the
// code typed), which is checked again here under the coupon's lock (n gets
// the discount and the code). used is the coupon priced, or nil.
func (s *Service) priceTx(ctx context.Context, tx *sql.Tx, n *order.New, r Request, lines []cart.Line) ([]order.Item, *coupon.Priced, error) {
	rates, err := vat.RatesTx(ctx, tx)
	if err != nil {
		return nil, nil, err
	}
	var priced coupon.Priced
	ok := false
	switch code := strings.TrimSpace(r.Coupon); {
	case r.CartID != 0:
		priced, ok, err = s.coupons.CheckoutTx(ctx, tx, r.CartID, coupon.Lines(lines), r.phones())
	case code != "":
		priced, err = s.coupons.CodeTx(ctx, tx, code, coupon.Lines(lines), r.phones())
		ok = err == nil
	}
	if err != nil {
		return nil, nil, err
	}
	items := make([]order.Item, len(lines))
	for i, l := range lines {
		items[i] = order.Item{VariantID: l.VariantID, ProductID: l.ProductID, ProductName: l.ProductName, ProductNameSW: l.ProductNameSW, Size: l.Size,
			SKU: l.SKU, Quantity: l.Quantity, UnitPrice: l.UnitPrice, VATClass: l.VATClass, VATRate: rates[l.VATClass]}
		if ok {
			items[i].Discount = priced.Shares[i]
		}
	}
	if !ok {
		return items, nil, nil
	}
	n.Discount, n.CouponCode = priced.Discount, priced.Coupon.Code
	return items, &priced, nil
}
