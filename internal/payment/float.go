package payment

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/payment/mpesa"
)

// The float: B2C payments and reversals are paid from the short code's
// Utility account, whose balance only an Account Balance query tells (its
// answer comes by the result URL, within minutes). The latest answer is
// kept in mpesa_float, shared by every instance, and asked again when it is
// older than floatFresh.

type float struct {
	known     bool
	utility   money.Cents
	checkedAt time.Time
}

func (s *Service) floatTx(ctx context.Context, tx *sql.Tx) (float, error) {
	var cents sql.NullInt64
	var at sql.NullTime
	if err := tx.QueryRowContext(ctx, `SELECT utility_cents, checked_at FROM mpesa_float WHERE id = 1`).Scan(&cents, &at); err != nil {
		return float{}, fmt.Errorf("read the float: %w", err)
	}
	return float{known: cents.Valid && at.Valid, utility: money.Cents(cents.Int64), checkedAt: at.Time}, nil
}

// Float is what the back office shows before a refund.
type Float struct {
	// Sends says the shop sends refunds by M-Pesa; Why says why not.
	Sends bool
	Why   string
	// Utility is the Utility account's balance when CheckedAt, nil before
	// the first answer.
	Utility   *money.Cents
	CheckedAt *time.Time
	// DailyLimit bounds the refunds sent in a Nairobi day; SentToday is
	// what went (or is going) today.
	DailyLimit money.Cents
	SentToday  money.Cents
	// PasswordExpires is when the initiator's password expires (90 days
	// after it was set), nil when the shop was not told when it was set.
	PasswordExpires *time.Time
}

// initiatorPasswordLife is how long an initiator's password lasts [TS].
const initiatorPasswordLife = 90 * 24 * time.Hour

// Float reads the float and asks M-Pesa again when the answer is stale.
func (s *Service) Float(ctx context.Context) (Float, error) {
	out := Float{DailyLimit: s.refundDaily}
	out.Sends, out.Why = s.RefundsBySending()
	if !s.passwordSet.IsZero() {
		at := s.passwordSet.Add(initiatorPasswordLife)
		out.PasswordExpires = &at
	}
	if !out.Sends {
		return out, nil
	}
	now := s.now()
	var f float
	var today int
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		if f, err = s.floatTx(ctx, tx); err != nil {
			return err
		}
		y, m, d := now.In(db.Nairobi).Date()
		today, err = db.CountTx(ctx, tx, "refunds today", `SELECT COALESCE(SUM(amount_cents), 0) FROM refunds
			WHERE method IN ('mpesa', 'reversal') AND status <> 'failed' AND created_at >= $1`, s.db.TimeArg(time.Date(y, m, d, 0, 0, 0, 0, db.Nairobi)))
		return err
	})
	if err != nil {
		return out, err
	}
	out.SentToday = money.Cents(today)
	if f.known {
		out.Utility, out.CheckedAt = &f.utility, &f.checkedAt
	}
	if !f.known || now.Sub(f.checkedAt) >= floatFresh {
		if err := s.AskFloat(ctx); err != nil {
			return out, err
		}
	}
	return out, nil
}

// AskFloat sends an Account Balance query, unless one was sent less than
// floatAskAgain ago (by any instance) and is still unanswered.
func (s *Service) AskFloat(ctx context.Context) error {
	now := s.now().UTC().Truncate(time.Second)
	res, err := s.db.Exec(ctx, `UPDATE mpesa_float SET asked_at = $1 WHERE id = 1 AND (asked_at IS NULL OR asked_at <= $2)`,
		now, now.Add(-floatAskAgain))
	if err != nil {
		return fmt.Errorf("claim the float query: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return nil
	}
	acc, err := s.moneyOut.AccountBalance(ctx, s.replies())
	if err != nil {
		s.log.WarnContext(ctx, "account balance query failed", "err", err)
		return nil
	}
	_, err = s.db.Exec(ctx, `UPDATE mpesa_float SET asked_conversation_id = $1 WHERE id = 1`, acc.ConversationID)
	return err
}

// balanceResult keeps the Utility account's balance from the answer to the
// shop's latest Account Balance query; done says the result was one.
func (s *Service) balanceResult(ctx context.Context, res mpesa.Result) (done bool, err error) {
	if balances := res.Param("AccountBalance"); balances != "" {
		// The answer may come before its query's conversation id is stored;
		// the secret in the URL vouches for it.
		for _, b := range mpesa.ParseBalances(balances) {
			if b.Name == "Utility Account" {
				_, err := s.db.Exec(ctx, `UPDATE mpesa_float SET utility_cents = $1, checked_at = $2, asked_conversation_id = NULL WHERE id = 1`,
					b.Available, s.now().UTC().Truncate(time.Second))
				return true, err
			}
		}
		s.log.WarnContext(ctx, "account balance without a Utility account", "balances", balances)
		return true, nil
	}
	var asked sql.NullString
	if err := s.db.QueryRow(ctx, `SELECT asked_conversation_id FROM mpesa_float WHERE id = 1`).Scan(&asked); err != nil {
		return false, fmt.Errorf("read the float: %w", err)
	}
	if !asked.Valid || asked.String != res.ConversationID {
		return false, nil
	}
	s.log.WarnContext(ctx, "account balance refused", "code", res.Code, "text", mpesa.ResultText(res.Code, res.Desc))
	_, err = s.db.Exec(ctx, `UPDATE mpesa_float SET asked_conversation_id = NULL WHERE id = 1`)
	return true, err
}
