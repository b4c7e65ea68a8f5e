package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"shop/internal/coupon"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

// The owner makes a code, a farmer applies it in the cart and pays; the
// order keeps the discount and the code, its receipt is a PDF for the
// order's readers only, and a switched-off code no longer applies.
func TestCouponFromAdminToReceipt(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		access, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		admin := testkit.Bearer(access)
		status, body := s.do(t, "POST", "/api/admin/coupons/", `{"code":"Dairy10","kind":"percent","value":101}`, admin...)
		if fields, _ := body["fields"].(map[string]any); status != 400 || fields["value"] != coupon.MsgPercent {
			t.Fatalf("bad coupon: %d %v", status, body)
		}
		status, body = s.do(t, "POST", "/api/admin/coupons/", `{"code":"Dairy10","kind":"percent","value":"10","min_subtotal":"2000",
			"max_uses":5,"max_uses_per_phone":1,"starts_at":null,"ends_at":"2099-01-01T00:00:00Z"}`, admin...)
		if status != 201 || body["code"] != "Dairy10" || body["value"] != "10" || body["min_subtotal"] != "2000.00" || body["active"] != true {
			t.Fatalf("create: %d %v", status, body)
		}
		id := itoa(int(body["id"].(float64)))
		if status, _ := s.do(t, "POST", "/api/admin/coupons/", `{"code":"DAIRY10","kind":"fixed","value":"5"}`, admin...); status != 400 {
			t.Fatalf("the same code in capitals: %d", status)
		}
		if status, _ := s.do(t, "GET", "/api/admin/coupons/", ""); status != 401 {
			t.Fatalf("coupons without a token: %d", status)
		}

		// The demo's feeds are exempt (band A); this one is sold at the
		// standard rate here, so the order carries VAT.
		if _, err := s.d.Exec(context.Background(), `UPDATE products SET vat_class = 'B' WHERE id = (SELECT product_id FROM variants WHERE id = 1)`); err != nil {
			t.Fatal(err)
		}
		// One 10 Kg bag (Ksh 650) is below the minimum.
		s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
		for code, want := range map[string]string{"nope": coupon.MsgUnknown, "dairy10": "Spend Ksh 2,000 or more to use this code", "": coupon.MsgRequired} {
			status, body := s.do(t, "POST", "/api/cart/coupon/", `{"code":"`+code+`"}`)
			if fields, _ := body["fields"].(map[string]any); status != 400 || fields["code"] != want {
				t.Fatalf("apply %q: %d %v", code, status, body)
			}
		}
		s.do(t, "PATCH", "/api/cart/items/1/", `{"quantity":4}`)
		status, body = s.do(t, "POST", "/api/cart/coupon/", `{"code":" DAIRY10 "}`)
		if status != 200 || body["code"] != "Dairy10" || body["discount"] != "260.00" {
			t.Fatalf("apply: %d %v", status, body)
		}
		if status, body = s.do(t, "GET", "/api/cart/coupon/", ""); status != 200 || body["discount"] != "260.00" {
			t.Fatalf("the cart's code: %d %v", status, body)
		}
		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "0708374149", 1))
		if status != 201 {
			t.Fatalf("initiate: %d %v", status, body)
		}
		number, token := body["orderId"].(string), body["orderToken"].(string)
		stranger := &shop{url: s.url, client: &http.Client{}}
		o := stranger.waitForStatus(t, number, "paid", "X-Order-Token", token)
		if o["discount"] != "260.00" || o["coupon_code"] != "Dairy10" || o["subtotal"] != "2600.00" ||
			amount(o["total"].(string)) != 2600-260+amount(o["shipping"].(string)) {
			t.Fatalf("order: %v", o)
		}
		item := o["items"].([]any)[0].(map[string]any)
		if item["discount"] != "260.00" || item["vat_class"] != "B" || item["vat"] != "322.76" { // 2340 × 16/116
			t.Fatalf("item: %v", item)
		}
		// Paid, the code leaves the cart.
		if _, body := s.do(t, "GET", "/api/cart/coupon/", ""); body["code"] != nil {
			t.Fatalf("the cart kept its code: %v", body)
		}

		pdf := "/api/orders/" + number + "/receipt.pdf"
		resp, b := stranger.raw(t, "GET", pdf, "", "X-Order-Token", token)
		if resp.StatusCode != 200 || resp.Header.Get("Content-Type") != "application/pdf" || !bytes.HasPrefix(b, []byte("%PDF-")) {
			t.Fatalf("receipt: %d %s", resp.StatusCode, resp.Header)
		}
		if resp, _ := stranger.raw(t, "GET", pdf, ""); resp.StatusCode != 404 {
			t.Fatalf("receipt without the token: %d", resp.StatusCode)
		}
		if resp, _ := stranger.raw(t, "GET", pdf, "", admin...); resp.StatusCode != 200 {
			t.Fatalf("receipt for an admin: %d", resp.StatusCode)
		}

		// An unpaid order has no receipt: 254700000001 cancels the prompt.
		s.do(t, "POST", "/api/cart/items/", `{"variant":2}`)
		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "254700000001", 1))
		if status != 201 {
			t.Fatalf("second order: %d %v", status, body)
		}
		unpaid, unpaidToken := body["orderId"].(string), body["orderToken"].(string)
		stranger.waitForStatus(t, unpaid, "payment_failed", "X-Order-Token", unpaidToken)
		if resp, _ := stranger.raw(t, "GET", "/api/orders/"+unpaid+"/receipt.pdf", "", "X-Order-Token", unpaidToken); resp.StatusCode != 404 {
			t.Fatalf("receipt of an unpaid order: %d", resp.StatusCode)
		}

		// Switched off, the code is refused; the audit log has each change.
		status, body = s.do(t, "PATCH", "/api/admin/coupons/"+id+"/", `{"active":false}`, admin...)
		if status != 200 || body["active"] != false || body["value"] != "10" || body["uses"] != float64(1) {
			t.Fatalf("deactivate: %d %v", status, body)
		}
		if status, body := s.do(t, "POST", "/api/cart/coupon/", `{"code":"dairy10"}`); status != 400 || body["fields"].(map[string]any)["code"] != coupon.MsgUnknown {
			t.Fatalf("a switched-off code: %d %v", status, body)
		}
		if status, body := s.do(t, "DELETE", "/api/admin/coupons/"+id+"/", "", admin...); status != 200 || body["active"] != false {
			t.Fatalf("delete: %d %v", status, body)
		}
		resp, b = s.raw(t, "GET", "/api/admin/audit/", "", admin...)
		var audit struct {
			Results []struct{ Action, Entity string }
		}
		_ = json.Unmarshal(b, &audit)
		var seen []string
		for _, e := range audit.Results {
			if e.Entity == "coupon" {
				seen = append(seen, e.Action)
			}
		}
		if resp.StatusCode != 200 || strings.Join(seen, ",") != "deactivate,update,create" {
			t.Fatalf("audit: %d %v (%s)", resp.StatusCode, seen, b)
		}
	})
}

// Guessing codes is slowed down: the eleventh wrong code from one address
// in a quarter of an hour is refused with 429.
func TestWrongCodesAreRateLimited(t *testing.T) {
	s := newShop(t, dbtest.SQLite(t), false)
	s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
	for i := range coupon.WrongCodes.Max {
		if status, _ := s.do(t, "POST", "/api/cart/coupon/", `{"code":"guess`+itoa(i)+`"}`); status != 400 {
			t.Fatalf("guess %d: %d", i, status)
		}
	}
	resp, _ := s.raw(t, "POST", "/api/cart/coupon/", `{"code":"guess-more"}`)
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("after %d wrong codes: %d", coupon.WrongCodes.Max, resp.StatusCode)
	}
}
