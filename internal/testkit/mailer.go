package testkit

import (
	"context"
	"database/sql"
	"sync"

	"shop/internal/mail"
)

// Mailer keeps what it is asked to send, checking each message as a real
// mailer would.
type Mailer struct {
	mu   sync.Mutex
	sent []mail.Message
	keys map[string]bool
}

// Send keeps m when it is a message a mail server would take.
func (m *Mailer) Send(_ context.Context, msg mail.Message) error {
	if err := msg.Check(); err != nil {
		return err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sent = append(m.sent, msg)
	return nil
}

// Messages returns what was sent, oldest first.
func (m *Mailer) Messages() []mail.Message {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]mail.Message(nil), m.sent...)
}

// EnqueueTx keeps m as the mail outbox would queue it: once per key, and
// not at all without a recipient. The transaction is not used.
func (m *Mailer) EnqueueTx(_ context.Context, _ *sql.Tx, key string, _ int64, msg mail.Message) (bool, error) {
	if msg.To == "" {
		return false, nil
	}
	m.mu.Lock()
	if key != "" {
		if m.keys[key] {
			m.mu.Unlock()
			return false, nil
		}
		if m.keys == nil {
			m.keys = map[string]bool{}
		}
		m.keys[key] = true
	}
	m.mu.Unlock()
	return true, m.Send(context.Background(), msg)
}

// Release answers as the outbox does for a message already sent: there is
// nothing held to release (this mailer sends at once).
func (m *Mailer) Release(context.Context, string, []mail.Attachment) (bool, error) { return false, nil }
