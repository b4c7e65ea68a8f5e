package agent

import (
	"fmt"
	"net/http"
	"strconv"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/checkout"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/order"
	"shop/internal/ratelimit"
)

// Handlers serve a signed-in agent: their page and their orders for farmers.
type Handlers struct {
	Service  *Service
	Checkout *checkout.Service
	Accounts *account.Store
	Orders   *order.Store
	Limiter  *ratelimit.Limiter
}

// Messages an agent reads (in their language: internal/i18n).
const (
	MsgNotAgent    = "This account is not an agent's."
	MsgFarmerName  = "Type the farmer's name."
	MsgFarmerPhone = "Type the farmer's phone number, like 0712 345 678."
	// MsgTooManyOrders answers an agent over OrderLimit (%s: minutes).
	MsgTooManyOrders = "You have placed many orders this hour. Please try again in %s."
)

// OrderLimit bounds the orders one agent places in an hour: each rings a
// farmer's phone and holds stock while it waits.
var OrderLimit = ratelimit.Limit{Max: 30, Window: time.Hour}

// me is the agent the request acts for, read again from the database.
func (h *Handlers) me(r *http.Request) (Agent, error) {
	p, ok := account.PrincipalFrom(r.Context())
	if !ok {
		return Agent{}, apperr.Unauthorized("Please sign in to continue.")
	}
	return h.Service.ByUser(r.Context(), p.UserID)
}

// Get answers GET /api/agent/: the signed-in agent's farmers, orders,
// commission and payouts.
func (h *Handlers) Get(w http.ResponseWriter, r *http.Request) error {
	a, err := h.me(r)
	if err != nil {
		return err
	}
	out, err := h.Service.Overview(r.Context(), a.ID, false)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// placed is the answer to an agent's order.
type placed struct {
	OrderID           string       `json:"orderId"`
	Status            order.Status `json:"status"`
	Total             string       `json:"total"`
	CheckoutRequestID string       `json:"checkoutRequestId"`
	// PromptSent is false when M-Pesa refused the prompt (the farmer can
	// pay by Paybill; the agent may try again from the order).
	PromptSent bool   `json:"promptSent"`
	Message    string `json:"message"`
}

// CreateOrder answers POST /api/agent/orders/: an order for a farmer,
// through the one checkout with channel agent, placed_by the agent and the
// M-Pesa prompt on the farmer's phone; it counts for the agent.
func (h *Handlers) CreateOrder(w http.ResponseWriter, r *http.Request) error {
	a, err := h.me(r)
	if err != nil {
		return err
	}
	var in checkout.OrderFor
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	req, err := h.request(r, in, a)
	if err != nil {
		return err
	}
	if h.Limiter != nil {
		_, wait, err := h.Limiter.Reserve(r.Context(), ratelimit.Check{Bucket: "agent:orders:" + strconv.FormatInt(a.ID, 10), Limit: OrderLimit})
		if err != nil {
			return err
		}
		if wait > 0 {
			return apperr.TooManyRequests(fmt.Sprintf(MsgTooManyOrders, ratelimit.Minutes(wait)), wait)
		}
	}
	st, err := h.Checkout.Place(r.Context(), req)
	if err != nil {
		return err
	}
	out := placed{OrderID: st.Order.Number, Status: st.Order.Status, Total: st.Order.Total.String(), CheckoutRequestID: st.CheckoutRequestID,
		PromptSent: st.PushErr == nil && req.Road == checkout.Prompt}
	if out.PromptSent {
		out.Message = i18n.Text(r.Context(), checkout.MsgPushSent)
	} else if st.PushErr != nil {
		out.Message = i18n.Text(r.Context(), checkout.MsgPushFailed)
	}
	httpx.WriteJSON(w, http.StatusCreated, out)
	return nil
}

// request checks what the agent typed and makes the checkout's request.
func (h *Handlers) request(r *http.Request, in checkout.OrderFor, a Agent) (checkout.Request, error) {
	req, err := in.Request(order.ChannelAgent, checkout.ForWords{NameMissing: MsgFarmerName, NameTooLong: MsgFarmerName, Phone: MsgFarmerPhone})
	if err != nil {
		return checkout.Request{}, err
	}
	// The prompt limits count per agent, not per address: an agrovet's
	// till may serve several agents and shoppers.
	req.ClientIP = "agent:" + strconv.FormatInt(a.ID, 10)
	req.Lang = i18n.From(r.Context())
	req.PlacedBy = &order.Staff{ID: a.UserID, Name: a.Name}
	req.Agent = checkout.AgentRef{ID: a.ID}
	tel := req.Customer.Phone
	ctx := r.Context()
	if u, ok, err := h.Accounts.UserByPhone(ctx, tel); err != nil {
		return checkout.Request{}, err
	} else if ok {
		req.UserID = u.ID
	}
	// The farmer's texts come in the language of their last order.
	if past, err := h.Orders.ForPhone(ctx, tel, 1); err != nil {
		return checkout.Request{}, err
	} else if len(past) > 0 {
		req.Lang = past[0].Lang
	}
	return req, nil
}
