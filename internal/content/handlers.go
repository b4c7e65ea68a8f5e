package content

import (
	"log/slog"
	"net/http"
	"time"

	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/ratelimit"
)

// Handlers serves the newsletter and contact endpoints.
type Handlers struct {
	Store *Store
	// ClientIP finds the address a request came from; nil: the peer's.
	ClientIP func(*http.Request) string
	// Limiter counts posts per address in the database, so the limits hold
	// across instances; nil means no limit.
	Limiter *ratelimit.Limiter
	// Per address: SubscribeLimit sign-ups and ContactLimit messages.
	SubscribeLimit, ContactLimit ratelimit.Limit
}

// Default limits, per address: generous for a family or a cooperative
// sharing one connection, useless for a script.
func DefaultLimits() (subscribe, contact ratelimit.Limit) {
	return ratelimit.Limit{Max: 10, Window: 10 * time.Minute}, ratelimit.Limit{Max: 5, Window: 10 * time.Minute}
}

const msgTooMany = "You have sent this form many times in a short while. Please wait a few minutes, or call us."

// allow reserves one post of the form in bucket, before the post is
// stored, so parallel posts cannot slip past the count.
func (h *Handlers) allow(r *http.Request, form string, l ratelimit.Limit) error {
	if h.Limiter == nil {
		return nil
	}
	ip := httpx.RemoteIP(r)
	if h.ClientIP != nil {
		ip = h.ClientIP(r)
	}
	_, wait, err := h.Limiter.Reserve(r.Context(), ratelimit.Check{Bucket: ratelimit.IPBucket(form+":ip:", ip), Limit: l})
	if err != nil {
		return err
	}
	if wait > 0 {
		return apperr.TooManyRequests(msgTooMany, wait)
	}
	return nil
}

// Reply is the answer to a sign-up or a contact message.
type Reply struct {
	Message string `json:"message"`
}

// Subscribe answers POST /api/newsletter/ {email}: 201 for a new address,
// 200 with the same words for one already subscribed, so signing up twice is
// not an error and nobody learns whether an address is on the list.
func (h *Handlers) Subscribe(w http.ResponseWriter, r *http.Request) error {
	if err := h.allow(r, "newsletter", h.SubscribeLimit); err != nil {
		return err
	}
	var in struct {
		Email string `json:"email"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	created, err := h.Store.Subscribe(r.Context(), in.Email)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return httpx.WritePrivate(w, status, Reply{Message: i18n.Text(r.Context(), MsgSubscribed)})
}

// Contact answers POST /api/contact/ {name, email, subject, message}.
func (h *Handlers) Contact(w http.ResponseWriter, r *http.Request) error {
	if err := h.allow(r, "contact", h.ContactLimit); err != nil {
		return err
	}
	var in NewMessage
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	m, err := h.Store.SaveMessage(r.Context(), in)
	if err != nil {
		return err
	}
	// The log line tells whoever watches it that a message waits; the
	// message itself (personal data) stays in the database.
	slog.InfoContext(r.Context(), "contact message received", "id", m.ID, "subject", m.Subject)
	return httpx.WritePrivate(w, http.StatusCreated, Reply{Message: i18n.Text(r.Context(), MsgContactThankYou)})
}
