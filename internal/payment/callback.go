package payment

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"

	"shop/internal/apperr"
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
	if s.secret == "" || subtle.ConstantTimeCompare([]byte(secret), []byte(s.secret)) != 1 {
		return apperr.NotFound("Not found")
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
	if errors.Is(err, sql.ErrNoRows) {
		return nil // only a query reaches here, for a payment it just read
	}
	if err != nil {
		return fmt.Errorf("find payment %s: %w", checkoutID, err)
	}
	if code == mpesa.ResultSuccess && amountCents != nil {
		if want := (amount + 99) / 100 * 100; *amountCents != want {
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
	var paid *order.Order
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var orderID int64
		var status string
		var oldReceipt sql.NullString
		if err := tx.QueryRowContext(ctx, `SELECT order_id, status, receipt FROM payments WHERE id = $1`, paymentID).
			Scan(&orderID, &status, &oldReceipt); err != nil {
			return err
		}
		if code != mpesa.ResultSuccess {
			return s.settleFailure(ctx, tx, paymentID, orderID, status, code, desc)
		}
		if status == "succeeded" {
			if !oldReceipt.Valid && receipt != "" {
				// A query learnt of the success first; the callback brings the receipt.
				_, err := tx.ExecContext(ctx, `UPDATE payments SET receipt = $1 WHERE id = $2`, receipt, paymentID)
				if db.IsUniqueViolation(err) {
					return nil
				}
				return err
			}
			return nil
		}
		var err error
		paid, err = s.settleSuccess(ctx, tx, paymentID, orderID, desc, receipt)
		return err
	})
	if db.IsUniqueViolation(err) {
		s.log.ErrorContext(ctx, "mpesa receipt already recorded on another payment", "payment", paymentID, "receipt", receipt)
		return nil
	}
	if err != nil {
		return fmt.Errorf("settle payment %d: %w", paymentID, err)
	}
	if paid != nil && s.OnPaid != nil {
		if err := s.OnPaid(ctx, *paid); err != nil {
			s.log.ErrorContext(ctx, "after payment", "order", paid.Number, "err", err)
		}
	}
	return nil
}

// settleFailure fails a pending payment and, when it is the order's latest
// attempt, the order with it (which puts the stock back on sale).
func (s *Service) settleFailure(ctx context.Context, tx *sql.Tx, paymentID, orderID int64, status string, code int, desc string) error {
	if status != "pending" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'failed', result_code = $1, result_desc = $2, next_query_at = NULL,
		updated_at = CURRENT_TIMESTAMP WHERE id = $3`, code, desc, paymentID); err != nil {
		return err
	}
	var latest int64
	if err := tx.QueryRowContext(ctx, `SELECT MAX(id) FROM payments WHERE order_id = $1`, orderID).Scan(&latest); err != nil {
		return err
	}
	if latest != paymentID {
		return nil // a newer attempt speaks for the order
	}
	o, err := s.orders.ByIDTx(ctx, tx, orderID)
	if err != nil || o.Status != order.PendingPayment {
		return err
	}
	_, err = order.Move(ctx, tx, o, order.PaymentFailed, mpesa.CustomerMessage(code), "mpesa")
	return err
}

// settleSuccess records the money and pays the order, or, when the order
// cannot take it (cancelled, or paid by another attempt), keeps the payment
// and flags the order for a person. It returns the order when it was paid.
func (s *Service) settleSuccess(ctx context.Context, tx *sql.Tx, paymentID, orderID int64, desc, receipt string) (*order.Order, error) {
	var rcpt any
	if receipt != "" {
		rcpt = receipt
	}
	res, err := tx.ExecContext(ctx, `UPDATE payments SET status = 'succeeded', result_code = 0, result_desc = $1, receipt = $2, next_query_at = NULL,
		updated_at = CURRENT_TIMESTAMP WHERE id = $3 AND status <> 'succeeded'`, desc, rcpt, paymentID)
	if err != nil {
		return nil, err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil, nil
	}
	o, err := s.orders.ByIDTx(ctx, tx, orderID)
	if err != nil {
		return nil, err
	}
	if !order.CanMove(o.Delivery.Kind, o.Status, order.Paid) {
		return nil, order.SetAttention(ctx, tx, orderID,
			"An M-Pesa payment ("+receipt+") arrived while the order was "+string(o.Status)+": refund or fulfil it.")
	}
	// The payment whose reference was lost has been found: Move stores the
	// order's attention as o carries it.
	note := "M-Pesa payment received"
	if receipt != "" {
		note += " (receipt " + receipt + ")"
	}
	if o.Attention == msgReferenceLost {
		o.Attention = ""
	}
	moved, err := order.Move(ctx, tx, o, order.Paid, note, "mpesa")
	if err != nil {
		return nil, err
	}
	return &moved, nil
}

// flagAmount stops asking Daraja about a payment whose callback reported a
// different amount than the order's, and flags the order for a person: a
// later query answer, which carries no amount, must not pay it. The payment
// stays pending, so a callback with the right amount still settles it.
func (s *Service) flagAmount(ctx context.Context, paymentID, paidCents, wantCents int64) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var orderID int64
		if err := tx.QueryRowContext(ctx, `UPDATE payments SET next_query_at = NULL, updated_at = CURRENT_TIMESTAMP
			WHERE id = $1 AND status = 'pending' RETURNING order_id`, paymentID).Scan(&orderID); errors.Is(err, sql.ErrNoRows) {
			return nil
		} else if err != nil {
			return err
		}
		return order.SetAttention(ctx, tx, orderID, fmt.Sprintf("M-Pesa reported %s paid, but the order asked for %s: check the M-Pesa statement, then refund or settle by hand.",
			money.Cents(paidCents).Ksh(), money.Cents(wantCents).Ksh()))
	})
}
