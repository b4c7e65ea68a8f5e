package order

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
)

// The back office's reading of orders: every order, filtered and searched,
// with its history. Status changes go through Move like every other.

// Statuses lists every status in the order an order usually moves through.
var Statuses = []Status{PendingPayment, AwaitingDeliveryPayment, Paid, Processing, Dispatched, Delivered, ReadyForPickup, Collected, PartiallyRefunded, Refunded, PaymentFailed, Cancelled}

// ValidStatus reports whether s is a known status.
func ValidStatus(s Status) bool {
	for _, v := range Statuses {
		if v == s {
			return true
		}
	}
	return false
}

// AdminFilter narrows the admin's order list.
type AdminFilter struct {
	Status Status
	// Search matches the order id, the customer's phone (as typed: 0712…,
	// +254…) or name, case-insensitively.
	Search string
	// Attention lists only orders flagged for a person.
	Attention bool
	// Channel lists only the orders placed through it ("" every channel).
	Channel string
	// Statuses, when more than one, lists the orders in any of them (the
	// dashboard's "waiting to be dispatched" is paid and processing);
	// Status is the one-status case.
	Statuses []Status
	// From and To bound created_at, From included, To excluded (zero: open).
	From, To time.Time
	// County and DeliveryKind ("delivery" or "pickup") narrow to them.
	County, DeliveryKind string
	// Sort is one of ListSorts ("" newest first).
	Sort           string
	Page, PageSize int
	// CountCap, when above 0, is the most matches a search counts.
	CountCap int
	// Numbers, when set, narrows to these orders (the ones ticked in the
	// list, for their export).
	Numbers []string
}

// Summary is an order in the admin's list.
type Summary struct {
	ID            int64       `json:"-"`
	Number        string      `json:"orderId"`
	Status        Status      `json:"status"`
	CreatedAt     time.Time   `json:"created_at"`
	CustomerName  string      `json:"customer_name"`
	Phone         string      `json:"phone"`
	Email         string      `json:"email"`
	County        string      `json:"county"`
	Total         money.Cents `json:"total"`
	ItemCount     int         `json:"item_count"`
	PaymentMethod string      `json:"payment_method"`
	PaymentStatus string      `json:"payment_status"`
	Receipt       string      `json:"receipt"`
	// Attention is set when the payment reconciler flagged the order for a person.
	Attention string `json:"attention"`
	Channel   string `json:"channel"`
}

// SummaryPage is one page of the admin's order list: Count is exact, or
// when Capped a lower bound (a search stops counting at AdminFilter.CountCap).
type SummaryPage struct {
	Count  int
	Capped bool
	Orders []Summary
}

const summaryColumns = `o.id, o.order_number, o.status, o.created_at, o.first_name, o.last_name, o.phone, o.email, o.county, o.total_cents,
	(SELECT COALESCE(SUM(quantity), 0) FROM order_items i WHERE i.order_id = o.id), o.payment_method, o.attention, o.channel`

func scanSummary(row db.Scanner) (Summary, error) {
	var s Summary
	var first, last string
	err := row.Scan(&s.ID, &s.Number, &s.Status, &s.CreatedAt, &first, &last, &s.Phone, &s.Email, &s.County, &s.Total,
		&s.ItemCount, &s.PaymentMethod, &s.Attention, &s.Channel)
	s.CustomerName = strings.TrimSpace(first + " " + last)
	return s, err
}

// summaryPayments fills each summary's payment status and receipt from the
// payment package.
func (s *Store) summaryPayments(ctx context.Context, list []Summary) error {
	if s.payments == nil || len(list) == 0 {
		return nil
	}
	ids := make([]int64, len(list))
	for i := range list {
		ids[i] = list[i].ID
	}
	latest, err := s.payments.Latest(ctx, ids)
	if err != nil {
		return err
	}
	for i := range list {
		if p, ok := latest[list[i].ID]; ok {
			list[i].PaymentStatus, list[i].Receipt = p.Status, p.Receipt
		}
	}
	return nil
}

// Event is one step of an order's history.
type Event struct {
	ID        int64     `json:"-"`
	OrderID   int64     `json:"-"`
	From      Status    `json:"from"`
	To        Status    `json:"to"`
	Note      string    `json:"note"`
	Actor     string    `json:"actor"`
	CreatedAt time.Time `json:"created_at"`
}

// AdminDetail is an order as the back office reads it.
type AdminDetail struct {
	Order
	Attention     string    `json:"attention"`
	PaymentMethod string    `json:"payment_method"`
	UserID        *int64    `json:"user_id"`
	UpdatedAt     time.Time `json:"updated_at"`
	// Payments are every payment attempt, newest first.
	Payments []Payment `json:"payments"`
	History  []Event   `json:"history"`
	// NextStatuses are where the order may go from here.
	NextStatuses []Status `json:"next_statuses"`
}

// AdminDetail loads an order by its ORDER-… number with its payments and history.
func (s *Store) AdminDetail(ctx context.Context, number string) (AdminDetail, error) {
	o, err := s.ByNumber(ctx, number)
	if err != nil {
		return AdminDetail{}, err
	}
	return s.DetailOf(ctx, o)
}

