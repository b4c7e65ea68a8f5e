package payment

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/httpx"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// Paybill and Buy Goods payments (C2B): money a customer sends from their
// own M-Pesa menu, with the order number as the account number. Every
// payment the shop is told about is stored before it is answered, matched to
// its order or kept for a person (docs/payments.md section 10).

// C2B paths given to Daraja. They avoid the words Daraja refuses and end in
// the callback secret, like the STK callback.
const (
	C2BConfirmationPath = "/api/payments/c2b/confirmation/"
	C2BValidationPath   = "/api/payments/c2b/validation/"
)

// C2BURLs are the confirmation and validation URLs to register with Daraja
// for a shop at publicURL with the callback secret.
func C2BURLs(publicURL, secret string) (confirmation, validation string) {
	return publicURL + C2BConfirmationPath + secret + "/", publicURL + C2BValidationPath + secret + "/"
}

// C2BURLs are this shop's confirmation and validation URLs.
func (s *Service) C2BURLs() (confirmation, validation string) { return C2BURLs(s.publicURL, s.secret) }

// errUnreadable answers a confirmation the shop cannot read.
var errUnreadable = apperr.Invalid("Unreadable confirmation.", nil)

func (s *Service) checkSecret(secret string) error {
	if s.secret == "" || subtle.ConstantTimeCompare([]byte(secret), []byte(s.secret)) != 1 {
		return apperr.NotFound("Not found")
	}
	return nil
}

// IsCallbackSecret reports whether secret is the one Daraja's addresses end
// in: an address with another is none of the shop's, whatever the method.
func (s *Service) IsCallbackSecret(secret string) bool { return s.checkSecret(secret) == nil }

// HandleC2BValidation answers Daraja's question before the money moves. The
// shop accepts every payment: one whose account number matches no order is
// kept and assigned by a person, which serves the farmer better than money
// refused at the till.
func (s *Service) HandleC2BValidation(ctx context.Context, secret string, body []byte) error {
	if err := s.checkSecret(secret); err != nil {
		return err
	}
	if p, err := mpesa.ParseConfirmation(body); err == nil && s.matchable(p.BillRef) == "" && order.AccountNumberOf(p.BillRef) == "" {
		s.log.InfoContext(ctx, "paybill validation for an account that matches no order", "trans_id", p.TransID)
	}
	return nil
}

// HandleC2BConfirmation records a C2B confirmation: stored once per TransID,
// matched, and counted towards its order, before Daraja is answered.
func (s *Service) HandleC2BConfirmation(ctx context.Context, secret string, body []byte) error {
	if err := s.checkSecret(secret); err != nil {
		return err
	}
	p, err := mpesa.ParseConfirmation(body)
	if err != nil {
		s.log.ErrorContext(ctx, "unreadable c2b confirmation: kept for the admin", "err", err)
		return s.keepUnreadable(ctx, body, err.Error())
	}
	if err := s.receiveC2B(ctx, p, "confirmation"); !errors.Is(err, errUnreadable) {
		return err
	}
	return s.keepUnreadable(ctx, body, "control characters in the confirmation")
}

