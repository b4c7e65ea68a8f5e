package rider

import (
	"errors"
	"net/http"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/i18n"
)

// Handlers serve the rider's screen: GET /api/rider/deliveries/ and the
// actions on one delivery. Every answer checks the stored role, as the
// back office does: a rider demoted a moment ago is refused at once.
type Handlers struct {
	Service *Service
	// ClientIP finds the address a request came from, for the prompt limits.
	ClientIP func(*http.Request) string
}

// MsgRidersOnly refuses everyone but riders.
const MsgRidersOnly = "This page is for the shop's riders only."

// Func is a rider's handler.
type Func func(w http.ResponseWriter, r *http.Request, who Rider) error

// Handle runs fn for a signed-in user whose stored role is rider.
func (h *Handlers) Handle(fn Func) http.Handler {
	return httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		p, ok := account.PrincipalFrom(r.Context())
		if !ok {
			return apperr.Unauthorized("Please sign in to continue.")
		}
		role, err := h.Service.accounts.RoleByID(r.Context(), p.UserID)
		if err != nil && !errors.Is(err, apperr.ErrNotFound) {
			return err
		}
		if role != account.RoleRider {
			return apperr.Forbidden(MsgRidersOnly)
		}
		w.Header().Set("Cache-Control", "no-store")
		return fn(w, r, Rider{ID: p.UserID, Email: p.Email})
	})
}

// Deliveries answers GET /api/rider/deliveries/?date=YYYY-MM-DD: the
// rider's deliveries of the day (today without a date) and its summary.
func (h *Handlers) Deliveries(w http.ResponseWriter, r *http.Request, who Rider) error {
	date, err := h.Service.ParseDate(r.URL.Query().Get("date"))
	if err != nil {
		return err
	}
	day, err := h.Service.Deliveries(r.Context(), who.ID, date)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, day)
	return nil
}

// Delivery answers GET /api/rider/deliveries/{orderId}/: the screen polls
// it while a prompt waits, and turns green only when paid is true.
func (h *Handlers) Delivery(w http.ResponseWriter, r *http.Request, who Rider) error {
	d, err := h.Service.One(r.Context(), who, r.PathValue("orderId"))
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, d)
	return nil
}

// collectResponse says whether the prompt went out.
type collectResponse struct {
	Success           bool   `json:"success"`
	CheckoutRequestID string `json:"checkoutRequestId"`
	// Existing: a prompt already waited, so none was sent.
	Existing bool   `json:"existing"`
	Message  string `json:"message"`
}

// Collect answers POST /api/rider/deliveries/{orderId}/collect/ {phone?}.
func (h *Handlers) Collect(w http.ResponseWriter, r *http.Request, who Rider) error {
	var in struct {
		Phone string `json:"phone"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	st, err := h.Service.Collect(r.Context(), who, r.PathValue("orderId"), in.Phone, httpx.IPOf(h.ClientIP, r))
	if err != nil {
		return err
	}
	if st.PushErr != nil {
		msg := i18n.Text(r.Context(), MsgPromptFailed)
		httpx.WriteJSON(w, http.StatusBadGateway, map[string]any{"success": false, "error": msg, "message": msg})
		return nil
	}
	status, msg := http.StatusCreated, MsgPromptSent
	if st.Existing {
		status, msg = http.StatusOK, MsgPromptWaiting
	}
	httpx.WriteJSON(w, status, collectResponse{Success: true, CheckoutRequestID: st.CheckoutRequestID, Existing: st.Existing, Message: i18n.Text(r.Context(), msg)})
	return nil
}

// Messages of the door prompt.
const (
	MsgPromptSent    = "The M-Pesa request is on the customer's phone."
	MsgPromptWaiting = "An M-Pesa request is already on the customer's phone: wait for it."
	MsgPromptFailed  = "The M-Pesa request could not be sent. Try again, or ask the customer to pay by Paybill."
)

// Delivered answers POST /api/rider/deliveries/{orderId}/delivered/ {code?}.
func (h *Handlers) Delivered(w http.ResponseWriter, r *http.Request, who Rider) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	d, err := h.Service.Delivered(r.Context(), who, r.PathValue("orderId"), in.Code)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, d)
	return nil
}

// Refused answers POST /api/rider/deliveries/{orderId}/refused/ {reason}.
func (h *Handlers) Refused(w http.ResponseWriter, r *http.Request, who Rider) error {
	var in struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	d, err := h.Service.Refused(r.Context(), who, r.PathValue("orderId"), in.Reason)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, d)
	return nil
}
