package httpapi_test

import (
	"strings"
	"testing"

	"shop/internal/order"
)

// The checkout's optional KRA PIN: a malformed one is a 400 on
// fields.kraPin in the request's language; a good one, in any case, is kept
// on the order in capitals.
func TestCheckoutKeepsTheBuyersKRAPIN(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		if status, body := s.do(t, "POST", "/api/cart/items/", `{"variant":1,"quantity":1}`); status != 201 {
			t.Fatalf("add: %d %v", status, body)
		}
		withPIN := func(pin string) string {
			return strings.Replace(strings.Replace(checkoutBody, "%s", "0708374149", 1), `"phone":"0712345678"}`, `"phone":"0712345678","kraPin":"`+pin+`"}`, 1)
		}
		for lang, want := range map[string]string{"en": order.MsgKRAPIN, "sw": "Andika PIN ya KRA kama P051234567X: A au P, tarakimu tisa na herufi moja"} {
			for _, pin := range []string{"B051234567X", "P05123456X", "P0512345678"} {
				status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", withPIN(pin), "Accept-Language", lang)
				if f, _ := body["fields"].(map[string]any); status != 400 || f["kraPin"] != want {
					t.Fatalf("%s %q: %d %v", lang, pin, status, body)
				}
			}
		}
		status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", withPIN(" p051234567x "))
		if status != 201 {
			t.Fatalf("initiate: %d %v", status, body)
		}
		number, token := body["orderId"].(string), body["orderToken"].(string)
		if status, o := s.do(t, "GET", "/api/orders/"+number+"/", "", "X-Order-Token", token); status != 200 || o["kra_pin"] != "P051234567X" {
			t.Fatalf("order: %d %v", status, o["kra_pin"])
		}
	})
}