// DetailOf adds an order's payments and history to o, as loaded or moved.
func (s *Store) DetailOf(ctx context.Context, o Order) (AdminDetail, error) {
	if o.Payment == nil {
		if err := s.withPayments(ctx, &o); err != nil {
			return AdminDetail{}, err
		}
	}
	d := AdminDetail{Order: o, Attention: o.Attention, PaymentMethod: o.PaymentMethod, NextStatuses: NextStatuses(o.Delivery.Kind, o.Status)}
	if o.UserID != 0 {
		id := o.UserID
		d.UserID = &id
	}
	if err := s.db.QueryRow(ctx, `SELECT updated_at FROM orders WHERE id = $1`, o.ID).Scan(&d.UpdatedAt); err != nil {
		return AdminDetail{}, fmt.Errorf("load order %d: %w", o.ID, err)
	}
	d.Payments = []Payment{}
	if s.payments != nil {
		all, err := s.payments.All(ctx, o.ID)
		if err != nil {
			return AdminDetail{}, err
		}
		d.Payments = append(d.Payments, all...)
	}
	var err error
	d.History, err = s.History(ctx, o.ID)
	return d, err
}

// IDByNumber finds an order's id by its ORDER-… number inside tx.
func IDByNumber(ctx context.Context, tx *sql.Tx, number string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM orders WHERE order_number = $1`, number).Scan(&id)
	if err != nil {
		return 0, db.RowErr(err, apperr.NotFound("Order not found"), "find order %s", number)
	}
	return id, nil
}

// Stats are the dashboard's order figures.
type Stats struct {
	Total int
	// Revenue is the money orders received and kept: paid and every later
	// status, less what was refunded.
	Revenue  money.Cents
	ByStatus map[Status]int
	// AwaitingDispatch counts paid and processing orders.
	AwaitingDispatch int
	Attention        int
}

// AdminStats counts orders by status and sums the revenue from
// order_status_totals, which triggers keep: one row a status on SQLite
// (migration 0023), rows of changes on PostgreSQL (0021), folded back into
// one a status when they pile up.
func (s *Store) AdminStats(ctx context.Context) (Stats, error) {
	q := `SELECT status, SUM(orders), SUM(net_cents), SUM(attention), COUNT(*) FROM order_status_totals GROUP BY status`
	st := Stats{ByStatus: map[Status]int{}}
	for _, v := range Statuses {
		st.ByStatus[v] = 0
	}
	rows, err := s.db.Query(ctx, q)
	if err != nil {
		return Stats{}, fmt.Errorf("order stats: %w", err)
	}
	defer rows.Close()
	changes := 0
	for rows.Next() {
		var status Status
		var n, attention, kept int
		var sum int64
		if err := rows.Scan(&status, &n, &sum, &attention, &kept); err != nil {
			return Stats{}, fmt.Errorf("scan order stats: %w", err)
		}
		changes += kept
		if n == 0 && sum == 0 && attention == 0 {
			continue
		}
		st.ByStatus[status] = n
		st.Total += n
		st.Attention += attention
		if slices.Contains(PaidStatuses, status) {
			st.Revenue += money.Cents(sum)
		}
		if status == Paid || status == Processing {
			st.AwaitingDispatch += n
		}
	}
	if err := rows.Err(); err != nil {
		return Stats{}, err
	}
	if changes > foldTotalsAfter {
		return st, s.foldTotals(ctx)
	}
	return st, nil
}

// foldTotalsAfter is how many rows of changes order_status_totals keeps
// before AdminStats folds them into one a status.
const foldTotalsAfter = 200

// foldTotals replaces the rows of order_status_totals by their sums, one a
// status, in one statement: the rows it deletes are the rows it sums, so a
// change added meanwhile, or a second fold at the same moment, loses nothing.
func (s *Store) foldTotals(ctx context.Context) error {
	_, err := s.db.Exec(ctx, `WITH folded AS (DELETE FROM order_status_totals RETURNING status, orders, net_cents, attention)
		INSERT INTO order_status_totals (status, orders, net_cents, attention)
		SELECT status, SUM(orders), SUM(net_cents), SUM(attention) FROM folded GROUP BY status
		HAVING SUM(orders) <> 0 OR SUM(net_cents) <> 0 OR SUM(attention) <> 0`)
	if err != nil {
		return fmt.Errorf("fold order totals: %w", err)
	}
	return nil
}

// AwaitingDispatch lists paid and processing orders, oldest first: the
// order the shop should pack them in.
func (s *Store) AwaitingDispatch(ctx context.Context, limit int) ([]Summary, error) {
	return s.summaries(ctx, `WHERE o.status IN ('paid', 'processing') ORDER BY o.created_at, o.id LIMIT `+strconv.Itoa(limit))
}

// Recent lists the newest orders.
func (s *Store) Recent(ctx context.Context, limit int) ([]Summary, error) {
	return s.summaries(ctx, `ORDER BY o.created_at DESC, o.id DESC LIMIT `+strconv.Itoa(limit))
}

func (s *Store) summaries(ctx context.Context, tail string) ([]Summary, error) {
	out, err := db.QueryAll(ctx, s.db, "orders", scanSummary, `SELECT `+summaryColumns+` FROM orders o `+tail)
	if err != nil {
		return nil, err
	}
	return out, s.summaryPayments(ctx, out)
}
