package mail

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"time"

	"shop/internal/db"
)

// Outbox is the development mailer: it keeps each message in the database
// (table mail_outbox) and writes it, link and all, to the log. Only --dev
// uses it: in production a reset link in a log or a table would be a key
// lying about.
type Outbox struct {
	db  *db.DB
	log *slog.Logger
	now func() time.Time
}

// NewOutbox returns an outbox on d that logs to log.
func NewOutbox(d *db.DB, log *slog.Logger) *Outbox {
	return &Outbox{db: d, log: log, now: time.Now}
}

// Stored is a message in the outbox.
type Stored struct {
	ID     int64
	SentAt time.Time
	Message
}

func (o *Outbox) Send(ctx context.Context, m Message) error {
	if err := m.Check(); err != nil {
		return err
	}
	err := o.db.Tx(ctx, func(tx *sql.Tx) error {
		var id int64
		if err := tx.QueryRowContext(ctx, `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, created_at)
			VALUES ($1, $2, $3, $4, $5) RETURNING id`, m.To, m.Subject, m.Text, m.HTML, o.now().UTC()).Scan(&id); err != nil {
			return err
		}
		for _, a := range m.Attachments {
			if _, err := tx.ExecContext(ctx, `INSERT INTO mail_outbox_attachments (mail_id, filename, content_type, body)
				VALUES ($1, $2, $3, $4)`, id, a.Filename, a.ContentType, a.Data); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store mail in the outbox: %w", err)
	}
	o.log.InfoContext(ctx, "mail kept in the dev outbox (see /dev/outbox)", "to", m.To, "subject", m.Subject, "text", m.Text)
	return nil
}

// List returns the latest messages, newest first.
func (o *Outbox) List(ctx context.Context, limit int) ([]Stored, error) {
	out, err := db.QueryAll(ctx, o.db, "outbox", func(r db.Scanner) (s Stored, err error) {
		return s, r.Scan(&s.ID, &s.To, &s.Subject, &s.Text, &s.HTML, &s.SentAt)
	}, `SELECT id, to_address, subject, text_body, html_body, created_at FROM mail_outbox ORDER BY id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	for i := range out {
		if out[i].Attachments, err = o.attachments(ctx, out[i].ID); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (o *Outbox) attachments(ctx context.Context, mailID int64) ([]Attachment, error) {
	return db.QueryAll(ctx, o.db, "outbox attachments", func(r db.Scanner) (a Attachment, err error) {
		return a, r.Scan(&a.Filename, &a.ContentType, &a.Data)
	}, `SELECT filename, content_type, body FROM mail_outbox_attachments WHERE mail_id = $1 ORDER BY id`, mailID)
}

// Count is how many messages the outbox holds.
func (o *Outbox) Count(ctx context.Context) (int, error) {
	return o.db.Count(ctx, "outbox mail", `SELECT COUNT(*) FROM mail_outbox`)
}

// OutboxKeep is how long the dev outbox keeps a message.
const OutboxKeep = 7 * 24 * time.Hour

// Prune deletes the messages older than OutboxKeep and reports how many went.
func (o *Outbox) Prune(ctx context.Context) (int64, error) {
	res, err := o.db.Exec(ctx, `DELETE FROM mail_outbox WHERE created_at < $1`, o.now().UTC().Add(-OutboxKeep))
	if err != nil {
		return 0, fmt.Errorf("prune the outbox: %w", err)
	}
	return res.RowsAffected()
}
