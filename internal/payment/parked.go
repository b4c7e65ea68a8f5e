package payment

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// Parked callbacks are results that came for a push whose CheckoutRequestID
// the shop had not stored: usually the callback beat the push's own answer
// by a moment, but sometimes the process died between Daraja accepting the
// push and the shop storing its id. A parked failure is kept a day; a
// parked success is money received and is never thrown away: it is matched
// to its payment by phone and amount, or assigned by an admin, and listed
// for the admin until then.

// park keeps a callback, with what the admin's list shows of it.
func park(ctx context.Context, tx *sql.Tx, cb mpesa.CallbackResult, body []byte) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO payment_callbacks (checkout_request_id, body, result_code, receipt, amount_cents, phone)
		VALUES ($1, $2, $3, $4, $5, $6)`, cb.CheckoutRequestID, string(body), cb.ResultCode, cb.Receipt, cb.AmountCents, cb.Phone)
	return err
}

// takeParked removes and returns the callbacks that came for checkoutID
// before its payment knew the id.
func takeParked(ctx context.Context, tx *sql.Tx, checkoutID string) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT body FROM payment_callbacks WHERE checkout_request_id = $1 ORDER BY id`, checkoutID)
	if err != nil {
		return nil, err
	}
	bodies, err := db.Collect(rows, scanOne[string])
	if err != nil || len(bodies) == 0 {
		return nil, err
	}
	_, err = tx.ExecContext(ctx, `DELETE FROM payment_callbacks WHERE checkout_request_id = $1`, checkoutID)
	return bodies, err
}

// scanOne reads a row of one column.
func scanOne[T any](r db.Scanner) (T, error) {
	var v T
	err := r.Scan(&v)
	return v, err
}

// applyParked applies the callbacks parked for checkoutID, now that a
// payment carries that id.
func (s *Service) applyParked(ctx context.Context, checkoutID string) error {
	var bodies []string
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := db.LockKey(ctx, tx, s.db.Dialect, "checkout:"+checkoutID); err != nil {
			return err
		}
		var err error
		bodies, err = takeParked(ctx, tx, checkoutID)
		return err
	})
	if err != nil {
		return fmt.Errorf("take parked callbacks of %s: %w", checkoutID, err)
	}
	for _, body := range bodies {
		if err := s.applyCallback(ctx, []byte(body)); err != nil {
			return err
		}
	}
	return nil
}

// msgReferenceLost flags an order whose prompt went out but whose reference
// was never stored. Its payment stays pending: a success that arrives is
// matched to it by phone and amount.
const msgReferenceLost = "The M-Pesa prompt for this order was sent, but the shop stopped before saving its reference. " +
	"If the customer paid, the payment is matched by phone and amount when it arrives; otherwise check the M-Pesa statement, " +
	"and cancel the order or assign the payment under Unmatched payments."

// lostAfter is how old a pending payment without a CheckoutRequestID must be
// before the shop decides its push's answer is lost: longer than the push's
// own HTTP timeout (30 s), so no push is still in flight for it.
const lostAfter = 2 * time.Minute

// parkedFailuresFor is how long a parked failure is kept: nothing is owed
// on it, and a push stored late has found it by then.
const parkedFailuresFor = 24 * time.Hour

// resolveLost runs in each reconciliation: it reads old parked rows'
// details, applies callbacks whose payment has since been stored, matches
// parked successes to lost pushes by phone and amount, flags orders whose
// push was lost, and forgets old parked failures.
func (s *Service) resolveLost(ctx context.Context, now time.Time) error {
	if _, err := s.db.Exec(ctx, `DELETE FROM payment_callbacks WHERE result_code <> 0 AND result_code <> -1 AND received_at <= $1`,
		now.Add(-parkedFailuresFor)); err != nil {
		return fmt.Errorf("forget old parked failures: %w", err)
	}
	if err := s.fillParkedDetails(ctx); err != nil {
		return err
	}
	parked, err := s.parkedSuccesses(ctx, 0)
	if err != nil {
		return err
	}
	for _, p := range parked {
		if err := s.matchParked(ctx, p, now); err != nil {
			return err
		}
	}
	return s.flagLost(ctx, now)
}

