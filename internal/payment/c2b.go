package payment

import (
	"context"
	"crypto/subtle"
	"database/sql"
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
	if p, err := mpesa.ParseConfirmation(body); err == nil && s.matchable(p.BillRef) == "" {
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
		s.log.ErrorContext(ctx, "unreadable c2b confirmation", "err", err)
		return errUnreadable
	}
	return s.receiveC2B(ctx, p, "confirmation")
}

// receiveC2B stores a C2B payment unless its TransID is known, matches it
// to an order by its account number, and applies it. A repeat changes nothing.
func (s *Service) receiveC2B(ctx context.Context, p mpesa.C2BPayment, source string) error {
	if !httpx.CleanText(p.TransID + p.TransType + p.TransTime + p.BillRef + p.FirstName + p.MSISDN + p.ShortCode) {
		s.log.WarnContext(ctx, "c2b payment with control characters: ignored", "source", source)
		return errUnreadable
	}
	var id int64
	var orderID sql.NullInt64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if number := s.matchable(p.BillRef); number != "" {
			if oid, err := order.IDByNumber(ctx, tx, number); err == nil {
				orderID = sql.NullInt64{Int64: oid, Valid: true}
			} else if !errors.Is(err, apperr.ErrNotFound) {
				return err
			}
		}
		err := tx.QueryRowContext(ctx, `INSERT INTO c2b_payments (trans_id, trans_type, trans_time, amount_cents, bill_ref, payer_name, msisdn, short_code, source, order_id)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (trans_id) DO NOTHING RETURNING id`,
			p.TransID, clip(p.TransType, 40), clip(p.TransTime, 20), p.AmountCents, clip(p.BillRef, 100), clip(p.FirstName, 100),
			clip(p.MSISDN, 100), clip(p.ShortCode, 20), source, orderID).Scan(&id)
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
	case !orderID.Valid:
		s.log.WarnContext(ctx, "c2b payment matches no order: kept for the admin", "trans_id", p.TransID, "amount_cents", p.AmountCents)
		return nil
	}
	return s.applyC2B(ctx, id)
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
	var paid *order.Order
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var orderID sql.NullInt64
		var transID string
		var amount money.Cents
		if err := tx.QueryRowContext(ctx, `SELECT order_id, trans_id, amount_cents FROM c2b_payments WHERE id = $1`, id).
			Scan(&orderID, &transID, &amount); err != nil {
			return err
		}
		if !orderID.Valid {
			return nil
		}
		if err := lockOrder(ctx, tx, s.db.Dialect, orderID.Int64); err != nil {
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
		paid, err = s.creditTx(ctx, tx, o, credit{how: "M-Pesa Paybill", receipt: transID, amount: amount})
		return err
	})
	if err != nil {
		return fmt.Errorf("apply c2b payment %d: %w", id, err)
	}
	s.afterPaid(ctx, paid)
	return nil
}

