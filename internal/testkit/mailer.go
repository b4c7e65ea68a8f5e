package testkit

import (
	"context"
	"sync"

	"shop/internal/mail"
)

// Mailer keeps what it is asked to send, checking each message as a real
// mailer would.
type Mailer struct {
	mu   sync.Mutex
	sent []mail.Message
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
