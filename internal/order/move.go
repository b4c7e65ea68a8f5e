package order

import (
	"context"
	"database/sql"
	"fmt"
	"slices"

	"shop/internal/apperr"
	"shop/internal/cart"
	"shop/internal/coupon"
	"shop/internal/delivery"
	"shop/internal/stock"
)

// Move changes an order's status inside tx, along an allowed transition
// only, keeping stock in step: leaving a stock-holding status releases the
// stock, coming back takes it again. When stock cannot be taken again for a
// late payment, the order is still paid (the money is real) and flagged for
// a person. It returns the order as it now is.
//
// o is the order as the caller loaded it inside tx (ByIDTx), so a change
// reads the order once.
func Move(ctx context.Context, tx *sql.Tx, o Order, to Status, note, actor string) (Order, error) {
	return move(ctx, tx, o, to, note, actor, false)
}

// move is Move along the status changes, or along the refund moves when
// refund is set.
func move(ctx context.Context, tx *sql.Tx, o Order, to Status, note, actor string, refund bool) (Order, error) {
	if o.Status == to {
		return o, nil
	}
	if !slices.Contains(moves(o.Delivery.Kind, o.Status, refund), to) {
		if to == Refunded || to == PartiallyRefunded {
			return Order{}, apperr.Conflict("Record a refund to mark an order refunded.")
		}
		return Order{}, apperr.Conflict(fmt.Sprintf("An order that is %s cannot become %s.", label(o.Status), label(to)))
	}
	return apply(ctx, tx, o, to, note, actor, refund)
}

// RefuseTx cancels a home delivery its customer refused at the door,
// inside tx: the one way a dispatched order is cancelled. Its stock comes
// back, as any cancelled order's does.
func RefuseTx(ctx context.Context, tx *sql.Tx, o Order, note, actor string) (Order, error) {
	if o.Status == Dispatched && o.Delivery.Kind == delivery.KindDelivery {
		return apply(ctx, tx, o, Cancelled, note, actor, false)
	}
	return Move(ctx, tx, o, Cancelled, note, actor)
}

// MsgChangedMeanwhile refuses a move from a status the order has left since
// it was read: another request moved it first.
const MsgChangedMeanwhile = "This order has just been changed by someone else: reload it to see where it is now."

