package checkout

import (
	"context"
	"net/http"
	"strings"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/order"
	"shop/internal/phone"
)

// MsgPushFailed is docs/product.md's words when the push cannot be sent.
const MsgPushFailed = "Payment failed. Please try again."

// MsgPushSent is docs/product.md's words when the push is on its way.
const MsgPushSent = "Payment initiated! Please check your phone for M-Pesa prompt."

// Retrier asks again for an unpaid order's money (package payment).
type Retrier interface {
	Available() error
	Retry(ctx context.Context, o order.Order, phone, ip string) (order.PaymentStart, error)
}

// Handlers serves the customer's side of paying: the web checkout, which
// places the order from the cart, and asking again for an unpaid order's
// money.
type Handlers struct {
	Service  *Service
	Payments Retrier
	Orders   *order.Store
	Carts    order.CartResolver
	// ClientIP finds the address a request came from, for the prompt limits.
	ClientIP func(*http.Request) string
}

// initiateRequest is docs/product.md's mobile-money payload. amount, orderId and
// items are read but not trusted: the order is made from the stored cart at
// the catalogue's prices.
type initiateRequest struct {
	Phone string `json:"phone"`
	// PaymentMethod is "mpesa" (the default: the whole order now) or
	// "on_delivery" (the delivery fee now, the goods at the door).
	PaymentMethod string `json:"paymentMethod"`
	CustomerInfo  struct {
		Name      string `json:"name"`
		FirstName string `json:"firstName"`
		LastName  string `json:"lastName"`
		Email     string `json:"email"`
		Phone     string `json:"phone"`
		// KRAPin is the buyer's KRA PIN for their eTIMS invoice, optional.
		KRAPin string `json:"kraPin"`
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
	// Reminders: "text me when it runs low" was ticked (off by default).
	Reminders bool `json:"reminders"`
	// AgentCode is the code of the agent the order counts for, optional.
	AgentCode string `json:"agentCode"`
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
	// The web form's rules stay the web's (docs/product.md's messages).
	c := order.Checkout{
		FirstName: first, LastName: last, Email: in.CustomerInfo.Email, Phone: in.CustomerInfo.Phone,
		Address: in.ShippingAddress.Address, City: in.ShippingAddress.City, County: in.ShippingAddress.County,
		PostalCode: in.ShippingAddress.PostalCode, PaymentMethod: or(in.PaymentMethod, order.MethodMpesa), MpesaPhone: in.Phone,
		DeliveryOption: in.Delivery.Option, KRAPIN: in.CustomerInfo.KRAPin,
	}
	if err := c.Validate(); err != nil {
		return err
	}
	if err := h.Payments.Available(); err != nil {
		return err
	}
	cartID, err := h.Carts.Resolve(w, r, false)
	if err != nil {
		return err
	}
	if cartID == 0 {
		return order.ErrEmptyCart
	}
	req := Request{Channel: order.ChannelWeb, CartID: cartID, Lang: i18n.From(r.Context()), ClientIP: httpx.IPOf(h.ClientIP, r),
		Customer:       Customer{FirstName: c.FirstName, LastName: c.LastName, Phone: c.Phone, Email: c.Email, KRAPIN: c.KRAPIN},
		Address:        Address{Address: c.Address, City: c.City, County: c.County, PostalCode: c.PostalCode},
		DeliveryOption: c.DeliveryOption, Payer: c.MpesaPhone, Road: Prompt, Reminders: in.Reminders, Agent: AgentRef{Code: in.AgentCode}}
	if c.PaymentMethod == order.MethodOnDelivery {
		req.Road = OnDelivery
	}
	if p, ok := account.PrincipalFrom(r.Context()); ok {
		req.UserID = p.UserID
	}
	st, err := h.Service.Place(r.Context(), req)
	if err != nil {
		return err
	}
	return writeStarted(w, r, st, st.AccessToken)
}

// writeStarted answers a checkout or a retry, its words in the request's language.
func writeStarted(w http.ResponseWriter, r *http.Request, st order.PaymentStart, token string) error {
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
	phone, ok := phone.Normalize(in.Phone)
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
	o, err := h.Orders.ForViewer(r.Context(), r.PathValue("orderId"), v)
	if err != nil {
		return err
	}
	st, err := h.Payments.Retry(r.Context(), o, phone, httpx.IPOf(h.ClientIP, r))
	if err != nil {
		return err
	}
	return writeStarted(w, r, st, "")
}

func or(s, def string) string {
	if s = strings.TrimSpace(s); s != "" {
		return s
	}
	return def
}
