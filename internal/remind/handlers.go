package remind

import (
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/hex"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/cart"
	"shop/internal/httpx"
	"shop/internal/order"
	"shop/internal/phone"
	"shop/internal/sms"
)

// MinSecret is the shortest callback secret that turns replies by SMS on.
const MinSecret = 32

// InboundPath is where Africa's Talking posts incoming messages, followed
// by the secret and a slash.
const InboundPath = "/api/sms/inbound/"

// Handlers serve the incoming-SMS callback, "Order again", the reminders
// switch in My Account, the back office's list of replies and the dev
// outbox's reply form.
type Handlers struct {
	Service *Service
	// Secret is SHOP_SMS_CALLBACK_SECRET; shorter than MinSecret: replies are off.
	Secret   string
	Orders   *order.Handlers
	Carts    *cart.Handlers
	Accounts *account.Store
	// Shop serves the dev form's reply as the gateway's request would
	// arrive (--dev only; nil otherwise).
	Shop http.Handler
}

// Enabled reports whether replies by SMS are on.
func (h *Handlers) Enabled() bool {
	return h != nil && h.Service != nil && len(h.Secret) >= MinSecret && h.Service.Queue.Enabled()
}

// Inbound answers POST /api/sms/inbound/{secret}/ (form fields from, to,
// text, date, id, linkId). The gateway signs nothing and the number it
// sends decides who is prompted to pay, so the secret in the path is what
// proves a request is the gateway's: a wrong one is a 404 that changes
// nothing.
func (h *Handlers) Inbound(w http.ResponseWriter, r *http.Request) error {
	if !h.Enabled() || subtle.ConstantTimeCompare([]byte(r.PathValue("secret")), []byte(h.Secret)) != 1 {
		return apperr.NotFound("Not found")
	}
	if err := r.ParseForm(); err != nil {
		return apperr.Invalid("Unreadable incoming message.", nil)
	}
	f := r.PostForm
	if err := h.Service.Receive(r.Context(), Inbound{From: f.Get("from"), To: f.Get("to"), Text: f.Get("text"),
		Date: f.Get("date"), ID: f.Get("id"), LinkID: f.Get("linkId")}); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = w.Write([]byte("OK"))
	return nil
}

// DevReply answers POST /dev/sms/reply (--dev): the outbox's form, posted
// with from and text, is sent to the inbound endpoint form-encoded as
// Africa's Talking would (a fresh id, the date, the short code), then the
// browser goes back to the outbox.
func (h *Handlers) DevReply(w http.ResponseWriter, r *http.Request) error {
	if !h.Enabled() || h.Shop == nil {
		return apperr.NotFound("Not found")
	}
	if err := r.ParseForm(); err != nil {
		return apperr.Invalid("Unreadable form.", nil)
	}
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	form := url.Values{"from": {r.PostForm.Get("from")}, "to": {"21212"}, "text": {r.PostForm.Get("text")},
		"date": {time.Now().UTC().Format("2006-01-02 15:04:05")}, "id": {"dev-" + hex.EncodeToString(b)}, "linkId": {""}}
	req := httptest.NewRequestWithContext(r.Context(), http.MethodPost, InboundPath+h.Secret+"/", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.RemoteAddr = "127.0.0.1:1"
	rec := httptest.NewRecorder()
	h.Shop.ServeHTTP(rec, req)
	if rec.Code != http.StatusOK {
		http.Error(w, "The shop answered "+rec.Body.String(), rec.Code)
		return nil
	}
	http.Redirect(w, r, "/dev/outbox", http.StatusSeeOther)
	return nil
}

// remindersJSON is My Account's switch.
type remindersJSON struct {
	Reminders bool   `json:"reminders"`
	Stopped   bool   `json:"stopped"`
	Phone     string `json:"phone"`
}

// GetReminders answers GET /api/account/reminders/: whether the signed-in
// customer's phone gets a text when a bag runs low.
func (h *Handlers) GetReminders(w http.ResponseWriter, r *http.Request) error {
	tel, err := h.phoneOf(r)
	if err != nil {
		return err
	}
	out := remindersJSON{Phone: tel}
	if tel != "" {
		c, err := sms.ConsentOf(r.Context(), h.Service.DB, tel)
		if err != nil {
			return err
		}
		out.Reminders, out.Stopped = c.Reminders, c.Stopped
	}
	return httpx.WritePrivate(w, http.StatusOK, out)
}

// MsgNoPhone answers a reminders switch for an account without a phone.
const MsgNoPhone = "Add your phone number to your account first."

// SetReminders answers PUT /api/account/reminders/ {reminders}. Ticking it
// also undoes an earlier STOP: the customer has just asked for the texts.
func (h *Handlers) SetReminders(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Reminders *bool `json:"reminders"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Reminders == nil {
		return apperr.InvalidField("reminders", "Choose yes or no.")
	}
	tel, err := h.phoneOf(r)
	if err != nil {
		return err
	}
	if tel == "" {
		return apperr.InvalidField("reminders", MsgNoPhone)
	}
	d := h.Service.DB
	err = d.Tx(r.Context(), func(tx *sql.Tx) error {
		if err := sms.SetRemindersTx(r.Context(), d, tx, tel, *in.Reminders); err != nil {
			return err
		}
		if *in.Reminders {
			_, err := sms.SetStoppedTx(r.Context(), d, tx, tel, false)
			return err
		}
		return nil
	})
	if err != nil {
		return err
	}
	return h.GetReminders(w, r)
}

// phoneOf is the signed-in customer's phone, "" without one.
func (h *Handlers) phoneOf(r *http.Request) (string, error) {
	p, ok := account.PrincipalFrom(r.Context())
	if !ok {
		return "", apperr.Unauthorized("Please sign in to continue.")
	}
	u, err := h.Accounts.UserByID(r.Context(), p.UserID)
	if err != nil {
		return "", err
	}
	tel, _ := phone.Normalize(u.Phone)
	return tel, nil
}
