package httpapi_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/order"
	"shop/internal/payment"
	"shop/internal/payment/mpesa"
	"shop/internal/testkit"
)

// shop is the whole server on a real loopback port, with the Daraja
// simulator answering pushes and posting callbacks back to it.
type shop struct {
	url    string
	client *http.Client
	d      *db.DB
	// kit answers requests without the network, for the admin's calls.
	kit *testkit.Shop
	sim *mpesa.Simulator
}

func newShop(t *testing.T, d *db.DB, withMPesa bool, opts ...testkit.Option) *shop {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	public := "http://" + ts.Listener.Addr().String()
	sim := &mpesa.Simulator{ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p", Delay: 20 * time.Millisecond}
	opts = append([]testkit.Option{testkit.With(func(p *app.Parts) {
		p.Payment = payment.Config{CallbackSecret: "cb-secret-0123456789-0123456789-xyz", ShortCode: "174379"}
		if withMPesa {
			// The shop sends refunds too, as the simulator's initiator.
			sim.InitiatorName, sim.InitiatorPassword = "apiop", "Ruiru#2026"
			cert, err := sim.Certificate()
			if err != nil {
				t.Fatal(err)
			}
			client := mpesa.NewClient(mpesa.Config{BaseURL: public + "/dev/daraja", ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p",
				Initiator: mpesa.Initiator{Name: sim.InitiatorName, Password: sim.InitiatorPassword, Certificate: cert}}, nil)
			p.Gateway, p.Payment.MoneyOut = client, client
		}
		p.Simulator, p.WebAssets, p.PublicURL = sim, webFiles, public
	}), testkit.Demo}, opts...)
	srv := testkit.NewShop(t, d, opts...)
	ts.Config.Handler = srv
	ts.Start()
	t.Cleanup(func() { sim.Close(); ts.Close() })
	jar, _ := cookiejar.New(nil)
	return &shop{url: public, client: &http.Client{Jar: jar}, d: d, kit: srv, sim: sim}
}

func decodeBody(resp *http.Response, v any) error { return json.NewDecoder(resp.Body).Decode(v) }

// placeOrder puts one bag in the cart and checks out with M-Pesa phone,
// returning the order's number and token.
func (s *shop) placeOrder(t *testing.T, phone string) (number, token string) {
	t.Helper()
	s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
	status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", phone, 1))
	if status != 201 {
		t.Fatalf("initiate: %d %v", status, body)
	}
	return body["orderId"].(string), body["orderToken"].(string)
}

// waitForStatus reads the order until it has status (the simulated phone
// answers on its own time) and returns it; header may carry its token.
func (s *shop) waitForStatus(t *testing.T, number, status string, header ...string) map[string]any {
	t.Helper()
	var o map[string]any
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		code, got := s.do(t, "GET", "/api/orders/"+number+"/", "", header...)
		if code != 200 {
			t.Fatalf("order %s: %d %v", number, code, got)
		}
		if o = got; o["status"] == status {
			return o
		}
		if time.Now().After(deadline) {
			t.Fatalf("order %s still %v, not %s", number, o["status"], status)
		}
	}
}

// eachShop runs fn on a fresh newShop of each engine.
func eachShop(t *testing.T, withMPesa bool, fn func(t *testing.T, s *shop)) {
	t.Helper()
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, newShop(t, d, withMPesa)) })
}

func (s *shop) do(t *testing.T, method, path, body string, header ...string) (int, map[string]any) {
	t.Helper()
	resp, b := s.raw(t, method, path, body, header...)
	var v map[string]any
	_ = json.Unmarshal(b, &v)
	if v == nil && len(b) > 0 && b[0] == '[' {
		v = map[string]any{"list": json.RawMessage(b)}
	}
	return resp.StatusCode, v
}

