package mail

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"shop/internal/db"
	"shop/internal/every"
)

// Outbox is the mail queue (table mail_outbox), the model of the SMS queue
// (docs/notifications.md, "Mail"): every message is a row written in the
// transaction that causes it, so a crash or a refusing server loses none;
// SendDue claims each due row before handing it to the sender, so several
// instances send it once; a temporary failure (4xx, a network error) is
// tried again with a growing wait for up to GiveUpAfter, a permanent one
// (5xx) fails at once, and the admin sees both. The dev outbox page reads
// the same rows.
type Outbox struct {
	db     *db.DB
	sender Mailer // nil: mail is not set up, nothing is queued
	log    *slog.Logger
	now    func() time.Time
	// KeepSecrets keeps a secret body once sent: in --dev, where the dev
	// outbox shows the reset link for a person to click.
	KeepSecrets bool
}

// NewOutbox returns the queue on d, sending through sender (nil: the shop
// sends no mail, and says so in the log for each message).
func NewOutbox(d *db.DB, sender Mailer, log *slog.Logger) *Outbox {
	return &Outbox{db: d, sender: sender, log: log, now: time.Now}
}

// Enabled reports whether messages are queued at all.
func (o *Outbox) Enabled() bool { return o != nil && o.sender != nil }

// Sending timing: a claimed message whose sender died is taken again
// after the lease; a temporary failure waits retryWait(attempts); a message
// not sent GiveUpAfter after it was queued fails.
const (
	lease       = 2 * time.Minute
	GiveUpAfter = 24 * time.Hour
	// sendFor bounds one claimed message's send and record, ending before
	// the claim's lease so no other sender claims a message in flight.
	sendFor = 90 * time.Second
)

func retryWait(attempts int) time.Duration {
	return min(time.Minute<<min(attempts-1, 6), time.Hour)
}

// Stored is a queued message and what became of it. The admin's order view
// shows it without the bodies.
type Stored struct {
	ID      int64  `json:"id"`
	OrderID int64  `json:"-"`
	Kind    string `json:"kind"`
	To      string `json:"to"`
	Subject string `json:"subject"`
	// Status is queued, sending, sent or failed.
	Status   string `json:"status"`
	Attempts int    `json:"attempts"`
	// StatusText is the last failure's reason ("" once sent).
	StatusText string     `json:"status_text"`
	CreatedAt  time.Time  `json:"created_at"`
	SentAt     *time.Time `json:"sent_at"`

	Text        string       `json:"-"`
	HTML        string       `json:"-"`
	Attachments []Attachment `json:"-"`
}

// Send queues m in a transaction of its own: for a message whose cause has
// already been stored. It is a Mailer, so the queue can stand where a
// mailer is wanted.
func (o *Outbox) Send(ctx context.Context, m Message) error {
	if err := m.Check(); err != nil {
		return err
	}
	return o.db.Tx(ctx, func(tx *sql.Tx) error {
		_, err := o.EnqueueTx(ctx, tx, "", 0, m)
		return err
	})
}

