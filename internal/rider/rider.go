// Package rider is the shop's riders' side of home delivery: which rider
// carries an order, the four-digit delivery code its customer gets by SMS,
// the M-Pesa prompt a rider sends at the door for a pay-on-delivery order,
// and how each delivery ended (delivered or refused). It owns the
// rider_deliveries and refused_phones tables (docs/architecture.md
// section 7; docs/product.md, "The rider's screen").
package rider

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/url"
	"strings"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/ratelimit"
)

// Payments is what the riders need of the payment package.
type Payments interface {
	CollectAtDoor(ctx context.Context, o order.Order, phone, ip, actor string, extra ...ratelimit.Check) (order.PaymentStart, error)
	ReceivedTx(ctx context.Context, tx *sql.Tx, orderID int64) (money.Cents, error)
	LockOrderTx(ctx context.Context, tx *sql.Tx, orderID int64) error
	Guide(o order.Order) *order.PayGuide
}

// Accounts reads the stored role of a user.
type Accounts interface {
	RoleByID(ctx context.Context, id int64) (string, error)
}

// Service keeps the riders' deliveries.
type Service struct {
	db       *db.DB
	orders   *order.Store
	accounts Accounts
	payments Payments
	log      *slog.Logger
	now      func() time.Time
}

// New returns the service; now is the clock of "today" (nil: the wall clock).
func New(d *db.DB, orders *order.Store, accounts Accounts, payments Payments, now func() time.Time, log *slog.Logger) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: d, orders: orders, accounts: accounts, payments: payments, now: now, log: log}
}

// MaxCodeAttempts is how many wrong delivery codes a delivery takes before
// only the shop can help: four digits are 10,000 guesses, five leave a
// rider who guesses one chance in 2,000.
const MaxCodeAttempts = 5

// CollectLimit bounds the door prompts of one order: a customer who
// cancelled, mistyped the PIN and tried another phone, and no more.
var CollectLimit = ratelimit.Limit{Max: 4, Window: 30 * time.Minute}

// Messages for what a rider or the back office cannot do.
const (
	MsgNotRider        = "Choose a rider: a staff member whose role is rider."
	MsgNotAssignable   = "Only a home delivery that is paid, or waiting for payment on delivery, can be given to a rider."
	MsgFinished        = "This delivery is already finished."
	MsgCodeRequired    = "Enter the four-digit delivery code the customer got by SMS."
	MsgCodeWrong       = "That delivery code is not right. Ask the customer to read it from the SMS again."
	MsgCodeLocked      = "Too many wrong codes for this delivery. Call the shop."
	MsgCollectFirst    = "Collect the payment first: %s is still due."
	MsgReasonRequired  = "Say why the customer refused the delivery."
	MsgNotFound        = "Delivery not found"
	MsgDateInvalid     = "Give the date as YYYY-MM-DD."
	msgRefusedPaid     = "Refused at the door after %s was paid: refund what the shop does not keep."
	msgRefusedDoorPaid = "Refused at the door after %s was paid there: refund it."
)

// newCode is four random digits.
func newCode() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(10000))
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("%04d", n.Int64()), nil
}