// keepUnreadable stores a confirmation the shop could not read, raw, for a
// person to check against the M-Pesa statement, and answers it 400. The
// body is kept as valid text whatever bytes it held.
func (s *Service) keepUnreadable(ctx context.Context, body []byte, reason string) error {
	const most = 8 << 10
	text := strings.ReplaceAll(strings.ToValidUTF8(string(body[:min(len(body), most)]), "\uFFFD"), "\x00", "\\u0000")
	var in struct {
		TransID any `json:"TransID"`
	}
	var id string
	if json.Unmarshal(body, &in) == nil && in.TransID != nil {
		id = strings.ToValidUTF8(strings.ReplaceAll(fmt.Sprint(in.TransID), "\x00", ""), "")
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO c2b_unreadable (trans_id, reason, body) VALUES ($1, $2, $3)`,
		clip(id, 40), clip(strings.ToValidUTF8(reason, ""), 200), text); err != nil {
		return fmt.Errorf("keep unreadable c2b confirmation: %w", err)
	}
	return errUnreadable
}

// UnreadablePayment is a confirmation the shop could not read, as kept.
type UnreadablePayment struct {
	ID         int64     `json:"id"`
	TransID    string    `json:"trans_id"`
	Reason     string    `json:"reason"`
	Body       string    `json:"body"`
	ReceivedAt time.Time `json:"received_at"`
}

// UnreadablePayments lists the kept unreadable confirmations, newest first.
func (s *Service) UnreadablePayments(ctx context.Context) ([]UnreadablePayment, error) {
	return db.QueryAll(ctx, s.db, "unreadable c2b confirmations", func(r db.Scanner) (u UnreadablePayment, err error) {
		return u, r.Scan(&u.ID, &u.TransID, &u.Reason, &u.Body, &u.ReceivedAt)
	}, `SELECT id, trans_id, reason, body, received_at FROM c2b_unreadable ORDER BY received_at DESC, id DESC LIMIT 200`)
}

// receiveC2B stores a C2B payment unless its TransID is known, matches it
// to an order by its account number, and applies it. A repeat changes
// nothing, and so does a push's own payment reported again: one M-Pesa
// transaction counts once, whichever road reported it.
func (s *Service) receiveC2B(ctx context.Context, p mpesa.C2BPayment, source string) error {
	if !httpx.CleanText(p.TransID + p.TransType + p.TransTime + p.BillRef + p.FirstName + p.MSISDN + p.ShortCode) {
		s.log.WarnContext(ctx, "c2b payment with control characters: ignored", "source", source)
		return errUnreadable
	}
	var id int64
	var orderID, pushID sql.NullInt64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := lockReceipt(ctx, tx, s.db.Dialect, p.TransID); err != nil {
			return err
		}
		push, err := pushPaymentTx(ctx, tx, p)
		if err != nil {
			return err
		}
		if push.id != 0 {
			pushID = sql.NullInt64{Int64: push.id, Valid: true}
			orderID = sql.NullInt64{Int64: push.orderID, Valid: true}
		} else if oid, err := s.orderForAccountTx(ctx, tx, p.BillRef); err != nil {
			return err
		} else if oid != 0 {
			orderID = sql.NullInt64{Int64: oid, Valid: true}
		}
		err = tx.QueryRowContext(ctx, `INSERT INTO c2b_payments (trans_id, trans_type, trans_time, amount_cents, bill_ref, payer_name, msisdn,
			short_code, source, order_id, payment_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (trans_id) DO NOTHING RETURNING id`,
			p.TransID, clip(p.TransType, 40), clip(p.TransTime, 20), p.AmountCents, clip(p.BillRef, 100), clip(p.FirstName, 100),
			clip(p.MSISDN, 100), clip(p.ShortCode, 20), source, orderID, pushID).Scan(&id)
		if db.NoRows(err) {
			return nil // a repeat of a TransID already stored
		}
		return err
	})
	if err != nil {
		return fmt.Errorf("store c2b payment %s: %w", p.TransID, err)
	}
	switch {
	case id == 0:
		s.log.InfoContext(ctx, "c2b payment already recorded", "trans_id", p.TransID, "source", source)
		return nil
	case pushID.Valid:
		s.log.InfoContext(ctx, "c2b payment is a push's own payment: counted once, as the push", "trans_id", p.TransID, "source", source)
		return nil
	case !orderID.Valid:
		s.log.WarnContext(ctx, "c2b payment matches no order: kept for the admin", "trans_id", p.TransID, "amount_cents", p.AmountCents)
		return nil
	}
	return s.applyC2B(ctx, id)
}

// orderForAccountTx finds the order an account number names: its short
// account number or its order number, each in any forgiving form, or the
// reference one of its pushes carried (which a farmer may copy from the
// M-Pesa message). 0 when none.
func (s *Service) orderForAccountTx(ctx context.Context, tx *sql.Tx, account string) (int64, error) {
	if oid, _, err := order.IDByAccountNumber(ctx, tx, account); err == nil || !errors.Is(err, apperr.ErrNotFound) {
		return oid, err
	}
	if number := s.matchable(account); number != "" {
		oid, err := order.IDByNumber(ctx, tx, number)
		if err == nil || !errors.Is(err, apperr.ErrNotFound) {
			return oid, err
		}
	}
	ref := strings.ToUpper(strings.Join(strings.Fields(account), ""))
	if ref == "" || len(ref) > 12 {
		return 0, nil
	}
	var oid int64
	err := tx.QueryRowContext(ctx, `SELECT order_id FROM payments WHERE account_ref = $1 ORDER BY id DESC LIMIT 1`, ref).Scan(&oid)
	if db.NoRows(err) {
		return 0, nil
	}
	return oid, err
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// matchable reads an account number as an order number, forgiving case,
// spaces and a missing "ORDER-" prefix: "order-1795…", "1795…" and
// " ORDER-1795… " all give "ORDER-1795…". It returns "" when the text
// cannot be an order number.
func (s *Service) matchable(account string) string {
	a := strings.ToUpper(strings.Join(strings.Fields(account), ""))
	a = strings.TrimPrefix(strings.TrimPrefix(a, "ORDER"), "-")
	if a == "" || len(a) > 40 || strings.ContainsFunc(a, func(r rune) bool { return (r < '0' || r > '9') && r != '-' }) {
		return ""
	}
	return "ORDER-" + a
}

// applyC2B counts a matched C2B payment towards its order, once.
func (s *Service) applyC2B(ctx context.Context, id int64) error {
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var orderID, pushID sql.NullInt64
		var transID string
		var amount money.Cents
		if err := tx.QueryRowContext(ctx, `SELECT order_id, trans_id, amount_cents, payment_id FROM c2b_payments WHERE id = $1`, id).
			Scan(&orderID, &transID, &amount, &pushID); err != nil {
			return err
		}
		if !orderID.Valid || pushID.Valid {
			return nil
		}
		if err := lockOrder(ctx, tx, s.db.Dialect, orderID.Int64); err != nil {
			return err
		}
		if err := lockReceipt(ctx, tx, s.db.Dialect, transID); err != nil {
			return err
		}
		// A push's success with this receipt may have been recorded since the
		// row was stored (for another order, so under another lock).
		if push, err := pushWithReceiptTx(ctx, tx, transID); err != nil || push.id != 0 {
			if err == nil {
				err = markPushTx(ctx, tx, id, push)
			}
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE c2b_payments SET applied_at = CURRENT_TIMESTAMP WHERE id = $1 AND applied_at IS NULL`, id)
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return nil
		}
		o, err := s.orders.ByIDTx(ctx, tx, orderID.Int64)
		if err != nil {
			return err
		}
		paid, err := s.creditTx(ctx, tx, o, credit{how: "M-Pesa Paybill", receipt: transID, amount: amount})
		if err != nil {
			return err
		}
		return s.paidHookTx(ctx, tx, paid)
	})
	if err != nil {
		return fmt.Errorf("apply c2b payment %d: %w", id, err)
	}
	return nil
}

