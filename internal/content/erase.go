package content

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"shop/internal/db"
)

// Subscription is the newsletter sign-up of one address, if any.
func (s *Store) Subscription(ctx context.Context, email string) (*Subscriber, error) {
	sub, err := scanSubscriber(s.db.QueryRow(ctx, `SELECT id, email, created_at FROM newsletter_subscribers WHERE email_key = $1`,
		strings.ToLower(strings.TrimSpace(email))))
	if err != nil {
		return nil, db.RowErr(err, nil, "newsletter subscription")
	}
	return &sub, nil
}

// MessagesFrom lists the contact messages sent from email, newest first.
func (s *Store) MessagesFrom(ctx context.Context, email string) ([]Message, error) {
	return db.QueryAll(ctx, s.db, "contact messages", scanMessage, `SELECT `+messageColumns+` FROM contact_messages
		WHERE LOWER(email) = $1 ORDER BY created_at DESC, id DESC LIMIT $2`, strings.ToLower(strings.TrimSpace(email)), maxListed)
}

// ForgetEmailTx deletes, inside tx, the newsletter subscription and the
// contact messages of email: what an erased customer left here.
func (s *Store) ForgetEmailTx(ctx context.Context, tx *sql.Tx, email string) error {
	key := strings.ToLower(strings.TrimSpace(email))
	if _, err := tx.ExecContext(ctx, `DELETE FROM newsletter_subscribers WHERE email_key = $1`, key); err != nil {
		return fmt.Errorf("remove newsletter subscription: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM contact_messages WHERE LOWER(email) = $1`, key); err != nil {
		return fmt.Errorf("remove contact messages: %w", err)
	}
	return nil
}
