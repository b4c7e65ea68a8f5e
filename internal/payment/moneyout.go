package payment

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
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
		if after, err = order.RefundedTx(ctx, tx, before, r, received, actor); err != nil {
			return before, after, r, err
		}
		return before, after, r, s.refundCounts(ctx, tx, after, r)
	}
	if err := s.checkOutflowTx(ctx, tx, in.Amount); err != nil {
		return before, after, r, err
	}
	r = order.Refund{ID: newRefundID(), Method: in.Method, Status: order.RefundSending, Amount: in.Amount, Reason: in.Reason,
		Restocked: in.Restock, Phone: in.Phone}
	r.Reference = r.ID
	next := s.now().UTC().Add(refundFirstQuery).Truncate(time.Second)
	err = tx.QueryRowContext(ctx, `INSERT INTO refunds (order_id, public_id, method, status, amount_cents, reason, reference, restocked, phone,
		original_receipt, originator_id, next_query_at, actor) VALUES ($1, $2, $3, 'sending', $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING created_at`,
		id, r.ID, r.Method, int64(r.Amount), r.Reason, r.Reference, r.Restocked, r.Phone, paid.receipt, r.ID, next, actor).Scan(&r.CreatedAt)
	if err != nil {
		return before, after, r, fmt.Errorf("store refund of order %s: %w", number, err)
	}
	after = before
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

// SendRefund sends the refund with id (its public id), stored by RefundTx,
// or sends it again under the same id. What M-Pesa answers decides: taken
// (the result comes later), refused (the refund failed), already seen (ask
// Transaction Status) or no answer (unknown: the reconciler asks).
func (s *Service) SendRefund(ctx context.Context, id string) error {
	var (
		method, phone, receipt, reason, number string
		amount                                 money.Cents
	)
	err := s.db.QueryRow(ctx, `SELECT r.method, r.phone, r.original_receipt, r.reason, r.amount_cents, o.order_number
		FROM refunds r JOIN orders o ON o.id = r.order_id WHERE r.public_id = $1`, id).Scan(&method, &phone, &receipt, &reason, &amount, &number)
	if err != nil {
		return fmt.Errorf("load refund %s: %w", id, err)
	}
	replies := s.replies()
	var acc mpesa.Accepted
	switch method {
	case order.RefundMpesa:
		acc, err = s.moneyOut.B2C(ctx, mpesa.B2CRequest{OriginatorID: id, Phone: phone, Amount: amount.Shillings(),
			Remarks: "Refund " + number, Occasion: reason, Replies: replies})
	case order.RefundReversal:
		acc, err = s.moneyOut.Reversal(ctx, mpesa.ReversalRequest{OriginatorID: id, Receipt: receipt, Amount: amount.Shillings(),
			Remarks: "Refund " + number, Replies: replies})
	default:
		return fmt.Errorf("refund %s is %s: not sent by the shop", id, method)
	}
	now := s.now().UTC().Truncate(time.Second)
	var de *mpesa.Error
	switch {
	case err == nil:
		if acc.OriginatorConversationID == "" {
			acc.OriginatorConversationID = id
		}
		_, err = s.db.Exec(ctx, `UPDATE refunds SET originator_id = $1, conversation_id = $2,
			status = CASE WHEN status = 'unknown' THEN 'sending' ELSE status END,
			next_query_at = CASE WHEN status IN ('sending', 'unknown') THEN $3 ELSE next_query_at END WHERE public_id = $4`,
			acc.OriginatorConversationID, acc.ConversationID, now.Add(refundFirstQuery), id)
		if err != nil {
			return fmt.Errorf("store refund %s sent: %w", id, err)
		}
		return nil
	case mpesa.IsDuplicate(err):
		// The first request reached M-Pesa: only its status tells how it ended.
		return s.askStatus(ctx, id)
	case mpesa.IsRefusal(err) && errors.As(err, &de):
		s.log.WarnContext(ctx, "refund refused by M-Pesa", "refund", id, "err", err)
		return s.finishRefund(ctx, id, refundEnd{status: order.RefundFailed, code: de.Code, text: mpesa.ResultText(de.Code, de.Message)})
	default:
		s.log.WarnContext(ctx, "refund sent without an answer; the reconciler asks M-Pesa", "refund", id, "err", err)
		if _, err := s.db.Exec(ctx, `UPDATE refunds SET status = 'unknown', next_query_at = $1
			WHERE public_id = $2 AND status IN ('sending', 'unknown')`, now.Add(backoff(0)), id); err != nil {
			return fmt.Errorf("store refund %s unknown: %w", id, err)
		}
		return nil
	}
}

func (s *Service) replies() mpesa.Replies {
	return mpesa.Replies{ResultURL: s.publicURL + ResultPath + s.secret + "/", TimeoutURL: s.publicURL + TimeoutPath + s.secret + "/"}
}