const checkoutBody = `{"phone":"%s","amount":"1.00","orderId":"ORDER-1","items":[{"variant":1,"quantity":99,"unit_price":"0.01"}],
 "customerInfo":{"name":"Wanjiku Mwangi","email":"wanjiku@farm.co.ke","phone":"0712345678"},
 "shippingAddress":{"address":"Plot 4, Eastern Bypass","city":"Ruiru","county":"Kiambu","postalCode":"00232"}}`

func TestCheckoutOverHTTP(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "0708374149", 1))
		if f, _ := body["fields"].(map[string]any); status != 400 || body["error"] != "Your cart is empty." || f["cart"] == nil {
			t.Fatalf("empty cart: %d %v", status, body)
		}
		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", `{"phone":"","customerInfo":{},"shippingAddress":{}}`)
		fields, _ := body["fields"].(map[string]any)
		if status != 400 || fields["mpesaPhone"] != order.MsgMpesaPhone || fields["county"] != order.MsgCounty || fields["email"] != nil {
			t.Fatalf("validation: %d %v", status, body)
		}
		if status, body = s.do(t, "POST", "/api/cart/items/", `{"variant":1,"quantity":2}`); status != 201 {
			t.Fatalf("add: %d %v", status, body)
		}
		unit := body["unit_price"].(string)

		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "0708374149", 1))
		if status != 201 || body["success"] != true || body["message"] != checkout.MsgPushSent || body["checkoutRequestId"] == "" {
			t.Fatalf("initiate: %d %v", status, body)
		}
		number, token := body["orderId"].(string), body["orderToken"].(string)

		// Another browser reads the order only with its token; the total is
		// the cart's plus home delivery to Kiambu for two 10 kg bags (Ksh 250
		// for 5 kg, Ksh 10 for each of the 15 kg more), whatever amount the
		// browser sent.
		stranger := &shop{url: s.url, client: &http.Client{}}
		if status, _ := stranger.do(t, "GET", "/api/orders/"+number+"/", ""); status != 404 {
			t.Fatalf("order without token: %d", status)
		}
		if status, _ := stranger.do(t, "GET", "/api/orders/"+number+"/", "", "X-Order-Token", "forged"); status != 404 {
			t.Fatalf("order with a forged token: %d", status)
		}
		if status, _ := s.do(t, "GET", "/api/orders/"+number+"/", ""); status != 200 {
			t.Fatalf("order in the browser that placed it, by its cart: %d", status)
		}
		o := stranger.waitForStatus(t, number, "paid", "X-Order-Token", token)
		if status, _ := stranger.do(t, "GET", "/api/orders/"+number+"/?token="+token, ""); status != 200 {
			t.Fatalf("order with the token in its link: %d", status)
		}
		wantTotal := amount(unit)*2 + 400
		total := amount(o["total"].(string))
		if o["status"] != "paid" || total != wantTotal || o["shipping"] != "400.00" {
			t.Fatalf("order: status %v total %v (want %v) shipping %v", o["status"], o["total"], wantTotal, o["shipping"])
		}
		pay := o["payment"].(map[string]any)
		if pay["status"] != "succeeded" || len(pay["receipt"].(string)) != 10 {
			t.Fatalf("payment %v", pay)
		}
		if status, body := s.do(t, "GET", "/api/cart/", ""); status != 200 || strings.TrimSpace(string(body["list"].(json.RawMessage))) != "[]" {
			t.Fatalf("cart after payment: %d %v", status, body)
		}
		if status, _ := s.do(t, "GET", "/api/orders/", ""); status != 401 {
			t.Fatalf("order list for a guest: %d", status)
		}
	})
}

