package payment

import (
	"context"
	"crypto/rand"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
	"shop/internal/phone"
)

// Refunds the shop sends itself, by M-Pesa B2C or by reversing a payment
// (docs/payments.md section 12). A refund is stored as sending under the
// order's lock, then sent once that transaction has committed; it counts
// against the order only when M-Pesa's result says it was sent. Its own id
// is the request's OriginatorConversationID, and M-Pesa refuses a second
// request with it: after a time-out or a network error the same refund is
// sent again under the same id, or Transaction Status is asked, never a new
// id, so no refund is ever paid twice.

// MoneyOut is the part of the Daraja client that sends money back.
type MoneyOut interface {
	B2C(ctx context.Context, r mpesa.B2CRequest) (mpesa.Accepted, error)
	Reversal(ctx context.Context, r mpesa.ReversalRequest) (mpesa.Accepted, error)
	TransactionStatus(ctx context.Context, originatorID, receipt string, r mpesa.Replies) (mpesa.Accepted, error)
	AccountBalance(ctx context.Context, r mpesa.Replies) (mpesa.Accepted, error)
}

// Where Daraja posts money-out results and queue time-outs; both end in the
// callback secret.
const (
	ResultPath  = "/api/payments/mpesa/result/"
	TimeoutPath = "/api/payments/mpesa/timeout/"
)

// DefaultRefundDailyLimit bounds the money the shop sends back in one
// Nairobi day, whichever instance sends it (SHOP_REFUND_DAILY_LIMIT).
var DefaultRefundDailyLimit = money.FromShillings(50_000)

// Timing of the refunds' reconciliation: a result that has not come after
// refundFirstQuery is asked for with Transaction Status, then less often.
const (
	refundFirstQuery = time.Minute
	// floatFresh is how long an Account Balance answer is trusted, and
	// floatAskAgain how long one query is waited for before another.
	floatFresh    = 3 * time.Minute
	floatAskAgain = time.Minute
)

// Refund messages (the back office's; English only).
const (
	MsgRefundWholeShillings = "M-Pesa sends whole shillings: enter an amount without cents."
	MsgRefundLimits         = "M-Pesa sends Ksh 10 to Ksh 250,000 in one payment."
	MsgRefundPhone          = "Enter the M-Pesa number to send the money to, like 0712345678."
	MsgRefundNoPayer        = "This order was not paid from an M-Pesa number the shop knows: enter the number to send the money to."
	MsgRefundNoReceipt      = "This order received no M-Pesa payment with that receipt."
	MsgRefundReversed       = "This payment is already being sent back."
	msgRefundReversalFmt    = "A reversal sends back the whole payment: %s."
	msgRefundDailyFmt       = "Today's M-Pesa refunds would pass the daily limit of %s: at most %s more can be sent today."
	msgRefundFloatFmt       = "Move money to the Utility account first: it holds %s."
)

// newRefundID makes a refund's own id: "RF" and 18 capitals and digits,
// unique enough that M-Pesa, which refuses any OriginatorConversationID it
// has seen before, never confuses two shops' or two databases' refunds.
func newRefundID() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return "RF" + string(b)
}

// RefundsBySending reports whether the shop sends refunds itself, and if
// not, why they stay manual.
func (s *Service) RefundsBySending() (ok bool, why string) {
	if s.moneyOut == nil {
		return false, s.manualWhy
	}
	return true, ""
}

