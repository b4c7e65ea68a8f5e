package checkout

import (
	"strings"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/delivery"
	"shop/internal/order"
	"shop/internal/phone"
)

// OrderFor is the body of an order someone takes for a customer: staff on
// the phone (POST /api/admin/orders/) and an agent for a farmer
// (POST /api/agent/orders/) send the same one, read and checked here once.
type OrderFor struct {
	Customer struct {
		Name  string `json:"name"`
		Phone string `json:"phone"`
		Email string `json:"email"`
	} `json:"customer"`
	Items []struct {
		Variant  int64 `json:"variant"`
		Quantity int   `json:"quantity"`
	} `json:"items"`
	// Delivery is as at checkout: the county, the address for home
	// delivery, and the option chosen ("" for home delivery).
	Delivery struct {
		County     string `json:"county"`
		Address    string `json:"address"`
		City       string `json:"city"`
		PostalCode string `json:"postalCode"`
		Option     string `json:"option"`
	} `json:"delivery"`
	Coupon  string `json:"coupon"`
	Payment string `json:"payment"`
	// Reminders: the customer said yes to a text when the bag runs low.
	Reminders bool `json:"reminders"`
}

// ForWords are the answers that name whom the order is for: "the
// customer" to staff, "the farmer" to an agent.
type ForWords struct {
	NameMissing, NameTooLong, Phone string
}

// Request checks in and makes the checkout's request on channel, its
// customer's phone as the shop stores it. The caller adds who placed it,
// the prompt limit's key and the language.
func (in OrderFor) Request(channel string, w ForWords) (Request, error) {
	bad := map[string]string{}
	name := strings.Join(strings.Fields(in.Customer.Name), " ")
	switch {
	case name == "":
		bad["customer.name"] = w.NameMissing
	case len(name) > 200:
		bad["customer.name"] = w.NameTooLong
	}
	tel, ok := phone.Normalize(in.Customer.Phone)
	if !ok {
		bad["customer.phone"] = w.Phone
	}
	email := strings.TrimSpace(in.Customer.Email)
	if email != "" {
		if m := account.CheckEmail(email); m != "" {
			bad["customer.email"] = m
		}
	}
	dl := in.Delivery
	dl.County, dl.Address, dl.City, dl.Option = strings.TrimSpace(dl.County), strings.TrimSpace(dl.Address), strings.TrimSpace(dl.City), strings.TrimSpace(dl.Option)
	if !delivery.IsCounty(dl.County) {
		bad["delivery.county"] = order.MsgCounty
	}
	if !strings.HasPrefix(dl.Option, delivery.KindPickup+"-") && dl.Address == "" {
		bad["delivery.address"] = order.MsgAddress
	}
	if len(dl.Address) > 300 || len(dl.City) > 100 || len(dl.PostalCode) > 10 {
		bad["delivery"] = order.MsgTooLong
	}
	road := Road(in.Payment)
	if road == "" {
		road = Prompt
	}
	if road != Prompt && road != Link {
		bad["payment"] = MsgRoad
	}
	if len(bad) > 0 {
		return Request{}, apperr.FixFields(bad)
	}
	first, last, _ := strings.Cut(name, " ")
	req := Request{Channel: channel, Road: road, Coupon: in.Coupon,
		Customer:       Customer{FirstName: first, LastName: last, Phone: tel, Email: email},
		Address:        Address{Address: dl.Address, City: dl.City, County: dl.County, PostalCode: dl.PostalCode},
		DeliveryOption: dl.Option, Reminders: in.Reminders}
	for _, it := range in.Items {
		req.Lines = append(req.Lines, Line{VariantID: it.Variant, Quantity: it.Quantity})
	}
	return req, nil
}
