package sms

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"shop/internal/db"
	"shop/internal/every"
)

// Message is a queued text message and what became of it.
type Message struct {
	ID      int64  `json:"id"`
	OrderID int64  `json:"-"`
	Kind    string `json:"kind"`
	To      string `json:"to"`
	Body    string `json:"body"`
	// Status is queued, sending, sent or failed.
	Status     string     `json:"status"`
	Attempts   int        `json:"attempts"`
	StatusCode int        `json:"status_code"`
	StatusText string     `json:"status_text"`
	CreatedAt  time.Time  `json:"created_at"`
	SentAt     *time.Time `json:"sent_at"`
}

// Queue keeps messages in the database and sends them through a gateway.
type Queue struct {
	db  *db.DB
	gw  Gateway // nil: SMS is not configured, nothing is queued
	log *slog.Logger
	now func() time.Time
}

// NewQueue returns a queue on d sending through gw (nil: SMS off).
func NewQueue(d *db.DB, gw Gateway, log *slog.Logger) *Queue {
	return &Queue{db: d, gw: gw, log: log, now: time.Now}
}

// Enabled reports whether messages are sent at all.
func (q *Queue) Enabled() bool { return q != nil && q.gw != nil }

// Sending timing: a message is tried up to maxAttempts times, waiting
// longer each time; a claimed message whose sender died is tried again
// after the lease. One instance sends at a time (the job's lease, package
// lease), and a sender told to stop finishes the message in hand, so the
// claim only waits out a sender that died mid-send: longer than the
// client's 20-second timeout, so a slow answer is never sent twice.
const (
	maxAttempts = 8
	lease       = 45 * time.Second
	// sendFor bounds one claimed message's send and record: the client's
	// 20-second timeout and the record, ending before the claim's lease so
	// no other sender can claim a message still in flight.
	sendFor = 30 * time.Second
)

func backoff(attempts int) time.Duration {
	return min(30*time.Second<<min(attempts-1, 6), 30*time.Minute)
}

