package payment

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/db"
	"shop/internal/httpx"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// What Daraja tells the shop about a push, by callback or by query, and how
// it moves the payment and the order. docs/payments.md has the protocol.

// HandleCallback records a callback Daraja posted with the given secret. A
// wrong secret is not found; a callback for an unknown push, a repeat, or
// one whose amount does not match changes nothing and is still acknowledged.
func (s *Service) HandleCallback(ctx context.Context, secret string, body []byte) error {
	if err := s.checkSecret(secret); err != nil {
		return err
	}
	return s.applyCallback(ctx, body)
}

// applyCallback records a callback, or parks it when its push's checkout id
// is not stored yet: the callback may beat the push's own answer.
func (s *Service) applyCallback(ctx context.Context, body []byte) error {
	cb, err := mpesa.ParseCallback(body)
	if err != nil {
		s.log.WarnContext(ctx, "unreadable mpesa callback", "err", err)
		return nil
	}
	if !httpx.CleanText(cb.CheckoutRequestID + cb.ResultDesc + cb.Receipt + cb.Phone) {
		s.log.WarnContext(ctx, "mpesa callback with control characters: ignored")
		return nil
	}
	parked := false
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := db.LockKey(ctx, tx, s.db.Dialect, "checkout:"+cb.CheckoutRequestID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM payments WHERE checkout_request_id = $1`, cb.CheckoutRequestID).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		parked = true
		return park(ctx, tx, cb, body)
	})
	if err != nil {
		return fmt.Errorf("callback %s: %w", cb.CheckoutRequestID, err)
	}
	if parked {
		s.log.WarnContext(ctx, "mpesa callback for a push not known yet: kept", "checkout_request_id", cb.CheckoutRequestID, "result_code", cb.ResultCode)
		return nil
	}
	return s.record(ctx, cb.CheckoutRequestID, cb.ResultCode, cb.ResultDesc, cb.Receipt, &cb.AmountCents)
}

// record applies a final result for a push, from a callback (with the amount
// paid) or a query (without).
func (s *Service) record(ctx context.Context, checkoutID string, code int, desc, receipt string, amountCents *int64) error {
	var paymentID, amount int64
	var status string
	err := s.db.QueryRow(ctx, `SELECT id, amount_cents, status FROM payments WHERE checkout_request_id = $1`, checkoutID).
		Scan(&paymentID, &amount, &status)
	if err != nil {
		// No row: only a query reaches here, for a payment it just read.
		return db.RowErr(err, nil, "find payment %s", checkoutID)
	}
	if code == mpesa.ResultSuccess && amountCents != nil {
		// A push asks for whole shillings (Daraja takes no cents).
		if want := money.Cents(amount).Shillings() * 100; *amountCents != want {
			s.log.ErrorContext(ctx, "mpesa amount does not match the order: flagged", "checkout_request_id", checkoutID,
				"paid_cents", *amountCents, "expected_cents", want)
			return s.flagAmount(ctx, paymentID, *amountCents, want)
		}
	}
	return s.settle(ctx, paymentID, code, desc, receipt)
}

// settle moves a payment to its final state and the order with it, once: a
// repeated result changes nothing, and only a success may overtake a failure.
func (s *Service) settle(ctx context.Context, paymentID int64, code int, desc, receipt string) error {
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var orderID int64
		if err := tx.QueryRowContext(ctx, `SELECT order_id FROM payments WHERE id = $1`, paymentID).Scan(&orderID); err != nil {
			return err
		}
		if err := lockOrder(ctx, tx, s.db.Dialect, orderID); err != nil {
			return err
		}
		var status string
		var oldReceipt sql.NullString
		if err := tx.QueryRowContext(ctx, `SELECT status, receipt FROM payments WHERE id = $1`, paymentID).Scan(&status, &oldReceipt); err != nil {
			return err
		}
		if code != mpesa.ResultSuccess {
			unpaid, err := s.settleFailure(ctx, tx, paymentID, orderID, status, code, desc)
			if err != nil {
				return err
			}
			return s.unpaidHookTx(ctx, tx, unpaid)
		}
		if status == "succeeded" {
			if !oldReceipt.Valid && receipt != "" {
				// A query learnt of the success first; the callback brings the receipt.
				return s.lateReceiptTx(ctx, tx, paymentID, orderID, receipt)
			}
			return nil
		}
		paid, err := s.settleSuccess(ctx, tx, paymentID, orderID, desc, receipt)
		if err != nil {
			return err
		}
		return s.paidHookTx(ctx, tx, paid)
	})
	if db.IsUniqueViolation(err) {
		s.log.ErrorContext(ctx, "mpesa receipt already recorded on another payment", "payment", paymentID, "receipt", receipt)
		return nil
	}
	if err != nil {
		return fmt.Errorf("settle payment %d: %w", paymentID, err)
	}
	return nil
}

// settleFailure fails a pending payment and, when it is the order's latest
// attempt, the order with it (which puts the stock back on sale).
// It returns the order when this was its first failed prompt, for the mail
// that tells the customer how else to pay.
func (s *Service) settleFailure(ctx context.Context, tx *sql.Tx, paymentID, orderID int64, status string, code int, desc string) (*order.Order, error) {
	if status != "pending" {
		return nil, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'failed', result_code = $1, result_desc = $2, next_query_at = NULL,
		updated_at = CURRENT_TIMESTAMP WHERE id = $3`, code, desc, paymentID); err != nil {
		return nil, err
	}
	var latest, failed int64
	if err := tx.QueryRowContext(ctx, `SELECT MAX(id), SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END) FROM payments WHERE order_id = $1`, orderID).
		Scan(&latest, &failed); err != nil {
		return nil, err
	}
	if latest != paymentID {
		return nil, nil // a newer attempt speaks for the order
	}
	o, err := s.orders.ByIDTx(ctx, tx, orderID)
	if err != nil || o.Status != order.PendingPayment {
		return nil, err
	}
	moved, err := order.Move(ctx, tx, o, order.PaymentFailed, mpesa.CustomerMessage(code), "mpesa")
	if err != nil || failed != 1 {
		return nil, err
	}
	received, err := paidTx(ctx, tx, orderID)
	moved.AmountPaid, moved.BalanceDue = received, max(0, moved.Total-received)
	moved.Payment = &order.Payment{Status: "failed", ResultCode: &code, Message: mpesa.CustomerMessage(code), Advice: mpesa.CustomerAdvice(code)}
	moved.Paybill = s.Guide(moved)
	return &moved, err
}

