// Package ussd is the shop's menu on any handset: Africa's Talking posts
// each screen's request (sessionId, serviceCode, phoneNumber, networkCode,
// text) and the shop answers "CON …" to show a screen and wait, or
// "END …" to close (docs/ussd.md). The menu is rebuilt from text, which
// carries every input of the session, so a restart or another instance
// loses nothing; the session row is only a cache for the owner's figures
// and the one order a session may place. Orders go through the one
// checkout with channel ussd, and their M-Pesa prompt is sent a moment
// after END, once the phone is free of the USSD session. The package owns
// the ussd_sessions, ussd_phones, ussd_prompts and ussd_events tables.
package ussd

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/phone"
	"shop/internal/ratelimit"
	"shop/internal/weight"
)

// Prompter sends the M-Pesa prompt for an unpaid order (payment.Service).
type Prompter interface {
	Enabled() bool
	Prompt(ctx context.Context, o order.Order, phone, ip, actor string) (order.PaymentStart, error)
}

// Deps are what the menu reads and places orders with.
type Deps struct {
	DB       *db.DB
	Catalog  *catalog.Store
	Delivery *delivery.Store
	Orders   *order.Store
	Accounts *account.Store
	Checkout *checkout.Service
	Payments Prompter
	Limiter  *ratelimit.Limiter
	Log      *slog.Logger
}

// Service answers the menu's requests and sends its orders' prompts.
type Service struct {
	Deps
	// PromptDelay is how long after END an order's prompt is due, unless
	// the end-of-session notification comes first.
	PromptDelay time.Duration
	// OrdersPerPhone bounds the orders one phone may place.
	OrdersPerPhone ratelimit.Limit
	now            func() time.Time
}

// Defaults: a prompt a few seconds after END, by which time Africa's
// Talking has closed the session; three orders an hour from one phone is
// more than a farmer places, and fewer than a loop would.
const DefaultPromptDelay = 5 * time.Second

var DefaultOrdersPerPhone = ratelimit.Limit{Max: 3, Window: time.Hour}

// New returns the service.
func New(d Deps) *Service {
	if d.Log == nil {
		d.Log = slog.Default()
	}
	return &Service{Deps: d, PromptDelay: DefaultPromptDelay, OrdersPerPhone: DefaultOrdersPerPhone, now: time.Now}
}

// at is t as the database compares times (db.TimeArg).
func (s *Service) at(t time.Time) any { return s.DB.TimeArg(t) }

// Request is one screen's request from the gateway.
type Request struct {
	SessionID, ServiceCode, PhoneNumber, NetworkCode, Text string
}

// MaxScreen is the most characters a screen may hold (docs/ussd.md).
const MaxScreen = 160

// Answer is the body for req: "CON …" or "END …".
func (s *Service) Answer(ctx context.Context, req Request) (string, error) {
	tel, ok := phone.Normalize(req.PhoneNumber)
	if !ok || req.SessionID == "" || len(req.SessionID) > 100 || len(req.Text) > 500 {
		return "", apperr.Invalid("Unreadable USSD request.", nil)
	}
	lang, err := s.sessionLang(ctx, req.SessionID, tel)
	if err != nil {
		return "", err
	}
	m := &menu{s: s, ctx: i18n.WithLang(ctx, lang), phone: tel, session: req.SessionID, lang: lang}
	var inputs []string
	if req.Text != "" {
		inputs = strings.Split(req.Text, "*")
	}
	m.stack = []frame{{screen: scrHome}}
	for i, in := range inputs {
		m.last = i == len(inputs)-1
		if err := m.input(strings.TrimSpace(in)); err != nil {
			return "", err
		}
		if m.end != "" {
			break
		}
	}
	out := m.end
	screen := "end:" + m.top().screen
	if out == "" {
		if out, err = m.render(); err != nil {
			return "", err
		}
		out, screen = "CON "+out, m.top().screen
	} else {
		out = "END " + out
	}
	if err := s.touch(ctx, req.SessionID, tel, lang, screen); err != nil {
		return "", err
	}
	return out, nil
}

