package payment

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// One M-Pesa transaction counts once, whichever road reported it. A push
// paid to a Paybill is reported by its callback (or query) and may also be
// listed by Pull Transactions or confirmed as a C2B payment, with the same
// receipt as TransID. The push's payment row is the one that counts; the
// Paybill row names it (c2b_payments.payment_id) and is never applied.
// Both roads take the receipt's lock first, so the two can not count it
// at the same moment (docs/payments.md section 10, "One receipt").

// lockReceipt serialises the roads that may report M-Pesa receipt r.
func lockReceipt(ctx context.Context, tx *sql.Tx, d db.Dialect, r string) error {
	return db.LockKey(ctx, tx, d, "mpesa-receipt:"+r)
}

// pushPayment is a push's payment and its order.
type pushPayment struct{ id, orderID int64 }

// pushWithReceiptTx finds the push whose success carried receipt r.
func pushWithReceiptTx(ctx context.Context, tx *sql.Tx, r string) (pushPayment, error) {
	var p pushPayment
	err := tx.QueryRowContext(ctx, `SELECT id, order_id FROM payments WHERE receipt = $1`, r).Scan(&p.id, &p.orderID)
	if db.NoRows(err) {
		return pushPayment{}, nil
	}
	return p, err
}

// pushPaymentTx finds the push a C2B payment reports again: the one whose
// success carried its TransID, or else a success learnt from a query (which
// brings no receipt) under the same account reference and for the same
// whole shillings, which then takes the TransID as its receipt. A payment
// under the push's reference with another receipt is the farmer paying by
// Paybill, and counts on its own.
func pushPaymentTx(ctx context.Context, tx *sql.Tx, c mpesa.C2BPayment) (pushPayment, error) {
	p, err := pushWithReceiptTx(ctx, tx, c.TransID)
	if err != nil || p.id != 0 {
		return p, err
	}
	ref := strings.ToUpper(strings.Join(strings.Fields(c.BillRef), ""))
	if ref == "" {
		return pushPayment{}, nil
	}
	var amount int64
	err = tx.QueryRowContext(ctx, `SELECT id, order_id, amount_cents FROM payments
		WHERE account_ref = $1 AND status = 'succeeded' AND receipt IS NULL ORDER BY id LIMIT 1`, ref).Scan(&p.id, &p.orderID, &amount)
	if db.NoRows(err) || err == nil && money.Cents(amount).Shillings()*100 != c.AmountCents {
		return pushPayment{}, nil
	}
	if err != nil {
		return pushPayment{}, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET receipt = $1 WHERE id = $2`, c.TransID, p.id); err != nil {
		return pushPayment{}, fmt.Errorf("give payment %d its receipt: %w", p.id, err)
	}
	return p, nil
}

// markPushTx records that stored C2B payment id is push p's own payment.
func markPushTx(ctx context.Context, tx *sql.Tx, id int64, p pushPayment) error {
	_, err := tx.ExecContext(ctx, `UPDATE c2b_payments SET payment_id = $1, order_id = $2 WHERE id = $3`, p.id, p.orderID, id)
	if err != nil {
		return fmt.Errorf("mark c2b payment %d as push %d: %w", id, p.id, err)
	}
	return nil
}

// yieldedC2B is a C2B payment that turned out to be a push's own payment.
type yieldedC2B struct {
	found bool
	// counted is true when it had been counted, for order counted.
	counted      bool
	countedOrder int64
	amount       money.Cents
}

// yieldC2BTx makes the C2B payment with receipt r, if one is stored, the
// push's: push p's success is what counts, so a Paybill row that counted
// the same receipt stops counting. The caller holds p's order lock and the
// receipt's.
func yieldC2BTx(ctx context.Context, tx *sql.Tx, r string, p pushPayment) (yieldedC2B, error) {
	var y yieldedC2B
	var id int64
	var orderID sql.NullInt64
	var applied sql.NullTime
	err := tx.QueryRowContext(ctx, `SELECT id, order_id, applied_at, amount_cents FROM c2b_payments WHERE trans_id = $1`, r).
		Scan(&id, &orderID, &applied, &y.amount)
	if db.NoRows(err) {
		return y, nil
	}
	if err != nil {
		return y, fmt.Errorf("find c2b payment %s: %w", r, err)
	}
	y.found, y.counted = true, applied.Valid
	if y.counted {
		y.countedOrder = orderID.Int64
	}
	if _, err := tx.ExecContext(ctx, `UPDATE c2b_payments SET payment_id = $1, order_id = $2, applied_at = NULL WHERE id = $3`,
		p.id, p.orderID, id); err != nil {
		return y, fmt.Errorf("yield c2b payment %s to push %d: %w", r, p.id, err)
	}
	return y, nil
}

// countedElsewhereTx flags order id, which counted Paybill payment r until
// r turned out to be another order's push.
func countedElsewhereTx(ctx context.Context, tx *sql.Tx, id int64, r string, amount money.Cents, other string) error {
	return order.SetAttention(ctx, tx, id, fmt.Sprintf("M-Pesa payment %s of %s was counted here as a Paybill payment, but it is the M-Pesa prompt's payment for %s: it no longer counts here. Check what this order has received.",
		r, amount.Ksh(), other))
}
