package order

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/stock"
)

// Refund is money the shop sent back to the farmer for an order, by M-Pesa
// (sending it is done by hand; the shop records it). Package payment keeps
// them: money going out has its home there.
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

// CheckRefundable checks that order o, which received received, may take
// refund in: o was paid and kept the money, the amount is no more than
// what is left to refund, and stock asked back is still held.
func CheckRefundable(o Order, in RefundInput, received money.Cents) error {
	if !refundable(o) {
		return apperr.Conflict(MsgRefundNotPaid)
	}
	if left := Refundable(o, received); in.Amount > left {
		return apperr.InvalidField("amount", fmt.Sprintf(msgRefundTooMuchFmt, left.Ksh()))
	}
	if in.Restock && !o.StockReserved {
		return apperr.InvalidField("restock", MsgRefundRestocked)
	}
	return nil
}

// RefundedTx moves order o, inside tx, after refund r of it was recorded
// (package payment keeps refunds): orders.refunded_cents keeps their sum
// for the reports, the order becomes refunded (all the money it received
// went back) or partially_refunded, and a restock puts its goods back.
func RefundedTx(ctx context.Context, tx *sql.Tx, o Order, r Refund, received money.Cents, actor string) (Order, error) {
	o.AmountRefunded += r.Amount
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET refunded_cents = $1, updated_at = CURRENT_TIMESTAMP WHERE id = $2`,
		int64(o.AmountRefunded), o.ID); err != nil {
		return Order{}, fmt.Errorf("record refund of order %d: %w", o.ID, err)
	}
	note := fmt.Sprintf("Refunded %s by M-Pesa %s: %s", r.Amount.Ksh(), r.Reference, r.Reason)
	if r.Restocked {
		note += " (stock returned)"
	}
	to := PartiallyRefunded
	if o.AmountRefunded >= received {
		to = Refunded
	}
	var moved Order
	var err error
	if o.Status == to {
		// Another part refunded: a line in the history, the same status.
		moved, err = o, NoteTx(ctx, tx, o, note, actor)
	} else {
		moved, err = move(ctx, tx, o, to, note, actor, true)
	}
	if err != nil {
		return Order{}, err
	}
	if r.Restocked {
		if err := stock.ReturnTx(ctx, tx, StockLines(o.Items)); err != nil {
			return Order{}, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE orders SET stock_reserved = FALSE WHERE id = $1`, o.ID); err != nil {
			return Order{}, fmt.Errorf("restock order %d: %w", o.ID, err)
		}
		moved.StockReserved = false
	}
	moved.Refunds = append(moved.Refunds, r)
	return moved, nil
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
