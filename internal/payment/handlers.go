package payment

import (
	"context"
	"errors"
	"io"
	"net/http"

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
	return acknowledge(w, r, h.Service.HandleCallback)
}

// C2BConfirmation answers Daraja's confirmation of a Paybill payment, once
// it is stored. A wrong secret gets 404 and changes nothing.
func (h *Handlers) C2BConfirmation(w http.ResponseWriter, r *http.Request) error {
	return acknowledge(w, r, h.Service.HandleC2BConfirmation)
}

// C2BValidation accepts a Paybill payment before the money moves.
func (h *Handlers) C2BValidation(w http.ResponseWriter, r *http.Request) error {
	return acknowledge(w, r, h.Service.HandleC2BValidation)
}

// acknowledge reads a body Daraja posted to a URL ending in the callback
// secret, hands it to handle, and answers as Daraja expects.
func acknowledge(w http.ResponseWriter, r *http.Request, handle func(ctx context.Context, secret string, body []byte) error) error {
	body, err := io.ReadAll(r.Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return err
		}
		return apperr.Invalid("Unreadable body.", nil)
	}
	if err := handle(r.Context(), r.PathValue("secret"), body); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"ResultCode": 0, "ResultDesc": "Accepted"})
	return nil
}