// applyPendingC2B applies matched C2B payments that were stored but not
// counted (the process stopped in between).
func (s *Service) applyPendingC2B(ctx context.Context) error {
	ids, err := db.QueryAll(ctx, s.db, "c2b payments to apply", scanOne[int64],
		`SELECT id FROM c2b_payments WHERE order_id IS NOT NULL AND applied_at IS NULL ORDER BY id LIMIT 100`)
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

// lockOrder serialises the money arriving for one order: an STK success and
// a Paybill payment at the same moment add up, and the order is paid once.
func lockOrder(ctx context.Context, tx *sql.Tx, d db.Dialect, orderID int64) error {
	return db.LockKey(ctx, tx, d, fmt.Sprintf("order#%d", orderID))
}

// credit is money that came in for an order.
type credit struct {
	how     string // "M-Pesa" or "M-Pesa Paybill"
	receipt string
	amount  money.Cents
}

func (c credit) String() string {
	s := c.how + " payment"
	if c.receipt != "" {
		s += " " + c.receipt
	}
	return s + " of " + c.amount.Ksh()
}

// creditTx moves order o, which the caller locked, after money c has been
// recorded for it: an order waiting for payment is paid once what it
// received covers its total (flagged when it is more); a part payment
// leaves it waiting; money for a cancelled or already paid order flags it
// for a person. It returns the order when it became paid.
func (s *Service) creditTx(ctx context.Context, tx *sql.Tx, o order.Order, c credit) (*order.Order, error) {
	received, err := paidTx(ctx, tx, o.ID)
	if err != nil {
		return nil, err
	}
	switch {
	case o.Status == order.Cancelled:
		return nil, order.SetAttention(ctx, tx, o.ID, fmt.Sprintf("%s arrived for a cancelled order (received %s in all): refund it.", c, received.Ksh()))
	case !order.CanMove(o.Delivery.Kind, o.Status, order.Paid):
		return nil, order.SetAttention(ctx, tx, o.ID, fmt.Sprintf("Overpaid by %s: %s arrived after the order was %s (received %s for %s); refund the difference.",
			(received-o.Total).Ksh(), c, o.Status, received.Ksh(), o.Total.Ksh()))
	}
	if received < o.Total {
		return nil, order.NoteTx(ctx, tx, o, fmt.Sprintf("%s received; %s still due", c, (o.Total-received).Ksh()), "mpesa")
	}
	if o.Attention == msgReferenceLost {
		o.Attention = "" // the lost push's money has come
	}
	if over := received - o.Total; over > 0 {
		o.Attention = fmt.Sprintf("Overpaid by %s (received %s for %s): refund the difference.", over.Ksh(), received.Ksh(), o.Total.Ksh())
	}
	moved, err := order.Move(ctx, tx, o, order.Paid, c.String()+" received", "mpesa")
	if err != nil {
		return nil, err
	}
	// The order mail names the payment that completed the order.
	moved.AmountPaid = received
	moved.Payment = &order.Payment{Status: "succeeded", Receipt: c.receipt, Amount: c.amount}
	return &moved, nil
}

// afterPaid runs the paid hook (the order mail) outside the transaction.
func (s *Service) afterPaid(ctx context.Context, paid *order.Order) {
	if paid != nil && s.OnPaid != nil {
		if err := s.OnPaid(ctx, *paid); err != nil {
			s.log.ErrorContext(ctx, "after payment", "order", paid.Number, "err", err)
		}
	}
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
}

// PaybillPayments lists C2B payments, newest first: unmatched only when
// matched is false, matched only when true, all when nil.
func (s *Service) PaybillPayments(ctx context.Context, matched *bool) ([]PaybillPayment, error) {
	q := `SELECT c.id, c.trans_id, c.amount_cents, c.bill_ref, c.payer_name, c.msisdn, c.trans_time, c.received_at, c.source,
		COALESCE(o.order_number, '') FROM c2b_payments c LEFT JOIN orders o ON o.id = c.order_id`
	switch {
	case matched == nil:
	case *matched:
		q += ` WHERE c.order_id IS NOT NULL`
	default:
		q += ` WHERE c.order_id IS NULL`
	}
	return db.QueryAll(ctx, s.db, "paybill payments", func(r db.Scanner) (p PaybillPayment, err error) {
		return p, r.Scan(&p.ID, &p.TransID, &p.Amount, &p.Account, &p.PayerName, &p.MSISDN, &p.TransTime, &p.ReceivedAt, &p.Source, &p.OrderID)
	}, q+` ORDER BY c.received_at DESC, c.id DESC LIMIT 500`)
}

// UnmatchedCount counts money that reached the shop but no order yet:
// Paybill payments with no order and parked STK successes.
func (s *Service) UnmatchedCount(ctx context.Context) (int, error) {
	return s.db.Count(ctx, "unmatched payments", `SELECT
		(SELECT COUNT(*) FROM c2b_payments WHERE order_id IS NULL) + (SELECT COUNT(*) FROM payment_callbacks WHERE result_code = 0)`)
}

// MsgNoOrder answers an assignment to an order number that does not exist.
const MsgNoOrder = "No order has this number."

// AssignPaybillTx gives unmatched C2B payment id to the order whose number
// reads as orderID (with the account-number forgiveness), inside tx, which
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
	number := s.matchable(orderID)
	oid, err := order.IDByNumber(ctx, tx, number)
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
