package payment

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/order"
)

// Money going out has its home here, beside the money coming in: a refund
// is counted under the same order lock as the payments it returns, so two
// refunds at once, or a refund racing a payment, never add up to more than
// the order received (docs/architecture.md section 12). Today's refunds are
// recorded: the money is sent by hand and its M-Pesa reference typed in.

// RefundTx records refund in of the order numbered number inside tx, which
// the caller's audit entry shares, and moves the order (order.RefundedTx).
// It returns the order before and after.
func (s *Service) RefundTx(ctx context.Context, tx *sql.Tx, number string, in order.RefundInput, actor string) (before, after order.Order, err error) {
	if err := in.Check(); err != nil {
		return before, after, err
	}
	id, err := order.IDByNumber(ctx, tx, number)
	if err != nil {
		return before, after, err
	}
	// A second refund waits here and then sees the first.
	if err := lockOrder(ctx, tx, s.db.Dialect, id); err != nil {
		return before, after, err
	}
	if before, err = s.orders.ByIDTx(ctx, tx, id); err != nil {
		return before, after, err
	}
	received, err := paidTx(ctx, tx, id)
	if err != nil {
		return before, after, err
	}
	if err := order.CheckRefundable(before, in, received); err != nil {
		return before, after, err
	}
	r, err := insertRefundTx(ctx, tx, id, in, actor)
	if err != nil {
		return before, after, err
	}
	if after, err = order.RefundedTx(ctx, tx, before, r, received, actor); err != nil {
		return before, after, err
	}
	return before, after, s.refundCounts(ctx, tx, after, r)
}

// refundCounts runs what follows a refund that counts (recorded by hand,
// or an M-Pesa refund once sent) inside its transaction: KRA's credit note
// is queued against the order's invoice.
func (s *Service) refundCounts(ctx context.Context, tx *sql.Tx, o order.Order, r order.Refund) error {
	if s.invoices == nil {
		return nil
	}
	return s.invoices.RefundedTx(ctx, tx, o, r)
}

// insertRefundTx stores a refund; its M-Pesa reference names one refund.
func insertRefundTx(ctx context.Context, tx *sql.Tx, orderID int64, in order.RefundInput, actor string) (order.Refund, error) {
	if n, err := db.CountTx(ctx, tx, "refund references", `SELECT COUNT(*) FROM refunds WHERE reference = $1`, in.Reference); err != nil {
		return order.Refund{}, err
	} else if n > 0 {
		return order.Refund{}, apperr.InvalidField("reference", order.MsgRefundRefUsed)
	}
	r := order.Refund{Amount: in.Amount, Reason: in.Reason, Reference: in.Reference, Restocked: in.Restock}
	err := tx.QueryRowContext(ctx, `INSERT INTO refunds (order_id, amount_cents, reason, reference, restocked, actor)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, created_at`, orderID, int64(in.Amount), in.Reason, in.Reference, in.Restock, actor).Scan(&r.ID, &r.CreatedAt)
	if db.IsUniqueViolation(err) {
		// The same reference recorded at the same moment for another order.
		return order.Refund{}, apperr.InvalidField("reference", order.MsgRefundRefUsed)
	}
	if err != nil {
		return order.Refund{}, fmt.Errorf("record refund of order %d: %w", orderID, err)
	}
	return r, nil
}

// PastRefund is a refund of a past order, for demo and benchmark history.
type PastRefund struct {
	OrderID int64
	order.Refund
}

// InsertPastRefundsTx writes refunds of past orders inside tx, in bulk
// (their orders already count them in refunded_cents: order.InsertPastTx).
func InsertPastRefundsTx(ctx context.Context, d *db.DB, tx *sql.Tx, list []PastRefund) error {
	rows := make([][]any, len(list))
	for i, f := range list {
		rows[i] = []any{f.OrderID, int64(f.Amount), f.Reason, f.Reference, f.Restocked, "shop", d.TimeArg(f.CreatedAt)}
	}
	return d.InsertRows(ctx, tx, "refunds", []string{"order_id", "amount_cents", "reason", "reference", "restocked", "actor", "created_at"}, rows, "", nil)
}
