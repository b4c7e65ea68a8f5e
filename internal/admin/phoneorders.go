package admin

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/checkout"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/phone"
)

// A phone order: staff take a caller's order in the back office, and the
// prompt (or the payment link) goes to the caller's own phone
// (docs/ussd.md, "Phone orders").

// Messages for a phone order the back office cannot place as sent.
const (
	MsgCustomerName = "Type the caller's name."
	MsgLookupPhone  = "Type the caller's phone number (e.g. 0712 345 678)."
)

// CreateOrder answers POST /api/admin/orders/: an order placed by staff for
// a caller, through the one checkout, with channel staff and placed_by the
// admin; 201 with the order as the back office reads it. The payment road
// "mpesa" prompts the customer's phone; "sms_link" texts the Paybill steps
// and a link to pay.
func (h *Handlers) CreateOrder(w http.ResponseWriter, r *http.Request, a Actor) error {
	if h.checkout == nil {
		return apperr.NotFound("Not found")
	}
	var in checkout.OrderFor
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	req, err := h.phoneOrderRequest(r, in, a)
	if err != nil {
		return err
	}
	st, err := h.checkout.Place(r.Context(), req)
	if err != nil {
		return err
	}
	// Read again with its payment: a prompt refused has failed it already.
	d, err := h.orders.AdminDetail(r.Context(), st.Order.Number)
	if err != nil {
		return err
	}
	return h.writeOrderStatus(r.Context(), w, http.StatusCreated, d)
}

// phoneOrderRequest checks what staff typed and makes the checkout's request.
func (h *Handlers) phoneOrderRequest(r *http.Request, in checkout.OrderFor, a Actor) (checkout.Request, error) {
	req, err := in.Request(order.ChannelStaff, checkout.ForWords{NameMissing: MsgCustomerName, NameTooLong: order.MsgTooLong, Phone: order.MsgPhoneInvalid})
	if err != nil {
		return checkout.Request{}, err
	}
	// The prompt limits count per staff member, not per office address:
	// the whole back office shares one.
	req.ClientIP = "staff:" + strconv.FormatInt(a.UserID, 10)
	req.Lang = i18n.From(r.Context())
	tel := req.Customer.Phone
	ctx := r.Context()
	if u, ok, err := h.accounts.UserByPhone(ctx, tel); err != nil {
		return checkout.Request{}, err
	} else if ok {
		req.UserID = u.ID
	}
	// The caller's texts come in the language of their last order.
	if past, err := h.orders.ForPhone(ctx, tel, 1); err != nil {
		return checkout.Request{}, err
	} else if len(past) > 0 {
		req.Lang = past[0].Lang
	}
	staff, err := h.accounts.UserByID(ctx, a.UserID)
	if err != nil {
		return checkout.Request{}, err
	}
	who := strings.TrimSpace(staff.FirstName + " " + staff.LastName)
	if who == "" {
		who = staff.Email
	}
	req.PlacedBy = &order.Staff{ID: a.UserID, Name: who}
	return req, nil
}

// knownCustomer is what the back office shows of a caller.
type knownCustomer struct {
	Phone string `json:"phone"`
	// Known is false for a phone the shop has no order or account for.
	Known bool   `json:"known"`
	Name  string `json:"name"`
	Email string `json:"email"`
	// Delivery is the last order's delivery choice, null without one.
	Delivery *lastDelivery `json:"delivery"`
	// Orders are the latest three, newest first, for "Order again".
	Orders []pastOrder `json:"orders"`
}

type lastDelivery struct {
	County     string `json:"county"`
	Address    string `json:"address"`
	City       string `json:"city"`
	PostalCode string `json:"postalCode"`
	Option     string `json:"option"`
	Kind       string `json:"kind"`
	Name       string `json:"name"`
}

type pastOrder struct {
	Number  string       `json:"orderId"`
	Status  order.Status `json:"status"`
	Created time.Time    `json:"created_at"`
	Total   money.Cents  `json:"total"`
	Items   []pastItem   `json:"items"`
}

type pastItem struct {
	Variant     int64  `json:"variant"`
	ProductName string `json:"product_name"`
	Size        string `json:"size"`
	Quantity    int    `json:"quantity"`
}

// LookupCustomer answers GET /api/admin/customers/lookup/?phone=…: who the
// caller is by their phone: their name, last delivery choice and latest
// three orders.
func (h *Handlers) LookupCustomer(w http.ResponseWriter, r *http.Request, _ Actor) error {
	tel, ok := phone.Normalize(r.URL.Query().Get("phone"))
	if !ok {
		return apperr.InvalidField("phone", MsgLookupPhone)
	}
	ctx := r.Context()
	out := knownCustomer{Phone: tel, Orders: []pastOrder{}}
	past, err := h.orders.ForPhone(ctx, tel, 3)
	if err != nil {
		return err
	}
	for _, o := range past {
		p := pastOrder{Number: o.Number, Status: o.Status, Created: o.CreatedAt.UTC(), Total: o.Total, Items: []pastItem{}}
		for _, it := range o.Items {
			p.Items = append(p.Items, pastItem{Variant: it.VariantID, ProductName: it.ProductName, Size: it.Size, Quantity: it.Quantity})
		}
		out.Orders = append(out.Orders, p)
	}
	if len(past) > 0 {
		o := past[0]
		out.Known, out.Name, out.Email = true, strings.TrimSpace(o.Customer.Name), o.Customer.Email
		out.Delivery = &lastDelivery{County: o.ShippingAddress.County, Address: o.ShippingAddress.Address, City: o.ShippingAddress.City,
			PostalCode: o.ShippingAddress.PostalCode, Option: o.Delivery.Option, Kind: o.Delivery.Kind, Name: o.Delivery.Name}
	}
	u, found, err := h.accounts.UserByPhone(ctx, tel)
	if err != nil {
		return err
	}
	if found {
		out.Known = true
		if n := strings.TrimSpace(u.FirstName + " " + u.LastName); n != "" {
			out.Name = n
		}
		if out.Email == "" {
			out.Email = u.Email
		}
	}
	httpx.WriteJSON(w, http.StatusOK, out)
	return nil
}

// PromptOrder answers POST /api/admin/orders/{orderId}/prompt/: "Send the
// prompt again" to the customer's phone for an unpaid order; 201 with the
// order, 409 while a prompt still waits on the phone.
func (h *Handlers) PromptOrder(w http.ResponseWriter, r *http.Request, a Actor) error {
	if h.payments == nil {
		return apperr.NotFound("Not found")
	}
	o, err := h.orders.ByNumber(r.Context(), r.PathValue("orderId"))
	if err != nil {
		return err
	}
	if o.Customer.Phone == "" {
		return apperr.Conflict(MsgLookupPhone)
	}
	if _, err := h.payments.Prompt(r.Context(), o, o.Customer.Phone, "staff:"+strconv.FormatInt(a.UserID, 10), a.OrderActor()); err != nil {
		return err
	}
	d, err := h.orders.AdminDetail(r.Context(), o.Number)
	if err != nil {
		return err
	}
	return h.writeOrderStatus(r.Context(), w, http.StatusCreated, d)
}