// apply makes a move already allowed.
func apply(ctx context.Context, tx *sql.Tx, o Order, to Status, note, actor string, refund bool) (Order, error) {
	orderID := o.ID
	// o was read without a lock: on PostgreSQL two requests can both read
	// it as paid. This statement takes the order's row lock and holds the
	// move to the status o was read in, so the second waits for the first
	// and is refused instead of moving the order a second time. (SQLite's
	// writers run one at a time, so there it always holds.)
	res, err := tx.ExecContext(ctx, `UPDATE orders SET updated_at = CURRENT_TIMESTAMP WHERE id = $1 AND status = $2`, orderID, string(o.Status))
	if err != nil {
		return Order{}, fmt.Errorf("move order %d to %s: %w", orderID, to, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return Order{}, err
	} else if n == 0 {
		return Order{}, apperr.Conflict(MsgChangedMeanwhile)
	}
	reserved := o.StockReserved
	// A refund leaves the stock as it is: returning it is the refund's own
	// choice (restock).
	switch {
	case refund:
	case reserved && !holdsStock(to):
		if err := stock.ReturnTx(ctx, tx, o.StockLines()); err != nil {
			return Order{}, err
		}
		reserved = false
	case !reserved && holdsStock(to):
		if _, err := tx.ExecContext(ctx, `SAVEPOINT take_stock`); err != nil {
			return Order{}, err
		}
		err := stock.TakeTx(ctx, tx, o.StockLines())
		switch {
		case err == nil:
			reserved = true
		case to == Paid:
			if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT take_stock`); rerr != nil {
				return Order{}, rerr
			}
			o.Attention = "Paid after its stock was released, and there is not enough stock now: restock or refund the customer."
			note += " (not enough stock left: flagged for the shop)"
		default:
			return Order{}, err
		}
		if _, err := tx.ExecContext(ctx, `RELEASE SAVEPOINT take_stock`); err != nil {
			return Order{}, err
		}
	}
	if err := moveCoupon(ctx, tx, o, to); err != nil {
		return Order{}, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = $1, stock_reserved = $2, attention = $3, updated_at = CURRENT_TIMESTAMP WHERE id = $4`,
		string(to), reserved, o.Attention, orderID); err != nil {
		return Order{}, fmt.Errorf("move order %d to %s: %w", orderID, to, err)
	}
	if err := addEvent(ctx, tx, orderID, o.Status, to, note, actor); err != nil {
		return Order{}, err
	}
	if (to == Paid || to == AwaitingDeliveryPayment) && o.CartID != 0 {
		// The cart empties of what was bought once it is paid for (or, paid
		// on delivery, once its fee is).
		bought := make([]int64, 0, len(o.Items))
		for _, it := range o.Items {
			bought = append(bought, it.VariantID)
		}
		if err := cart.RemoveVariantsTx(ctx, tx, o.CartID, bought); err != nil {
			return Order{}, err
		}
		if o.CouponCode != "" {
			if err := coupon.ForgetCartTx(ctx, tx, o.CartID); err != nil {
				return Order{}, err
			}
		}
	}
	o.Status, o.StockReserved = to, reserved
	return o, nil
}

// moveCoupon keeps the order's coupon use in step with its stock: an order
// that fails or is cancelled gives its use back; one that comes back from a
// failed payment takes it again, within the code's limits for a retry, and
// whatever they say for a payment that came anyway.
func moveCoupon(ctx context.Context, tx *sql.Tx, o Order, to Status) error {
	if o.CouponCode == "" || holdsStock(o.Status) == holdsStock(to) {
		return nil
	}
	if !holdsStock(to) {
		return coupon.ReleaseTx(ctx, tx, o.ID)
	}
	return coupon.ReclaimTx(ctx, tx, o.ID, o.CouponCode, coupon.Phones{Contact: o.Customer.Phone}, to != Paid)
}

// RecordDispatch stores who carries a dispatched order and its tracking or
// waybill number, inside tx, and returns the order with them.
func RecordDispatch(ctx context.Context, tx *sql.Tx, o Order, courier, tracking string) (Order, error) {
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET courier = $1, tracking_number = $2, updated_at = CURRENT_TIMESTAMP WHERE id = $3`,
		courier, tracking, o.ID); err != nil {
		return Order{}, fmt.Errorf("record dispatch of order %d: %w", o.ID, err)
	}
	o.Courier, o.TrackingNumber = courier, tracking
	return o, nil
}

func label(s Status) string {
	switch s {
	case PendingPayment:
		return "waiting for payment"
	case PaymentFailed:
		return "unpaid (payment failed)"
	case ReadyForPickup:
		return "ready for pickup"
	case PartiallyRefunded:
		return "partially refunded"
	case AwaitingDeliveryPayment:
		return "waiting for payment on delivery"
	}
	return string(s)
}

// StockLines is what an order's items hold of the catalogue's stock: what
// a refund by line put back on sale is no longer theirs.
func StockLines(items []Item) []stock.Line {
	lines := make([]stock.Line, len(items))
	for i, it := range items {
		lines[i] = stock.Line{VariantID: it.VariantID, Qty: it.Quantity - it.Restocked}
	}
	return lines
}

// StockLines is what o holds of the catalogue's stock, each line naming o,
// so its stock movements say which order they were for.
func (o Order) StockLines() []stock.Line {
	lines := StockLines(o.Items)
	for i := range lines {
		lines[i].OrderID = o.ID
	}
	return lines
}