func TestRetryAfterCancelOverHTTP(t *testing.T) {
	s := newShop(t, dbtest.SQLite(t), true)
	number, token := s.placeOrder(t, "254700000001")
	o := s.waitForStatus(t, number, "payment_failed", "X-Order-Token", token)
	if o["payment"].(map[string]any)["message"] != "You cancelled the payment on your phone" || o["can_retry_payment"] != true {
		t.Fatalf("after cancel: %v", o)
	}
	stranger := &shop{url: s.url, client: &http.Client{}}
	if status, _ := stranger.do(t, "POST", "/api/orders/"+number+"/pay/", `{"phone":"0708374149"}`); status != 404 {
		t.Fatalf("retry without the token: %d", status)
	}
	if status, body := s.do(t, "POST", "/api/orders/"+number+"/pay/", `{"phone":"0708374149"}`, "X-Order-Token", token); status != 201 || body["success"] != true {
		t.Fatalf("retry: %d %v", status, body)
	}
	s.waitForStatus(t, number, "paid", "X-Order-Token", token)
}

func TestCallbackEndpoint(t *testing.T) {
	s := newShop(t, dbtest.SQLite(t), true)
	cb := `{"Body":{"stkCallback":{"MerchantRequestID":"m","CheckoutRequestID":"ws_CO_unknown","ResultCode":1032,"ResultDesc":"x"}}}`
	if status, _ := s.do(t, "POST", "/api/payments/callback/not-the-secret/", cb); status != 404 {
		t.Fatalf("wrong secret: %d", status)
	}
	for _, path := range []string{"/api/payments/callback/", "/api/payments/mpesa/callback/"} {
		status, body := s.do(t, "POST", path+"cb-secret-0123456789-0123456789-xyz/", cb)
		if status != 200 || body["ResultCode"] != float64(0) || body["ResultDesc"] != "Accepted" {
			t.Fatalf("%s: %d %v", path, status, body)
		}
	}
}

func TestMPesaNotConfigured(t *testing.T) {
	s := newShop(t, dbtest.SQLite(t), false)
	s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
	status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "0708374149", 1))
	if status != 503 || !strings.Contains(body["error"].(string), "not available") {
		t.Fatalf("%d %v", status, body)
	}
	if status, body := s.do(t, "GET", "/api/cart/", ""); status != 200 || !strings.Contains(string(body["list"].(json.RawMessage)), `"quantity":1`) {
		t.Fatalf("the cart was touched: %d %v", status, body)
	}
}

func TestCartAPIOverHTTP(t *testing.T) {
	s := newShop(t, dbtest.SQLite(t), false)
	if status, body := s.do(t, "POST", "/api/cart/items/", `{"variant":99999}`); status != 404 || body["error"] != "Variant not found" {
		t.Fatalf("unknown variant: %d %v", status, body)
	}
	if status, body := s.do(t, "POST", "/api/cart/items/", `{"variant":1,"quantity":100000}`); status != 400 || body["error"] == "" {
		t.Fatalf("too many: %d %v", status, body)
	}
	if status, _ := s.do(t, "POST", "/api/cart/items/", `{"variant":"one"}`); status != 400 {
		t.Fatalf("wrong type: %d", status)
	}
	status, item := s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
	if status != 201 || item["quantity"] != float64(1) {
		t.Fatalf("add: %d %v", status, item)
	}
	id := int(item["id"].(float64))
	path := "/api/cart/items/" + itoa(id) + "/"
	if status, body := s.do(t, "PATCH", path, `{"quantity":3}`); status != 200 || body["quantity"] != float64(3) {
		t.Fatalf("patch: %d %v", status, body)
	}
	if status, _ := s.do(t, "PATCH", path, `{"quantity":0}`); status != 204 {
		t.Fatalf("patch to 0: %d", status)
	}
	if status, _ := s.do(t, "DELETE", path, ``); status != 404 {
		t.Fatalf("delete a removed line: %d", status)
	}
	// Another browser (no cookie) cannot touch this cart's lines.
	_, item = s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
	other := &shop{url: s.url, client: &http.Client{}}
	if status, _ := other.do(t, "DELETE", "/api/cart/items/"+itoa(int(item["id"].(float64)))+"/", ``); status != 404 {
		t.Fatalf("delete from another browser: %d", status)
	}
}

