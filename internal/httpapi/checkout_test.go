package httpapi_test

import (
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/httpapi"
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
}

func newShop(t *testing.T, d *db.DB, withMPesa bool, opts ...testkit.Option) *shop {
	t.Helper()
	ts := httptest.NewUnstartedServer(nil)
	public := "http://" + ts.Listener.Addr().String()
	sim := &mpesa.Simulator{ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p", Delay: 20 * time.Millisecond}
	srv := testkit.NewShop(t, d, testkit.With(func(deps *httpapi.Deps) {
		var gateway payment.Gateway
		if withMPesa {
			gateway = mpesa.NewClient(mpesa.Config{BaseURL: public + "/dev/daraja", ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p"}, nil)
		}
		deps.Payments = payment.New(d, deps.Orders, gateway, payment.Config{PublicURL: public, CallbackSecret: "cb-secret-0123456789-0123456789-xyz"}, deps.Log)
		deps.Daraja, deps.WebAssets, deps.PublicURL = sim, webFiles, public
	}), testkit.Demo)
	for _, o := range opts {
		o(t, &srv.Deps)
	}
	if len(opts) > 0 {
		rebuilt, err := httpapi.New(srv.Deps)
		if err != nil {
			t.Fatal(err)
		}
		srv.Server = rebuilt
	}
	ts.Config.Handler = srv
	ts.Start()
	t.Cleanup(func() { sim.Close(); ts.Close() })
	jar, _ := cookiejar.New(nil)
	return &shop{url: public, client: &http.Client{Jar: jar}, d: d}
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
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d, true)
		status, body := s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "0708374149", 1))
		if status != 400 || body["error"] != "Your cart is empty." {
			t.Fatalf("empty cart: %d %v", status, body)
		}
		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", `{"phone":"","customerInfo":{},"shippingAddress":{}}`)
		fields, _ := body["fields"].(map[string]any)
		if status != 400 || fields["mpesaPhone"] != order.MsgMpesaPhone || fields["county"] != order.MsgCounty || fields["email"] != "Email is required" {
			t.Fatalf("validation: %d %v", status, body)
		}
		if status, body = s.do(t, "POST", "/api/cart/items/", `{"variant":1,"quantity":2}`); status != 201 {
			t.Fatalf("add: %d %v", status, body)
		}
		unit := body["unit_price"].(string)

		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "0708374149", 1))
		if status != 201 || body["success"] != true || body["message"] != payment.MsgPushSent || body["checkoutRequestId"] == "" {
			t.Fatalf("initiate: %d %v", status, body)
		}
		number, token := body["orderId"].(string), body["orderToken"].(string)

		// Another browser reads the order only with its token; the total is
		// the cart's plus Ksh 500, whatever amount the browser sent.
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
		wantTotal := amount(unit)*2 + 500
		total := amount(o["total"].(string))
		if o["status"] != "paid" || total != wantTotal || o["shipping"] != "500.00" {
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
	s := newShop(t, dbtest.New(t, db.SQLite), true)
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
	s := newShop(t, dbtest.New(t, db.SQLite), true)
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
	s := newShop(t, dbtest.New(t, db.SQLite), false)
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
	s := newShop(t, dbtest.New(t, db.SQLite), false)
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
