package sms

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"shop/internal/db"
)

// Marketing kinds are the texts a phone may refuse (reminders and any
// offer); order messages (received, paid, dispatched, …) always go.
var marketingKinds = []string{KindReminder}

// KindReminder is the kind of a reminder that a bag runs low.
const KindReminder = "reminder"

// Consent is what a phone said about the shop's texts: Reminders once
// ticked (at checkout, in My Account, on a phone order), Stopped after
// STOP until START.
type Consent struct {
	Reminders bool `json:"reminders"`
	Stopped   bool `json:"stopped"`
}

// Wants reports whether reminders may be sent.
func (c Consent) Wants() bool { return c.Reminders && !c.Stopped }

// LockPhoneTx serialises changes of a phone's consent with the queueing of
// its reminders, so a STOP is never overtaken by a reminder read before it.
func LockPhoneTx(ctx context.Context, tx *sql.Tx, d db.Dialect, phone string) error {
	return db.LockKey(ctx, tx, d, "sms-phone:"+phone)
}

// ConsentTx reads phone's consent inside tx (none said: both false).
func ConsentTx(ctx context.Context, tx *sql.Tx, phone string) (Consent, error) {
	var c Consent
	err := tx.QueryRowContext(ctx, `SELECT reminders, stopped FROM sms_phones WHERE phone = $1`, phone).Scan(&c.Reminders, &c.Stopped)
	if err != nil && !db.NoRows(err) {
		return c, fmt.Errorf("sms consent: %w", err)
	}
	return c, nil
}

// ConsentOf reads phone's consent.
func ConsentOf(ctx context.Context, d *db.DB, phone string) (Consent, error) {
	var c Consent
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		var err error
		c, err = ConsentTx(ctx, tx, phone)
		return err
	})
	return c, err
}

// SetRemindersTx records phone's yes (or no) to reminders inside tx.
func SetRemindersTx(ctx context.Context, d *db.DB, tx *sql.Tx, phone string, on bool) error {
	if err := LockPhoneTx(ctx, tx, d.Dialect, phone); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO sms_phones (phone, reminders, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (phone) DO UPDATE SET reminders = excluded.reminders, updated_at = excluded.updated_at`,
		phone, on, d.TimeArg(time.Now()))
	if err != nil {
		return fmt.Errorf("sms reminders consent: %w", err)
	}
	return nil
}

// SetStoppedTx records a STOP (stopped true) or a START inside tx and
// reports whether it changed anything. A STOP also drops the marketing
// texts still queued to phone, at once.
func SetStoppedTx(ctx context.Context, d *db.DB, tx *sql.Tx, phone string, stopped bool) (bool, error) {
	if err := LockPhoneTx(ctx, tx, d.Dialect, phone); err != nil {
		return false, err
	}
	c, err := ConsentTx(ctx, tx, phone)
	if err != nil {
		return false, err
	}
	if c.Stopped == stopped {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO sms_phones (phone, stopped, updated_at) VALUES ($1, $2, $3)
		ON CONFLICT (phone) DO UPDATE SET stopped = excluded.stopped, updated_at = excluded.updated_at`,
		phone, stopped, d.TimeArg(time.Now())); err != nil {
		return false, fmt.Errorf("sms stop: %w", err)
	}
	if stopped {
		for _, k := range marketingKinds {
			if _, err := tx.ExecContext(ctx, `UPDATE sms_messages SET status = 'failed', status_text = 'stopped by the customer', next_attempt_at = NULL
				WHERE recipient = $1 AND kind = $2 AND status = 'queued'`, phone, k); err != nil {
				return false, fmt.Errorf("drop queued texts: %w", err)
			}
		}
	}
	return true, nil
}

// ForgetPhoneTx deletes what phone said, for an erasure.
func ForgetPhoneTx(ctx context.Context, tx *sql.Tx, phone string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM sms_phones WHERE phone = $1`, phone); err != nil {
		return fmt.Errorf("forget sms consent: %w", err)
	}
	return nil
}

// ForgetRecipientTx empties the number and words of every message to
// phone inside tx (the answers to its replies name no order), for an
// erasure; the rows stay, with their status and cost.
func ForgetRecipientTx(ctx context.Context, tx *sql.Tx, phone string) error {
	if phone == "" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE sms_messages SET recipient = '', body = '' WHERE recipient = $1`, phone); err != nil {
		return fmt.Errorf("forget sms to a phone: %w", err)
	}
	return nil
}
