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
	"shop/internal/payment/mpesa"
	"shop/internal/phone"
)

// Payouts: money the shop pays that is not a refund, such as an agent's
// commission (docs/payments.md section 12, "Payouts"). They ride the
// refunds' road: stored as sending inside the caller's transaction (with
// its audit entry), sent by B2C once that has committed with the payout's
// own id as OriginatorConversationID, resolved by the result or by
// Transaction Status, and re-sent only under the same id, so M-Pesa never
// pays one twice. One payout per payee and period: the database refuses a
// second while the first has not failed.

// Payout kinds.
const PayoutAgent = "agent"

// Payout methods and statuses.
const (
	PayoutManual = "manual"
	PayoutMpesa  = "mpesa"

	PayoutSending = "sending"
	PayoutSent    = "sent"
	PayoutFailed  = "failed"
	PayoutUnknown = "unknown"
)

// Payout messages (the back office's; English only).
const (
	MsgPayoutPeriodPaid = "This period is already paid (or being paid) to this payee."
	MsgPayoutReference  = "Type the M-Pesa code or the reference of the payment made by hand."
	MsgPayoutMethod     = "Choose how the money is paid: mpesa or manual."
)

// PayoutInput is a payout to store.
type PayoutInput struct {
	Kind    string
	PayeeID int64
	Period  string
	Method  string
	Amount  money.Cents
	// Phone is the M-Pesa number paid (254XXXXXXXXX).
	Phone string
	// Reference is the M-Pesa code or reference of a payment made by hand.
	Reference string
	Note      string
	Actor     string
}

// Payout is a payout as stored.
type Payout struct {
	ID           string      `json:"id"`
	Kind         string      `json:"-"`
	PayeeID      int64       `json:"-"`
	Period       string      `json:"period"`
	Method       string      `json:"method"`
	Status       string      `json:"status"`
	Amount       money.Cents `json:"amount"`
	Phone        string      `json:"phone"`
	Reference    string      `json:"reference"`
	Note         string      `json:"note"`
	ReceiverName string      `json:"receiver_name"`
	MpesaReceipt string      `json:"mpesa_receipt"`
	ResultText   string      `json:"result_text"`
	Actor        string      `json:"actor"`
	CreatedAt    time.Time   `json:"created_at"`
}

const payoutColumns = `public_id, kind, payee_id, period, method, status, amount_cents, phone, reference, note, receiver_name,
	mpesa_receipt, result_text, actor, created_at`

func scanPayout(r db.Scanner) (p Payout, err error) {
	err = r.Scan(&p.ID, &p.Kind, &p.PayeeID, &p.Period, &p.Method, &p.Status, &p.Amount, &p.Phone, &p.Reference, &p.Note,
		&p.ReceiverName, &p.MpesaReceipt, &p.ResultText, &p.Actor, &p.CreatedAt)
	p.CreatedAt = p.CreatedAt.UTC()
	return p, err
}

// newPayoutID is a payout's own id: "PO" and 18 capitals and digits, as a
// refund's, so M-Pesa never takes two of the shop's requests for one.
func newPayoutID() string {
	const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
	b := make([]byte, 18)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return "PO" + string(b)
}

// PayoutTx stores payout in inside tx. A manual one is sent at once; an
// M-Pesa one is sending, and the caller sends it with SendPayout once tx
// has committed. A second payout of the same payee and period, while the
// first has not failed, is refused (409), even from two requests at once.
func (s *Service) PayoutTx(ctx context.Context, tx *sql.Tx, in PayoutInput) (Payout, error) {
	in.Reference, in.Note = strings.TrimSpace(in.Reference), strings.TrimSpace(in.Note)
	switch in.Method {
	case PayoutManual:
		if in.Reference == "" || len(in.Reference) > 100 {
			return Payout{}, apperr.InvalidField("reference", MsgPayoutReference)
		}
	case PayoutMpesa:
		if ok, why := s.RefundsBySending(); !ok {
			return Payout{}, apperr.Conflict(why)
		}
		if in.Amount%100 != 0 {
			return Payout{}, apperr.InvalidField("amount", MsgRefundWholeShillings)
		}
		if ksh := int64(in.Amount) / 100; ksh < mpesa.B2CMin || ksh > mpesa.B2CMax {
			return Payout{}, apperr.InvalidField("amount", MsgRefundLimits)
		}
		p, ok := phone.Normalize(in.Phone)
		if !ok {
			return Payout{}, apperr.InvalidField("phone", MsgRefundPhone)
		}
		in.Phone = p
	default:
		return Payout{}, apperr.InvalidField("method", MsgPayoutMethod)
	}
	if in.Amount <= 0 {
		return Payout{}, apperr.InvalidField("amount", MsgRefundLimits)
	}
	if err := db.LockKey(ctx, tx, s.db.Dialect, fmt.Sprintf("payout:%s:%d", in.Kind, in.PayeeID)); err != nil {
		return Payout{}, err
	}
	if n, err := db.CountTx(ctx, tx, "payouts of the period", `SELECT COUNT(*) FROM payouts
		WHERE kind = $1 AND payee_id = $2 AND period = $3 AND status <> 'failed'`, in.Kind, in.PayeeID, in.Period); err != nil {
		return Payout{}, err
	} else if n > 0 {
		return Payout{}, apperr.Conflict(MsgPayoutPeriodPaid)
	}
	status, originator := PayoutSent, any(nil)
	var next any
	id := newPayoutID()
	if in.Method == PayoutMpesa {
		if err := s.checkPayoutFloatTx(ctx, tx, in.Amount); err != nil {
			return Payout{}, err
		}
		status, originator = PayoutSending, id
		next = s.now().UTC().Add(refundFirstQuery).Truncate(time.Second)
	}
	p, err := scanPayout(tx.QueryRowContext(ctx, `INSERT INTO payouts (public_id, kind, payee_id, period, method, status, amount_cents,
		phone, reference, note, originator_id, next_query_at, actor, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
		RETURNING `+payoutColumns, id, in.Kind, in.PayeeID, in.Period, in.Method, status, int64(in.Amount), in.Phone, in.Reference, in.Note,
		originator, next, in.Actor, s.now().UTC()))
	if db.IsUniqueViolation(err) {
		return Payout{}, apperr.Conflict(MsgPayoutPeriodPaid)
	}
	if err != nil {
		return Payout{}, fmt.Errorf("store payout: %w", err)
	}
	return p, nil
}

