package ussd

import (
	"crypto/subtle"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"

	"shop/internal/apperr"
	"shop/internal/i18n"
	"shop/internal/phone"
)

// MinSecret is the shortest callback secret that turns USSD on.
const MinSecret = 32

// Handlers answer Africa's Talking. The gateway signs nothing, and the
// phone number it sends decides who is asked to pay, so the secret in the
// path is what proves a request comes from it: a wrong one is a 404 that
// changes nothing.
type Handlers struct {
	Service *Service
	// Secret is SHOP_USSD_CALLBACK_SECRET; shorter than MinSecret: USSD is off.
	Secret string
}

// Enabled reports whether USSD is on.
func (h *Handlers) Enabled() bool { return h != nil && h.Service != nil && len(h.Secret) >= MinSecret }

func (h *Handlers) allowed(r *http.Request) error {
	if !h.Enabled() || subtle.ConstantTimeCompare([]byte(r.PathValue("secret")), []byte(h.Secret)) != 1 {
		return apperr.NotFound("Not found")
	}
	return r.ParseForm()
}

// Menu answers POST /api/ussd/{secret}/ with text/plain "CON …" or "END …".
func (h *Handlers) Menu(w http.ResponseWriter, r *http.Request) error {
	if err := h.allowed(r); err != nil {
		return err
	}
	f := r.PostForm
	out, err := h.Service.Answer(r.Context(), Request{SessionID: f.Get("sessionId"), ServiceCode: f.Get("serviceCode"),
		PhoneNumber: f.Get("phoneNumber"), NetworkCode: f.Get("networkCode"), Text: f.Get("text")})
	if _, ok := apperr.From(err); ok {
		return err
	}
	if err != nil {
		// The gateway ends the session on an error status anyway; a plain
		// END tells the farmer why the screen closed.
		h.Service.Log.ErrorContext(r.Context(), "ussd request failed", "err", err)
		out = "END " + wordsIn(i18n.Kiswahili).nothingNew
	}
	writeText(w, out)
	return nil
}

// Events answers POST /api/ussd/{secret}/events/: Africa's Talking's
// end-of-session notification, stored for the owner's figures. A session
// that placed an order has ended, so its prompt is due now.
func (h *Handlers) Events(w http.ResponseWriter, r *http.Request) error {
	if err := h.allowed(r); err != nil {
		return err
	}
	f := r.PostForm
	session := f.Get("sessionId")
	if session == "" || len(session) > 100 {
		return apperr.Invalid("Unreadable USSD notification.", nil)
	}
	tel, _ := phone.Normalize(f.Get("phoneNumber"))
	hops, _ := strconv.Atoi(f.Get("hopsCount"))
	ms, _ := strconv.ParseInt(f.Get("durationInMillis"), 10, 64)
	s := h.Service
	ctx := r.Context()
	if _, err := s.DB.Exec(ctx, `INSERT INTO ussd_events (session_id, phone, status, input, hops, duration_ms, cost, error_message, received_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, session, tel, clip(f.Get("status"), 40), clip(f.Get("input"), 500), hops, ms,
		clip(f.Get("cost"), 40), clip(f.Get("errorMessage"), 500), s.at(s.now())); err != nil {
		return fmt.Errorf("store ussd notification: %w", err)
	}
	if _, err := s.DB.Exec(ctx, `UPDATE ussd_prompts SET due_at = $1 WHERE session_id = $2 AND sent_at IS NULL AND due_at > $1`,
		s.at(s.now()), session); err != nil {
		return fmt.Errorf("ussd prompt due: %w", err)
	}
	writeText(w, "OK")
	return nil
}

func writeText(w http.ResponseWriter, s string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	_, _ = io.WriteString(w, strings.TrimRight(s, "\n"))
}
