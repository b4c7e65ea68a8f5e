package payment

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
)

// PaybillPayment is a C2B payment as the admin reads it.
type PaybillPayment struct {
	ID        int64       `json:"id"`
	TransID   string      `json:"trans_id"`
	Amount    money.Cents `json:"amount"`
	Account   string      `json:"account"`
	PayerName string      `json:"payer_name"`
	// MSISDN is masked or hashed by M-Pesa.
	MSISDN     string    `json:"msisdn"`
	TransTime  string    `json:"trans_time"`
	ReceivedAt time.Time `json:"received_at"`
	Source     string    `json:"source"`
	// OrderID is the order it counts for, "" while unmatched.
	OrderID string `json:"order_id"`
}

// PaybillPayments lists C2B payments, newest first: unmatched only when
// matched is false, matched only when true, all when nil.
func (s *Service) PaybillPayments(ctx context.Context, matched *bool) ([]PaybillPayment, error) {
	q := `SELECT c.id, c.trans_id, c.amount_cents, c.bill_ref, c.payer_name, c.msisdn, c.trans_time, c.received_at, c.source,
		COALESCE(o.order_number, '') FROM c2b_payments c LEFT JOIN orders o ON o.id = c.order_id`
	switch {
	case matched == nil:
	case *matched:
		q += ` WHERE c.order_id IS NOT NULL`
	default:
		q += ` WHERE c.order_id IS NULL`
	}
	return db.QueryAll(ctx, s.db, "paybill payments", func(r db.Scanner) (p PaybillPayment, err error) {
		return p, r.Scan(&p.ID, &p.TransID, &p.Amount, &p.Account, &p.PayerName, &p.MSISDN, &p.TransTime, &p.ReceivedAt, &p.Source, &p.OrderID)
	}, q+` ORDER BY c.received_at DESC, c.id DESC LIMIT 500`)
}

// UnmatchedCount counts money that reached the shop but no order yet:
// Paybill payments with no order and parked STK successes.
func (s *Service) UnmatchedCount(ctx context.Context) (int, error) {
	return s.db.Count(ctx, "unmatched payments", `SELECT
		(SELECT COUNT(*) FROM c2b_payments WHERE order_id IS NULL) + (SELECT COUNT(*) FROM payment_callbacks WHERE result_code = 0)`)
}

// MsgNoOrder answers an assignment to an order number that does not exist.
const MsgNoOrder = "No order has this number."

// AssignPaybillTx gives unmatched C2B payment id to the order whose number
// reads as orderID (with the account-number forgiveness), inside tx, which
// the admin's audit entry shares. ApplyPaybill then counts it once tx has
// committed; should the process stop in between, the reconciler does.
func (s *Service) AssignPaybillTx(ctx context.Context, tx *sql.Tx, id int64, orderID string) (PaybillPayment, error) {
	var p PaybillPayment
	var current sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT id, trans_id, amount_cents, order_id FROM c2b_payments WHERE id = $1`, id).
		Scan(&p.ID, &p.TransID, &p.Amount, &current)
	if errors.Is(err, sql.ErrNoRows) {
		return p, apperr.NotFound("No such payment")
	}
	if err != nil {
		return p, fmt.Errorf("load paybill payment %d: %w", id, err)
	}
	if current.Valid {
		return p, apperr.Conflict("This payment is already assigned to an order.")
	}
	number := s.matchable(orderID)
	oid, err := order.IDByNumber(ctx, tx, number)
	if number == "" || errors.Is(err, apperr.ErrNotFound) {
		return p, apperr.Invalid(MsgNoOrder, map[string]string{"orderId": MsgNoOrder})
	}
	if err != nil {
		return p, err
	}
	res, err := tx.ExecContext(ctx, `UPDATE c2b_payments SET order_id = $1 WHERE id = $2 AND order_id IS NULL`, oid, id)
	if err != nil {
		return p, fmt.Errorf("assign paybill payment %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return p, apperr.Conflict("This payment is already assigned to an order.")
	}
	p.OrderID = number
	return p, nil
}

// ApplyPaybill counts an assigned C2B payment towards its order.
func (s *Service) ApplyPaybill(ctx context.Context, p PaybillPayment) error {
	return s.applyC2B(ctx, p.ID)
}
