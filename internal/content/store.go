package content

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
)

// Store keeps newsletter subscribers and contact messages.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Subscribe adds email to the newsletter. It reports whether the address is
// new; an address already subscribed (in any case) is not an error.
func (s *Store) Subscribe(ctx context.Context, email string) (created bool, err error) {
	email = strings.TrimSpace(email)
	if msg := CheckEmail(email); msg != "" {
		return false, apperr.InvalidField("email", msg)
	}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, `INSERT INTO newsletter_subscribers (email, email_key, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (email_key) DO NOTHING RETURNING id`, email, strings.ToLower(email), now()).Scan(&id)
		if db.NoRows(err) {
			return nil // already subscribed
		}
		created = err == nil
		return err
	})
	if err != nil {
		return false, fmt.Errorf("subscribe: %w", err)
	}
	return created, nil
}

// SaveMessage validates and stores a contact message.
func (s *Store) SaveMessage(ctx context.Context, in NewMessage) (Message, error) {
	in = in.Normalize()
	if err := in.Check(); err != nil {
		return Message{}, err
	}
	m := Message{Name: in.Name, Email: in.Email, Subject: in.Subject, Message: in.Message}
	m.CreatedAt = now()
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO contact_messages (name, email, subject, message, created_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, m.Name, m.Email, m.Subject, m.Message, m.CreatedAt).Scan(&m.ID)
	})
	if err != nil {
		return Message{}, fmt.Errorf("save contact message: %w", err)
	}
	return m, nil
}

// Messages lists contact messages for the shop's inbox: unanswered first,
// newest first within each group, at most limit.
func (s *Store) Messages(ctx context.Context, limit int) ([]Message, error) {
	if limit <= 0 || limit > maxListed {
		limit = maxListed
	}
	return db.QueryAll(ctx, s.db, "contact messages", scanMessage, `SELECT `+messageColumns+` FROM contact_messages
		ORDER BY CASE WHEN handled_at IS NULL THEN 0 ELSE 1 END, created_at DESC, id DESC
		LIMIT $1`, limit)
}

const messageColumns = `id, name, email, subject, message, created_at, handled_at`

func scanMessage(r db.Scanner) (Message, error) {
	var m Message
	var handled sql.NullTime
	if err := r.Scan(&m.ID, &m.Name, &m.Email, &m.Subject, &m.Message, &m.CreatedAt, &handled); err != nil {
		return Message{}, err
	}
	if handled.Valid {
		t := handled.Time
		m.HandledAt = &t
	}
	return m, nil
}

// SetHandled marks a message answered (or not yet answered again).
func (s *Store) SetHandled(ctx context.Context, id int64, handled bool) error {
	var at any
	if handled {
		at = now()
	}
	res, err := s.db.Exec(ctx, `UPDATE contact_messages SET handled_at = $1 WHERE id = $2`, at, id)
	if err != nil {
		return fmt.Errorf("mark contact message %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err == nil && n == 0 {
		return apperr.NotFound("Message not found")
	}
	return nil
}

// Subscribers lists newsletter subscribers, newest first, at most limit.
func (s *Store) Subscribers(ctx context.Context, limit int) ([]Subscriber, error) {
	if limit <= 0 || limit > maxListed {
		limit = maxListed
	}
	return db.QueryAll(ctx, s.db, "subscribers", scanSubscriber, `SELECT id, email, created_at FROM newsletter_subscribers
		ORDER BY created_at DESC, id DESC LIMIT $1`, limit)
}

func scanSubscriber(r db.Scanner) (sub Subscriber, err error) {
	return sub, r.Scan(&sub.ID, &sub.Email, &sub.CreatedAt)
}

// maxListed caps a list of messages or subscribers.
const maxListed = 1000

// now is the time stored with a row: UTC, whole seconds, the same on both engines.
func now() time.Time { return time.Now().UTC().Truncate(time.Second) }
