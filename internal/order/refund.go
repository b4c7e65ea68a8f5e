package order

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/money"
)

// Refund is money the shop sent back to the farmer for an order, by M-Pesa
// (sending it is done by hand; the shop records it).
type Refund struct {
	Amount    money.Cents `json:"amount"`
	Reason    string      `json:"reason"`
	Reference string      `json:"reference"`
	Restocked bool        `json:"restocked"`
	CreatedAt time.Time   `json:"created_at"`
}

// RefundInput is a refund the back office records.
type RefundInput struct {
	Amount    money.Cents
	Reason    string
	Reference string
	// Restock puts the order's quantities back on sale.
	Restock bool
}

// Refund messages, on the form's fields (docs/product.md section 7).
const (
	MsgRefundAmount     = "Enter an amount of more than 0."
	MsgRefundReason     = "Say why the money is refunded."
	MsgRefundReference  = "Enter the M-Pesa reference of the money sent back."
	MsgRefundRefUsed    = "This M-Pesa reference is already recorded."
	MsgRefundRestocked  = "This order's stock is already back on sale."
	MsgRefundNotPaid    = "Only an order that was paid can be refunded."
	msgRefundTooMuchFmt = "At most %s can be refunded."
)

// Check trims the input and checks what needs no database.
func (in *RefundInput) Check() error {
	in.Reason, in.Reference = strings.TrimSpace(in.Reason), strings.ToUpper(strings.TrimSpace(in.Reference))
	bad := map[string]string{}
	if in.Amount <= 0 {
		bad["amount"] = MsgRefundAmount
	}
	switch n := utf8.RuneCountInString(in.Reason); {
	case n == 0:
		bad["reason"] = MsgRefundReason
	case n > 500:
		bad["reason"] = "The reason must be at most 500 characters."
	}
	switch n := len(in.Reference); {
	case n == 0:
		bad["reference"] = MsgRefundReference
	case n > 40:
		bad["reference"] = "The reference must be at most 40 characters."
	}
	if len(bad) > 0 {
		return apperr.InvalidFields(bad, "amount", "reason", "reference")
	}
	return nil
}

// Refundable is what may still be refunded of an order that received
// received: the money that came in, less what went back.
func Refundable(o Order, received money.Cents) money.Cents {
	return max(0, received-o.AmountRefunded)
}

// RefundTx records a refund of order o inside tx and moves the order to
// refunded (all the money it received went back) or partially_refunded.
// received is what the order has received (the payment package's sum); the
// caller holds the order's payment lock ("order#id") and loaded o under it,
// so two refunds at once never add up to more than came in.
func RefundTx(ctx context.Context, tx *sql.Tx, o Order, in RefundInput, received money.Cents, actor string) (Order, Refund, error) {
	if err := in.Check(); err != nil {
		return Order{}, Refund{}, err
	}
	if !refundable(o) {
		return Order{}, Refund{}, apperr.Conflict(MsgRefundNotPaid)
	}
	left := Refundable(o, received)
	if in.Amount > left {
		return Order{}, Refund{}, apperr.InvalidField("amount", fmt.Sprintf(msgRefundTooMuchFmt, left.Ksh()))
	}
	if in.Restock && !o.StockReserved {
		return Order{}, Refund{}, apperr.InvalidField("restock", MsgRefundRestocked)
	}
	if n, err := db.CountTx(ctx, tx, "refund references", `SELECT COUNT(*) FROM refunds WHERE reference = $1`, in.Reference); err != nil {
		return Order{}, Refund{}, err
	} else if n > 0 {
		return Order{}, Refund{}, apperr.InvalidField("reference", MsgRefundRefUsed)
	}
	r := Refund{Amount: in.Amount, Reason: in.Reason, Reference: in.Reference, Restocked: in.Restock}
	err := tx.QueryRowContext(ctx, `INSERT INTO refunds (order_id, amount_cents, reason, reference, restocked, actor)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING created_at`, o.ID, int64(in.Amount), in.Reason, in.Reference, in.Restock, actor).Scan(&r.CreatedAt)
	if db.IsUniqueViolation(err) {
		// The same reference recorded at the same moment for another order.
		return Order{}, Refund{}, apperr.InvalidField("reference", MsgRefundRefUsed)
	}
	if err != nil {
		return Order{}, Refund{}, fmt.Errorf("record refund of order %d: %w", o.ID, err)
	}
	o.AmountRefunded += in.Amount
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET refunded_cents = $1, updated_at = CURRENT_TIMESTAMP WHERE id = $2`,
		int64(o.AmountRefunded), o.ID); err != nil {
		return Order{}, Refund{}, fmt.Errorf("record refund of order %d: %w", o.ID, err)
	}
	note := fmt.Sprintf("Refunded %s by M-Pesa %s: %s", in.Amount.Ksh(), in.Reference, in.Reason)
	if in.Restock {
		note += " (stock returned)"
	}
	to := PartiallyRefunded
	if o.AmountRefunded >= received {
		to = Refunded
	}
	var moved Order
	if o.Status == to {
		// Another part refunded: a line in the history, the same status.
		moved, err = o, NoteTx(ctx, tx, o, note, actor)
	} else {
		moved, err = move(ctx, tx, o, to, note, actor, true)
	}
	if err != nil {
		return Order{}, Refund{}, err
	}
	if in.Restock {
		if err := catalog.ReturnStockTx(ctx, tx, StockLines(o.Items)); err != nil {
			return Order{}, Refund{}, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE orders SET stock_reserved = FALSE WHERE id = $1`, o.ID); err != nil {
			return Order{}, Refund{}, fmt.Errorf("restock order %d: %w", o.ID, err)
		}
		moved.StockReserved = false
	}
	moved.Refunds = append(moved.Refunds, r)
	return moved, r, nil
}

// refundable reports whether an order in its status may be refunded: it
// received money and kept it.
func refundable(o Order) bool {
	return len(moves(o.Delivery.Kind, o.Status, true)) > 0
}

func refundsOf(ctx context.Context, q queryer, orderID int64) ([]Refund, error) {
	rows, err := q.QueryContext(ctx, `SELECT amount_cents, reason, reference, restocked, created_at FROM refunds WHERE order_id = $1 ORDER BY id`, orderID)
	if err != nil {
		return nil, fmt.Errorf("load refunds of order %d: %w", orderID, err)
	}
	return db.Collect(rows, func(r db.Scanner) (f Refund, err error) {
		return f, r.Scan(&f.Amount, &f.Reason, &f.Reference, &f.Restocked, &f.CreatedAt)
	})
}