// sessionLang is the language a session started in: the phone's choice,
// Kiswahili until it makes one. The session keeps it, so a choice made
// within the session (and replayed from text) changes it from there on.
func (s *Service) sessionLang(ctx context.Context, session, tel string) (i18n.Lang, error) {
	var l string
	err := s.DB.QueryRow(ctx, `SELECT lang FROM ussd_sessions WHERE session_id = $1`, session).Scan(&l)
	if db.NoRows(err) {
		err = s.DB.QueryRow(ctx, `SELECT lang FROM ussd_phones WHERE phone = $1`, tel).Scan(&l)
	}
	if db.NoRows(err) {
		return i18n.Kiswahili, nil
	}
	if err != nil {
		return "", fmt.Errorf("ussd language: %w", err)
	}
	return i18n.Parse(l), nil
}

// touch records the screen a session reached, for the figures.
func (s *Service) touch(ctx context.Context, session, tel string, lang i18n.Lang, screen string) error {
	now := s.at(s.now())
	_, err := s.DB.Exec(ctx, `INSERT INTO ussd_sessions (session_id, phone, lang, screen, hops, started_at, updated_at)
		VALUES ($1, $2, $3, $4, 1, $5, $5)
		ON CONFLICT (session_id) DO UPDATE SET screen = excluded.screen, hops = ussd_sessions.hops + 1, updated_at = excluded.updated_at`,
		session, tel, string(lang), screen, now)
	if err != nil {
		return fmt.Errorf("ussd session: %w", err)
	}
	return nil
}

// setLang stores the language a phone chose.
func (s *Service) setLang(ctx context.Context, tel string, l i18n.Lang) error {
	_, err := s.DB.Exec(ctx, `INSERT INTO ussd_phones (phone, lang, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (phone) DO UPDATE SET lang = excluded.lang, updated_at = excluded.updated_at`, tel, string(l), s.at(s.now()))
	if err != nil {
		return fmt.Errorf("ussd language: %w", err)
	}
	return nil
}

// basket is what a session orders: lines at today's prices, and the
// delivery chosen.
type basket struct {
	lines    []line
	county   string
	address  string
	city     string
	option   string // the delivery option id, "" for home delivery to county
	fee      money.Cents
	subtotal money.Cents
}

type line struct {
	variant  int64
	name     string
	quantity int
	price    money.Cents
	weight   weight.Grams
}

func (b basket) total() money.Cents { return b.subtotal + b.fee }

