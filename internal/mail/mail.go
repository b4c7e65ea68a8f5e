// Package mail sends the shop's email: password-reset links and order mail.
// Production sends through an SMTP server (SHOP_SMTP_URL); in --dev
// mail goes to an outbox in the database that /dev/outbox lists, so a person
// can click a link without a mail server.
package mail

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/mail"
	"strings"
	"time"
)

// Message is one email. Text is required; HTML is an optional richer copy of
// the same content.
type Message struct {
	// Kind names what the message is for ("order-paid", "password-reset"),
	// for the admin and the logs.
	Kind        string
	To          string
	Subject     string
	Text        string
	HTML        string
	Attachments []Attachment
	// Secret marks a body that carries a key (a password-reset link): the
	// outbox empties it once sent.
	Secret bool
	// ID is the Message-ID's left part, the same on every attempt; the
	// sender adds its own domain ("" : a new one each time).
	ID string
	// HoldUntil, when later than now, keeps a queued message back until
	// then, or until Release: the order mail waits for KRA's signature on
	// its receipt (docs/etims.md, "The receipt").
	HoldUntil time.Time
}

// Attachment is a file sent with a message, such as an order's receipt.
type Attachment struct {
	Filename    string
	ContentType string
	Data        []byte
}

// Mailer sends a message. Implementations are safe for concurrent use.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// Check reports what is wrong with m before any mailer tries to send it.
func (m Message) Check() error {
	a, err := mail.ParseAddress(m.To)
	if err != nil || a.Name != "" || a.Address != strings.TrimSpace(m.To) {
		return fmt.Errorf("mail: recipient %q is not one plain address", m.To)
	}
	if strings.TrimSpace(m.Subject) == "" || strings.ContainsAny(m.Subject, "\r\n") {
		return errors.New("mail: the subject must be one non-empty line")
	}
	if strings.TrimSpace(m.Text) == "" {
		return errors.New("mail: the text body is empty")
	}
	for _, a := range m.Attachments {
		if a.Filename == "" || strings.ContainsAny(a.Filename, "\r\n\"/\\") || a.ContentType == "" || len(a.Data) == 0 {
			return fmt.Errorf("mail: attachment %q needs a plain file name, a content type and content", a.Filename)
		}
	}
	return nil
}

// PermanentError is a refusal that trying again would not change: an SMTP
// server's 5xx answer. Any other error is taken as temporary.
type PermanentError struct{ Err error }

func (e *PermanentError) Error() string { return e.Err.Error() }
func (e *PermanentError) Unwrap() error { return e.Err }

// Unsent stands in for a mail server in production when SHOP_SMTP_URL is
// not set: it logs that a message was not sent, with its recipient and
// subject but never its body, which may hold a link that signs someone in.
type Unsent struct{ Log *slog.Logger }

func (u Unsent) Send(ctx context.Context, m Message) error {
	if err := m.Check(); err != nil {
		return err
	}
	u.Log.WarnContext(ctx, "mail not sent: SHOP_SMTP_URL is not set", "to", m.To, "subject", m.Subject)
	return nil
}