// cancelledOrder places an order whose prompt the customer cancels, and
// returns it once it says so.
func (s *shop) cancelledOrder(t *testing.T) (number, token string, o map[string]any) {
	t.Helper()
	number, token = s.placeOrder(t, "254700000001")
	return number, token, s.waitForStatus(t, number, "payment_failed", "X-Order-Token", token)
}

// The Paybill road over HTTP (docs/payments.md section 10): a cancelled
// prompt, the guide in the order, a simulated Paybill payment with a loosely
// typed account number, and the order paid without the customer doing more.
func TestPaybillAfterACancelledPrompt(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		number, token, o := s.cancelledOrder(t)
		guide, _ := o["paybill"].(map[string]any)
		total := o["total"].(string)
		pay, _ := o["payment"].(map[string]any)
		if guide == nil || guide["kind"] != "paybill" || guide["business_number"] != "174379" || guide["account_number"] != o["account_number"] || len(o["account_number"].(string)) != order.AccountNumberLen ||
			guide["amount"] != total || o["amount_paid"] != "0.00" || o["balance_due"] != total || pay["advice"] == "" {
			t.Fatalf("order before paying: %v", o)
		}

		// Bad input to the simulator is a 400 that says what it wants.
		for _, bad := range []string{`{"account":"","amount":"10","phone":"254708374149"}`, `{"account":"x","amount":"-5","phone":"254708374149"}`,
			`{"account":"x","amount":"10","phone":"0712"}`} {
			if status, _ := s.do(t, "POST", "/dev/mpesa/paybill/", bad); status != 400 {
				t.Fatalf("%s: %d", bad, status)
			}
		}
		account := " " + strings.ToLower(strings.TrimPrefix(number, "ORDER-")) + " "
		status, body := s.do(t, "POST", "/dev/mpesa/paybill/", fmt.Sprintf(`{"account":%q,"amount":%q,"phone":"254708374149"}`, account, total))
		if status != 202 || body["transId"] == "" {
			t.Fatalf("paybill: %d %v", status, body)
		}
		o = s.waitForStatus(t, number, "paid", "X-Order-Token", token)
		if o["amount_paid"] != total || o["balance_due"] != "0.00" || o["paybill"] != nil {
			t.Fatalf("order after paying: %v", o)
		}
	})
}