// place places b for the session's phone, once per session: a repeated
// confirmation (the gateway retried, or two requests raced) answers with
// the same order. The prompt is queued, never sent here.
func (s *Service) place(ctx context.Context, m *menu, b basket) (string, error) {
	w := wordsIn(m.lang)
	res, err := s.DB.Exec(ctx, `UPDATE ussd_sessions SET claimed = TRUE WHERE session_id = $1 AND order_id IS NULL AND NOT claimed`, m.session)
	if err != nil {
		return "", fmt.Errorf("claim ussd session: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		var id sql.NullInt64
		err := s.DB.QueryRow(ctx, `SELECT order_id FROM ussd_sessions WHERE session_id = $1`, m.session).Scan(&id)
		switch {
		case db.NoRows(err):
			// The first request of this session never reached the store
			// (not possible through the gateway): record it and try again.
			if err := s.touch(ctx, m.session, m.phone, m.lang, scrConfirm); err != nil {
				return "", err
			}
			return s.place(ctx, m, b)
		case err != nil:
			return "", err
		case id.Valid:
			o, err := s.Orders.ByID(ctx, id.Int64)
			if err != nil {
				return "", err
			}
			return s.placedText(w, o), nil
		}
		return w.busy, nil
	}
	release := func() {
		if _, err := s.DB.Exec(context.WithoutCancel(ctx), `UPDATE ussd_sessions SET claimed = FALSE WHERE session_id = $1`, m.session); err != nil {
			s.Log.Error("release ussd session", "err", err)
		}
	}
	_, wait, err := s.Limiter.Reserve(ctx, ratelimit.Check{Bucket: "ussd:order:" + m.phone, Limit: s.OrdersPerPhone})
	if err != nil {
		release()
		return "", err
	}
	if wait > 0 {
		release()
		return w.limit, nil
	}
	req := checkout.Request{Channel: order.ChannelUSSD, Road: checkout.Link, Lang: m.lang, ClientIP: "ussd:" + m.phone,
		Customer: checkout.Customer{Phone: m.phone},
		Address:  checkout.Address{Address: b.address, City: b.city, County: b.county}, DeliveryOption: b.option}
	for _, l := range b.lines {
		req.Lines = append(req.Lines, checkout.Line{VariantID: l.variant, Quantity: l.quantity})
	}
	if err := s.customer(ctx, &req); err != nil {
		release()
		return "", err
	}
	st, err := s.Checkout.Place(ctx, req)
	if err != nil {
		release()
		if _, ok := apperr.From(err); ok {
			return w.failed, nil
		}
		return "", err
	}
	if _, err := s.DB.Exec(ctx, `UPDATE ussd_sessions SET order_id = $1, claimed = FALSE WHERE session_id = $2`, st.Order.ID, m.session); err != nil {
		return "", fmt.Errorf("ussd session's order: %w", err)
	}
	if s.Payments.Enabled() {
		due := s.at(s.now().Add(s.PromptDelay))
		if _, err := s.DB.Exec(ctx, `INSERT INTO ussd_prompts (order_id, session_id, phone, due_at) VALUES ($1, $2, $3, $4)`,
			st.Order.ID, m.session, m.phone, due); err != nil {
			return "", fmt.Errorf("queue ussd prompt: %w", err)
		}
	}
	return s.placedText(w, st.Order), nil
}

func (s *Service) placedText(w *words, o order.Order) string {
	if s.Payments.Enabled() {
		return fmt.Sprintf(w.placed, o.Total.Ksh(), o.AccountNumber)
	}
	return fmt.Sprintf(w.placedNoPrompt, o.Total.Ksh(), o.AccountNumber)
}

// customer names the order's customer: the phone's account, else its last
// order's name; the order is the account's when there is one.
func (s *Service) customer(ctx context.Context, req *checkout.Request) error {
	u, ok, err := s.Accounts.UserByPhone(ctx, req.Customer.Phone)
	if err != nil {
		return err
	}
	if ok {
		req.UserID = u.ID
		req.Customer.FirstName, req.Customer.LastName, req.Customer.Email = u.FirstName, u.LastName, u.Email
		return nil
	}
	past, err := s.Orders.ForPhone(ctx, req.Customer.Phone, 1)
	if err != nil || len(past) == 0 {
		return err
	}
	req.Customer.FirstName, req.Customer.LastName = past[0].Customer.FirstName, past[0].Customer.LastName
	return nil
}

// lastOrder is the phone's latest order, ok false without one.
func (s *Service) lastOrder(ctx context.Context, tel string) (order.Order, bool, error) {
	past, err := s.Orders.ForPhone(ctx, tel, 1)
	if err != nil || len(past) == 0 {
		return order.Order{}, false, err
	}
	return past[0], true, nil
}

// quote prices delivery option (or home delivery, "") to county for b's lines.
func (s *Service) quote(ctx context.Context, county, option string, b basket) (delivery.Quote, error) {
	var q delivery.Quote
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		q, err = delivery.QuoteTx(ctx, tx, county, option, b.weight(), b.subtotal)
		return err
	})
	return q, err
}

// weight is b's shipping weight.
func (b basket) weight() weight.Grams {
	var total weight.Grams
	for _, l := range b.lines {
		total += l.weight * weight.Grams(l.quantity)
	}
	return total
}
