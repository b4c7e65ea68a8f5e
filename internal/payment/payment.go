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
	"sync"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
	"shop/internal/ratelimit"
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
	// moneyOut sends refunds (nil: refunds stay manual, manualWhy says
	// why); refundDaily bounds them per Nairobi day.
	moneyOut    MoneyOut
	manualWhy   string
	refundDaily money.Cents
	passwordSet time.Time
	// unpromptedHold: see Config.UnpromptedHold.
	unpromptedHold time.Duration
	// invoices queues KRA's invoices and credit notes; nil: none.
	invoices Invoicer
	// OnPaidTx runs in the transaction that paid an order (to queue the
	// order mail); an error undoes the transaction.
	OnPaidTx func(ctx context.Context, tx *sql.Tx, o order.Order) error
	// OnUnpaidTx runs in the transaction that recorded an order's first
	// failed prompt (to queue the mail with the Paybill guide); o carries
	// the failure and the guide. An error undoes the transaction.
	OnUnpaidTx func(ctx context.Context, tx *sql.Tx, o order.Order) error
}

// Invoicer queues KRA's tax documents (internal/etims) inside the
// transaction that makes them due.
type Invoicer interface {
	// OrderPaidTx queues the invoice of order o, which has just become
	// paid, and answers it (nil: eTIMS is off).
	OrderPaidTx(ctx context.Context, tx *sql.Tx, o order.Order) (*order.Etims, error)
	// RefundedTx queues the credit note of refund r of order o, which now counts.
	RefundedTx(ctx context.Context, tx *sql.Tx, o order.Order, r order.Refund) error
}

