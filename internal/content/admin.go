package content

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"shop/internal/apperr"
)

// The back office's side of contact messages: marking one handled inside
// the admin's transaction, so the audit entry is stored with the change.

// SetHandledTx marks a message answered (or not yet answered) inside tx
// and returns it as it now is, and whether it was handled before.
func (s *Store) SetHandledTx(ctx context.Context, tx *sql.Tx, id int64, handled bool) (m Message, wasHandled bool, err error) {
	var at sql.NullTime
	err = tx.QueryRowContext(ctx, `SELECT id, name, email, subject, message, created_at, handled_at FROM contact_messages WHERE id = $1`, id).
		Scan(&m.ID, &m.Name, &m.Email, &m.Subject, &m.Message, &m.CreatedAt, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return Message{}, false, apperr.NotFound("Message not found")
	}
	if err != nil {
		return Message{}, false, fmt.Errorf("load contact message %d: %w", id, err)
	}
	wasHandled = at.Valid
	if at.Valid {
		t := at.Time
		m.HandledAt = &t
	}
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
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM contact_messages WHERE handled_at IS NULL`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count unhandled messages: %w", err)
	}
	return n, nil
}

// SubscriberCount counts newsletter subscribers.
func (s *Store) SubscriberCount(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM newsletter_subscribers`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count subscribers: %w", err)
	}
	return n, nil
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
		var sub Subscriber
		if err := rows.Scan(&sub.ID, &sub.Email, &sub.CreatedAt); err != nil {
			return fmt.Errorf("scan subscriber: %w", err)
		}
		if err := fn(sub); err != nil {
			return err
		}
	}
	return rows.Err()
}