// EnqueueTx queues body to phone (254XXXXXXXXX) inside tx. key makes the
// queueing idempotent: a second message with the same key is not queued
// ("" for none). It reports whether the message was queued.
func (q *Queue) EnqueueTx(ctx context.Context, tx *sql.Tx, key string, orderID int64, kind, phone, body string) (bool, error) {
	if !q.Enabled() {
		return false, nil
	}
	var k, o any
	if key != "" {
		k = key
	}
	if orderID != 0 {
		o = orderID
	}
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO sms_messages (dedupe_key, order_id, kind, recipient, body, status, next_attempt_at)
		VALUES ($1, $2, $3, $4, $5, 'queued', $6) ON CONFLICT (dedupe_key) DO NOTHING RETURNING id`,
		k, o, kind, phone, body, q.now().UTC()).Scan(&id)
	if err != nil {
		return false, db.RowErr(err, nil, "queue sms %s", kind)
	}
	return true, nil
}

// SendDue sends the messages whose time has come and reports how many it
// tried. Several instances may run it at once: each message is claimed
// before it is sent, so it goes out once.
func (q *Queue) SendDue(ctx context.Context) (int, error) {
	if !q.Enabled() {
		return 0, nil
	}
	ids, err := db.QueryAll(ctx, q.db, "due sms", func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) },
		`SELECT id FROM sms_messages WHERE status IN ('queued', 'sending') AND next_attempt_at <= $1 ORDER BY next_attempt_at, id LIMIT 50`, q.now().UTC())
	if err != nil {
		return 0, err
	}
	tried := 0
	for _, id := range ids {
		if ctx.Err() != nil {
			return tried, nil // stopped (the job's lease lost, a shutdown): the rest wait for the next sender
		}
		// The claim's lease counts from the claim, not from the batch's
		// start, so a message claimed late in a slow batch keeps its full
		// lease while it is sent.
		now := q.now().UTC()
		var m Message
		err := q.db.Tx(ctx, func(tx *sql.Tx) error {
			return tx.QueryRowContext(ctx, `UPDATE sms_messages SET status = 'sending', attempts = attempts + 1, next_attempt_at = $1
				WHERE id = $2 AND status IN ('queued', 'sending') AND next_attempt_at <= $3 RETURNING recipient, body, attempts`,
				now.Add(lease), id, now).Scan(&m.To, &m.Body, &m.Attempts)
		})
		if db.NoRows(err) {
			continue // another instance has it
		}
		if err != nil {
			return tried, fmt.Errorf("claim sms %d: %w", id, err)
		}
		tried++
		// A claimed message is sent and recorded to the end even when the
		// job is told to stop: cut off half-way, the gateway may have taken
		// it with no record of that, and the next sender would send it again
		// after the claim's lease.
		sending, cancel := context.WithTimeout(context.WithoutCancel(ctx), sendFor)
		res, err := q.gw.Send(sending, "+"+m.To, m.Body)
		err = q.record(sending, id, m.Attempts, res, err)
		cancel()
		if err != nil {
			return tried, err
		}
	}
	return tried, nil
}

// record stores how a send ended: sent, failed for good (a refusal, or
// too many tries), or queued again after a backoff.
func (q *Queue) record(ctx context.Context, id int64, attempts int, res Result, sendErr error) error {
	now := q.now().UTC()
	var temp *TemporaryError
	status, text := "sent", res.Status
	var next any
	switch {
	case sendErr == nil && res.Sent():
	case errors.As(sendErr, &temp) && attempts < maxAttempts:
		status, text, next = "queued", temp.Error(), now.Add(backoff(attempts))
	case sendErr != nil:
		status, text = "failed", sendErr.Error()
	default:
		status = "failed"
	}
	if status != "sent" {
		q.log.WarnContext(ctx, "sms not sent", "sms", id, "status", status, "code", res.Code, "reason", text, "attempts", attempts)
	}
	var sentAt any
	if status == "sent" {
		sentAt = now
	}
	_, err := q.db.Exec(ctx, `UPDATE sms_messages SET status = $1, status_code = $2, status_text = $3, provider_id = $4, cost = $5,
		next_attempt_at = $6, sent_at = $7 WHERE id = $8`, status, res.Code, clip(text, 300), res.MessageID, res.Cost, next, sentAt, id)
	if err != nil {
		return fmt.Errorf("record sms %d: %w", id, err)
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
func (q *Queue) Run(ctx context.Context, interval time.Duration) {
	every.Run(ctx, interval, q.log, "sending sms", func(ctx context.Context) error {
		_, err := q.SendDue(ctx)
		return err
	})
}

const messageColumns = `id, COALESCE(order_id, 0), kind, recipient, body, status, attempts, status_code, status_text, created_at, sent_at`

func scanMessage(r db.Scanner) (m Message, err error) {
	var sent sql.NullTime
	err = r.Scan(&m.ID, &m.OrderID, &m.Kind, &m.To, &m.Body, &m.Status, &m.Attempts, &m.StatusCode, &m.StatusText, &m.CreatedAt, &sent)
	if sent.Valid {
		m.SentAt = &sent.Time
	}
	return m, err
}

// ForOrder lists an order's messages, newest first.
func (q *Queue) ForOrder(ctx context.Context, orderID int64) ([]Message, error) {
	return db.QueryAll(ctx, q.db, "sms of an order", scanMessage,
		`SELECT `+messageColumns+` FROM sms_messages WHERE order_id = $1 ORDER BY id DESC`, orderID)
}

// Latest lists the newest messages, for the dev outbox.
func (q *Queue) Latest(ctx context.Context, limit int) ([]Message, error) {
	return db.QueryAll(ctx, q.db, "latest sms", scanMessage, `SELECT `+messageColumns+` FROM sms_messages ORDER BY id DESC LIMIT $1`, limit)
}

// ByStatus counts the messages in each status, for the metrics.
func (q *Queue) ByStatus(ctx context.Context) (map[string]int, error) {
	type count struct {
		status string
		n      int
	}
	list, err := db.QueryAll(ctx, q.db, "sms by status", func(r db.Scanner) (c count, err error) { return c, r.Scan(&c.status, &c.n) },
		`SELECT status, COUNT(*) FROM sms_messages GROUP BY status`)
	out := map[string]int{}
	for _, c := range list {
		out[c.status] = c.n
	}
	return out, err
}

// FailedCount counts the messages that could not be sent.
func (q *Queue) FailedCount(ctx context.Context) (int, error) {
	return q.db.Count(ctx, "failed sms", `SELECT COUNT(*) FROM sms_messages WHERE status = 'failed'`)
}

// ErrNoSuchMessage answers a resend of a message that does not exist.
var ErrNoSuchMessage = errors.New("no such message")

// ResendTx queues message id again, as a new message, inside tx (the
// admin's audit entry shares it), and returns the new one's recipient.
func (q *Queue) ResendTx(ctx context.Context, tx *sql.Tx, orderID, id int64) (Message, error) {
	var m Message
	err := tx.QueryRowContext(ctx, `SELECT kind, recipient, body FROM sms_messages WHERE id = $1 AND order_id = $2`, id, orderID).
		Scan(&m.Kind, &m.To, &m.Body)
	if err != nil {
		return m, db.RowErr(err, ErrNoSuchMessage, "load sms %d", id)
	}
	_, err = q.EnqueueTx(ctx, tx, "", orderID, m.Kind, m.To, m.Body)
	return m, err
}

// ForgetOrdersTx empties the recipient and body of the messages about the
// given orders inside tx, for an erasure: the rows stay, with their status
// and cost, for the accounts.
func (q *Queue) ForgetOrdersTx(ctx context.Context, tx *sql.Tx, orderIDs []int64) error {
	if len(orderIDs) == 0 {
		return nil
	}
	cond, arg := q.db.InIDs("order_id", 1, orderIDs)
	if _, err := tx.ExecContext(ctx, `UPDATE sms_messages SET recipient = '', body = '' WHERE `+cond, arg); err != nil {
		return fmt.Errorf("forget sms: %w", err)
	}
	return nil
}

// ForOrders lists the messages about the given orders, newest first: what
// ForgetOrdersTx would empty, for a customer's export.
func (q *Queue) ForOrders(ctx context.Context, orderIDs []int64) ([]Message, error) {
	cond, arg := q.db.InIDs("order_id", 1, orderIDs)
	return db.QueryAll(ctx, q.db, "sms of orders", scanMessage, `SELECT `+messageColumns+` FROM sms_messages WHERE `+cond+` ORDER BY id DESC`, arg)
}