// ensureTx gives order orderID its delivery row and code if it has none,
// and returns the code.
func ensureTx(ctx context.Context, tx *sql.Tx, orderID int64) (string, error) {
	code, err := newCode()
	if err != nil {
		return "", err
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO rider_deliveries (order_id, code) VALUES ($1, $2) ON CONFLICT (order_id) DO NOTHING`, orderID, code); err != nil {
		return "", fmt.Errorf("delivery code of order %d: %w", orderID, err)
	}
	err = tx.QueryRowContext(ctx, `SELECT code FROM rider_deliveries WHERE order_id = $1`, orderID).Scan(&code)
	return code, err
}

// Code is the delivery code of a home-delivery order, made on first use
// (the dispatch text or the rider's assignment, whichever comes first);
// "" for a pickup order.
func (s *Service) Code(ctx context.Context, o order.Order) (string, error) {
	if o.Delivery.Kind != delivery.KindDelivery {
		return "", nil
	}
	var code string
	err := s.db.Tx(ctx, func(tx *sql.Tx) (err error) {
		code, err = ensureTx(ctx, tx, o.ID)
		return err
	})
	return code, err
}

// RefusedTx reports whether any of phones refused a delivery before.
func RefusedTx(ctx context.Context, tx *sql.Tx, phones ...string) (bool, error) {
	for _, p := range phones {
		if p == "" {
			continue
		}
		n, err := db.CountTx(ctx, tx, "refused phones", `SELECT COUNT(*) FROM refused_phones WHERE phone = $1`, p)
		if err != nil || n > 0 {
			return n > 0, err
		}
	}
	return false, nil
}

// assignable are the statuses an order may be given to a rider in.
var assignable = []order.Status{order.Paid, order.Processing, order.AwaitingDeliveryPayment, order.Dispatched, order.PartiallyRefunded}

// Assignment is an order's rider, as the back office sets it.
type Assignment struct {
	OrderID string `json:"orderId"`
	RiderID int64  `json:"rider_id"`
	Rider   string `json:"rider"`
}

// AssignTx gives order number's delivery to rider riderID inside tx (the
// back office's, with its audit entry). A finished delivery keeps its rider.
func (s *Service) AssignTx(ctx context.Context, tx *sql.Tx, number string, riderID int64) (Assignment, error) {
	if riderID <= 0 {
		return Assignment{}, apperr.InvalidField("rider_id", MsgNotRider)
	}
	role, err := s.accounts.RoleByID(ctx, riderID)
	if err != nil && !apperrNotFound(err) {
		return Assignment{}, err
	}
	if role != account.RoleRider {
		return Assignment{}, apperr.InvalidField("rider_id", MsgNotRider)
	}
	o, err := s.orders.ByNumberTx(ctx, tx, number)
	if err != nil {
		return Assignment{}, err
	}
	if err := s.payments.LockOrderTx(ctx, tx, o.ID); err != nil {
		return Assignment{}, err
	}
	if o, err = s.orders.ByIDTx(ctx, tx, o.ID); err != nil {
		return Assignment{}, err
	}
	if o.Delivery.Kind != delivery.KindDelivery || !contains(assignable, o.Status) {
		return Assignment{}, apperr.Conflict(MsgNotAssignable)
	}
	if _, err := ensureTx(ctx, tx, o.ID); err != nil {
		return Assignment{}, err
	}
	var outcome string
	if err := tx.QueryRowContext(ctx, `SELECT outcome FROM rider_deliveries WHERE order_id = $1`, o.ID).Scan(&outcome); err != nil {
		return Assignment{}, err
	}
	if outcome != "" {
		return Assignment{}, apperr.Conflict(MsgFinished)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE rider_deliveries SET rider_id = $1, assigned_at = $2, updated_at = CURRENT_TIMESTAMP WHERE order_id = $3`,
		riderID, s.db.TimeArg(s.now()), o.ID); err != nil {
		return Assignment{}, fmt.Errorf("assign order %s: %w", number, err)
	}
	a := Assignment{OrderID: o.Number, RiderID: riderID}
	err = tx.QueryRowContext(ctx, `SELECT TRIM(first_name || ' ' || last_name) FROM users WHERE id = $1`, riderID).Scan(&a.Rider)
	return a, err
}

// RiderOf is the rider an order is given to, nil when none.
func (s *Service) RiderOf(ctx context.Context, number string) (*Assignment, error) {
	var a Assignment
	err := s.db.QueryRow(ctx, `SELECT o.order_number, d.rider_id, TRIM(u.first_name || ' ' || u.last_name) FROM rider_deliveries d
		JOIN orders o ON o.id = d.order_id JOIN users u ON u.id = d.rider_id WHERE o.order_number = $1`, number).Scan(&a.OrderID, &a.RiderID, &a.Rider)
	if db.NoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("rider of %s: %w", number, err)
	}
	return &a, nil
}

