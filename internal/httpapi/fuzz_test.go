package httpapi_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/payment"
	"shop/internal/payment/mpesa"
	"shop/internal/testkit"
)

// fuzzTargets are the JSON endpoints a body can reach: the customer's, the
// sign-in forms, Daraja's callback and the back office's writes.
var fuzzTargets = []struct {
	method, path string
	admin        bool
}{
	{"POST", "/api/cart/items/", false},
	{"PATCH", "/api/cart/items/1/", false},
	{"POST", "/api/payments/mpesa/initiate/", false},
	{"POST", "/api/orders/ORDER-1/pay/", false},
	{"POST", "/api/orders/track/", false},
	{"POST", "/api/newsletter/", false},
	{"POST", "/api/contact/", false},
	{"POST", "/api/auth/register/", false},
	{"POST", "/api/auth/login/", false},
	{"POST", "/api/auth/token/refresh/", false},
	{"POST", "/api/auth/logout/", false},
	{"POST", "/api/auth/password/forgot/", false},
	{"POST", "/api/auth/password/reset/", false},
	{"POST", "/api/payments/callback/" + fuzzSecret + "/", false},
	{"POST", "/api/payments/c2b/confirmation/" + fuzzSecret + "/", false},
	{"POST", "/api/payments/c2b/validation/" + fuzzSecret + "/", false},
	{"PATCH", "/api/auth/me/", true},
	{"POST", "/api/admin/products/", true},
	{"PUT", "/api/admin/products/1/", true},
	{"POST", "/api/admin/products/1/variants/", true},
	{"POST", "/api/admin/categories/", true},
	{"PATCH", "/api/admin/orders/ORDER-1/", true},
	{"PATCH", "/api/admin/users/1/", true},
	{"PATCH", "/api/admin/messages/1/", true},
	{"PUT", "/api/admin/products/1/images/order/", true},
	{"POST", "/api/admin/payments/unmatched/1/assign/", true},
	{"POST", "/api/admin/payments/1/assign/", true},
	{"POST", "/api/admin/orders/ORDER-1/sms/1/resend/", true},
	{"POST", "/api/admin/orders/ORDER-1/mail/1/resend/", true},
	{"PUT", "/api/admin/search/synonyms/", true},
}

const fuzzSecret = "fuzz-secret-0123456789-0123456789-abc"

