package content

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/db"
)

// The back office's side of contact messages: marking one handled inside
// the admin's transaction, so the audit entry is stored with the change.

// SetHandledTx marks a message answered (or not yet answered) inside tx
// and returns it as it now is, and whether it was handled before.
func (s *Store) SetHandledTx(ctx context.Context, tx *sql.Tx, id int64, handled bool) (m Message, wasHandled bool, err error) {
	m, err = scanMessage(tx.QueryRowContext(ctx, `SELECT `+messageColumns+` FROM contact_messages WHERE id = $1`, id))
	if err != nil {
		return Message{}, false, db.RowErr(err, apperr.NotFound("Message not found"), "load contact message %d", id)
	}
	wasHandled = m.HandledAt != nil
	if wasHandled == handled {
		return m, wasHandled, nil
	}
	var set any
	m.HandledAt = nil
	if handled {
		t := now()
		set, m.HandledAt = t, &t
	}
	if _, err := tx.ExecContext(ctx, `UPDATE contact_messages SET handled_at = $1 WHERE id = $2`, set, id); err != nil {
		return Message{}, false, fmt.Errorf("mark contact message %d: %w", id, err)
	}
	return m, wasHandled, nil
}

// UnhandledCount counts messages nobody has answered yet.
func (s *Store) UnhandledCount(ctx context.Context) (int, error) {
	return s.db.Count(ctx, "unhandled messages", `SELECT COUNT(*) FROM contact_messages WHERE handled_at IS NULL`)
}

// SubscriberCount counts newsletter subscribers.
func (s *Store) SubscriberCount(ctx context.Context) (int, error) {
	return s.db.Count(ctx, "subscribers", `SELECT COUNT(*) FROM newsletter_subscribers`)
}

// EachSubscriber calls fn for every subscriber, oldest first: the CSV
// export streams them without a cap.
func (s *Store) EachSubscriber(ctx context.Context, fn func(Subscriber) error) error {
	rows, err := s.db.Query(ctx, `SELECT id, email, created_at FROM newsletter_subscribers ORDER BY created_at, id`)
	if err != nil {
		return fmt.Errorf("list subscribers: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		sub, err := scanSubscriber(rows)
		if err != nil {
			return fmt.Errorf("scan subscriber: %w", err)
		}
		if err := fn(sub); err != nil {
			return err
		}
	}
	return rows.Err()
}
