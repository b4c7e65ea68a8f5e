package payment

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/ratelimit"
)

// Messages for a prompt the shop cannot send now.
const (
	MsgPromptWaiting = "This order is already waiting for a payment. Please check your phone."
	MsgPromptNotDue  = "This order does not need paying."
)

// Prompt sends an M-Pesa prompt for an unpaid order to phone: the back
// office's "Send the prompt again", the payment link's button, and the
// prompt a USSD order gets once its session has ended. Unlike Retry it
// also serves an order placed without a prompt (paid by Paybill or from a
// link), but never while a prompt already waits on a phone: that one is
// answered or expires first (docs/payments.md).
func (s *Service) Prompt(ctx context.Context, o order.Order, phone, ip, actor string) (order.PaymentStart, error) {
	if !s.Enabled() {
		return order.PaymentStart{}, ErrNotConfigured
	}
	return s.again(ctx, o, phone, ip, "M-Pesa prompt sent to "+phone, actor, func(ctx context.Context, tx *sql.Tx, cur order.Order) error {
		switch cur.Status {
		case order.PaymentFailed:
			return nil
		case order.PendingPayment:
			waiting, err := pendingPushTx(ctx, tx, cur.ID)
			if err != nil {
				return err
			}
			if waiting {
				return apperr.Conflict(MsgPromptWaiting)
			}
			return nil
		}
		return apperr.Conflict(MsgPromptNotDue)
	})
}

// pendingPushTx reports whether a prompt for order orderID still waits for
// its answer.
func pendingPushTx(ctx context.Context, tx *sql.Tx, orderID int64) (bool, error) {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM payments WHERE order_id = $1 AND status = 'pending'`, orderID).Scan(&n); err != nil {
		return false, fmt.Errorf("pending prompts of order %d: %w", orderID, err)
	}
	return n > 0, nil
}

// MsgNothingToCollect answers a door prompt for an order that owes nothing
// at the door.
const MsgNothingToCollect = "Nothing is due on delivery for this order."

// CollectAtDoor sends the M-Pesa prompt for what a pay-on-delivery order
// still owes for its goods to phone: the rider's "Collect payment". While
// an earlier prompt waits on a phone it sends nothing and answers that one
// (Existing), so a rider tapping twice rings the customer once. The order
// keeps its status; the callback credits it (creditTx).
// extra are the caller's own limits (the rider's, per order), counted with
// the phone's and the address's only when a prompt is sent.
func (s *Service) CollectAtDoor(ctx context.Context, o order.Order, phone, ip, actor string, extra ...ratelimit.Check) (order.PaymentStart, error) {
	if !s.Enabled() {
		return order.PaymentStart{}, ErrNotConfigured
	}
	var paymentID int64
	var due money.Cents
	st := order.PaymentStart{}
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := lockOrder(ctx, tx, s.db.Dialect, o.ID); err != nil {
			return err
		}
		cur, err := s.orders.ByIDTx(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		st.Order = cur
		if !cur.AtTheDoor() {
			return apperr.Conflict(MsgNothingToCollect)
		}
		received, err := paidTx(ctx, tx, cur.ID)
		if err != nil {
			return err
		}
		if due = cur.DueNow(received); due <= 0 {
			return apperr.Conflict(MsgNothingToCollect)
		}
		waiting, err := pendingPushTx(ctx, tx, cur.ID)
		if err != nil {
			return err
		}
		if waiting {
			st.Existing = true
			st.CheckoutRequestID, err = s.LatestCheckoutTx(ctx, tx, cur.ID)
			return err
		}
		if paymentID, err = insertPayment(ctx, tx, cur, phone, due); err != nil {
			return err
		}
		if err := order.NoteTx(ctx, tx, cur, fmt.Sprintf("M-Pesa prompt for %s sent to %s at the door", due.Ksh(), phone), actor); err != nil {
			return err
		}
		_, wait, err := s.limiter.ReserveTx(ctx, tx, append(s.pushChecks(phone, ip), extra...)...)
		if err != nil {
			return err
		}
		if wait > 0 {
			return apperr.TooManyRequests(MsgTooManyPushes, wait)
		}
		return nil
	})
	if err != nil {
		return order.PaymentStart{}, fmt.Errorf("collect %s at the door: %w", o.Number, err)
	}
	if st.Existing {
		return st, nil
	}
	st.CheckoutRequestID, st.PushErr = s.push(ctx, paymentID, st.Order.Number, phone, due)
	return st, nil
}

// ReceivedTx is what order orderID has received by STK and Paybill, read
// inside tx (which holds the order's lock when the answer must stand).
func (s *Service) ReceivedTx(ctx context.Context, tx *sql.Tx, orderID int64) (money.Cents, error) {
	return paidTx(ctx, tx, orderID)
}

// LockOrderTx takes order orderID's lock inside tx: the lock the money
// arriving for it takes, so a change made under it sees every payment.
func (s *Service) LockOrderTx(ctx context.Context, tx *sql.Tx, orderID int64) error {
	return lockOrder(ctx, tx, s.db.Dialect, orderID)
}