// RefundTx records refund in of the order numbered number inside tx, which
// the caller's audit entry shares, and returns the order before and after
// and the refund. A manual refund counts at once (order.RefundedTx); one
// the shop sends is stored as sending, and the caller sends it with
// SendRefund once tx has committed. Refunds still sending count as spent:
// two at once never exceed what the order received.
func (s *Service) RefundTx(ctx context.Context, tx *sql.Tx, number string, in order.RefundInput, actor string) (before, after order.Order, r order.Refund, err error) {
	if err := in.Check(); err != nil {
		return before, after, r, err
	}
	sends := in.Method != order.RefundManual
	if sends {
		if ok, why := s.RefundsBySending(); !ok {
			return before, after, r, apperr.Conflict(why)
		}
		if err := checkSendable(&in); err != nil {
			return before, after, r, err
		}
	}
	id, err := order.IDByNumber(ctx, tx, number)
	if err != nil {
		return before, after, r, err
	}
	// A second refund waits here and then sees the first.
	if err := lockOrder(ctx, tx, s.db.Dialect, id); err != nil {
		return before, after, r, err
	}
	if before, err = s.orders.ByIDTx(ctx, tx, id); err != nil {
		return before, after, r, err
	}
	received, err := paidTx(ctx, tx, id)
	if err != nil {
		return before, after, r, err
	}
	var paid payerPayment
	if sends {
		if paid, err = s.payerTx(ctx, tx, id, &in); err != nil {
			return before, after, r, err
		}
	}
	reserved, err := db.CountTx(ctx, tx, "refunds in flight",
		`SELECT COALESCE(SUM(amount_cents), 0) FROM refunds WHERE order_id = $1 AND status IN ('sending', 'unknown')`, id)
	if err != nil {
		return before, after, r, err
	}
	if err := order.CheckRefundable(before, in, received-money.Cents(reserved)); err != nil {
		return before, after, r, err
	}
	if !sends {
		if r, err = insertRefundTx(ctx, tx, id, in, actor); err != nil {
			return before, after, r, err
		}
		if after, err = order.RefundedTx(ctx, tx, before.WithRefunded(r.Lines), r, received, actor); err != nil {
			return before, after, r, err
		}
		return before, after, r, s.refundCounts(ctx, tx, after, r)
	}
	if err := s.checkOutflowTx(ctx, tx, in.Amount); err != nil {
		return before, after, r, err
	}
	r = order.Refund{ID: newRefundID(), Method: in.Method, Status: order.RefundSending, Amount: in.Amount, Reason: in.Reason,
		Restocked: restocks(in), Phone: in.Phone, Lines: in.Lines}
	r.Reference = r.ID
	next := s.now().UTC().Add(refundFirstQuery).Truncate(time.Second)
	err = tx.QueryRowContext(ctx, `INSERT INTO refunds (order_id, public_id, method, status, amount_cents, reason, reference, restocked, phone,
		original_receipt, originator_id, next_query_at, actor) VALUES ($1, $2, $3, 'sending', $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id, created_at`,
		id, r.ID, r.Method, int64(r.Amount), r.Reason, r.Reference, r.Restocked, r.Phone, paid.receipt, r.ID, next, actor).Scan(&r.RowID, &r.CreatedAt)
	if err != nil {
		return before, after, r, fmt.Errorf("store refund of order %s: %w", number, err)
	}
	// Its lines count as refunded while it is sending; they go back on
	// sale only once M-Pesa says it was sent (finishRefund).
	if err := insertRefundLinesTx(ctx, tx, r); err != nil {
		return before, after, r, err
	}
	after = before.WithRefunded(r.Lines)
	after.Refunds = append(after.Refunds, r)
	return before, after, r, nil
}

// checkSendable checks what M-Pesa would refuse before anything is stored.
func checkSendable(in *order.RefundInput) error {
	if in.Amount%100 != 0 {
		return apperr.InvalidField("amount", MsgRefundWholeShillings)
	}
	if ksh := int64(in.Amount) / 100; in.Amount != 0 && (ksh < mpesa.B2CMin || ksh > mpesa.B2CMax) {
		return apperr.InvalidField("amount", MsgRefundLimits)
	}
	if in.Method == order.RefundMpesa && in.Phone != "" {
		p, ok := phone.Normalize(in.Phone)
		if !ok {
			return apperr.InvalidField("phone", MsgRefundPhone)
		}
		in.Phone = p
	}
	return nil
}

// payerPayment is an M-Pesa payment an order received.
type payerPayment struct {
	receipt string
	amount  money.Cents
	phone   string
}