func contains(list []order.Status, s order.Status) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

func apperrNotFound(err error) bool { return errors.Is(err, apperr.ErrNotFound) }

// Delivery is one of a rider's deliveries as the rider's screen shows it.
type Delivery struct {
	OrderID string       `json:"orderId"`
	Status  order.Status `json:"status"`
	Name    string       `json:"name"`
	Phone   string       `json:"phone"`
	Address string       `json:"address"`
	County  string       `json:"county"`
	// MapURL opens the address in a map app.
	MapURL string      `json:"map_url"`
	Total  money.Cents `json:"total"`
	// AmountDue is what the rider collects at the door (0: nothing).
	AmountDue     money.Cents `json:"amount_due"`
	PayOnDelivery bool        `json:"pay_on_delivery"`
	// Paid: the shop's server has every shilling of the order.
	Paid bool `json:"paid"`
	// Paybill is the second road: the customer pays from their own M-Pesa
	// menu with the order number as the account.
	Paybill *order.PayGuide `json:"paybill"`
	// Outcome is "", "delivered" or "refused"; Reason the refusal's.
	Outcome    string      `json:"outcome"`
	Reason     string      `json:"reason"`
	Collected  money.Cents `json:"collected"`
	AssignedAt *time.Time  `json:"assigned_at"`
	OutcomeAt  *time.Time  `json:"outcome_at"`
}

// Summary is a rider's day in figures.
type Summary struct {
	Delivered int         `json:"delivered"`
	Collected money.Cents `json:"collected"`
	Refused   int         `json:"refused"`
	Open      int         `json:"open"`
}

// Day is a rider's deliveries of one Nairobi day and its summary.
type Day struct {
	Date       string     `json:"date"`
	Deliveries []Delivery `json:"deliveries"`
	Summary    Summary    `json:"summary"`
}

// open are the statuses of a delivery still on the rider's list.
const openStatuses = `('paid', 'processing', 'awaiting_delivery_payment', 'dispatched', 'partially_refunded')`

// Today is the Nairobi date now, YYYY-MM-DD.
func (s *Service) Today() string { return s.now().In(db.Nairobi).Format(time.DateOnly) }

// ParseDate reads a ?date= (empty: today).
func (s *Service) ParseDate(v string) (string, error) {
	if v == "" {
		return s.Today(), nil
	}
	if _, err := time.Parse(time.DateOnly, v); err != nil {
		return "", apperr.InvalidField("date", MsgDateInvalid)
	}
	return v, nil
}

// dayFilter selects the deliveries of date: those finished that Nairobi
// day, and, for today, those still open.
func (s *Service) dayFilter(date string, first int) (string, []any) {
	return fmt.Sprintf(`((d.outcome <> '' AND %s = $%d) OR (d.outcome = '' AND $%d AND o.status IN %s))`,
		s.db.NairobiDay("d.outcome_at"), first, first+1, openStatuses), []any{date, date == s.Today()}
}

