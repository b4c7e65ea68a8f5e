package content

import (
	"log/slog"
	"net/http"

	"shop/internal/httpx"
)

// Handlers serves the newsletter and contact endpoints.
type Handlers struct {
	Store *Store
}

// Reply is the answer to a sign-up or a contact message.
type Reply struct {
	Message string `json:"message"`
}

// Subscribe answers POST /api/newsletter/ {email}: 201 for a new address,
// 200 with the same words for one already subscribed, so signing up twice is
// not an error and nobody learns whether an address is on the list.
func (h *Handlers) Subscribe(w http.ResponseWriter, r *http.Request) error {
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
