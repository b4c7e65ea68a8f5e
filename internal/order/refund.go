package order

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/stock"
)

// Refund is money the shop sent back to the farmer for an order, by M-Pesa:
// sent by hand and recorded (RefundManual), or sent by the shop itself by
// B2C (RefundMpesa) or by reversing the payment (RefundReversal). Package
// payment keeps them: money going out has its home there.
type Refund struct {
	// RowID is the refunds row's own number, which KRA's credit note names.
	RowID int64 `json:"-"`
	// ID is the refund's own id; for a B2C refund, its M-Pesa
	// OriginatorConversationID.
	ID        string      `json:"id"`
	Method    string      `json:"method"`
	Status    string      `json:"status"`
	Amount    money.Cents `json:"amount"`
	Reason    string      `json:"reason"`
	Reference string      `json:"reference"`
	Restocked bool        `json:"restocked"`
	// Phone is where the money went; ReceiverName the name M-Pesa gave it.
	Phone        string `json:"phone"`
	ReceiverName string `json:"receiver_name"`
	MpesaReceipt string `json:"mpesa_receipt"`
	// ResultCode is M-Pesa's, ResultText it in plain words.
	ResultCode string    `json:"result_code"`
	ResultText string    `json:"result_text"`
	CreatedAt  time.Time `json:"created_at"`
	// Etims is the refund's KRA credit note; nil when it has none.
	Etims *Etims `json:"etims"`
	// Lines are the order lines it gave back, by quantity; empty for a
	// refund of an amount alone (a delivery fee, an overpayment).
	Lines []RefundLine `json:"lines"`
}

// RefundLine is a quantity of one order line a refund gives back, and
// whether it goes back on sale.
type RefundLine struct {
	OrderItemID int64 `json:"order_item_id"`
	Quantity    int   `json:"quantity"`
	Restock     bool  `json:"restock"`
}

// Refund methods and statuses (docs/payments.md section 12). A refund the
// shop sends is sending until M-Pesa's result, unknown while the shop asks
// M-Pesa how it ended; only a sent one counts against its order.
const (
	RefundManual   = "manual"
	RefundMpesa    = "mpesa"
	RefundReversal = "reversal"

	RefundSending = "sending"
	RefundSent    = "sent"
	RefundFailed  = "failed"
	RefundUnknown = "unknown"
)

// RefundInput is a refund the back office records or has the shop send.
type RefundInput struct {
	// Method is manual (the default), mpesa or reversal.
	Method    string
	Amount    money.Cents
	Reason    string
	Reference string
	// Phone is where a B2C refund goes; empty, the number that paid.
	Phone string
	// Receipt is the payment a reversal sends back; empty, the order's.
	Receipt string
	// Restock puts the order's quantities back on sale.
	Restock bool
	// Lines, when given, are what the refund gives back line by line, each
	// restocked on its own: the amount may be no more than their value
	// (LinesValue) and Restock is not used with them.
	Lines []RefundLine
}

// Refund messages, on the form's fields (docs/product.md section 7).
const (
	MsgRefundAmount     = "Enter an amount of more than 0."
	MsgRefundReason     = "Say why the money is refunded."
	MsgRefundReference  = "Enter the M-Pesa reference of the money sent back."
	MsgRefundRefUsed    = "This M-Pesa reference is already recorded."
	MsgRefundRestocked  = "This order's stock is already back on sale."
	MsgRefundNotPaid    = "Only an order that was paid can be refunded."
	MsgRefundMethod     = "The method must be manual, mpesa or reversal."
	msgRefundTooMuchFmt = "At most %s can be refunded."
	// Refunds by line.
	MsgRefundLineUnknown   = "Choose lines of this order."
	MsgRefundLineQuantity  = "Enter a quantity of 1 or more for each line."
	MsgRefundLineTwice     = "Name each line once."
	MsgRefundRestockLines  = "With lines, mark restock on each line instead."
	MsgRefundLineStock     = "This order's stock is already back on sale: leave restock off."
	msgRefundLineLeftFmt   = "At most %d of %s (%s) can still be refunded."
	msgRefundLinesValueFmt = "The lines chosen are worth %s: the amount can be at most that."
	maxRefundLines         = 50
)