// Deliveries is rider riderID's day date (YYYY-MM-DD), in the order they
// were given to the rider.
func (s *Service) Deliveries(ctx context.Context, riderID int64, date string) (Day, error) {
	where, args := s.dayFilter(date, 2)
	type row struct {
		orderID               int64
		outcome, reason       string
		collected             money.Cents
		assignedAt, outcomeAt sql.NullTime
	}
	rows, err := db.QueryAll(ctx, s.db, "rider deliveries", func(r db.Scanner) (x row, err error) {
		return x, r.Scan(&x.orderID, &x.outcome, &x.reason, &x.collected, &x.assignedAt, &x.outcomeAt)
	}, `SELECT d.order_id, d.outcome, d.reason, d.collected_cents, d.assigned_at, d.outcome_at FROM rider_deliveries d
		JOIN orders o ON o.id = d.order_id WHERE d.rider_id = $1 AND `+where+` ORDER BY d.assigned_at, d.order_id`, append([]any{riderID}, args...)...)
	if err != nil {
		return Day{}, err
	}
	day := Day{Date: date, Deliveries: []Delivery{}}
	for _, x := range rows {
		o, err := s.orders.ByID(ctx, x.orderID)
		if err != nil {
			return Day{}, err
		}
		d := view(o, s.payments)
		d.Outcome, d.Reason, d.Collected = x.outcome, x.reason, x.collected
		d.AssignedAt, d.OutcomeAt = timeOf(x.assignedAt), timeOf(x.outcomeAt)
		day.Deliveries = append(day.Deliveries, d)
		switch x.outcome {
		case "delivered":
			day.Summary.Delivered++
			day.Summary.Collected += x.collected
		case "refused":
			day.Summary.Refused++
		default:
			day.Summary.Open++
		}
	}
	return day, nil
}

func timeOf(t sql.NullTime) *time.Time {
	if !t.Valid {
		return nil
	}
	u := t.Time.UTC()
	return &u
}

// view is order o as its rider reads it.
func view(o order.Order, p Payments) Delivery {
	addr := strings.Join(nonEmpty(o.ShippingAddress.Address, o.ShippingAddress.City, o.ShippingAddress.County), ", ")
	d := Delivery{OrderID: o.Number, Status: o.Status, Name: strings.TrimSpace(o.Customer.Name), Phone: o.Customer.Phone,
		Address: addr, County: o.ShippingAddress.County, MapURL: MapURL(addr + ", Kenya"), Total: o.Total,
		PayOnDelivery: o.PayOnDelivery, Paid: o.AmountPaid >= o.Total}
	if o.AtTheDoor() {
		d.AmountDue = o.DueNow(o.AmountPaid)
		if d.AmountDue > 0 {
			d.Paybill = p.Guide(o)
		}
	}
	return d
}

func nonEmpty(parts ...string) []string {
	out := parts[:0:0]
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// MapURL is a map search for place: Google Maps' documented search link,
// which opens the maps app on a phone.
func MapURL(place string) string {
	return "https://www.google.com/maps/search/?api=1&query=" + url.QueryEscape(place)
}

// RiderSummary is one rider's day for the back office.
type RiderSummary struct {
	RiderID int64  `json:"rider_id"`
	Name    string `json:"name"`
	Phone   string `json:"phone"`
	Summary
}

// Summaries is every rider's day date, for the back office (and its list
// of riders to give deliveries to): each user whose role is rider, by name,
// with what they delivered, collected and refused that day.
func (s *Service) Summaries(ctx context.Context, date string) ([]RiderSummary, error) {
	where, args := s.dayFilter(date, 1)
	return db.QueryAll(ctx, s.db, "rider summaries", func(r db.Scanner) (x RiderSummary, err error) {
		return x, r.Scan(&x.RiderID, &x.Name, &x.Phone, &x.Delivered, &x.Collected, &x.Refused, &x.Open)
	}, `SELECT u.id, TRIM(u.first_name || ' ' || u.last_name), u.phone,
		COALESCE(SUM(CASE WHEN x.outcome = 'delivered' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN x.outcome = 'delivered' THEN x.collected_cents ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN x.outcome = 'refused' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN x.outcome = '' THEN 1 ELSE 0 END), 0)
		FROM users u LEFT JOIN (SELECT d.rider_id, d.outcome, d.collected_cents FROM rider_deliveries d JOIN orders o ON o.id = d.order_id
			WHERE `+where+`) x ON x.rider_id = u.id
		WHERE u.role = '`+account.RoleRider+`' GROUP BY u.id, u.first_name, u.last_name, u.phone ORDER BY 2, 1`, args...)
}
