package httpapi_test

import (
	"fmt"
	"strings"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

// The Paybill road over HTTP (docs/payments.md section 10): a cancelled
// prompt, the guide in the order, a simulated Paybill payment with a loosely
// typed account number, and the order paid without the customer doing more.
func TestPaybillAfterACancelledPrompt(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d, true)
		number, token := s.placeOrder(t, "254700000001")
		o := s.waitForStatus(t, number, "payment_failed", "X-Order-Token", token)
		guide, _ := o["paybill"].(map[string]any)
		total := o["total"].(string)
		pay, _ := o["payment"].(map[string]any)
		if guide == nil || guide["kind"] != "paybill" || guide["business_number"] != "174379" || guide["account_number"] != number ||
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
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d, true)
		number, token := s.placeOrder(t, "254700000001")
		o := s.waitForStatus(t, number, "payment_failed", "X-Order-Token", token)
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
