// Package payment takes an order's money by M-Pesa STK Push: it sends the
// push, records what Daraja answers by callback or by query, and moves the
// order along. No payment is ever lost: a success that comes after the shop
// gave up is still recorded, and the order is paid or flagged for a person.
package payment

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"time"

	"shop/internal/apperr"
	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
	"shop/internal/ratelimit"
	"shop/internal/vat"
)

// Gateway is the part of the Daraja client the service uses.
type Gateway interface {
	STKPush(ctx context.Context, p mpesa.PushRequest) (mpesa.PushResponse, error)
	STKQuery(ctx context.Context, checkoutRequestID string) (mpesa.QueryResult, error)
}

// Service runs M-Pesa payments.
type Service struct {
	db      *db.DB
	orders  *order.Store
	coupons *coupon.Store
	limiter *ratelimit.Limiter
	limits  PushLimits
	gateway Gateway // nil when M-Pesa is not configured
	// callbackURL is where Daraja posts results; it ends in the secret.
	callbackURL string
	publicURL   string
	secret      string
	// till is how customers pay without a prompt: the Paybill or Buy Goods
	// number shown beside "Try again".
	till order.PayGuide
	log  *slog.Logger
	now  func() time.Time
	// pullMu guards lastPull, when Pull Transactions was last asked.
	pullMu   sync.Mutex
	lastPull time.Time
	// OnPaid runs after an order is paid (the order mail). Errors are logged.
	OnPaid func(ctx context.Context, o order.Order) error
	// OnUnpaid runs after an order's first prompt failed (the mail with the
	// Paybill guide); o carries the failure and the guide. Errors are logged.
	OnUnpaid func(ctx context.Context, o order.Order) error
}

// Config is what the service needs from outside.
type Config struct {
	// PublicURL is the shop's base URL, which Daraja can reach.
	PublicURL string
	// CallbackSecret is the long random secret in the callback path.
	CallbackSecret string
	// Limits bound the prompts per phone and per address; nil: DefaultPushLimits.
	Limits *PushLimits
	// ShortCode is the Paybill number customers pay to by hand, or with
	// BuyGoods the till number.
	ShortCode string
	BuyGoods  bool
}

// PushLimits bound how many M-Pesa prompts one phone number and one client
// address may ask for: each prompt rings a real phone, and each order holds
// stock while it waits.
type PushLimits struct {
	PerPhone, PerIP ratelimit.Limit
}

// DefaultPushLimits: three prompts to one phone in ten minutes covers a
// farmer who cancelled, mistyped a PIN and tried again; ten from one address
// covers a family or an agrovet ordering for several farmers.
var DefaultPushLimits = PushLimits{
	PerPhone: ratelimit.Limit{Max: 3, Window: 10 * time.Minute},
	PerIP:    ratelimit.Limit{Max: 10, Window: 10 * time.Minute},
}

// MsgTooManyPushes answers a prompt over the limits.
const MsgTooManyPushes = "Too many payment requests. Please wait a few minutes and try again."

// CallbackPath is the callback path Daraja is given. Daraja refuses callback
// URLs containing certain words (mpesa among them), so this path avoids them;
// /api/payments/mpesa/callback/{secret}/ answers the same way for
// integrations that expect it.
const CallbackPath = "/api/payments/callback/"

// New returns the service. gateway may be nil: payment then answers that
// M-Pesa is not available.
func New(d *db.DB, orders *order.Store, gateway Gateway, cfg Config, log *slog.Logger) *Service {
	limits := DefaultPushLimits
	if cfg.Limits != nil {
		limits = *cfg.Limits
	}
	s := &Service{db: d, orders: orders, gateway: gateway, secret: cfg.CallbackSecret, limits: limits,
		callbackURL: cfg.PublicURL + CallbackPath + cfg.CallbackSecret + "/", publicURL: cfg.PublicURL, log: log, now: time.Now}
	if cfg.ShortCode != "" {
		s.till = order.PayGuide{Kind: "paybill", Number: cfg.ShortCode}
		if cfg.BuyGoods {
			s.till.Kind = "till"
		}
	}
	s.limiter = ratelimit.New(d, func() time.Time { return s.now() })
	s.coupons = coupon.NewStore(d)
	s.coupons.SetClock(func() time.Time { return s.now() })
	if orders != nil {
		orders.UsePayments(s)
	}
	return s
}

// ErrNotConfigured says M-Pesa has no credentials on this server.
var ErrNotConfigured = apperr.Unavailable("M-Pesa payments are not available right now. Please try again later or call us to order.")

// MsgPushFailed is docs/product.md's words when the push cannot be sent.
const MsgPushFailed = "Payment failed. Please try again."

// MsgPushSent is docs/product.md's words when the push is on its way.
const MsgPushSent = "Payment initiated! Please check your phone for M-Pesa prompt."

// Enabled reports whether M-Pesa is configured.
func (s *Service) Enabled() bool { return s.gateway != nil }