// Config is what the service needs from outside.
type Config struct {
	// Invoices queues KRA's invoices and credit notes; nil: eTIMS is not wired.
	Invoices Invoicer
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
	// MoneyOut sends refunds by M-Pesa; nil, they stay manual and
	// ManualWhy says why to the back office.
	MoneyOut  MoneyOut
	ManualWhy string
	// RefundDailyLimit bounds the refunds sent in a Nairobi day; zero:
	// DefaultRefundDailyLimit.
	RefundDailyLimit money.Cents
	// InitiatorPasswordSet is when the initiator's password was set; zero
	// when unknown.
	InitiatorPasswordSet time.Time
	// UnpromptedHold is how long an order waiting for its money with no
	// prompt on a phone keeps its stock; zero: DefaultUnpromptedHold.
	UnpromptedHold time.Duration
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
// M-Pesa is not available. limiter counts the prompts (Config.Limits).
func New(d *db.DB, orders *order.Store, gateway Gateway, limiter *ratelimit.Limiter, cfg Config, log *slog.Logger) *Service {
	limits := DefaultPushLimits
	if cfg.Limits != nil {
		limits = *cfg.Limits
	}
	s := &Service{db: d, orders: orders, gateway: gateway, secret: cfg.CallbackSecret, limits: limits,
		callbackURL: cfg.PublicURL + CallbackPath + cfg.CallbackSecret + "/", publicURL: cfg.PublicURL, log: log, now: time.Now,
		invoices: cfg.Invoices}
	if cfg.ShortCode != "" {
		s.till = order.PayGuide{Kind: "paybill", Number: cfg.ShortCode}
		if cfg.BuyGoods {
			s.till.Kind = "till"
		}
	}
	s.limiter = limiter
	s.moneyOut, s.manualWhy, s.refundDaily, s.passwordSet = cfg.MoneyOut, cfg.ManualWhy, cfg.RefundDailyLimit, cfg.InitiatorPasswordSet
	if s.refundDaily == 0 {
		s.refundDaily = DefaultRefundDailyLimit
	}
	if s.unpromptedHold = cfg.UnpromptedHold; s.unpromptedHold <= 0 {
		s.unpromptedHold = DefaultUnpromptedHold
	}
	if s.moneyOut == nil && s.manualWhy == "" {
		s.manualWhy = "M-Pesa refunds are not configured."
	}
	return s
}

// ErrNotConfigured says M-Pesa has no credentials on this server.
var ErrNotConfigured = apperr.Unavailable("M-Pesa payments are not available right now. Please try again later or call us to order.")

// Enabled reports whether M-Pesa is configured.
func (s *Service) Enabled() bool { return s.gateway != nil }

// Available is nil when M-Pesa prompts can be sent.
func (s *Service) Available() error {
	if !s.Enabled() {
		return ErrNotConfigured
	}
	return nil
}

// StartTx stores, inside the checkout's transaction, the pending M-Pesa
// payment of amount for order o from phone; Push sends its prompt once the
// transaction has committed.
func (s *Service) StartTx(ctx context.Context, tx *sql.Tx, o order.Order, phone string, amount money.Cents) (int64, error) {
	return insertPayment(ctx, tx, o, phone, amount)
}

// LatestCheckoutTx is the checkout request id of order orderID's latest
// push, "" when it has none.
func (s *Service) LatestCheckoutTx(ctx context.Context, tx *sql.Tx, orderID int64) (string, error) {
	p, _, err := latestTx(ctx, tx, orderID)
	return p.CheckoutRequestID, err
}

// Push sends the prompt for pending payment id of order number.
func (s *Service) Push(ctx context.Context, paymentID int64, number, phone string, amount money.Cents) (string, error) {
	return s.push(ctx, paymentID, number, phone, amount)
}

// PhoneBucket is the rate-limit bucket of the prompts to phone
// (254XXXXXXXXX): an erasure clears it.
func PhoneBucket(phone string) string { return "mpesa:phone:" + phone }

func (s *Service) pushChecks(phone, ip string) []ratelimit.Check {
	return []ratelimit.Check{{Bucket: PhoneBucket(phone), Limit: s.limits.PerPhone},
		{Bucket: ratelimit.IPBucket("mpesa:ip:", ip), Limit: s.limits.PerIP}}
}

// ReservePushTx counts one prompt against the phone's and the address's
// limits inside tx, or answers 429: it stands or falls with the order or
// the retry it guards.
func (s *Service) ReservePushTx(ctx context.Context, tx *sql.Tx, phone, ip string) error {
	_, wait, err := s.limiter.ReserveTx(ctx, tx, s.pushChecks(phone, ip)...)
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
func (s *Service) Retry(ctx context.Context, o order.Order, phone, ip string) (order.PaymentStart, error) {
	if !s.Enabled() {
		return order.PaymentStart{}, ErrNotConfigured
	}
	if err := retryable(o.Status); err != nil {
		return order.PaymentStart{}, err
	}
	return s.again(ctx, o, phone, ip, "Customer retried the payment", "customer", func(_ context.Context, _ *sql.Tx, cur order.Order) error {
		return retryable(cur.Status)
	})
}

// again sends a new push for order o to phone once may agrees, under the
// order's lock: the stock is taken again (if it is still there) when the
// order had failed, and note and actor name the step in its history.
func (s *Service) again(ctx context.Context, o order.Order, phone, ip, note, actor string, may func(context.Context, *sql.Tx, order.Order) error) (order.PaymentStart, error) {
	if !s.Enabled() {
		return order.PaymentStart{}, ErrNotConfigured
	}
	var paymentID int64
	var due money.Cents
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		// Two at once: the second waits here, then sees the order already
		// waiting for the first's prompt, and sends no second one.
		if err := lockOrder(ctx, tx, s.db.Dialect, o.ID); err != nil {
			return err
		}
		cur, err := s.orders.ByIDTx(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		if err := may(ctx, tx, cur); err != nil {
			return err
		}
		moved, err := order.Move(ctx, tx, cur, order.PendingPayment, note, actor)
		if err != nil {
			return err
		}
		o = moved
		// A part paid by Paybill is not asked for again.
		received, err := paidTx(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		due = o.DueNow(received)
		if paymentID, err = insertPayment(ctx, tx, o, phone, due); err != nil {
			return err
		}
		// Counted last, as the checkout counts it: the address's lock is
		// then taken after the stock's, in every transaction that takes both.
		return s.ReservePushTx(ctx, tx, phone, ip)
	})
	if err != nil {
		return order.PaymentStart{}, fmt.Errorf("ask again for payment of %s: %w", o.Number, err)
	}
	st := order.PaymentStart{Order: o}
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
