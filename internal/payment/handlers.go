package payment

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"unicode/utf8"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/order"
)

// Handlers serves the payment API.
type Handlers struct {
	Service *Service
	Carts   order.CartResolver
	// ClientIP finds the address a request came from, for the prompt limits.
	ClientIP func(*http.Request) string
}

// initiateRequest is docs/product.md's mobile-money payload. amount, orderId and
// items are read but not trusted: the order is made from the stored cart at
// the catalogue's prices.
type initiateRequest struct {
	Phone        string `json:"phone"`
	CustomerInfo struct {
		Name      string `json:"name"`
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Email     string `json:"email"`
		Phone     string `json:"phone"`
	} `json:"customerInfo"`
	ShippingAddress struct {
		Address    string `json:"address"`
		City       string `json:"city"`
		County     string `json:"county"`
		PostalCode string `json:"postalCode"`
	} `json:"shippingAddress"`
	// Delivery is the option chosen from GET /api/delivery/options/;
	// without it, home delivery to the county. A fee sent with it is ignored.
	Delivery struct {
		Option string `json:"option"`
	} `json:"delivery"`
}

type initiateResponse struct {
	Success           bool   `json:"success"`
	OrderID           string `json:"orderId"`
	CheckoutRequestID string `json:"checkoutRequestId"`
	Message           string `json:"message"`
	// OrderToken lets this browser read the order; order ids are guessable.
	OrderToken string `json:"orderToken,omitempty"`
}

// Initiate answers POST /api/payments/mpesa/initiate/: it makes the order
// from the cart and sends the STK push. 201 when the push is on its way; 502
// with the order when M-Pesa refused the push (the customer can retry).
func (h *Handlers) Initiate(w http.ResponseWriter, r *http.Request) error {
	var in initiateRequest
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	first, last := in.CustomerInfo.FirstName, in.CustomerInfo.LastName
	if first == "" && last == "" {
		first, last, _ = strings.Cut(strings.TrimSpace(in.CustomerInfo.Name), " ")
	}
	c := order.Checkout{
		FirstName: first, LastName: last, Email: in.CustomerInfo.Email, Phone: in.CustomerInfo.Phone,
		Address: in.ShippingAddress.Address, City: in.ShippingAddress.City, County: in.ShippingAddress.County,
		PostalCode: in.ShippingAddress.PostalCode, PaymentMethod: "mpesa", MpesaPhone: in.Phone,
		DeliveryOption: in.Delivery.Option,
	}
	if err := c.Validate(); err != nil {
		return err
	}
	if !h.Service.Enabled() {
		return ErrNotConfigured
	}
	cartID, err := h.Carts.Resolve(w, r, false)
	if err != nil {
		return err
	}
	if cartID == 0 {
		return order.ErrEmptyCart
	}
	n := order.New{Checkout: c, CartID: cartID, Lang: i18n.From(r.Context())}
	if p, ok := account.PrincipalFrom(r.Context()); ok {
		n.UserID = p.UserID
	}
	st, err := h.Service.Checkout(r.Context(), n, httpx.IPOf(h.ClientIP, r))
	if err != nil {
		return err
	}
	return writeStarted(w, r, st, st.AccessToken)
}

// writeStarted answers a checkout or a retry, its words in the request's language.
func writeStarted(w http.ResponseWriter, r *http.Request, st Started, token string) error {
	out := initiateResponse{OrderID: st.Order.Number, CheckoutRequestID: st.CheckoutRequestID, OrderToken: token}
	if st.PushErr != nil {
		out.Message = i18n.Text(r.Context(), MsgPushFailed)
		httpx.WriteJSON(w, http.StatusBadGateway, struct {
			initiateResponse
			Error string `json:"error"`
		}{out, out.Message})
		return nil
	}
	out.Success, out.Message = true, i18n.Text(r.Context(), MsgPushSent)
	status := http.StatusCreated
	if st.Existing {
		status = http.StatusOK
	}
	httpx.WriteJSON(w, status, out)
	return nil
}

// Retry answers POST /api/orders/{orderId}/pay/ {phone}: a new push for an
// unpaid order, for whoever may read the order.
func (h *Handlers) Retry(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Phone string `json:"phone"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	phone, ok := account.NormalizePhone(in.Phone)
	if !ok {
		msg := order.MsgPhoneInvalid
		if strings.TrimSpace(in.Phone) == "" {
			msg = order.MsgMpesaPhone
		}
		return apperr.Invalid(msg, map[string]string{"phone": msg})
	}
	v := order.ViewerOf(r)
	var err error
	if v.CartID, err = h.Carts.Resolve(w, r, false); err != nil {
		return err
	}
	o, err := h.Service.orders.ForViewer(r.Context(), r.PathValue("orderId"), v)
	if err != nil {
		return err
	}
	st, err := h.Service.Retry(r.Context(), o, phone, httpx.IPOf(h.ClientIP, r))
	if err != nil {
		return err
	}
	return writeStarted(w, r, st, "")
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
		return errUnreadableBody
	}
	if err := handle(r.Context(), secret, body); err != nil {
		return err
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]any{"ResultCode": 0, "ResultDesc": "Accepted"})
	return nil
}
