package payment

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"time"

	"shop/internal/db"
	"shop/internal/money"
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
		p.Advice = mpesa.CustomerAdvice(c)
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

// All returns an order's payments, newest first: its STK attempts and the
// Paybill payments matched to it.
func (s *Service) All(ctx context.Context, orderID int64) ([]order.Payment, error) {
	list, err := db.QueryAll(ctx, s.db, "payments", scanPayment, `SELECT `+paymentColumns+` FROM payments WHERE order_id = $1`, orderID)
	if err != nil {
		return nil, err
	}
	out := make([]order.Payment, len(list))
	for i, p := range list {
		out[i] = p.Payment
	}
	c2b, err := db.QueryAll(ctx, s.db, "paybill payments", func(r db.Scanner) (p order.Payment, err error) {
		var applied sql.NullTime
		p.Method = "paybill"
		err = r.Scan(&p.ID, &p.Receipt, &p.Amount, &p.PayerName, &p.Phone, &p.StartedAt, &applied)
		p.Status = "succeeded"
		if !applied.Valid {
			p.Status = "pending"
		}
		return p, err
	}, `SELECT id, trans_id, amount_cents, payer_name, msisdn, received_at, applied_at FROM c2b_payments WHERE order_id = $1 AND payment_id IS NULL`, orderID)
	out = append(out, c2b...)
	slices.SortStableFunc(out, func(a, b order.Payment) int { return b.StartedAt.Compare(a.StartedAt) })
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

// insertPayment starts a pending M-Pesa payment of amount for order o.
func insertPayment(ctx context.Context, tx *sql.Tx, o order.Order, phone string, amount money.Cents) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO payments (order_id, method, status, phone, amount_cents, account_ref)
		VALUES ($1, 'mpesa', 'pending', $2, $3, $4) RETURNING id`,
		o.ID, phone, int64(amount), accountRef(o.Number)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert payment: %w", err)
	}
	return id, nil
}

// accountRef is the AccountReference an order's pushes carry: Daraja takes
// at most 12 characters, so the order number's last 12.
func accountRef(number string) string { return number[len(number)-min(12, len(number)):] }

// paidTx is what an order has received inside tx: its successful STK
// payments and its applied Paybill payments. A Paybill row that reports a
// push's own payment again is never applied (docs/payments.md section 10).
func paidTx(ctx context.Context, tx *sql.Tx, orderID int64) (money.Cents, error) {
	var stk, c2b money.Cents
	err := tx.QueryRowContext(ctx, `SELECT
		COALESCE((SELECT SUM(amount_cents) FROM payments WHERE order_id = $1 AND status = 'succeeded'), 0),
		COALESCE((SELECT SUM(amount_cents) FROM c2b_payments WHERE order_id = $1 AND applied_at IS NOT NULL), 0)`, orderID).Scan(&stk, &c2b)
	if err != nil {
		return 0, fmt.Errorf("sum payments of order %d: %w", orderID, err)
	}
	return stk + c2b, nil
}

// Received returns what each order has received, by order id.
func (s *Service) Received(ctx context.Context, orderIDs []int64) (map[int64]money.Cents, error) {
	out := make(map[int64]money.Cents, len(orderIDs))
	if len(orderIDs) == 0 {
		return out, nil
	}
	type sum struct {
		orderID int64
		amount  money.Cents
	}
	scan := func(r db.Scanner) (x sum, err error) { return x, r.Scan(&x.orderID, &x.amount) }
	cond, arg := s.db.InIDs("order_id", 1, orderIDs)
	stk, err := db.QueryAll(ctx, s.db, "payments received", scan,
		`SELECT order_id, SUM(amount_cents) FROM payments WHERE status = 'succeeded' AND `+cond+` GROUP BY order_id`, arg)
	if err != nil {
		return nil, err
	}
	c2b, err := db.QueryAll(ctx, s.db, "paybill payments received", scan,
		`SELECT order_id, SUM(amount_cents) FROM c2b_payments WHERE applied_at IS NOT NULL AND `+cond+` GROUP BY order_id`, arg)
	for _, x := range append(stk, c2b...) {
		out[x.orderID] += x.amount
	}
	return out, err
}

// Receipts returns the M-Pesa receipts of what each order has received:
// its successful pushes and its applied Paybill payments, oldest first.
func (s *Service) Receipts(ctx context.Context, orderIDs []int64) (map[int64][]string, error) {
	out := make(map[int64][]string, len(orderIDs))
	if len(orderIDs) == 0 {
		return out, nil
	}
	type receipt struct {
		orderID int64
		at      time.Time
		code    string
	}
	scan := func(r db.Scanner) (x receipt, err error) { return x, r.Scan(&x.orderID, &x.at, &x.code) }
	cond, arg := s.db.InIDs("order_id", 1, orderIDs)
	stk, err := db.QueryAll(ctx, s.db, "receipts", scan,
		`SELECT order_id, created_at, receipt FROM payments WHERE status = 'succeeded' AND receipt IS NOT NULL AND `+cond, arg)
	if err != nil {
		return nil, err
	}
	c2b, err := db.QueryAll(ctx, s.db, "paybill receipts", scan,
		`SELECT order_id, received_at, trans_id FROM c2b_payments WHERE applied_at IS NOT NULL AND `+cond, arg)
	all := append(stk, c2b...)
	slices.SortStableFunc(all, func(a, b receipt) int { return a.at.Compare(b.at) })
	for _, x := range all {
		out[x.orderID] = append(out[x.orderID], x.code)
	}
	return out, err
}

// receiptsTx is Receipts for one order inside tx, which may have just
// recorded one.
func receiptsTx(ctx context.Context, tx *sql.Tx, orderID int64) ([]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT receipt, created_at FROM payments WHERE order_id = $1 AND status = 'succeeded' AND receipt IS NOT NULL
		UNION ALL SELECT trans_id, received_at FROM c2b_payments WHERE order_id = $1 AND applied_at IS NOT NULL ORDER BY 2`, orderID)
	if err != nil {
		return nil, fmt.Errorf("receipts of order %d: %w", orderID, err)
	}
	return db.Collect(rows, func(r db.Scanner) (code string, err error) {
		var at any // only the order: SQLite gives a union's times as text
		return code, r.Scan(&code, &at)
	})
}

// Guide is how the customer can pay order o by hand from their M-Pesa
// menu, or nil when the order needs no money or the shop has no number.
func (s *Service) Guide(o order.Order) *order.PayGuide {
	if s.till.Number == "" || (o.Status != order.PendingPayment && o.Status != order.PaymentFailed && !o.AtTheDoor()) || o.BalanceDue <= 0 {
		return nil
	}
	g := s.till
	g.Amount = o.DueNow(o.AmountPaid)
	if g.Kind == "paybill" {
		g.Account = o.AccountNumber
	}
	return &g
}
