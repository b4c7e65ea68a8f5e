package content

import (
	"log/slog"
	"net/http"
	"time"

	"shop/internal/apperr"
	"shop/internal/httpx"
)

// Handlers serves the newsletter and contact endpoints.
type Handlers struct {
	Store *Store
	// ClientIP finds the address a request came from; nil: the peer's.
	ClientIP func(*http.Request) string
	// Per address: SubscribeLimit sign-ups and ContactLimit messages; nil
	// means no limit.
	SubscribeLimit, ContactLimit *Limiter
}

// Default limits, per address: generous for a family or a cooperative
// sharing one connection, useless for a script.
func DefaultLimits() (subscribe, contact *Limiter) {
	return NewLimiter(10, 10*time.Minute), NewLimiter(5, 10*time.Minute)
}

const msgTooMany = "You have sent this form many times in a short while. Please wait a few minutes, or call us."

func (h *Handlers) allow(r *http.Request, l *Limiter) error {
	if l == nil {
		return nil
	}
	ip := httpx.RemoteIP(r)
	if h.ClientIP != nil {
		ip = h.ClientIP(r)
	}
	if ok, wait := l.Allow(ip); !ok {
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
	if err := h.allow(r, h.SubscribeLimit); err != nil {
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
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, status, Reply{Message: MsgSubscribed})
	return nil
}

// Contact answers POST /api/contact/ {name, email, subject, message}.
func (h *Handlers) Contact(w http.ResponseWriter, r *http.Request) error {
	if err := h.allow(r, h.ContactLimit); err != nil {
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
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusCreated, Reply{Message: MsgContactThankYou})
	return nil
}