// checkPayoutFloatTx refuses a payout over the Utility account's balance as
// last read, less what refunds and payouts took since.
func (s *Service) checkPayoutFloatTx(ctx context.Context, tx *sql.Tx, amount money.Cents) error {
	if err := db.LockKey(ctx, tx, s.db.Dialect, "refunds:outflow"); err != nil {
		return err
	}
	f, err := s.floatTx(ctx, tx)
	if err != nil || !f.known || s.now().Sub(f.checkedAt) >= floatFresh {
		return err
	}
	since := s.db.TimeArg(f.checkedAt.Truncate(time.Second))
	out, err := db.CountTx(ctx, tx, "money out since the balance", `SELECT
		(SELECT COALESCE(SUM(amount_cents), 0) FROM refunds WHERE method IN ('mpesa', 'reversal') AND status <> 'failed' AND created_at >= $1) +
		(SELECT COALESCE(SUM(amount_cents), 0) FROM payouts WHERE method = 'mpesa' AND status <> 'failed' AND created_at >= $1)`, since)
	if err != nil {
		return err
	}
	if left := f.utility - money.Cents(out); amount > left {
		return apperr.InvalidField("amount", fmt.Sprintf(msgRefundFloatFmt, max(0, left).Ksh()))
	}
	return nil
}

// Payouts lists the payouts of one payee, newest first.
func (s *Service) Payouts(ctx context.Context, kind string, payee int64) ([]Payout, error) {
	return db.QueryAll(ctx, s.db, "payouts", scanPayout, `SELECT `+payoutColumns+` FROM payouts
		WHERE kind = $1 AND payee_id = $2 ORDER BY created_at DESC, id DESC`, kind, payee)
}

// PayoutByID reads one payout by its public id.
func (s *Service) PayoutByID(ctx context.Context, id string) (Payout, error) {
	p, err := scanPayout(s.db.QueryRow(ctx, `SELECT `+payoutColumns+` FROM payouts WHERE public_id = $1`, id))
	return p, db.RowErr(err, apperr.NotFound("No such payout"), "load payout %s", id)
}

