// Package content holds what visitors send the shop outside an order:
// newsletter sign-ups and contact-form messages. Both are stored (docs/architecture.md
// section 3: the shop's own API replaces docs/product.md's hosting form service), and
// validated with the same rules and messages as the web forms.
package content

import (
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/account"
	"shop/internal/apperr"
)

// Subjects a contact message can have (docs/product.md section 5), in the form's order.
var Subjects = []string{"general", "order", "custom", "wholesale", "press"}

// Length limits of the fields, in characters; the table's CHECKs match.
const (
	MaxNameLength    = 100
	MaxEmailLength   = 254
	MaxMessageLength = 5000
)

// The messages of the contact and newsletter forms. The web forms
// (web/src/shared/domain/contentRules.ts) use the same words.
const (
	MsgInvalidForm     = "Please correct the highlighted fields."
	MsgNameRequired    = "Name is required"
	MsgNameTooLong     = "Name must be at most 100 characters"
	MsgSubjectRequired = "Please choose a subject"
	MsgMessageRequired = "Message is required"
	MsgMessageTooLong  = "Message must be at most 5000 characters"
	MsgSubscribed      = "Thank you for subscribing! Look out for farming tips and offers in your inbox."
	MsgContactThankYou = "Thank you for your message. We will reply within 24 hours."
	msgEmailRequired   = account.MsgEmailRequired
	msgEmailInvalid    = account.MsgEmailInvalid
)

// Message is a contact-form message.
type Message struct {
	ID        int64      `json:"id"`
	Name      string     `json:"name"`
	Email     string     `json:"email"`
	Subject   string     `json:"subject"`
	Message   string     `json:"message"`
	CreatedAt time.Time  `json:"created_at"`
	HandledAt *time.Time `json:"handled_at"`
}

// Subscriber is a newsletter sign-up.
type Subscriber struct {
	ID        int64     `json:"id"`
	Email     string    `json:"email"`
	CreatedAt time.Time `json:"created_at"`
}

// NewMessage is what the contact form sends.
type NewMessage struct {
	Name    string `json:"name"`
	Email   string `json:"email"`
	Subject string `json:"subject"`
	Message string `json:"message"`
}

// Normalize trims the fields the way they are stored.
func (m NewMessage) Normalize() NewMessage {
	return NewMessage{
		Name:    strings.TrimSpace(m.Name),
		Email:   strings.TrimSpace(m.Email),
		Subject: strings.TrimSpace(m.Subject),
		// Line breaks inside a message matter; only the ends are trimmed.
		Message: strings.TrimSpace(m.Message),
	}
}

// Check validates a normalized message: nil, or an apperr.Invalid with a
// message per bad field.
func (m NewMessage) Check() error {
	fields := map[string]string{}
	switch n := utf8.RuneCountInString(m.Name); {
	case n == 0:
		fields["name"] = MsgNameRequired
	case n > MaxNameLength:
		fields["name"] = MsgNameTooLong
	}
	if msg := CheckEmail(m.Email); msg != "" {
		fields["email"] = msg
	}
	if !isSubject(m.Subject) {
		fields["subject"] = MsgSubjectRequired
	}
	switch n := utf8.RuneCountInString(m.Message); {
	case n == 0:
		fields["message"] = MsgMessageRequired
	case n > MaxMessageLength:
		fields["message"] = MsgMessageTooLong
	}
	if len(fields) > 0 {
		return apperr.Invalid(MsgInvalidForm, fields)
	}
	return nil
}

// CheckEmail returns the form's message for a bad email address, or "".
// The rules are the account's (docs/product.md section 5), so every form of the shop
// accepts the same addresses.
func CheckEmail(email string) string {
	if strings.TrimSpace(email) == "" {
		return msgEmailRequired
	}
	if utf8.RuneCountInString(email) > MaxEmailLength {
		return msgEmailInvalid
	}
	return account.CheckEmail(email)
}

func isSubject(s string) bool {
	for _, v := range Subjects {
		if s == v {
			return true
		}
	}
	return false
}