// fillParkedDetails reads the details of callbacks parked before the shop
// kept them in columns.
func (s *Service) fillParkedDetails(ctx context.Context) error {
	type old struct {
		id   int64
		body string
	}
	list, err := db.QueryAll(ctx, s.db, "old parked callbacks", func(r db.Scanner) (o old, err error) {
		return o, r.Scan(&o.id, &o.body)
	}, `SELECT id, body FROM payment_callbacks WHERE result_code = -1`)
	if err != nil {
		return err
	}
	for _, o := range list {
		cb, err := mpesa.ParseCallback([]byte(o.body))
		if err != nil {
			cb.ResultCode = mpesa.ResultPushFailed // unreadable: nothing to match
		}
		if _, err := s.db.Exec(ctx, `UPDATE payment_callbacks SET result_code = $1, receipt = $2, amount_cents = $3, phone = $4 WHERE id = $5`,
			cb.ResultCode, cb.Receipt, cb.AmountCents, cb.Phone, o.id); err != nil {
			return fmt.Errorf("read parked callback %d: %w", o.id, err)
		}
	}
	return nil
}

// Unmatched is a parked success: money M-Pesa says was paid, not yet tied
// to an order.
type Unmatched struct {
	ID                int64       `json:"id"`
	CheckoutRequestID string      `json:"checkout_request_id"`
	Receipt           string      `json:"receipt"`
	Amount            money.Cents `json:"amount"`
	Phone             string      `json:"phone"`
	ReceivedAt        time.Time   `json:"received_at"`
}

// Unmatched lists the parked successes, oldest first, for the admin.
func (s *Service) Unmatched(ctx context.Context) ([]Unmatched, error) {
	return s.parkedSuccesses(ctx, 0)
}

func (s *Service) parkedSuccesses(ctx context.Context, id int64) ([]Unmatched, error) {
	q := `SELECT id, checkout_request_id, receipt, amount_cents, phone, received_at FROM payment_callbacks WHERE result_code = 0`
	args := []any{}
	if id != 0 {
		q += ` AND id = $1`
		args = append(args, id)
	}
	return db.QueryAll(ctx, s.db, "unmatched payments", func(r db.Scanner) (u Unmatched, err error) {
		return u, r.Scan(&u.ID, &u.CheckoutRequestID, &u.Receipt, &u.Amount, &u.Phone, &u.ReceivedAt)
	}, q+` ORDER BY received_at, id LIMIT 500`, args...)
}