// Check trims the input and checks what needs no database.
func (in *RefundInput) Check() error {
	in.Reason, in.Reference = strings.TrimSpace(in.Reason), strings.ToUpper(strings.TrimSpace(in.Reference))
	in.Receipt = strings.ToUpper(strings.TrimSpace(in.Receipt))
	if in.Method == "" {
		in.Method = RefundManual
	}
	bad := map[string]string{}
	switch in.Method {
	case RefundManual:
	case RefundMpesa, RefundReversal:
		// The shop sends it: M-Pesa gives the reference.
		in.Reference = ""
	default:
		bad["method"] = MsgRefundMethod
	}
	// A reversal sends back the whole payment: its amount may be left out.
	if in.Amount < 0 || in.Amount == 0 && in.Method != RefundReversal {
		bad["amount"] = MsgRefundAmount
	}
	switch n := utf8.RuneCountInString(in.Reason); {
	case n == 0:
		bad["reason"] = MsgRefundReason
	case n > 500:
		bad["reason"] = "The reason must be at most 500 characters."
	}
	switch n := len(in.Reference); {
	case in.Method != RefundManual:
	case n == 0:
		bad["reference"] = MsgRefundReference
	case n > 40:
		bad["reference"] = "The reference must be at most 40 characters."
	}
	switch {
	case len(in.Lines) > maxRefundLines:
		bad["lines"] = MsgRefundLineUnknown
	case len(in.Lines) > 0 && in.Restock:
		bad["restock"] = MsgRefundRestockLines
	}
	seen := map[int64]bool{}
	for _, l := range in.Lines {
		switch {
		case l.Quantity < 1:
			bad["lines"] = MsgRefundLineQuantity
		case seen[l.OrderItemID]:
			bad["lines"] = MsgRefundLineTwice
		}
		seen[l.OrderItemID] = true
	}
	if len(bad) > 0 {
		return apperr.InvalidFields(bad, "method", "amount", "reason", "reference", "lines", "restock")
	}
	return nil
}

// LineValue is what giving back qty more of line it is worth when done
// refunded of it went back already: the line's price less its share of the
// order's discount (VAT is inside the price), shared by quantity. Each
// refund takes the difference of the running shares, rounded down to the
// cent, so the refunds of a whole line add up to exactly what was paid for
// it, whatever the order of the parts (docs/payments.md section 12).
func LineValue(it Item, done, qty int) money.Cents {
	if it.Quantity <= 0 {
		return 0
	}
	paid := int64(it.TotalPrice - it.Discount)
	share := func(n int) int64 { return paid * int64(n) / int64(it.Quantity) }
	return money.Cents(share(done+qty) - share(done))
}

// LinesValue checks refund lines against order o's items (each a line of o,
// no more than is left of it, restock only while o holds its stock) and
// returns what they are worth.
func LinesValue(o Order, lines []RefundLine) (money.Cents, error) {
	var total money.Cents
	for _, l := range lines {
		i := slices.IndexFunc(o.Items, func(it Item) bool { return it.ID == l.OrderItemID })
		if i < 0 {
			return 0, apperr.InvalidField("lines", MsgRefundLineUnknown)
		}
		it := o.Items[i]
		if left := it.Quantity - it.Refunded; l.Quantity > left {
			return 0, apperr.InvalidField("lines", fmt.Sprintf(msgRefundLineLeftFmt, max(0, left), it.ProductName, it.Size))
		}
		if l.Restock && !o.StockReserved {
			return 0, apperr.InvalidField("lines", MsgRefundLineStock)
		}
		total += LineValue(it, it.Refunded, l.Quantity)
	}
	return total, nil
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
	if len(in.Lines) == 0 {
		return nil
	}
	worth, err := LinesValue(o, in.Lines)
	if err != nil {
		return err
	}
	if in.Amount > worth {
		return apperr.InvalidField("amount", fmt.Sprintf(msgRefundLinesValueFmt, worth.Ksh()))
	}
	return nil
}