// askStatus asks Transaction Status how refund id ended; its result comes
// to the result URL naming the query's own conversation.
func (s *Service) askStatus(ctx context.Context, id string) error {
	var originator sql.NullString
	if err := s.db.QueryRow(ctx, `SELECT originator_id FROM refunds WHERE public_id = $1`, id).Scan(&originator); err != nil {
		return fmt.Errorf("load refund %s: %w", id, err)
	}
	if !originator.Valid || originator.String == "" {
		originator.String = id
	}
	acc, err := s.moneyOut.TransactionStatus(ctx, originator.String, "", s.replies())
	if err != nil {
		s.log.WarnContext(ctx, "transaction status query failed; will retry", "refund", id, "err", err)
		return nil
	}
	_, err = s.db.Exec(ctx, `UPDATE refunds SET status_conversation_id = $1, status = 'unknown' WHERE public_id = $2 AND status IN ('sending', 'unknown')`,
		acc.ConversationID, id)
	if err != nil {
		return fmt.Errorf("store status query of refund %s: %w", id, err)
	}
	return nil
}

// refundEnd is how a refund ended.
type refundEnd struct {
	status  string // sent or failed
	receipt string
	name    string
	code    string
	text    string
}

// finishRefund ends refund id under its order's lock, once: a sent refund
// counts against its order (and puts its stock back when asked), a failed
// one is noted in the order's history. A refund already ended is left.
func (s *Service) finishRefund(ctx context.Context, id string, end refundEnd) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		var orderID int64
		if err := tx.QueryRowContext(ctx, `SELECT order_id FROM refunds WHERE public_id = $1`, id).Scan(&orderID); err != nil {
			return fmt.Errorf("load refund %s: %w", id, err)
		}
		if err := lockOrder(ctx, tx, s.db.Dialect, orderID); err != nil {
			return err
		}
		var actor string
		row := tx.QueryRowContext(ctx, `SELECT `+order.RefundColumns+`, actor FROM refunds WHERE public_id = $1`, id)
		var r order.Refund
		err := row.Scan(&r.RowID, &r.ID, &r.Method, &r.Status, &r.Amount, &r.Reason, &r.Reference, &r.Restocked, &r.Phone, &r.ReceiverName,
			&r.MpesaReceipt, &r.ResultCode, &r.ResultText, &r.CreatedAt, &actor)
		if err != nil {
			return fmt.Errorf("load refund %s: %w", id, err)
		}
		if r.Status != order.RefundSending && r.Status != order.RefundUnknown {
			return nil
		}
		if end.text == "" {
			end.text = mpesa.ResultText(end.code, "")
		}
		if _, err := tx.ExecContext(ctx, `UPDATE refunds SET status = $1, mpesa_receipt = $2, receiver_name = $3, result_code = $4, result_text = $5,
			next_query_at = NULL WHERE public_id = $6`, end.status, end.receipt, end.name, end.code, end.text, id); err != nil {
			return fmt.Errorf("end refund %s: %w", id, err)
		}
		o, err := s.orders.ByIDTx(ctx, tx, orderID)
		if err != nil {
			return err
		}
		if end.status == order.RefundFailed {
			return order.NoteTx(ctx, tx, o, fmt.Sprintf("M-Pesa refund of %s failed: %s", r.Amount.Ksh(), end.text), actor)
		}
		received, err := paidTx(ctx, tx, orderID)
		if err != nil {
			return err
		}
		r.Status, r.MpesaReceipt, r.ReceiverName = end.status, end.receipt, end.name
		if r.Method == order.RefundMpesa {
			r.Reference = end.receipt
		}
		if r.Restocked && !o.StockReserved {
			if _, err := tx.ExecContext(ctx, `UPDATE refunds SET restocked = FALSE WHERE public_id = $1`, id); err != nil {
				return fmt.Errorf("end refund %s: %w", id, err)
			}
		}
		after, err := order.RefundedTx(ctx, tx, o, r, received, actor)
		if err != nil {
			return err
		}
		return s.refundCounts(ctx, tx, after, r)
	})
}

