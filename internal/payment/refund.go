package payment

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/order"
)

// Money going out has its home here, beside the money coming in: a refund
// is counted under the same order lock as the payments it returns, so two
// refunds at once, or a refund racing a payment, never add up to more than
// the order received (docs/architecture.md section 12). A manual refund is
// recorded: the money was sent by hand and its M-Pesa reference typed in;
// the shop sends the others itself (moneyout.go).

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
	r := order.Refund{ID: newRefundID(), Method: order.RefundManual, Status: order.RefundSent, Amount: in.Amount, Reason: in.Reason,
		Reference: in.Reference, Restocked: restocks(in), Lines: in.Lines}
	err := tx.QueryRowContext(ctx, `INSERT INTO refunds (order_id, public_id, amount_cents, reason, reference, restocked, actor)
		VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id, created_at`, orderID, r.ID, int64(in.Amount), in.Reason, in.Reference, r.Restocked, actor).Scan(&r.RowID, &r.CreatedAt)
	if db.IsUniqueViolation(err) {
		// The same reference recorded at the same moment for another order.
		return order.Refund{}, apperr.InvalidField("reference", order.MsgRefundRefUsed)
	}
	if err != nil {
		return order.Refund{}, fmt.Errorf("record refund of order %d: %w", orderID, err)
	}
	return r, insertRefundLinesTx(ctx, tx, r)
}

// restocks reports whether refund in puts anything back on sale.
func restocks(in order.RefundInput) bool {
	return in.Restock || slices.ContainsFunc(in.Lines, func(l order.RefundLine) bool { return l.Restock })
}

// insertRefundLinesTx stores the lines of refund r, which from now on count
// as refunded of their order lines (until r fails).
func insertRefundLinesTx(ctx context.Context, tx *sql.Tx, r order.Refund) error {
	for _, l := range r.Lines {
		if _, err := tx.ExecContext(ctx, `INSERT INTO refund_lines (refund_id, order_item_id, quantity, restock) VALUES ($1, $2, $3, $4)`,
			r.RowID, l.OrderItemID, l.Quantity, l.Restock); err != nil {
			return fmt.Errorf("store lines of refund %s: %w", r.ID, err)
		}
	}
	return nil
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
		rows[i] = []any{f.OrderID, newRefundID(), int64(f.Amount), f.Reason, f.Reference, f.Restocked, "shop", d.TimeArg(f.CreatedAt)}
	}
	return d.InsertRows(ctx, tx, "refunds", []string{"order_id", "public_id", "amount_cents", "reason", "reference", "restocked", "actor", "created_at"}, rows, "", nil)
}