// ForgetPayeeTx blanks the phone and the receiver's name of a payee's
// payouts, for an erasure; amounts, receipts and periods stay for the books.
func (s *Service) ForgetPayeeTx(ctx context.Context, tx *sql.Tx, kind string, payee int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE payouts SET phone = '', receiver_name = '', note = '' WHERE kind = $1 AND payee_id = $2`, kind, payee)
	if err != nil {
		return fmt.Errorf("forget payouts: %w", err)
	}
	return nil
}

// SendPayout sends the payout with id by B2C, or sends it again under the
// same id, and records what M-Pesa answered, as SendRefund does.
func (s *Service) SendPayout(ctx context.Context, id string) error {
	p, err := s.PayoutByID(ctx, id)
	if err != nil {
		return err
	}
	if p.Method != PayoutMpesa || s.moneyOut == nil {
		return nil
	}
	acc, err := s.moneyOut.B2C(ctx, mpesa.B2CRequest{OriginatorID: id, Phone: p.Phone, Amount: p.Amount.Shillings(),
		Remarks: "Commission " + p.Period, Occasion: "Commission", Replies: s.replies()})
	now := s.now().UTC().Truncate(time.Second)
	var de *mpesa.Error
	switch {
	case err == nil:
		if acc.OriginatorConversationID == "" {
			acc.OriginatorConversationID = id
		}
		_, err = s.db.Exec(ctx, `UPDATE payouts SET originator_id = $1, conversation_id = $2,
			status = CASE WHEN status = 'unknown' THEN 'sending' ELSE status END,
			next_query_at = CASE WHEN status IN ('sending', 'unknown') THEN $3 ELSE next_query_at END WHERE public_id = $4`,
			acc.OriginatorConversationID, acc.ConversationID, now.Add(refundFirstQuery), id)
		return err
	case mpesa.IsDuplicate(err):
		return s.askPayoutStatus(ctx, id)
	case mpesa.IsRefusal(err) && errors.As(err, &de):
		s.log.WarnContext(ctx, "payout refused by M-Pesa", "payout", id, "err", err)
		return s.finishPayout(ctx, id, refundEnd{status: PayoutFailed, code: de.Code, text: mpesa.ResultText(de.Code, de.Message)})
	default:
		s.log.WarnContext(ctx, "payout sent without an answer; the reconciler asks M-Pesa", "payout", id, "err", err)
		_, err := s.db.Exec(ctx, `UPDATE payouts SET status = 'unknown', next_query_at = $1
			WHERE public_id = $2 AND status IN ('sending', 'unknown')`, now.Add(backoff(0)), id)
		return err
	}
}

// askPayoutStatus asks Transaction Status how payout id ended.
func (s *Service) askPayoutStatus(ctx context.Context, id string) error {
	acc, err := s.moneyOut.TransactionStatus(ctx, id, "", s.replies())
	if err != nil {
		s.log.WarnContext(ctx, "transaction status query failed; will retry", "payout", id, "err", err)
		return nil
	}
	_, err = s.db.Exec(ctx, `UPDATE payouts SET status_conversation_id = $1, status = 'unknown' WHERE public_id = $2 AND status IN ('sending', 'unknown')`,
		acc.ConversationID, id)
	return err
}

// finishPayout ends payout id once: a result for one already ended changes nothing.
func (s *Service) finishPayout(ctx context.Context, id string, end refundEnd) error {
	if end.text == "" {
		end.text = mpesa.ResultText(end.code, "")
	}
	_, err := s.db.Exec(ctx, `UPDATE payouts SET status = $1, mpesa_receipt = $2, receiver_name = $3, result_code = $4, result_text = $5,
		reference = CASE WHEN $2 <> '' THEN $2 ELSE reference END, next_query_at = NULL
		WHERE public_id = $6 AND status IN ('sending', 'unknown')`, end.status, end.receipt, end.name, end.code, end.text, id)
	if err != nil {
		return fmt.Errorf("end payout %s: %w", id, err)
	}
	return nil
}

// payoutResult handles a money-out result when it is about a payout; done
// is false when it is not, and the refunds look at it.
func (s *Service) payoutResult(ctx context.Context, res mpesa.Result) (done bool, err error) {
	var id string
	var byStatus bool
	if about := res.Param("OriginatorConversationID"); about != "" || res.Param("TransactionStatus") != "" {
		byStatus = true
		err = s.db.QueryRow(ctx, `SELECT public_id FROM payouts WHERE originator_id = $1 OR status_conversation_id = $2 ORDER BY id DESC LIMIT 1`,
			about, res.ConversationID).Scan(&id)
	} else {
		err = s.db.QueryRow(ctx, `SELECT public_id, COALESCE(status_conversation_id = $2, FALSE) FROM payouts
			WHERE originator_id = $1 OR conversation_id = $2 OR status_conversation_id = $2 ORDER BY id DESC LIMIT 1`,
			res.OriginatorConversationID, res.ConversationID).Scan(&id, &byStatus)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return true, fmt.Errorf("find payout of result %s: %w", res.ConversationID, err)
	}
	if byStatus {
		if !res.OK() {
			_, err := s.db.Exec(ctx, `UPDATE payouts SET conversation_id = NULL, next_query_at = $1 WHERE public_id = $2 AND status IN ('sending', 'unknown')`,
				s.now().UTC().Truncate(time.Second), id)
			return true, err
		}
		switch st := res.Param("TransactionStatus"); st {
		case "Completed":
			return true, s.finishPayout(ctx, id, refundEnd{status: PayoutSent, receipt: res.Param("ReceiptNo"),
				name: publicName(res.Param("CreditPartyName")), code: "0"})
		case "Declined", "Cancelled", "Expired", "Failed":
			return true, s.finishPayout(ctx, id, refundEnd{status: PayoutFailed, code: st, text: "M-Pesa: " + st})
		}
		return true, nil
	}
	if !res.OK() {
		return true, s.finishPayout(ctx, id, refundEnd{status: PayoutFailed, code: res.Code, text: mpesa.ResultText(res.Code, res.Desc)})
	}
	receipt := res.Param("TransactionReceipt")
	if receipt == "" {
		receipt = res.TransactionID
	}
	return true, s.finishPayout(ctx, id, refundEnd{status: PayoutSent, receipt: receipt, name: publicName(res.Param("ReceiverPartyPublicName")),
		code: res.Code, text: mpesa.ResultText(res.Code, res.Desc)})
}
