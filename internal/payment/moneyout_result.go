package payment

import (
	"context"
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
)

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
		if r.Lines, err = order.RefundLinesTx(ctx, tx, r.RowID); err != nil {
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
	if done, err := s.payoutResult(ctx, res); done || err != nil {
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
	if err != nil {
		return err
	}
	_, err = s.db.Exec(ctx, `UPDATE payouts SET status = 'unknown', next_query_at = $1
		WHERE (originator_id = $2 OR conversation_id = $3) AND status IN ('sending', 'unknown')`,
		s.now().UTC().Truncate(time.Second), res.OriginatorConversationID, res.ConversationID)
	return err
}

// reconcileLate asks about the money sent out of table (refunds or
// payouts) whose result is late, or sends again under the same id what
// never reached Daraja. Each is claimed by bumping its query count, so two
// instances never both ask. table is one of this package's, never input.
func (s *Service) reconcileLate(ctx context.Context, now time.Time, table string, ask, send func(context.Context, string) error) error {
	if s.moneyOut == nil {
		return nil
	}
	type due struct {
		id      string
		queries int
		sent    bool
	}
	list, err := db.QueryAll(ctx, s.db, "late "+table, func(r db.Scanner) (d due, err error) {
		return d, r.Scan(&d.id, &d.queries, &d.sent)
	}, `SELECT public_id, queries, conversation_id IS NOT NULL FROM `+table+`
		WHERE status IN ('sending', 'unknown') AND next_query_at <= $1 ORDER BY next_query_at LIMIT 20`, now)
	if err != nil {
		return err
	}
	for _, d := range list {
		res, err := s.db.Exec(ctx, `UPDATE `+table+` SET queries = queries + 1, next_query_at = $1
			WHERE public_id = $2 AND queries = $3 AND status IN ('sending', 'unknown')`, now.Add(backoff(d.queries+1)), d.id, d.queries)
		if err != nil {
			return fmt.Errorf("claim %s %s: %w", table, d.id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue
		}
		if d.sent {
			err = ask(ctx, d.id)
		} else {
			err = send(ctx, d.id)
		}
		if err != nil {
			return err
		}
	}
	return nil
}