// FuzzJSONEndpoints sends any body to any JSON endpoint: the answer may be
// any 2xx, 3xx or 4xx, never a 5xx. Run longer with
// go test -fuzz FuzzJSONEndpoints ./internal/httpapi/; the seeds below and in
// testdata/fuzz run with every go test.
func FuzzJSONEndpoints(f *testing.F) {
	seeds := []string{
		`{"variant":1,"quantity":2}`, `{"variant":1,"quantity":9223372036854775807}`, `{"quantity":-1}`,
		`{"phone":"0708374149","customerInfo":{"name":"Wanjiku Mwangi","email":"w@farm.co.ke","phone":"0712345678"},"shippingAddress":{"address":"Plot 4","city":"Ruiru","county":"Kiambu","postalCode":"00232"}}`,
		`{"email":"a@b.co"}`, `{"name":"\u0000","email":"x@y.z","subject":"s","message":"\u0000"}`,
		`{"first_name":"A","last_name":"B","email":"a@b.co","phone":"254712345678","password":"Abcdefg1"}`,
		`{"username":"a@b.co","password":"x"}`, `{"refresh":"\ud800"}`, `{"token":"` + strings.Repeat("a", 200) + `"}`,
		`{"Body":{"stkCallback":{"CheckoutRequestID":"ws\u0000","ResultCode":0,"CallbackMetadata":{"Item":[{"Name":"Amount","Value":1e308}]}}}}`,
		`{"name":"Feeds","slug":"feeds","category":1,"base_price":"1e400","variants":[{"size":"x","sku":"y","price":"-1","stock":-5}]}`,
		`{"status":"cancelled","note":"\u0007"}`, `{"role":"admin"}`, `{"handled":"yes"}`, `{"ids":[1,1,1]}`, `{"orderId":"ORDER-1"}`,
		`{"TransID":"TKM1","TransAmount":"1460.00","BillRefNumber":"order-1","FirstName":"A","MSISDN":"2547 ***** 1"}`,
		`{"TransID":"TKM2","TransAmount":"1e9","BillRefNumber":"\u0000"}`, `{"TransID":"TKM3","TransAmount":"-1"}`, `{"orderId":"order-1","phone":"+254 712 345 678"}`, `{"orderId":7,"phone":["x"]}`, `{"TransID":7,"TransAmount":1.005}`,
		`{"synonyms":[{"phrase":"ng'ombe","expansion":"dairy, cow"},{"phrase":"","expansion":","}]}`, `{"synonyms":"kuku"}`,
		`[]`, `null`, `"x"`, `{}`, `{"a":{"b":{"c":[[[[[]]]]]}}}`, ``, `{"price":99999999999999999999999}`,
	}
	for i := range fuzzTargets {
		for _, s := range seeds {
			f.Add(uint8(i), s)
		}
	}
	d := dbtest.SQLite(f)
	h, admin := fuzzServer(f, d)
	f.Fuzz(func(t *testing.T, target uint8, body string) {
		tg := fuzzTargets[int(target)%len(fuzzTargets)]
		req := httptest.NewRequest(tg.method, tg.path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		if tg.admin {
			req.Header.Set("Authorization", "Bearer "+admin)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code >= 500 {
			t.Fatalf("%s %s %q: %d %s", tg.method, tg.path, body, rec.Code, rec.Body)
		}
	})
}

// FuzzSearchQueries sends any text as the product list's search and the
// suggestions' q: a 200 or a 400 with the error shape, never a 5xx.
func FuzzSearchQueries(f *testing.F) {
	for _, s := range []string{"albendazol", "dawa ya minyoo", "DCP 18%", "10kg", "MB-ALB10-120ML", "\"a\"* OR", "a:* & !b | (",
		"NEAR(a b)", "{name}: x", "'; DROP TABLE products; --", "\u0000", "%_%", strings.Repeat("kuku ", 30), "é ñ 牛", "-", "*"} {
		f.Add(s)
	}
	d := dbtest.SQLite(f)
	h, _ := fuzzServer(f, d)
	f.Fuzz(func(t *testing.T, q string) {
		for _, path := range []string{"/api/products/?page=1&search=", "/api/search/suggest/?q="} {
			req := httptest.NewRequest("GET", path+url.QueryEscape(q), nil)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != 200 && rec.Code != 400 {
				t.Fatalf("%s%q: %d %s", path, q, rec.Code, rec.Body)
			}
		}
	})
}

// fuzzServer is the whole shop on d, M-Pesa simulated, with an admin's
// access token.
func fuzzServer(f *testing.F, d *db.DB) (http.Handler, string) {
	ctx := context.Background()
	sim := &mpesa.Simulator{ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p", Delay: time.Hour, Mode: mpesa.CallbackNever}
	daraja := httptest.NewServer(sim)
	f.Cleanup(func() { sim.Close(); daraja.Close() })
	shop := testkit.NewShop(f, d, testkit.With(func(p *app.Parts) {
		p.WebAssets = webFiles
		p.Gateway = mpesa.NewClient(mpesa.Config{BaseURL: daraja.URL, ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p"}, nil)
		p.Payment = payment.Config{CallbackSecret: fuzzSecret}
	}), func(t testing.TB, p *app.Parts) {
		if _, err := demo.Seed(ctx, catalog.NewStore(p.DB), p.MediaDir); err != nil {
			t.Fatal(err)
		}
	})
	srv, auth := shop.Server, shop.Deps.Auth
	if _, err := account.NewStore(d).EnsureAdmin(ctx, "owner@mifugobora.co.ke", "Ruiru2026Feeds"); err != nil {
		f.Fatal(err)
	}
	tk, err := auth.Login(ctx, account.LoginInput{Username: "owner@mifugobora.co.ke", Password: "Ruiru2026Feeds", Remember: true}, "192.0.2.1")
	if err != nil {
		f.Fatal(err)
	}
	return srv, tk.Access
}
