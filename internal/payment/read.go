package payment

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/db"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// The payments table is this package's; orders show their payments through
// these reads (order.PaymentReader).

const paymentColumns = `id, order_id, method, status, phone, amount_cents, result_code, result_desc,
	COALESCE(receipt, ''), COALESCE(checkout_request_id, ''), created_at`

// orderPayment is a payment and the order it is for.
type orderPayment struct {
	orderID int64
	order.Payment
}

func scanPayment(r db.Scanner) (orderPayment, error) {
	var p orderPayment
	var code sql.NullInt64
	err := r.Scan(&p.ID, &p.orderID, &p.Method, &p.Status, &p.Phone, &p.Amount, &code, &p.ResultDesc, &p.Receipt,
		&p.CheckoutRequestID, &p.StartedAt)
	if code.Valid {
		c := int(code.Int64)
		p.ResultCode = &c
		p.Message = mpesa.CustomerMessage(c)
	}
	return p, err
}

// Latest returns each order's latest payment attempt.
func (s *Service) Latest(ctx context.Context, orderIDs []int64) (map[int64]order.Payment, error) {
	out := make(map[int64]order.Payment, len(orderIDs))
	if len(orderIDs) == 0 {
		return out, nil
	}
	cond, arg := s.db.InIDs("order_id", 1, orderIDs)
	list, err := db.QueryAll(ctx, s.db, "latest payments", scanPayment, `SELECT `+paymentColumns+` FROM payments WHERE id IN
		(SELECT MAX(id) FROM payments WHERE `+cond+` GROUP BY order_id)`, arg)
	for _, p := range list {
		out[p.orderID] = p.Payment
	}
	return out, err
}

// All returns an order's payment attempts, newest first.
func (s *Service) All(ctx context.Context, orderID int64) ([]order.Payment, error) {
	list, err := db.QueryAll(ctx, s.db, "payments", scanPayment, `SELECT `+paymentColumns+` FROM payments WHERE order_id = $1 ORDER BY id DESC`, orderID)
	out := make([]order.Payment, len(list))
	for i, p := range list {
		out[i] = p.Payment
	}
	return out, err
}

// latestTx is an order's latest payment attempt inside tx, if it has one.
func latestTx(ctx context.Context, tx *sql.Tx, orderID int64) (order.Payment, bool, error) {
	rows, err := tx.QueryContext(ctx, `SELECT `+paymentColumns+` FROM payments WHERE order_id = $1 ORDER BY id DESC LIMIT 1`, orderID)
	if err != nil {
		return order.Payment{}, false, fmt.Errorf("load payment of order %d: %w", orderID, err)
	}
	defer rows.Close()
	if !rows.Next() {
		return order.Payment{}, false, rows.Err()
	}
	p, err := scanPayment(rows)
	return p.Payment, err == nil, err
}

// insertPayment starts a pending M-Pesa payment of an order's total.
func insertPayment(ctx context.Context, tx *sql.Tx, o order.Order, phone string) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO payments (order_id, method, status, phone, amount_cents) VALUES ($1, 'mpesa', 'pending', $2, $3) RETURNING id`,
		o.ID, phone, int64(o.Total)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert payment: %w", err)
	}
	return id, nil
}