// HandleResult records a money-out result Daraja posted to the result URL:
// a refund's own (by its originator or conversation id), a Transaction
// Status answer about one (by the query's conversation id), or the Account
// Balance. A result about nothing the shop asked is logged and accepted.
func (s *Service) HandleResult(ctx context.Context, _ string, body []byte) error {
	res, err := mpesa.ParseResult(body)
	if err != nil {
		s.log.WarnContext(ctx, "unreadable money-out result", "err", err)
		return apperr.Invalid("Unreadable result.", nil)
	}
	if done, err := s.balanceResult(ctx, res); done || err != nil {
		return err
	}
	var id string
	var byStatus bool
	// A status answer names the refund it is about in its parameters (it
	// may come before the query's own conversation id is stored), or, when
	// it found nothing, only by the query's conversation id.
	if about := res.Param("OriginatorConversationID"); about != "" || res.Param("TransactionStatus") != "" {
		byStatus = true
		err = s.db.QueryRow(ctx, `SELECT public_id FROM refunds WHERE originator_id = $1 OR status_conversation_id = $2 ORDER BY id DESC LIMIT 1`,
			about, res.ConversationID).Scan(&id)
	} else {
		err = s.db.QueryRow(ctx, `SELECT public_id, COALESCE(status_conversation_id = $2, FALSE) FROM refunds
			WHERE originator_id = $1 OR conversation_id = $2 OR status_conversation_id = $2 ORDER BY id DESC LIMIT 1`,
			res.OriginatorConversationID, res.ConversationID).Scan(&id, &byStatus)
	}
	if errors.Is(err, sql.ErrNoRows) {
		s.log.WarnContext(ctx, "money-out result about nothing the shop asked", "originator", res.OriginatorConversationID,
			"conversation", res.ConversationID, "code", res.Code)
		return nil
	}
	if err != nil {
		return fmt.Errorf("find refund of result %s: %w", res.ConversationID, err)
	}
	if byStatus {
		return s.statusResult(ctx, id, res)
	}
	if !res.OK() {
		return s.finishRefund(ctx, id, refundEnd{status: order.RefundFailed, code: res.Code, text: mpesa.ResultText(res.Code, res.Desc)})
	}
	receipt := res.Param("TransactionReceipt")
	if receipt == "" {
		receipt = res.TransactionID
	}
	name := res.Param("ReceiverPartyPublicName")
	if name == "" {
		name = res.Param("CreditPartyPublicName")
	}
	return s.finishRefund(ctx, id, refundEnd{status: order.RefundSent, receipt: receipt, name: publicName(name), code: res.Code, text: mpesa.ResultText(res.Code, res.Desc)})
}

// statusResult ends a refund by what Transaction Status found: completed is
// sent, declined (or cancelled, expired) failed. A query that found nothing
// leaves the refund unknown: the reconciler sends it again under its own
// id, which M-Pesa takes only if it never saw it.
func (s *Service) statusResult(ctx context.Context, id string, res mpesa.Result) error {
	if !res.OK() {
		s.log.InfoContext(ctx, "transaction status found no refund; it is sent again", "refund", id, "code", res.Code, "desc", res.Desc)
		_, err := s.db.Exec(ctx, `UPDATE refunds SET conversation_id = NULL, next_query_at = $1 WHERE public_id = $2 AND status IN ('sending', 'unknown')`,
			s.now().UTC().Truncate(time.Second), id)
		return err
	}
	switch st := res.Param("TransactionStatus"); st {
	case "Completed":
		return s.finishRefund(ctx, id, refundEnd{status: order.RefundSent, receipt: res.Param("ReceiptNo"),
			name: publicName(res.Param("CreditPartyName")), code: "0", text: mpesa.ResultText("0", "")})
	case "Declined", "Cancelled", "Expired", "Failed":
		reason := res.Param("TransactionReason")
		if reason == "" {
			reason = st
		}
		return s.finishRefund(ctx, id, refundEnd{status: order.RefundFailed, code: st, text: "M-Pesa: " + reason})
	}
	return nil // still under way: asked again later
}

// publicName is the name in M-Pesa's "2547XXXXXXXX - NAME".
func publicName(s string) string {
	if _, name, ok := strings.Cut(s, " - "); ok {
		return strings.TrimSpace(name)
	}
	return strings.TrimSpace(s)
}

// HandleTimeout records Daraja saying a request timed out in its queue:
// the refund is unknown until Transaction Status says how it ended.
func (s *Service) HandleTimeout(ctx context.Context, _ string, body []byte) error {
	res, err := mpesa.ParseResult(body)
	if err != nil {
		s.log.WarnContext(ctx, "unreadable money-out time-out", "err", err)
		return nil
	}
	_, err = s.db.Exec(ctx, `UPDATE refunds SET status = 'unknown', next_query_at = $1
		WHERE (originator_id = $2 OR conversation_id = $3) AND status IN ('sending', 'unknown')`,
		s.now().UTC().Truncate(time.Second), res.OriginatorConversationID, res.ConversationID)
	return err
}

// reconcileRefunds asks about the refunds whose result is late. Each is
// claimed by bumping its query count, so two instances never both ask.
func (s *Service) reconcileRefunds(ctx context.Context, now time.Time) error {
	if s.moneyOut == nil {
		return nil
	}
	type due struct {
		id      string
		queries int
		sent    bool
	}
	list, err := db.QueryAll(ctx, s.db, "late refunds", func(r db.Scanner) (d due, err error) {
		return d, r.Scan(&d.id, &d.queries, &d.sent)
	}, `SELECT public_id, queries, conversation_id IS NOT NULL FROM refunds
		WHERE status IN ('sending', 'unknown') AND next_query_at <= $1 ORDER BY next_query_at LIMIT 20`, now)
	if err != nil {
		return err
	}
	for _, d := range list {
		res, err := s.db.Exec(ctx, `UPDATE refunds SET queries = queries + 1, next_query_at = $1
			WHERE public_id = $2 AND queries = $3 AND status IN ('sending', 'unknown')`, now.Add(backoff(d.queries+1)), d.id, d.queries)
		if err != nil {
			return fmt.Errorf("claim refund %s: %w", d.id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		if d.sent {
			err = s.askStatus(ctx, d.id)
		} else {
			err = s.SendRefund(ctx, d.id)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