// Started is the outcome of asking for a payment.
type Started struct {
	Order             order.Order
	AccessToken       string // only for a new order
	CheckoutRequestID string
	// PushErr is set when the push could not be sent: the order stays, unpaid, to retry.
	PushErr error
	// Existing: the cart already had this order waiting for its payment, so
	// no new order was made and no new prompt sent.
	Existing bool
}

// Checkout makes the order from the cart and sends the STK push for its
// total, for a customer at client address ip. Submitting the same cart again
// while its order waits for payment returns that order: one order, one
// prompt, however often the button is pressed.
func (s *Service) Checkout(ctx context.Context, n order.New, ip string) (Started, error) {
	if !s.Enabled() {
		return Started{}, ErrNotConfigured
	}
	st, paymentID, err := s.placeOrder(ctx, n, ip)
	if err != nil || st.Existing {
		return st, err
	}
	st.CheckoutRequestID, st.PushErr = s.push(ctx, paymentID, st.Order.Number, n.Checkout.MpesaPhone, st.Order.Total)
	return st, nil
}

// placeOrder is the checkout's one transaction, which this package drives
// and each table's owner writes in: the cart's lines (cart), their stock
// (catalog), the order (order) and its pending payment (here). If any size
// is short, nothing is taken and nothing is stored.
func (s *Service) placeOrder(ctx context.Context, n order.New, ip string) (st Started, paymentID int64, err error) {
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		// One order at a time per cart: a double submit waits here, then
		// finds the first order instead of making (and pushing for) a second.
		if err := db.LockKey(ctx, tx, s.db.Dialect, "cart:"+strconv.FormatInt(n.CartID, 10)); err != nil {
			return err
		}
		o, waiting, err := s.orders.PendingForCartTx(ctx, tx, n.CartID)
		if err != nil {
			return err
		}
		if waiting {
			p, _, err := latestTx(ctx, tx, o.ID)
			st = Started{Order: o, Existing: true, CheckoutRequestID: p.CheckoutRequestID}
			return err
		}
		// Counted after the cart's lock, so a double submit never counts twice.
		if err := s.reservePush(ctx, tx, n.Checkout.MpesaPhone, ip); err != nil {
			return err
		}
		lines, err := cart.LinesTx(ctx, tx, n.CartID)
		if err != nil {
			return err
		}
		items, used, err := s.priceLines(ctx, tx, &n, lines)
		if err != nil {
			return err
		}
		// The fee is the server's own quote for these lines, whatever the
		// browser showed or sent; free delivery looks at the subtotal after
		// the discount (docs/architecture.md section 11).
		w, subtotal := cart.Totals(lines)
		q, err := delivery.QuoteTx(ctx, tx, n.Checkout.County, n.Checkout.DeliveryOption, w, subtotal-n.Discount)
		if err != nil {
			return err
		}
		n.Delivery = order.Delivery{Kind: q.Kind, Option: q.ID, Name: q.Name, Fee: q.Fee, ETA: q.ETA, Address: q.Address, Hours: q.Hours}
		n.Weight = w
		created, err := s.orders.CreateTx(ctx, tx, n, items)
		if err != nil {
			return err
		}
		// After the order, so each sale's stock movement names it.
		if err := catalog.TakeStockTx(ctx, tx, created.Order.StockLines()); err != nil {
			return err
		}
		st = Started{Order: created.Order, AccessToken: created.AccessToken}
		if used != nil {
			if err := coupon.ClaimTx(ctx, tx, used.Coupon.ID, created.Order.ID, checkoutPhones(n.Checkout)); err != nil {
				return err
			}
		}
		paymentID, err = insertPayment(ctx, tx, created.Order, n.Checkout.MpesaPhone, created.Order.Total)
		return err
	})
	if err != nil {
		return Started{}, 0, fmt.Errorf("check out cart %d: %w", n.CartID, err)
	}
	return st, paymentID, nil
}