// A Paybill payment whose account number matches no order is listed for the
// admin, counted on the dashboard, and assigned with an audit entry; a wrong
// secret on the confirmation URL is a 404 that stores nothing.
func TestUnmatchedPaybillInTheAdmin(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		number, _, o := s.cancelledOrder(t)
		admin, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		auth := testkit.Bearer(admin)

		body := `{"TransID":"TKMWRONG01","TransAmount":"` + o["total"].(string) + `","BillRefNumber":"maize bran","FirstName":"OTIENO","MSISDN":"2547 ***** 555"}`
		if status, _ := s.do(t, "POST", "/api/payments/c2b/confirmation/not-the-secret/", body); status != 404 {
			t.Fatalf("wrong secret: %d", status)
		}
		if status, list := s.do(t, "GET", "/api/admin/payments/?matched=false", "", auth...); status != 200 || list["count"] != 0.0 {
			t.Fatalf("after a wrong secret: %d %v", status, list)
		}
		if status, got := s.do(t, "POST", "/api/payments/c2b/confirmation/cb-secret-0123456789-0123456789-xyz/", body); status != 200 || got["ResultCode"] != 0.0 {
			t.Fatalf("confirmation: %d %v", status, got)
		}
		if status, _ := s.do(t, "GET", "/api/admin/payments/?matched=maybe", "", auth...); status != 400 {
			t.Fatalf("matched=maybe: %d", status)
		}
		if status, _ := s.do(t, "GET", "/api/admin/payments/?matched=false", ""); status != 401 {
			t.Fatalf("unmatched payments without signing in: %d", status)
		}
		_, list := s.do(t, "GET", "/api/admin/payments/?matched=false", "", auth...)
		results := list["results"].([]any)
		first := results[0].(map[string]any)
		if len(results) != 1 || first["trans_id"] != "TKMWRONG01" || first["account"] != "maize bran" || first["payer_name"] != "OTIENO" {
			t.Fatalf("unmatched list: %v", list)
		}
		if _, stats := s.do(t, "GET", "/api/admin/stats/", "", auth...); stats["unmatchedPayments"] != 1.0 {
			t.Fatalf("dashboard: %v", stats["unmatchedPayments"])
		}
		path := fmt.Sprintf("/api/admin/payments/%v/assign/", first["id"])
		if status, got := s.do(t, "POST", path, `{"orderId":"ORDER-42"}`, auth...); status != 400 {
			t.Fatalf("assign to no order: %d %v", status, got)
		}
		status, detail := s.do(t, "POST", path, `{"orderId":"`+strings.ToLower(number)+`"}`, auth...)
		if status != 200 || detail["status"] != "paid" {
			t.Fatalf("assign: %d %v", status, detail)
		}
		payments := detail["payments"].([]any)
		if !strings.Contains(fmt.Sprint(payments), "TKMWRONG01") || detail["amount_paid"] != o["total"] {
			t.Fatalf("admin order after assigning: %v", detail)
		}
		if status, _ := s.do(t, "POST", path, `{"orderId":"`+number+`"}`, auth...); status != 409 {
			t.Fatalf("assigned twice: %d", status)
		}
		_, audit := s.do(t, "GET", "/api/admin/audit/", "", auth...)
		if !strings.Contains(fmt.Sprint(audit), "Paybill payment TKMWRONG01") {
			t.Fatalf("audit: %v", audit)
		}
	})
}

// Tracking without an account: the order number and the phone given at
// checkout, in any of its forms; a wrong phone and an unknown order get the
// same 404; no email or address in the answer; tries are limited.
func TestTrackAnOrderByNumberAndPhone(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		number, _ := s.placeOrder(t, "0708374149")
		stranger := &shop{url: s.url, client: &http.Client{}}
		track := func(orderID, phone string) (int, map[string]any) {
			return stranger.do(t, "POST", "/api/orders/track/", fmt.Sprintf(`{"orderId":%q,"phone":%q}`, orderID, phone))
		}
		for _, phone := range []string{"0712345678", "0712 345 678", "+254712345678", "254712345678"} {
			status, o := track(number, phone)
			if status != 200 || o["orderId"] != number || o["total"] == nil || len(o["items"].([]any)) != 1 || len(o["timeline"].([]any)) == 0 {
				t.Fatalf("%s: %d %v", phone, status, o)
			}
			raw := fmt.Sprint(o)
			if strings.Contains(raw, "wanjiku@farm.co.ke") || strings.Contains(raw, "Eastern Bypass") || o["customer"] != nil || o["shipping_address"] != nil {
				t.Fatalf("tracking shows private details: %v", o)
			}
		}
		if status, o := track(strings.ToLower(strings.TrimPrefix(number, "ORDER-")), "0712345678"); status != 200 || o["orderId"] != number {
			t.Fatalf("number without its prefix: %d %v", status, o)
		}
		wrongPhone, body1 := track(number, "0799999999")
		unknown, body2 := track("ORDER-1", "0712345678")
		if wrongPhone != 404 || unknown != 404 || body1["error"] != order.MsgTrackNotFound || body2["error"] != body1["error"] {
			t.Fatalf("wrong phone %d %v, unknown order %d %v", wrongPhone, body1, unknown, body2)
		}
		if status, body := track("", ""); status != 400 || body["fields"] == nil {
			t.Fatalf("empty: %d %v", status, body)
		}
		// Ten tries an order in 15 minutes, from anywhere: this order has had six.
		codes := []int{}
		for range 6 {
			status, _ := track(number, "0799999999")
			codes = append(codes, status)
		}
		if fmt.Sprint(codes) != "[404 404 404 404 429 429]" {
			t.Fatalf("tries after the limit: %v", codes)
		}
	})
}

