package order

import (
	"strings"
	"testing"

	"shop/internal/apperr"
	"shop/internal/delivery"
	"shop/internal/money"
)

func TestTransitions(t *testing.T) {
	const home, pickup = delivery.KindDelivery, delivery.KindPickup
	for _, tc := range []struct {
		kind     string
		from, to Status
		ok       bool
	}{
		{home, PendingPayment, Paid, true}, {pickup, PendingPayment, PaymentFailed, true}, {home, PendingPayment, Cancelled, true},
		{home, PaymentFailed, PendingPayment, true}, {pickup, PaymentFailed, Paid, true},
		{home, Paid, Processing, true}, {home, Processing, Dispatched, true}, {home, Dispatched, Delivered, true},
		{pickup, Paid, Processing, true}, {pickup, Processing, ReadyForPickup, true}, {pickup, ReadyForPickup, Collected, true},
		{pickup, ReadyForPickup, Cancelled, true},
		{home, Paid, PendingPayment, false}, {home, Delivered, Cancelled, false}, {home, Cancelled, Paid, false},
		{home, PendingPayment, Dispatched, false}, {home, Dispatched, Cancelled, false}, {home, Paid, Paid, false},
		// Each kind keeps to its own road.
		{home, Processing, ReadyForPickup, false}, {pickup, Processing, Dispatched, false},
		{pickup, Dispatched, Delivered, false}, {home, ReadyForPickup, Collected, false},
		{pickup, Collected, Cancelled, false}, {pickup, Paid, ReadyForPickup, false},
		// Pay on delivery: the fee paid holds a home delivery for the door.
		{home, PendingPayment, AwaitingDeliveryPayment, true}, {pickup, PendingPayment, AwaitingDeliveryPayment, false},
		{home, PaymentFailed, AwaitingDeliveryPayment, true}, {home, AwaitingDeliveryPayment, Dispatched, true},
		{home, AwaitingDeliveryPayment, Paid, true}, {home, AwaitingDeliveryPayment, Delivered, false},
	} {
		if got := CanMove(tc.kind, tc.from, tc.to); got != tc.ok {
			t.Errorf("%s order %s → %s: %v, want %v", tc.kind, tc.from, tc.to, got, tc.ok)
		}
	}
}

func TestCheckoutValidation(t *testing.T) {
	good := Checkout{FirstName: " Wanjiku ", LastName: "Mwangi", Email: "w@farm.co.ke", Phone: "0712 345 678",
		Address: "Plot 4", City: "Ruiru", County: "Kiambu", PaymentMethod: "mpesa", MpesaPhone: "+254 112 345 678"}
	c := good
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	if c.FirstName != "Wanjiku" || c.Phone != "254712345678" || c.MpesaPhone != "254112345678" {
		t.Fatalf("not normalised: %+v", c)
	}
	// A phone is enough: the email is optional.
	noEmail := good
	noEmail.Email = "  "
	if err := noEmail.Validate(); err != nil || noEmail.Email != "" {
		t.Fatalf("checkout without an email: %v %q", err, noEmail.Email)
	}
	// Collecting from a pickup point needs no address.
	pickup := Checkout{FirstName: "Wanjiku", LastName: "Mwangi", Email: "w@farm.co.ke", Phone: "0712345678", County: "Nakuru",
		DeliveryOption: "pickup-2", PaymentMethod: "mpesa", MpesaPhone: "0712345678"}
	if err := pickup.Validate(); err != nil || !pickup.IsPickup() {
		t.Fatalf("pickup without an address: %v", err)
	}
	for name, tc := range map[string]struct {
		edit  func(*Checkout)
		field string
		msg   string
	}{
		"first name":     {func(c *Checkout) { c.FirstName = " " }, "firstName", MsgFirstName},
		"last name":      {func(c *Checkout) { c.LastName = "" }, "lastName", MsgLastName},
		"email bad":      {func(c *Checkout) { c.Email = "w@" }, "email", "Please enter a valid email"},
		"phone missing":  {func(c *Checkout) { c.Phone = "" }, "phone", MsgPhone},
		"phone bad":      {func(c *Checkout) { c.Phone = "12345" }, "phone", MsgPhoneInvalid},
		"address":        {func(c *Checkout) { c.Address = "" }, "address", MsgAddress},
		"city":           {func(c *Checkout) { c.City = "" }, "city", MsgCity},
		"pickup address": {func(c *Checkout) { c.DeliveryOption, c.Address = "pickup-2", strings.Repeat("x", 301) }, "address", MsgTooLong},
		"county unknown": {func(c *Checkout) { c.County = "Atlantis" }, "county", MsgCounty},
		"county other":   {func(c *Checkout) { c.County = "Other" }, "county", MsgCounty},
		"county case":    {func(c *Checkout) { c.County = "kiambu" }, "county", MsgCounty},
		"option":         {func(c *Checkout) { c.DeliveryOption = strings.Repeat("x", 41) }, "delivery", delivery.MsgOptionUnknown},
		"postal code":    {func(c *Checkout) { c.PostalCode = "00-100" }, "postalCode", MsgPostalCode},
		"mpesa phone":    {func(c *Checkout) { c.MpesaPhone = "" }, "mpesaPhone", MsgMpesaPhone},
		"mpesa bad":      {func(c *Checkout) { c.MpesaPhone = "0812345678" }, "mpesaPhone", MsgPhoneInvalid},
		"method":         {func(c *Checkout) { c.PaymentMethod = "cash" }, "paymentMethod", "Please choose a payment method"},
		"card":           {func(c *Checkout) { c.PaymentMethod, c.MpesaPhone = "card", "" }, "paymentMethod", "Please choose a payment method"},
		"too long":       {func(c *Checkout) { c.City = string(make([]byte, 101)) + "x" }, "city", MsgTooLong},
	} {
		c := good
		tc.edit(&c)
		err := c.Validate()
		e, ok := apperr.From(err)
		if !ok || e.Fields[tc.field] != tc.msg {
			t.Errorf("%s: %v %v", name, err, e)
		}
	}
}

// The parts of a line refunded add up to exactly what was paid for it,
// whichever way it is split.
func TestLineValueAddsUpToTheLine(t *testing.T) {
	it := Item{Quantity: 3, TotalPrice: 1000_00, Discount: 1}
	for _, split := range [][]int{{1, 1, 1}, {2, 1}, {1, 2}, {3}} {
		var sum money.Cents
		done := 0
		for _, q := range split {
			sum += LineValue(it, done, q)
			done += q
		}
		if sum != 99999 {
			t.Errorf("split %v adds up to %d, want 99999", split, sum)
		}
	}
	if got := LineValue(it, 0, 1); got != 33333 {
		t.Errorf("one of three is %d, want 33333", got)
	}
}
