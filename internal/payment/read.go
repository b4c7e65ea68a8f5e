package payment

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// The payments table is this package's; orders show their payments through
// these reads (order.PaymentReader).

const paymentColumns = `id, order_id, method, status, phone, amount_cents, result_code, result_desc,
	COALESCE(receipt, ''), COALESCE(checkout_request_id, ''), created_at`

func scanPayment(rows *sql.Rows) (int64, order.Payment, error) {
	var p order.Payment
	var orderID int64
	var code sql.NullInt64
	err := rows.Scan(&p.ID, &orderID, &p.Method, &p.Status, &p.Phone, &p.Amount, &code, &p.ResultDesc, &p.Receipt,
		&p.CheckoutRequestID, &p.StartedAt)
	if code.Valid {
		c := int(code.Int64)
		p.ResultCode = &c
		p.Message = mpesa.CustomerMessage(c)
	}
	return orderID, p, err
}

// Latest returns each order's latest payment attempt.
func (s *Service) Latest(ctx context.Context, orderIDs []int64) (map[int64]order.Payment, error) {
	out := make(map[int64]order.Payment, len(orderIDs))
	if len(orderIDs) == 0 {
		return out, nil
	}
	cond, arg := s.db.InIDs("order_id", 1, orderIDs)
	rows, err := s.db.Query(ctx, `SELECT `+paymentColumns+` FROM payments WHERE id IN
		(SELECT MAX(id) FROM payments WHERE `+cond+` GROUP BY order_id)`, arg)
	if err != nil {
		return nil, fmt.Errorf("load latest payments: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		orderID, p, err := scanPayment(rows)
		if err != nil {
			return nil, fmt.Errorf("scan payment: %w", err)
		}
		out[orderID] = p
	}
	return out, rows.Err()
}

// All returns an order's payment attempts, newest first.
func (s *Service) All(ctx context.Context, orderID int64) ([]order.Payment, error) {
	rows, err := s.db.Query(ctx, `SELECT `+paymentColumns+` FROM payments WHERE order_id = $1 ORDER BY id DESC`, orderID)
	if err != nil {
		return nil, fmt.Errorf("load payments of order %d: %w", orderID, err)
	}
	defer rows.Close()
	out := []order.Payment{}
	for rows.Next() {
		_, p, err := scanPayment(rows)
		if err != nil {
			return nil, fmt.Errorf("scan payment: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
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
	_, p, err := scanPayment(rows)
	return p, err == nil, err
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
