package payment

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/order"
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