// priceLines makes the order's items from the cart's lines: each with its
// VAT class and today's rate, and its share of the cart's coupon, which is
// checked again here under the coupon's lock (n gets the discount and the
// code). used is the coupon priced, or nil.
func (s *Service) priceLines(ctx context.Context, tx *sql.Tx, n *order.New, lines []cart.Line) ([]order.Item, *coupon.Priced, error) {
	rates, err := vat.RatesTx(ctx, tx)
	if err != nil {
		return nil, nil, err
	}
	priced, ok, err := s.coupons.CheckoutTx(ctx, tx, n.CartID, coupon.Lines(lines), checkoutPhones(n.Checkout))
	if err != nil {
		return nil, nil, err
	}
	items := make([]order.Item, len(lines))
	for i, l := range lines {
		items[i] = order.Item{VariantID: l.VariantID, ProductID: l.ProductID, ProductName: l.ProductName, Size: l.Size,
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

// checkoutPhones are the numbers a checkout's coupon limits count: the
// contact phone and the M-Pesa number that pays.
func checkoutPhones(c order.Checkout) coupon.Phones {
	return coupon.Phones{Contact: c.Phone, Payer: c.MpesaPhone}
}

// reservePush counts one prompt against the phone's and the address's
// limits inside tx, or answers 429: it stands or falls with the order or
// the retry it guards.
func (s *Service) reservePush(ctx context.Context, tx *sql.Tx, phone, ip string) error {
	_, wait, err := s.limiter.ReserveTx(ctx, tx,
		ratelimit.Check{Bucket: "mpesa:phone:" + phone, Limit: s.limits.PerPhone},
		ratelimit.Check{Bucket: ratelimit.IPBucket("mpesa:ip:", ip), Limit: s.limits.PerIP})
	if err != nil {
		return err
	}
	if wait > 0 {
		return apperr.TooManyRequests(MsgTooManyPushes, wait)
	}
	return nil
}

// Retry asks again for an unpaid order's money, from phone, for a customer
// at address ip: the stock is taken again (if it is still there) and a new
// push is sent.
func (s *Service) Retry(ctx context.Context, o order.Order, phone, ip string) (Started, error) {
	if !s.Enabled() {
		return Started{}, ErrNotConfigured
	}
	if err := retryable(o.Status); err != nil {
		return Started{}, err
	}
	var paymentID int64
	var due money.Cents
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		// Two retries at once: the second waits here, then sees the order
		// already pending, and sends no second prompt.
		if err := lockOrder(ctx, tx, s.db.Dialect, o.ID); err != nil {
			return err
		}
		cur, err := s.orders.ByIDTx(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		if err := retryable(cur.Status); err != nil {
			return err
		}
		if err := s.reservePush(ctx, tx, phone, ip); err != nil {
			return err
		}
		moved, err := order.Move(ctx, tx, cur, order.PendingPayment, "Customer retried the payment", "customer")
		if err != nil {
			return err
		}
		o = moved
		// A part paid by Paybill is not asked for again.
		received, err := paidTx(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		due = o.Total - received
		paymentID, err = insertPayment(ctx, tx, o, phone, due)
		return err
	})
	if err != nil {
		return Started{}, fmt.Errorf("retry payment of %s: %w", o.Number, err)
	}
	st := Started{Order: o}
	st.CheckoutRequestID, st.PushErr = s.push(ctx, paymentID, o.Number, phone, due)
	return st, nil
}

func retryable(st order.Status) error {
	switch st {
	case order.PaymentFailed:
		return nil
	case order.PendingPayment:
		return apperr.Conflict("This order is already waiting for a payment. Please check your phone.")
	}
	return apperr.Conflict("This order does not need paying.")
}

// firstQueryAfter is when a push with no callback is first asked about:
// Daraja's callback normally comes well within it.
const firstQueryAfter = 25 * time.Second

// push sends the STK push for a pending payment. When Daraja refuses it, the
// payment fails at once and the order's stock is released.
func (s *Service) push(ctx context.Context, paymentID int64, number, phone string, amount money.Cents) (string, error) {
	resp, err := s.gateway.STKPush(ctx, mpesa.PushRequest{
		Phone: phone, Amount: amount.Shillings(),
		Reference: accountRef(number), Description: "Mifugo order",
		CallbackURL: s.callbackURL,
	})
	if err != nil {
		s.log.WarnContext(ctx, "stk push refused", "order", number, "err", err)
		code, desc := mpesa.ResultPushFailed, err.Error()
		var de *mpesa.Error
		if errors.As(err, &de) {
			desc = de.Code + " " + de.Message
		}
		if ferr := s.settle(ctx, paymentID, code, desc, ""); ferr != nil {
			return "", errors.Join(err, ferr)
		}
		return "", err
	}
	next := s.now().UTC().Add(firstQueryAfter).Truncate(time.Second)
	var early []string
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := db.LockKey(ctx, tx, s.db.Dialect, "checkout:"+resp.CheckoutRequestID); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE payments SET merchant_request_id = $1, checkout_request_id = $2, next_query_at = $3,
			updated_at = CURRENT_TIMESTAMP WHERE id = $4`, resp.MerchantRequestID, resp.CheckoutRequestID, next, paymentID); err != nil {
			return err
		}
		var err error
		early, err = takeParked(ctx, tx, resp.CheckoutRequestID)
		return err
	})
	if err != nil {
		// The push went out and the customer may pay, but the shop cannot
		// match the answer: the payment stays pending without a checkout id,
		// and the reconciler fails it after a while; say so loudly.
		s.log.ErrorContext(ctx, "store checkout request id", "order", number, "checkout_request_id", resp.CheckoutRequestID, "err", err)
		return resp.CheckoutRequestID, nil
	}
	for _, body := range early {
		if err := s.applyCallback(ctx, []byte(body)); err != nil {
			s.log.ErrorContext(ctx, "apply early callback", "order", number, "err", err)
		}
	}
	return resp.CheckoutRequestID, nil
}
