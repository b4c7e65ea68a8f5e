package payment

import (
	"context"
	"errors"
	"io"
	"net/http"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/httpx"
)

// Handlers serves what Daraja posts: STK callbacks and Paybill
// confirmations and validations. The customer's side (placing an order,
// asking again for its money) is package checkout's.
type Handlers struct {
	Service *Service
}

// Callback answers Daraja's POST to the callback URL, quickly, with the
// acknowledgement it expects. A wrong secret gets 404 and changes nothing.
func (h *Handlers) Callback(w http.ResponseWriter, r *http.Request) error {
	return h.acknowledge(w, r, h.Service.HandleCallback)
}

// C2BConfirmation answers Daraja's confirmation of a Paybill payment, once
// it is stored. A wrong secret gets 404 and changes nothing.
func (h *Handlers) C2BConfirmation(w http.ResponseWriter, r *http.Request) error {
	return h.acknowledge(w, r, h.Service.HandleC2BConfirmation)
}

// Result answers Daraja's result of a refund, of a Transaction Status
// query or of an Account Balance query. A wrong secret gets 404 and changes
// nothing.
func (h *Handlers) Result(w http.ResponseWriter, r *http.Request) error {
	return h.acknowledge(w, r, h.Service.HandleResult)
}

// Timeout answers Daraja saying a request timed out in its queue.
func (h *Handlers) Timeout(w http.ResponseWriter, r *http.Request) error {
	return h.acknowledge(w, r, h.Service.HandleTimeout)
}

// keepsBroken: a Paybill confirmation is money reported, so one whose body
// is not UTF-8 is still kept (as text) for a person, and answered 400.
var keepsBroken = map[string]bool{"POST " + C2BConfirmationPath + "{secret}/{$}": true}

// C2BValidation accepts a Paybill payment before the money moves.
func (h *Handlers) C2BValidation(w http.ResponseWriter, r *http.Request) error {
	return h.acknowledge(w, r, h.Service.HandleC2BValidation)
}

// errUnreadableBody answers a callback body the shop cannot read.
var errUnreadableBody = apperr.Invalid("Unreadable body.", nil)

// acknowledge reads a body Daraja posted to a URL ending in the callback
// secret, hands it to handle, and answers as Daraja expects. A body that is
// not UTF-8 is not JSON Daraja sent: refused before anything keeps it (a
// parked callback keeps its body), after the secret, so that a wrong one
// still tells nothing. The push's status query and the Paybill pull still
// find a payment it may have been about.
func (h *Handlers) acknowledge(w http.ResponseWriter, r *http.Request, handle func(ctx context.Context, secret string, body []byte) error) error {
	secret := r.PathValue("secret")
	if err := h.Service.checkSecret(secret); err != nil {
		return err
	}
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return err
		}
		return errUnreadableBody
	}
	if !utf8.Valid(body) {
		h.Service.log.WarnContext(r.Context(), "mpesa callback whose body is not UTF-8: refused", "path", r.Pattern)
		if keepsBroken[r.Pattern] {
			return h.Service.keepUnreadable(r.Context(), body, "the body is not UTF-8")
		}
		return errUnreadableBody
	}
	if err := handle(r.Context(), secret, body); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"ResultCode": 0, "ResultDesc": "Accepted"})
	return nil
}