// matchParked ties a parked success to its payment: the one that now
// carries its CheckoutRequestID, or else the only lost push (pending, with
// no id, older than lostAfter) from the same phone for the same amount.
// With two candidates it does nothing: a person must choose.
func (s *Service) matchParked(ctx context.Context, p Unmatched, now time.Time) error {
	stored, err := s.db.Count(ctx, "payments of "+p.CheckoutRequestID, `SELECT COUNT(*) FROM payments WHERE checkout_request_id = $1`, p.CheckoutRequestID)
	if err != nil {
		return err
	}
	if stored > 0 {
		return s.applyParked(ctx, p.CheckoutRequestID)
	}
	matched := false
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := db.LockKey(ctx, tx, s.db.Dialect, "checkout:"+p.CheckoutRequestID); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT id, amount_cents FROM payments
			WHERE status = 'pending' AND checkout_request_id IS NULL AND phone = $1 AND created_at <= $2 AND created_at <= $3`,
			p.Phone, now.Add(-lostAfter), p.ReceivedAt)
		if err != nil {
			return err
		}
		type candidate struct {
			id     int64
			amount money.Cents
		}
		all, err := db.Collect(rows, func(r db.Scanner) (c candidate, err error) { return c, r.Scan(&c.id, &c.amount) })
		if err != nil {
			return err
		}
		var ids []int64
		for _, c := range all {
			if c.amount.Shillings()*100 == int64(p.Amount) {
				ids = append(ids, c.id)
			}
		}
		if len(ids) != 1 {
			return nil
		}
		matched = true
		_, err = tx.ExecContext(ctx, `UPDATE payments SET checkout_request_id = $1, updated_at = CURRENT_TIMESTAMP
			WHERE id = $2 AND checkout_request_id IS NULL`, p.CheckoutRequestID, ids[0])
		return err
	})
	if err != nil {
		return fmt.Errorf("match parked payment %s: %w", p.Receipt, err)
	}
	if !matched {
		return nil
	}
	s.log.InfoContext(ctx, "lost m-pesa push matched by phone and amount", "checkout_request_id", p.CheckoutRequestID, "receipt", p.Receipt)
	return s.applyParked(ctx, p.CheckoutRequestID)
}

// flagLost flags, once, each order whose latest push went out but whose
// answer was never stored. The order keeps its stock and stays waiting: it
// is not failed, since the customer may well have paid.
func (s *Service) flagLost(ctx context.Context, now time.Time) error {
	ids, err := db.QueryAll(ctx, s.db, "lost pushes", scanOne[int64], `SELECT DISTINCT p.order_id FROM payments p JOIN orders o ON o.id = p.order_id
		WHERE p.status = 'pending' AND p.checkout_request_id IS NULL AND p.created_at <= $1 AND o.attention = ''`, now.Add(-lostAfter))
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.db.Tx(ctx, func(tx *sql.Tx) error { return order.SetAttention(ctx, tx, id, msgReferenceLost) }); err != nil {
			return err
		}
		s.log.ErrorContext(ctx, "m-pesa push sent but its reference was lost: order flagged for a person", "order_id", id)
	}
	return nil
}

// Assigned is what assigning a parked payment did, for the audit log.
type Assigned struct {
	Receipt           string
	Amount            money.Cents
	OrderNumber       string
	CheckoutRequestID string
}

// MsgAssignAmount refuses to assign a payment whose amount is not the order's.
const MsgAssignAmount = "The amount paid is not this order's total: choose the order it was paid for."

// AssignTx ties parked success id to the order with number, inside tx (the
// admin's audit entry shares it): the order's waiting payment without a
// reference takes the payment's CheckoutRequestID, or a new payment is
// recorded. ApplyAssigned then settles it once tx has committed.
func (s *Service) AssignTx(ctx context.Context, tx *sql.Tx, id int64, number string) (Assigned, error) {
	var a Assigned
	var amount int64
	var phone string
	err := tx.QueryRowContext(ctx, `SELECT checkout_request_id, receipt, amount_cents, phone FROM payment_callbacks WHERE id = $1 AND result_code = 0`, id).
		Scan(&a.CheckoutRequestID, &a.Receipt, &amount, &phone)
	if err != nil {
		return Assigned{}, db.RowErr(err, apperr.NotFound("No such unmatched payment"), "load unmatched payment %d", id)
	}
	a.Amount = money.Cents(amount)
	o, err := s.orders.ByNumberTx(ctx, tx, number)
	if err != nil {
		return Assigned{}, err
	}
	if o.Total.Shillings()*100 != amount {
		return Assigned{}, apperr.Invalid(MsgAssignAmount, map[string]string{"orderId": MsgAssignAmount})
	}
	a.OrderNumber = o.Number
	if err := db.LockKey(ctx, tx, s.db.Dialect, "checkout:"+a.CheckoutRequestID); err != nil {
		return Assigned{}, err
	}
	p, ok, err := latestTx(ctx, tx, o.ID)
	if err != nil {
		return Assigned{}, err
	}
	if ok && p.Status == "pending" && p.CheckoutRequestID == "" {
		_, err = tx.ExecContext(ctx, `UPDATE payments SET checkout_request_id = $1, updated_at = CURRENT_TIMESTAMP WHERE id = $2`,
			a.CheckoutRequestID, p.ID)
	} else {
		_, err = tx.ExecContext(ctx, `INSERT INTO payments (order_id, method, status, phone, amount_cents, checkout_request_id)
			VALUES ($1, 'mpesa', 'pending', $2, $3, $4)`, o.ID, phone, int64(o.Total), a.CheckoutRequestID)
	}
	if db.IsUniqueViolation(err) {
		return Assigned{}, apperr.Conflict("This payment is already assigned to an order.")
	}
	if err != nil {
		return Assigned{}, fmt.Errorf("assign payment %s to %s: %w", a.Receipt, number, err)
	}
	return a, nil
}

// ApplyAssigned settles an assigned payment. Should the process stop
// before it runs, the reconciler applies it: the parked row stays until
// applied.
func (s *Service) ApplyAssigned(ctx context.Context, a Assigned) error {
	return s.applyParked(ctx, a.CheckoutRequestID)
}

func (a Assigned) String() string {
	return a.Receipt + " (" + a.Amount.Ksh() + ") to " + a.OrderNumber
}
