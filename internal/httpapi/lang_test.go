package httpapi_test

import (
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/order"
)

// Error answers come in the request's language, chosen by Accept-Language
// or the lang cookie; English requests get the English words unchanged.
func TestErrorsInTheRequestsLanguage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d, true)
		empty := `{"phone":"","customerInfo":{},"shippingAddress":{}}`
		for _, c := range []struct {
			name   string
			header []string
			msg    string
			fields map[string]string
		}{
			{"cookie", []string{"Cookie", "lang=sw"}, "Tafadhali angalia sehemu zilizowekwa alama (8).", map[string]string{
				"mpesaPhone": "Namba ya simu ya M-Pesa inahitajika", "county": "Tafadhali chagua kaunti", "email": "Barua pepe inahitajika",
				"firstName": "Jina la kwanza linahitajika", "phone": "Namba ya simu inahitajika", "address": "Anwani inahitajika", "city": "Mji unahitajika"}},
			{"Accept-Language", []string{"Accept-Language", "sw"}, "Tafadhali angalia sehemu zilizowekwa alama (8).", map[string]string{
				"mpesaPhone": "Namba ya simu ya M-Pesa inahitajika", "lastName": "Jina la ukoo linahitajika"}},
			{"English", []string{"Accept-Language", "en-KE,en;q=0.9"}, "Please check the highlighted fields (8).", map[string]string{
				"mpesaPhone": order.MsgMpesaPhone, "county": order.MsgCounty, "email": "Email is required", "firstName": order.MsgFirstName}},
		} {
			status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", empty, c.header...)
			fields, _ := body["fields"].(map[string]any)
			if status != 400 || body["error"] != c.msg || len(fields) != 8 {
				t.Fatalf("%s: %d %v", c.name, status, body)
			}
			for k, want := range c.fields {
				if fields[k] != want {
					t.Errorf("%s: %s = %q, want %q", c.name, k, fields[k], want)
				}
			}
		}

		// A message joined from its fields is joined again from their translations.
		status, body := s.do(t, "POST", "/api/orders/track/", `{}`, "Accept-Language", "sw")
		if status != 400 || body["error"] != "Andika namba ya oda yako (ORDER-…) Andika namba ya simu uliyotoa ulipoweka oda" {
			t.Fatalf("track in Kiswahili: %d %v", status, body)
		}
		status, body = s.do(t, "POST", "/api/orders/track/", `{}`)
		if status != 400 || body["error"] != order.MsgTrackOrder+" "+order.MsgTrackPhone {
			t.Fatalf("track in English: %d %v", status, body)
		}
		// A message with a value in it, and the body checks every handler shares.
		if status, body := s.do(t, "GET", "/api/nothing/", "", "Accept-Language", "sw"); status != 404 ||
			body["error"] != "Hakuna anwani kama hii ya API: GET /api/nothing/" {
			t.Fatalf("unknown endpoint: %d %v", status, body)
		}
		if status, body := s.do(t, "POST", "/api/orders/track/", `{"orderId": 7}`, "Cookie", "lang=sw"); status != 400 ||
			body["error"] != "Baadhi ya sehemu zina aina isiyo sahihi." || body["fields"].(map[string]any)["orderId"] != "Thamani hii ina aina isiyo sahihi." {
			t.Fatalf("wrong type: %d %v", status, body)
		}
	})
}