// applyPendingC2B applies matched C2B payments that were stored but not
// counted (the process stopped in between).
func (s *Service) applyPendingC2B(ctx context.Context) error {
	ids, err := db.QueryAll(ctx, s.db, "c2b payments to apply", scanOne[int64],
		`SELECT id FROM c2b_payments WHERE order_id IS NOT NULL AND applied_at IS NULL AND payment_id IS NULL ORDER BY id LIMIT 100`)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := s.applyC2B(ctx, id); err != nil {
			return err
		}
	}
	return nil
}

// PaybillPayment is a C2B payment as the admin reads it.
type PaybillPayment struct {
	ID        int64       `json:"id"`
	TransID   string      `json:"trans_id"`
	Amount    money.Cents `json:"amount"`
	Account   string      `json:"account"`
	PayerName string      `json:"payer_name"`
	// MSISDN is masked or hashed by M-Pesa.
	MSISDN     string    `json:"msisdn"`
	TransTime  string    `json:"trans_time"`
	ReceivedAt time.Time `json:"received_at"`
	Source     string    `json:"source"`
	// OrderID is the order it counts for, "" while unmatched.
	OrderID string `json:"order_id"`
	// PromptPayment is true for an M-Pesa prompt's own payment that M-Pesa
	// listed again as a Paybill payment: it counts once, as the prompt's.
	PromptPayment bool `json:"prompt_payment"`
}