// payerTx fills in what the refund needs from the order's payments: the
// number that paid (B2C), or the payment a reversal sends back and its
// amount.
func (s *Service) payerTx(ctx context.Context, tx *sql.Tx, orderID int64, in *order.RefundInput) (payerPayment, error) {
	rows, err := tx.QueryContext(ctx, `SELECT receipt, amount_cents, phone FROM payments
		WHERE order_id = $1 AND status = 'succeeded' AND receipt IS NOT NULL
		UNION ALL SELECT trans_id, amount_cents, '' FROM c2b_payments
		WHERE order_id = $1 AND applied_at IS NOT NULL AND payment_id IS NULL`, orderID)
	if err != nil {
		return payerPayment{}, fmt.Errorf("payments of order %d: %w", orderID, err)
	}
	list, err := db.Collect(rows, func(r db.Scanner) (p payerPayment, err error) {
		return p, r.Scan(&p.receipt, &p.amount, &p.phone)
	})
	if err != nil {
		return payerPayment{}, err
	}
	if in.Method == order.RefundMpesa {
		if in.Phone == "" {
			for _, p := range list {
				if p.phone != "" {
					in.Phone = p.phone
				}
			}
		}
		if in.Phone == "" {
			return payerPayment{}, apperr.InvalidField("phone", MsgRefundNoPayer)
		}
		if in.Amount == 0 {
			return payerPayment{}, apperr.InvalidField("amount", order.MsgRefundAmount)
		}
		return payerPayment{}, nil
	}
	var paid *payerPayment
	for i, p := range list {
		if in.Receipt == "" || strings.EqualFold(p.receipt, in.Receipt) {
			paid = &list[i]
		}
	}
	if paid == nil {
		return payerPayment{}, apperr.InvalidField("receipt", MsgRefundNoReceipt)
	}
	if in.Amount == 0 {
		in.Amount = paid.amount
	}
	if in.Amount != paid.amount {
		return payerPayment{}, apperr.InvalidField("amount", fmt.Sprintf(msgRefundReversalFmt, paid.amount.Ksh()))
	}
	if n, err := db.CountTx(ctx, tx, "reversals", `SELECT COUNT(*) FROM refunds WHERE original_receipt = $1 AND status <> 'failed'`, paid.receipt); err != nil {
		return payerPayment{}, err
	} else if n > 0 {
		return payerPayment{}, apperr.InvalidField("receipt", MsgRefundReversed)
	}
	in.Receipt = paid.receipt
	// The money goes back to the number that paid, masked for Paybill.
	in.Phone = paid.phone
	return *paid, nil
}

// checkOutflowTx refuses a refund over the day's limit or over the Utility
// account's balance as last seen. The day's total is the database's, under
// one lock, so the limit holds across instances.
func (s *Service) checkOutflowTx(ctx context.Context, tx *sql.Tx, amount money.Cents) error {
	if err := db.LockKey(ctx, tx, s.db.Dialect, "refunds:outflow"); err != nil {
		return err
	}
	now := s.now()
	y, m, d := now.In(db.Nairobi).Date()
	dayStart := time.Date(y, m, d, 0, 0, 0, 0, db.Nairobi)
	today, err := db.CountTx(ctx, tx, "refunds today", `SELECT COALESCE(SUM(amount_cents), 0) FROM refunds
		WHERE method IN ('mpesa', 'reversal') AND status <> 'failed' AND created_at >= $1`, s.db.TimeArg(dayStart))
	if err != nil {
		return err
	}
	if left := s.refundDaily - money.Cents(today); amount > left {
		return apperr.InvalidField("amount", fmt.Sprintf(msgRefundDailyFmt, s.refundDaily.Ksh(), max(0, left).Ksh()))
	}
	f, err := s.floatTx(ctx, tx)
	if err != nil {
		return err
	}
	if f.known && now.Sub(f.checkedAt) < floatFresh {
		// What went out since the balance was read is gone from it too.
		since, err := db.CountTx(ctx, tx, "refunds since the balance", `SELECT COALESCE(SUM(amount_cents), 0) FROM refunds
			WHERE method IN ('mpesa', 'reversal') AND status <> 'failed' AND created_at >= $1`, s.db.TimeArg(f.checkedAt.Truncate(time.Second)))
		if err != nil {
			return err
		}
		if left := f.utility - money.Cents(since); amount > left {
			return apperr.InvalidField("amount", fmt.Sprintf(msgRefundFloatFmt, max(0, left).Ksh()))
		}
	}
	return nil
}