// EnqueueTx queues m inside tx, the transaction that causes it. key makes
// queueing idempotent: a second message with the same key is not queued
// ("" for none); orderID ties it to an order's view (0 for none). A message
// that cannot be sent (a malformed address) is stored as failed, with the
// reason, for the admin to see; one without a recipient is not stored. It
// reports whether a message was stored.
func (o *Outbox) EnqueueTx(ctx context.Context, tx *sql.Tx, key string, orderID int64, m Message) (bool, error) {
	if m.To == "" {
		return false, nil
	}
	if !o.Enabled() {
		o.log.WarnContext(ctx, "mail not sent: SHOP_SMTP_URL is not set", "to", m.To, "subject", m.Subject)
		return false, nil
	}
	now := o.now().UTC()
	status, reason := "queued", ""
	var next any = now
	if m.HoldUntil.After(now) {
		next = m.HoldUntil.UTC()
	}
	if err := m.Check(); err != nil {
		status, reason, next = "failed", err.Error(), nil
	}
	var k, ord any
	if key != "" {
		k = key
	}
	if orderID != 0 {
		ord = orderID
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO mail_outbox (dedupe_key, order_id, kind, to_address, subject, text_body, html_body,
			status, status_text, next_attempt_at, message_key, secret, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
		k, ord, m.Kind, m.To, m.Subject, m.Text, m.HTML, status, clip(reason, 300), next, newKey(), m.Secret, now).Scan(&id)
	if db.NoRows(err) {
		return false, nil // queued before under this key
	}
	if err != nil {
		return false, fmt.Errorf("queue mail %q: %w", m.Subject, err)
	}
	for _, a := range m.Attachments {
		if _, err := tx.ExecContext(ctx, `INSERT INTO mail_outbox_attachments (mail_id, filename, content_type, body)
			VALUES ($1, $2, $3, $4)`, id, a.Filename, a.ContentType, a.Data); err != nil {
			return false, fmt.Errorf("queue mail attachment %s: %w", a.Filename, err)
		}
	}
	if status == "failed" {
		o.log.WarnContext(ctx, "mail not sent", "mail", id, "status", status, "reason", reason)
	}
	return true, nil
}

// Release is ReleaseTx in a transaction of its own.
func (o *Outbox) Release(ctx context.Context, key string, attachments []Attachment) (released bool, err error) {
	err = o.db.Tx(ctx, func(tx *sql.Tx) error {
		released, err = o.ReleaseTx(ctx, tx, key, attachments)
		return err
	})
	return released, err
}

// ReleaseTx lets the held message queued under key go now, its attachments
// replaced by attachments, inside tx. A message already sent, or sending,
// is left as it is; it reports whether one was released.
func (o *Outbox) ReleaseTx(ctx context.Context, tx *sql.Tx, key string, attachments []Attachment) (bool, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `UPDATE mail_outbox SET next_attempt_at = $1 WHERE dedupe_key = $2 AND status = 'queued' AND attempts = 0
		RETURNING id`, o.now().UTC(), key).Scan(&id)
	if db.NoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("release mail %s: %w", key, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM mail_outbox_attachments WHERE mail_id = $1`, id); err != nil {
		return false, fmt.Errorf("release mail %s: %w", key, err)
	}
	for _, a := range attachments {
		if _, err := tx.ExecContext(ctx, `INSERT INTO mail_outbox_attachments (mail_id, filename, content_type, body)
			VALUES ($1, $2, $3, $4)`, id, a.Filename, a.ContentType, a.Data); err != nil {
			return false, fmt.Errorf("release mail attachment %s: %w", a.Filename, err)
		}
	}
	return true, nil
}

// newKey is a message's stable Message-ID left part: 128 random bits.
func newKey() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// SendDue sends the messages whose time has come and reports how many it
// tried. Several instances may run it at once: each message is claimed
// before it is sent, so it goes out once.
func (o *Outbox) SendDue(ctx context.Context) (int, error) {
	if !o.Enabled() {
		return 0, nil
	}
	ids, err := db.QueryAll(ctx, o.db, "due mail", func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) },
		`SELECT id FROM mail_outbox WHERE status IN ('queued', 'sending') AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT 50`, o.now().UTC())
	if err != nil {
		return 0, err
	}
	tried := 0
	for _, id := range ids {
		if ctx.Err() != nil {
			return tried, nil // stopped: the rest wait for the next sender
		}
		now := o.now().UTC() // the claim's lease counts from the claim
		var m Message
		var attempts int
		var created time.Time
		err := o.db.Tx(ctx, func(tx *sql.Tx) error {
			return tx.QueryRowContext(ctx, `UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, next_attempt_at = $1
				WHERE id = $2 AND status IN ('queued', 'sending') AND next_attempt_at <= $3
				RETURNING kind, to_address, subject, text_body, html_body, message_key, secret, attempts, created_at`,
				now.Add(lease), id, now).Scan(&m.Kind, &m.To, &m.Subject, &m.Text, &m.HTML, &m.ID, &m.Secret, &attempts, &created)
		})
		if db.NoRows(err) {
			continue // another instance has it
		}
		if err != nil {
			return tried, fmt.Errorf("claim mail %d: %w", id, err)
		}
		if m.Attachments, err = o.attachments(ctx, id); err != nil {
			return tried, err
		}
		tried++
		// A claimed message is sent and recorded to the end even when the
		// job is told to stop, or the next sender would send it again after
		// the claim's lease (package sms does the same).
		sending, cancel := context.WithTimeout(context.WithoutCancel(ctx), sendFor)
		err = o.record(sending, id, attempts, created, o.sender.Send(sending, m))
		cancel()
		if err != nil {
			return tried, err
		}
	}
	return tried, nil
}

// record stores how a send ended: sent (a secret body emptied), failed for
// good (a permanent refusal, or GiveUpAfter passed), or queued again after
// a wait.
func (o *Outbox) record(ctx context.Context, id int64, attempts int, created time.Time, sendErr error) error {
	now := o.now().UTC()
	var query string
	var args []any
	var perm *PermanentError
	switch {
	case sendErr == nil:
		query = `UPDATE mail_outbox SET status = 'sent', status_text = '', next_attempt_at = NULL, sent_at = $1,
			text_body = CASE WHEN secret AND NOT $2 THEN '' ELSE text_body END,
			html_body = CASE WHEN secret AND NOT $2 THEN '' ELSE html_body END WHERE id = $3`
		args = []any{now, o.KeepSecrets, id}
	case !errors.As(sendErr, &perm) && now.Add(retryWait(attempts)).Before(created.Add(GiveUpAfter)):
		o.log.WarnContext(ctx, "mail not sent, will try again", "mail", id, "attempts", attempts, "err", sendErr)
		query = `UPDATE mail_outbox SET status = 'queued', status_text = $1, next_attempt_at = $2 WHERE id = $3`
		args = []any{clip(sendErr.Error(), 300), now.Add(retryWait(attempts)), id}
	default:
		o.log.ErrorContext(ctx, "mail not sent, given up", "mail", id, "attempts", attempts, "err", sendErr)
		query = `UPDATE mail_outbox SET status = 'failed', status_text = $1, next_attempt_at = NULL WHERE id = $2`
		args = []any{clip(sendErr.Error(), 300), id}
	}
	if _, err := o.db.Exec(ctx, query, args...); err != nil {
		return fmt.Errorf("record mail %d: %w", id, err)
	}
	return nil
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}

// Run sends due messages every interval until ctx is done.
func (o *Outbox) Run(ctx context.Context, interval time.Duration) {
	every.Run(ctx, interval, o.log, "sending mail", func(ctx context.Context) error {
		_, err := o.SendDue(ctx)
		return err
	})
}

const storedColumns = `id, COALESCE(order_id, 0), kind, to_address, subject, status, attempts, status_text, created_at, sent_at, text_body, html_body`

func scanStored(r db.Scanner) (s Stored, err error) {
	var sent sql.NullTime
	err = r.Scan(&s.ID, &s.OrderID, &s.Kind, &s.To, &s.Subject, &s.Status, &s.Attempts, &s.StatusText, &s.CreatedAt, &sent, &s.Text, &s.HTML)
	if sent.Valid {
		s.SentAt = &sent.Time
	}
	return s, err
}

// ForOrder lists an order's mail, newest first, without attachments.
func (o *Outbox) ForOrder(ctx context.Context, orderID int64) ([]Stored, error) {
	return db.QueryAll(ctx, o.db, "mail of an order", scanStored,
		`SELECT `+storedColumns+` FROM mail_outbox WHERE order_id = $1 ORDER BY id DESC`, orderID)
}

// List returns the latest messages, newest first, with their attachments:
// the dev outbox.
func (o *Outbox) List(ctx context.Context, limit int) ([]Stored, error) {
	out, err := db.QueryAll(ctx, o.db, "outbox", scanStored, `SELECT `+storedColumns+` FROM mail_outbox ORDER BY id DESC LIMIT $1`, limit)
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

// ByStatus counts the messages in each status, for the metrics.
func (o *Outbox) ByStatus(ctx context.Context) (map[string]int, error) {
	type count struct {
		status string
		n      int
	}
	list, err := db.QueryAll(ctx, o.db, "mail by status", func(r db.Scanner) (c count, err error) { return c, r.Scan(&c.status, &c.n) },
		`SELECT status, COUNT(*) FROM mail_outbox GROUP BY status`)
	out := map[string]int{}
	for _, c := range list {
		out[c.status] = c.n
	}
	return out, err
}

// FailedCount counts the messages that could not be sent.
func (o *Outbox) FailedCount(ctx context.Context) (int, error) {
	return o.db.Count(ctx, "failed mail", `SELECT COUNT(*) FROM mail_outbox WHERE status = 'failed'`)
}

// ErrNoSuchMessage answers a resend of a message that does not exist.
var ErrNoSuchMessage = errors.New("no such message")

// ResendTx queues an order's message id again, as a new message with its
// attachments, inside tx (the admin's audit entry shares it), and returns
// the new one.
func (o *Outbox) ResendTx(ctx context.Context, tx *sql.Tx, orderID, id int64) (Message, error) {
	var m Message
	err := tx.QueryRowContext(ctx, `SELECT kind, to_address, subject, text_body, html_body, secret FROM mail_outbox WHERE id = $1 AND order_id = $2`,
		id, orderID).Scan(&m.Kind, &m.To, &m.Subject, &m.Text, &m.HTML, &m.Secret)
	if err != nil {
		return m, db.RowErr(err, ErrNoSuchMessage, "load mail %d", id)
	}
	rows, err := tx.QueryContext(ctx, `SELECT filename, content_type, body FROM mail_outbox_attachments WHERE mail_id = $1 ORDER BY id`, id)
	if err != nil {
		return m, fmt.Errorf("load mail %d attachments: %w", id, err)
	}
	if m.Attachments, err = db.Collect(rows, func(r db.Scanner) (a Attachment, err error) {
		return a, r.Scan(&a.Filename, &a.ContentType, &a.Data)
	}); err != nil {
		return m, fmt.Errorf("load mail %d attachments: %w", id, err)
	}
	_, err = o.EnqueueTx(ctx, tx, "", orderID, m)
	return m, err
}

// Keep is how long a message is kept after it was queued, sent or failed:
// long enough for the admin to see what an order's customer was sent.
const Keep = 90 * 24 * time.Hour

// Prune deletes the messages older than Keep that are no longer waiting,
// and reports how many went.
func (o *Outbox) Prune(ctx context.Context) (int64, error) {
	res, err := o.db.Exec(ctx, `DELETE FROM mail_outbox WHERE created_at < $1 AND status IN ('sent', 'failed')`, o.now().UTC().Add(-Keep))
	if err != nil {
		return 0, fmt.Errorf("prune the outbox: %w", err)
	}
	return res.RowsAffected()
}

// ForgetTx deletes, inside tx, the mail about the given orders and every
// message to email, with their attachments (a receipt names its customer):
// an erasure. Nothing of it is kept for the accounts, which the orders and
// payments hold.
func (o *Outbox) ForgetTx(ctx context.Context, tx *sql.Tx, orderIDs []int64, email string) error {
	cond, arg := o.db.InIDs("order_id", 2, orderIDs)
	which := `SELECT id FROM mail_outbox WHERE lower(to_address) = lower($1) OR ` + cond
	for _, q := range []string{`DELETE FROM mail_outbox_attachments WHERE mail_id IN (` + which + `)`, `DELETE FROM mail_outbox WHERE id IN (` + which + `)`} {
		if _, err := tx.ExecContext(ctx, q, email, arg); err != nil {
			return fmt.Errorf("forget mail: %w", err)
		}
	}
	return nil
}

// ForPerson lists, newest first, the mail about the given orders and every
// message to email: what ForgetTx would delete, for a customer's export.
func (o *Outbox) ForPerson(ctx context.Context, orderIDs []int64, email string) ([]Stored, error) {
	cond, arg := o.db.InIDs("order_id", 2, orderIDs)
	return db.QueryAll(ctx, o.db, "mail of a person", scanStored,
		`SELECT `+storedColumns+` FROM mail_outbox WHERE lower(to_address) = lower($1) OR `+cond+` ORDER BY id DESC`, email, arg)
}