// settleSuccess records the money and credits the order with it (see
// creditTx). It returns the order when it was paid.
func (s *Service) settleSuccess(ctx context.Context, tx *sql.Tx, paymentID, orderID int64, desc, receipt string) (*order.Order, error) {
	var rcpt any
	var y yieldedC2B
	if receipt != "" {
		rcpt = receipt
		if err := lockReceipt(ctx, tx, s.db.Dialect, receipt); err != nil {
			return nil, err
		}
		var err error
		if y, err = yieldC2BTx(ctx, tx, receipt, pushPayment{id: paymentID, orderID: orderID}); err != nil {
			return nil, err
		}
	}
	var amount money.Cents
	err := tx.QueryRowContext(ctx, `UPDATE payments SET status = 'succeeded', result_code = 0, result_desc = $1, receipt = $2, next_query_at = NULL,
		updated_at = CURRENT_TIMESTAMP WHERE id = $3 AND status <> 'succeeded' RETURNING amount_cents`, desc, rcpt, paymentID).Scan(&amount)
	if db.NoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	o, err := s.orders.ByIDTx(ctx, tx, orderID)
	if err != nil {
		return nil, err
	}
	if counted, err := s.countedOnceTx(ctx, tx, o, receipt, y); counted || err != nil {
		return nil, err
	}
	return s.creditTx(ctx, tx, o, credit{how: "M-Pesa", receipt: receipt, amount: amount})
}

// countedOnceTx settles what a Paybill row that reported receipt r before
// the push did had counted (see yieldC2BTx): for order o itself nothing new
// arrived, so counted is true and o only gets a note; for another order,
// that order no longer counts it and is flagged.
func (s *Service) countedOnceTx(ctx context.Context, tx *sql.Tx, o order.Order, r string, y yieldedC2B) (counted bool, err error) {
	switch {
	case !y.counted:
		return false, nil
	case y.countedOrder == o.ID:
		return true, order.NoteTx(ctx, tx, o, fmt.Sprintf("M-Pesa payment %s reported by the prompt and by Paybill: counted once", r), "mpesa")
	}
	return false, countedElsewhereTx(ctx, tx, y.countedOrder, r, y.amount, o.Number)
}

// lateReceiptTx gives a payment whose success a query reported (without a
// receipt) the receipt its callback brings, and makes a Paybill row that
// counted the same receipt in between stop counting.
func (s *Service) lateReceiptTx(ctx context.Context, tx *sql.Tx, paymentID, orderID int64, receipt string) error {
	if err := lockReceipt(ctx, tx, s.db.Dialect, receipt); err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET receipt = $1 WHERE id = $2`, receipt, paymentID); err != nil {
		return err
	}
	y, err := yieldC2BTx(ctx, tx, receipt, pushPayment{id: paymentID, orderID: orderID})
	if err != nil || !y.counted {
		return err
	}
	o, err := s.orders.ByIDTx(ctx, tx, orderID)
	if err != nil {
		return err
	}
	_, err = s.countedOnceTx(ctx, tx, o, receipt, y)
	return err
}

// flagAmount stops asking Daraja about a payment whose callback reported a
// different amount than the order's, and flags the order for a person: a
// later query answer, which carries no amount, must not pay it. The payment
// stays pending, so a callback with the right amount still settles it.
func (s *Service) flagAmount(ctx context.Context, paymentID, paidCents, wantCents int64) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var orderID int64
		if err := tx.QueryRowContext(ctx, `UPDATE payments SET next_query_at = NULL, updated_at = CURRENT_TIMESTAMP
			WHERE id = $1 AND status = 'pending' RETURNING order_id`, paymentID).Scan(&orderID); db.NoRows(err) {
			return nil
		} else if err != nil {
			return err
		}
		return order.SetAttention(ctx, tx, orderID, fmt.Sprintf("M-Pesa reported %s paid, but the order asked for %s: check the M-Pesa statement, then refund or settle by hand.",
			money.Cents(paidCents).Ksh(), money.Cents(wantCents).Ksh()))
	})
}
