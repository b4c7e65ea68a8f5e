// Package apperr holds the errors the domains return for a person to read.
// The HTTP layer turns them into status codes in one place (httpx.WriteError);
// any other error is an internal failure and its details stay in the log.
package apperr

import (
	"errors"
	"strings"
	"time"
)

// Kind says what went wrong from the caller's point of view.
type Kind int

const (
	KindInvalid Kind = iota + 1
	KindNotFound
	KindConflict
	KindUnauthorized
	KindForbidden
	KindTooManyRequests
	KindUnavailable
	KindUnsupportedMediaType
	KindMethodNotAllowed
)

// Error is an error whose message is safe to show to the user.
type Error struct {
	Kind    Kind
	Message string
	// Fields maps a form field to its message, for validation errors.
	Fields map[string]string
	// RetryAfter, when set, tells the client how long to wait.
	RetryAfter time.Duration
	// Code, when set, names the error for a program to act on (the web app
	// opens the two-step set-up screen on "mfa_setup_required"): the
	// message is translated, the code never is.
	Code string
	// joined names the fields whose messages make up Message
	// (InvalidFields), so a translation can join them again.
	joined []string
}

func (e *Error) Error() string { return e.Message }

// Unwrap lets errors.Is(err, ErrNotFound) hold for NotFound errors.
func (e *Error) Unwrap() error {
	if e.Kind == KindNotFound {
		return ErrNotFound
	}
	return nil
}

// ErrNotFound is wrapped by lookups that find nothing, so callers can test
// with errors.Is without depending on the message.
var ErrNotFound = errors.New("not found")

// NotFound reports a missing resource with a message for the user.
func NotFound(msg string) error { return &Error{Kind: KindNotFound, Message: msg} }

// Invalid reports bad input. fields may be nil.
func Invalid(msg string, fields map[string]string) error {
	return &Error{Kind: KindInvalid, Message: msg, Fields: fields}
}

// MsgFixFields is the whole form's message when some of its fields are
// wrong, each field carrying its own (docs/product.md, section 5).
const MsgFixFields = "Please correct the highlighted fields."

// FixFields reports a form's bad fields under MsgFixFields, or nil when
// none is bad.
func FixFields(bad map[string]string) error {
	if len(bad) == 0 {
		return nil
	}
	return Invalid(MsgFixFields, bad)
}

// InvalidField reports bad input in one field, msg being both the answer's
// message and the field's.
func InvalidField(field, msg string) error {
	return Invalid(msg, map[string]string{field: msg})
}

// InvalidFields reports bad input in several fields at once. The message
// joins the fields' messages in the order given, so it reads the same every
// time; fields not in order appear only under their own name.
func InvalidFields(fields map[string]string, order ...string) error {
	msgs := make([]string, 0, len(fields))
	for _, name := range order {
		if m, ok := fields[name]; ok {
			msgs = append(msgs, m)
		}
	}
	return &Error{Kind: KindInvalid, Message: strings.Join(msgs, " "), Fields: fields, joined: order}
}

// Translated returns the message and the fields' messages passed through
// tr. A message InvalidFields joined from its fields is joined again from
// the translated fields, in the same order, so it needs no translation of
// its own.
func (e *Error) Translated(tr func(string) string) (string, map[string]string) {
	var fields map[string]string
	if e.Fields != nil {
		fields = make(map[string]string, len(e.Fields))
		for k, m := range e.Fields {
			fields[k] = tr(m)
		}
	}
	if e.joined == nil {
		return tr(e.Message), fields
	}
	msgs := make([]string, 0, len(fields))
	for _, name := range e.joined {
		if m, ok := fields[name]; ok {
			msgs = append(msgs, m)
		}
	}
	return strings.Join(msgs, " "), fields
}

// Conflict reports input that clashes with stored state (a taken slug).
func Conflict(msg string) error { return &Error{Kind: KindConflict, Message: msg} }

// Unauthorized reports a missing or bad credential.
func Unauthorized(msg string) error { return &Error{Kind: KindUnauthorized, Message: msg} }

// Forbidden reports a known user without the right to act.
func Forbidden(msg string) error { return &Error{Kind: KindForbidden, Message: msg} }

// ForbiddenCode is Forbidden with a code a program can act on.
func ForbiddenCode(msg, code string) error {
	return &Error{Kind: KindForbidden, Message: msg, Code: code}
}

// TooManyRequests reports a rate limit, with how long to wait.
func TooManyRequests(msg string, retryAfter time.Duration) error {
	return &Error{Kind: KindTooManyRequests, Message: msg, RetryAfter: retryAfter}
}

// Unavailable reports a feature that cannot work now (not configured, upstream down).
func Unavailable(msg string) error { return &Error{Kind: KindUnavailable, Message: msg} }

// UnsupportedMediaType reports a body sent in a form the endpoint does not take.
func UnsupportedMediaType(msg string) error {
	return &Error{Kind: KindUnsupportedMediaType, Message: msg}
}

// MethodNotAllowed reports a request to a known address with a method it
// does not take; the HTTP layer names the ones it takes.
func MethodNotAllowed(msg string) error { return &Error{Kind: KindMethodNotAllowed, Message: msg} }

// From finds the *Error in err's chain.
func From(err error) (*Error, bool) {
	var e *Error
	if errors.As(err, &e) {
		return e, true
	}
	return nil, false
}