// An order's short link opens it in a browser that never saw it; a wrong
// code leads to the tracking page.
func TestShortLinkOpensTheOrderAnywhere(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		number, _ := s.placeOrder(t, "0708374149")
		o, err := order.NewStore(s.d).ByNumber(context.Background(), number)
		if err != nil {
			t.Fatal(err)
		}
		code, err := order.NewStore(s.d).ShortCode(context.Background(), o.ID)
		if err != nil || len(code) != order.ShortCodeLen {
			t.Fatalf("code %q %v", code, err)
		}
		fresh := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		resp, err := fresh.Get(s.url + "/o/" + code)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		loc := resp.Header.Get("Location")
		if resp.StatusCode != 302 || loc != "/order-confirmation?orderId="+number+"&token="+code {
			t.Fatalf("short link: %d %q", resp.StatusCode, loc)
		}
		other := &shop{url: s.url, client: &http.Client{}}
		if status, got := other.do(t, "GET", "/api/orders/"+number+"/?token="+code, ""); status != 200 || got["orderId"] != number {
			t.Fatalf("order by its code: %d %v", status, got)
		}
		if status, _ := other.do(t, "GET", "/api/orders/"+number+"/?token=ACDEFGHJKM", ""); status != 404 {
			t.Fatalf("order by a wrong code: %d", status)
		}
		resp, err = fresh.Get(s.url + "/o/ACDEFGHJKM")
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 302 || resp.Header.Get("Location") != "/track" {
			t.Fatalf("wrong code: %d %q", resp.StatusCode, resp.Header.Get("Location"))
		}
	})
}

// Short link codes cannot be guessed by trying them: one address gets the
// tracking lookup's tries (order.TrackPerIP) at wrong codes, then the link
// says to wait, even for a good code. A good code is no guess: it opens its
// order however often, and from another address while the first is held.
func TestShortLinkGuessesAreLimited(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		number, _ := s.placeOrder(t, "0708374149")
		o, err := order.NewStore(s.d).ByNumber(context.Background(), number)
		if err != nil {
			t.Fatal(err)
		}
		code, err := order.NewStore(s.d).ShortCode(context.Background(), o.ID)
		if err != nil {
			t.Fatal(err)
		}
		open := func(code, remote string) string {
			t.Helper()
			rec := s.kit.Do("GET", "/o/"+code, nil, "remote", remote)
			if rec.Code != http.StatusFound {
				t.Fatalf("/o/%s from %s: %d %s", code, remote, rec.Code, rec.Body)
			}
			return rec.Header().Get("Location")
		}
		opened := "/order-confirmation?orderId=" + number + "&token=" + code
		farmer, guesser := "203.0.113.9:4000", "198.51.100.7:4000"
		for range order.TrackPerIP.Max + 5 {
			if loc := open(code, farmer); loc != opened {
				t.Fatalf("a good code opened again: %q", loc)
			}
		}
		const alphabet = "34679ACDEFGHJKMNPQRTUVWXY"
		got := map[string]int{}
		for i := range order.TrackPerIP.Max + 5 {
			guess := strings.Repeat(string(alphabet[i%25]), order.ShortCodeLen-1) + string(alphabet[i/25])
			got[open(guess, guesser)]++
		}
		if got["/track"] != order.TrackPerIP.Max || got[order.TrackBusyPath] != 5 {
			t.Fatalf("guesses from one address: %v", got)
		}
		if loc := open(code, guesser); loc != order.TrackBusyPath {
			t.Fatalf("a good code from the address over its limit: %q", loc)
		}
		if loc := open(code, farmer); loc != opened {
			t.Fatalf("a good code from another address: %q", loc)
		}
	})
}