// RefundedTx moves order o, inside tx, after refund r of it was recorded
// (package payment keeps refunds): orders.refunded_cents keeps their sum
// for the reports, the order becomes refunded (all the money it received
// went back) or partially_refunded, and a restock puts its goods back.
func RefundedTx(ctx context.Context, tx *sql.Tx, o Order, r Refund, received money.Cents, actor string) (Order, error) {
	// A refund sent by M-Pesa asked for its stock back when it started; the
	// stock may have gone back since.
	r.Restocked = r.Restocked && o.StockReserved
	// The stock goes back before the refund is written: the write changes
	// the daily sales totals (migration 0075), and every transaction takes
	// the sizes' stock rows before those, so two never wait on each other.
	if r.Restocked && len(r.Lines) == 0 {
		if err := stock.ReturnTx(ctx, tx, StockLines(o.Items)); err != nil {
			return Order{}, err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE orders SET stock_reserved = FALSE WHERE id = $1`, o.ID); err != nil {
			return Order{}, fmt.Errorf("restock order %d: %w", o.ID, err)
		}
		o.StockReserved = false
	}
	if r.Restocked && len(r.Lines) > 0 {
		if err := restockLinesTx(ctx, tx, &o, r.Lines); err != nil {
			return Order{}, err
		}
	}
	o.AmountRefunded += r.Amount
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET refunded_cents = $1, updated_at = CURRENT_TIMESTAMP WHERE id = $2`,
		int64(o.AmountRefunded), o.ID); err != nil {
		return Order{}, fmt.Errorf("record refund of order %d: %w", o.ID, err)
	}
	note := fmt.Sprintf("Refunded %s by M-Pesa %s: %s", r.Amount.Ksh(), r.Reference, r.Reason)
	if r.Method == RefundReversal {
		note = fmt.Sprintf("Refunded %s by reversing M-Pesa payment %s (%s): %s", r.Amount.Ksh(), r.Reference, r.MpesaReceipt, r.Reason)
	}
	if r.Restocked {
		note += " (stock returned)"
	}
	to := PartiallyRefunded
	switch {
	case o.Status == Cancelled:
		// Money that came for a cancelled order goes back; it stays cancelled.
		to = Cancelled
	case o.AmountRefunded >= received:
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
	moved.Refunds = append(moved.Refunds, r)
	return moved, nil
}

// WithRefunded is o once refund lines have been stored: their quantities
// count as refunded of its lines.
func (o Order) WithRefunded(lines []RefundLine) Order {
	o.Items = slices.Clone(o.Items)
	for _, l := range lines {
		if i := slices.IndexFunc(o.Items, func(it Item) bool { return it.ID == l.OrderItemID }); i >= 0 {
			o.Items[i].Refunded += l.Quantity
		}
	}
	return o
}

// restockLinesTx puts the lines marked restock back on sale inside tx, as
// far as order o still holds them, and keeps on each order line how much
// of it is back, so a later return of the whole order skips it.
func restockLinesTx(ctx context.Context, tx *sql.Tx, o *Order, lines []RefundLine) error {
	var back []stock.Line
	for _, l := range lines {
		i := slices.IndexFunc(o.Items, func(it Item) bool { return it.ID == l.OrderItemID })
		if !l.Restock || i < 0 {
			continue
		}
		it := &o.Items[i]
		n := min(l.Quantity, it.Quantity-it.Restocked)
		if n <= 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE order_items SET restocked_quantity = restocked_quantity + $1 WHERE id = $2`, n, it.ID); err != nil {
			return fmt.Errorf("restock line %d of order %d: %w", it.ID, o.ID, err)
		}
		it.Restocked += n
		back = append(back, stock.Line{VariantID: it.VariantID, Qty: n, OrderID: o.ID})
	}
	return stock.ReturnTx(ctx, tx, back)
}

// refundable reports whether an order in its status may be refunded: it
// received money and kept it, or it was cancelled (money that came for it
// goes back; CheckRefundable bounds it by what came).
func refundable(o Order) bool {
	return o.Status == Cancelled || len(moves(o.Delivery.Kind, o.Status, true)) > 0
}

func refundsOf(ctx context.Context, q queryer, orderID int64) ([]Refund, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+RefundColumns+` FROM refunds WHERE order_id = $1 ORDER BY id`, orderID)
	if err != nil {
		return nil, fmt.Errorf("load refunds of order %d: %w", orderID, err)
	}
	list, err := db.Collect(rows, ScanRefund)
	if err != nil || len(list) == 0 {
		return list, err
	}
	rows, err = q.QueryContext(ctx, `SELECT l.refund_id, l.order_item_id, l.quantity, l.restock FROM refund_lines l
		JOIN refunds f ON f.id = l.refund_id WHERE f.order_id = $1 ORDER BY l.id`, orderID)
	if err != nil {
		return nil, fmt.Errorf("load refund lines of order %d: %w", orderID, err)
	}
	type owned struct {
		refund int64
		line   RefundLine
	}
	lines, err := db.Collect(rows, func(r db.Scanner) (o owned, err error) {
		return o, r.Scan(&o.refund, &o.line.OrderItemID, &o.line.Quantity, &o.line.Restock)
	})
	if err != nil {
		return nil, err
	}
	for i := range list {
		for _, l := range lines {
			if l.refund == list[i].RowID {
				list[i].Lines = append(list[i].Lines, l.line)
			}
		}
	}
	return list, nil
}

// RefundLinesTx loads the lines of refund rowID inside tx.
func RefundLinesTx(ctx context.Context, tx *sql.Tx, rowID int64) ([]RefundLine, error) {
	rows, err := tx.QueryContext(ctx, `SELECT order_item_id, quantity, restock FROM refund_lines WHERE refund_id = $1 ORDER BY id`, rowID)
	if err != nil {
		return nil, fmt.Errorf("load lines of refund %d: %w", rowID, err)
	}
	return db.Collect(rows, func(r db.Scanner) (l RefundLine, err error) {
		return l, r.Scan(&l.OrderItemID, &l.Quantity, &l.Restock)
	})
}

// RefundColumns are the columns ScanRefund reads.
const RefundColumns = `id, public_id, method, status, amount_cents, reason, reference, restocked, phone, receiver_name, mpesa_receipt,
	result_code, result_text, created_at`

// ScanRefund reads a refund's RefundColumns.
func ScanRefund(r db.Scanner) (f Refund, err error) {
	return f, r.Scan(&f.RowID, &f.ID, &f.Method, &f.Status, &f.Amount, &f.Reason, &f.Reference, &f.Restocked, &f.Phone, &f.ReceiverName,
		&f.MpesaReceipt, &f.ResultCode, &f.ResultText, &f.CreatedAt)
}