// PaybillPayments lists C2B payments, newest first: unmatched only when
// matched is false, matched only when true, all when nil.
func (s *Service) PaybillPayments(ctx context.Context, matched *bool) ([]PaybillPayment, error) {
	q := `SELECT c.id, c.trans_id, c.amount_cents, c.bill_ref, c.payer_name, c.msisdn, c.trans_time, c.received_at, c.source,
		COALESCE(o.order_number, ''), c.payment_id IS NOT NULL FROM c2b_payments c LEFT JOIN orders o ON o.id = c.order_id`
	switch {
	case matched == nil:
	case *matched:
		q += ` WHERE c.order_id IS NOT NULL`
	default:
		q += ` WHERE c.order_id IS NULL`
	}
	return db.QueryAll(ctx, s.db, "paybill payments", func(r db.Scanner) (p PaybillPayment, err error) {
		return p, r.Scan(&p.ID, &p.TransID, &p.Amount, &p.Account, &p.PayerName, &p.MSISDN, &p.TransTime, &p.ReceivedAt, &p.Source, &p.OrderID, &p.PromptPayment)
	}, q+` ORDER BY c.received_at DESC, c.id DESC LIMIT 500`)
}

// UnmatchedCount counts money that reached the shop but no order yet:
// Paybill payments with no order and parked STK successes.
func (s *Service) UnmatchedCount(ctx context.Context) (int, error) {
	return s.db.Count(ctx, "unmatched payments", `SELECT
		(SELECT COUNT(*) FROM c2b_payments WHERE order_id IS NULL) + (SELECT COUNT(*) FROM payment_callbacks WHERE result_code = 0)`)
}

// UnreadableCount counts the kept unreadable Paybill confirmations.
func (s *Service) UnreadableCount(ctx context.Context) (int, error) {
	return s.db.Count(ctx, "unreadable c2b confirmations", `SELECT COUNT(*) FROM c2b_unreadable`)
}

// MsgNoOrder answers an assignment to an order number that does not exist.
const MsgNoOrder = "No order has this number."

// AssignPaybillTx gives unmatched C2B payment id to the order whose account
// number or order number reads as orderID (with the forgiveness of a typed
// account number), inside tx, which
// the admin's audit entry shares. ApplyPaybill then counts it once tx has
// committed; should the process stop in between, the reconciler does.
func (s *Service) AssignPaybillTx(ctx context.Context, tx *sql.Tx, id int64, orderID string) (PaybillPayment, error) {
	var p PaybillPayment
	var current sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT id, trans_id, amount_cents, order_id FROM c2b_payments WHERE id = $1`, id).
		Scan(&p.ID, &p.TransID, &p.Amount, &current)
	if err != nil {
		return p, db.RowErr(err, apperr.NotFound("No such payment"), "load paybill payment %d", id)
	}
	if current.Valid {
		return p, apperr.Conflict("This payment is already assigned to an order.")
	}
	oid, number, err := order.IDByAccountNumber(ctx, tx, orderID)
	if errors.Is(err, apperr.ErrNotFound) {
		number = s.matchable(orderID)
		oid, err = order.IDByNumber(ctx, tx, number)
	}
	if number == "" || errors.Is(err, apperr.ErrNotFound) {
		return p, apperr.Invalid(MsgNoOrder, map[string]string{"orderId": MsgNoOrder})
	}
	if err != nil {
		return p, err
	}
	res, err := tx.ExecContext(ctx, `UPDATE c2b_payments SET order_id = $1 WHERE id = $2 AND order_id IS NULL`, oid, id)
	if err != nil {
		return p, fmt.Errorf("assign paybill payment %d: %w", id, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return p, apperr.Conflict("This payment is already assigned to an order.")
	}
	p.OrderID = number
	return p, nil
}

// ApplyPaybill counts an assigned C2B payment towards its order.
func (s *Service) ApplyPaybill(ctx context.Context, p PaybillPayment) error {
	return s.applyC2B(ctx, p.ID)
}
