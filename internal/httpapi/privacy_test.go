package httpapi_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/order"
	"shop/internal/testkit"
)

// signIn registers a customer and returns the Authorization pair.
func (s *shop) signIn(t *testing.T, email string) []string {
	t.Helper()
	s.kit.Register("Wanjiku", "Mwangi", email, "254712345678", "Shamba2026")
	access, _ := s.kit.Login(email, "Shamba2026")
	return testkit.Bearer(access)
}

// paidOrder checks out the cart line (a JSON cart item) as the signed-in
// customer of header and waits until the simulated phone has paid; it
// returns the order's number.
func (s *shop) paidOrder(t *testing.T, item string, header []string) string {
	t.Helper()
	s.do(t, "POST", "/api/cart/items/", item, header...)
	code, placed := s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "254708374149", 1), header...)
	if code != 201 {
		t.Fatalf("checkout: %d %v", code, placed)
	}
	number := placed["orderId"].(string)
	s.waitForStatus(t, number, "paid", header...)
	return number
}

func (s *shop) raw(t *testing.T, method, path, body string, header ...string) (*http.Response, []byte) {
	t.Helper()
	resp, b, err := testkit.Send(s.client, method, s.url+path, body, header...)
	if err != nil {
		t.Fatal(err)
	}
	return resp, b
}

// A customer downloads their data, then deletes their account: the paid
// order stays with its total and receipt but without their name, email,
// phone or address; sessions end; the newsletter and contact messages go.
func TestExportAndErase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newShop(t, d, true)
		me := s.signIn(t, "wanjiku@farm.co.ke")
		number := s.paidOrder(t, `{"variant":1}`, me)
		s.do(t, "POST", "/api/newsletter/", `{"email":"Wanjiku@farm.co.ke"}`)
		s.do(t, "POST", "/api/contact/", `{"name":"Wanjiku","email":"wanjiku@farm.co.ke","subject":"order","message":"When will it come?"}`)

		resp, body := s.raw(t, "GET", "/api/auth/me/export/", "", me...)
		if resp.StatusCode != 200 || !strings.Contains(resp.Header.Get("Content-Disposition"), "attachment") ||
			resp.Header.Get("Cache-Control") != "no-store" {
			t.Fatalf("export: %d %v %s", resp.StatusCode, resp.Header, body)
		}
		var x struct {
			Profile       struct{ Email string }
			Addresses     []map[string]string
			Orders        []map[string]any
			Reviews       []any
			Subscriptions struct{ Newsletter *struct{ Email string } }
			Messages      []map[string]any `json:"contact_messages"`
		}
		if err := json.Unmarshal(body, &x); err != nil {
			t.Fatal(err)
		}
		if x.Profile.Email != "wanjiku@farm.co.ke" || len(x.Orders) != 1 || x.Orders[0]["orderId"] != number ||
			len(x.Addresses) != 1 || x.Addresses[0]["city"] != "Ruiru" || x.Reviews == nil ||
			x.Subscriptions.Newsletter == nil || len(x.Messages) != 1 {
			t.Fatalf("export: %s", body)
		}
		if code, _ := s.do(t, "GET", "/api/auth/me/export/", ""); code != 401 {
			t.Fatalf("export without signing in: %d", code)
		}

		// Erasing needs the password.
		code, got := s.do(t, "DELETE", "/api/auth/me/", `{"password":"wrong-one-1A"}`, me...)
		if fields, _ := got["fields"].(map[string]any); code != 400 || fields["password"] == nil {
			t.Fatalf("wrong password: %d %v", code, got)
		}
		if code, _ := s.do(t, "DELETE", "/api/auth/me/", `{}`, me...); code != 400 {
			t.Fatalf("no password: %d", code)
		}
		// Not while an order waits for its payment.
		if _, err := d.Exec(ctx, `UPDATE orders SET status = 'pending_payment' WHERE order_number = $1`, number); err != nil {
			t.Fatal(err)
		}
		if code, got := s.do(t, "DELETE", "/api/auth/me/", `{"password":"Shamba2026"}`, me...); code != 409 || got["error"] != order.MsgEraseWhilePaying {
			t.Fatalf("erase while paying: %d %v", code, got)
		}
		if _, err := d.Exec(ctx, `UPDATE orders SET status = 'paid' WHERE order_number = $1`, number); err != nil {
			t.Fatal(err)
		}
		if code, got := s.do(t, "DELETE", "/api/auth/me/", `{"password":"Shamba2026"}`, me...); code != 204 {
			t.Fatalf("erase: %d %v", code, got)
		}

		if code, _ := s.do(t, "GET", "/api/auth/me/", "", me...); code != 401 {
			t.Fatalf("the session outlived the account: %d", code)
		}
		if code, _ := s.do(t, "POST", "/api/auth/login/", `{"username":"wanjiku@farm.co.ke","password":"Shamba2026"}`); code == 200 {
			t.Fatal("the erased account still signs in")
		}
		var first, email, phone, address, status string
		var userID *int64
		var total int64
		if err := d.QueryRow(ctx, `SELECT first_name, email, phone, address, status, total_cents, user_id FROM orders WHERE order_number = $1`, number).
			Scan(&first, &email, &phone, &address, &status, &total, &userID); err != nil {
			t.Fatal(err)
		}
		if first != order.ErasedName || email != "" || phone != "" || address != "" || userID != nil || status != "paid" || total == 0 {
			t.Fatalf("order after erasure: %q %q %q %q %s %d %v", first, email, phone, address, status, total, userID)
		}
		var receipt, payPhone string
		if err := d.QueryRow(ctx, `SELECT COALESCE(receipt, ''), phone FROM payments`).Scan(&receipt, &payPhone); err != nil || receipt == "" || payPhone != "" {
			t.Fatalf("payment after erasure: receipt %q phone %q %v", receipt, payPhone, err)
		}
		for table, want := range map[string]int{"users": 0, "newsletter_subscribers": 0, "contact_messages": 0, "auth_sessions": 0, "orders": 1, "order_items": 1} {
			if n, _ := d.Count(ctx, table, `SELECT COUNT(*) FROM `+table); n != want {
				t.Errorf("%s: %d rows after erasure, want %d", table, n, want)
			}
		}
	})
}

// An admin exports and erases a customer who asks by phone; never an
// admin, never themself; each is in the audit log without the email.
func TestAdminExportAndErase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		shop := testkit.NewShop(t, d)
		admin, adminID := shop.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		other, _ := shop.NewAdmin("clerk@mifugobora.co.ke", "Ruiru2026Feeds")
		_ = other
		shop.Register("Juma", "Otieno", "juma@farm.co.ke", "254722000111", "Shamba2026")
		customer, customerID := shop.Login("juma@farm.co.ke", "Shamba2026")
		as := testkit.Bearer(admin)
		path := "/api/admin/users/" + itoa(int(customerID)) + "/"

		rec := shop.Get(path+"export/", as...)
		testkit.WantStatus(t, rec, 200)
		if !strings.Contains(rec.Body.String(), `"email":"juma@farm.co.ke"`) || !strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") {
			t.Fatalf("admin export: %s", rec.Body)
		}
		testkit.WantStatus(t, shop.Get(path+"export/", testkit.Bearer(customer)...), 403)
		testkit.WantStatus(t, shop.Do("DELETE", path, nil, testkit.Bearer(customer)...), 403)

		testkit.WantStatus(t, shop.Do("DELETE", "/api/admin/users/"+itoa(int(adminID))+"/", nil, as...), 409)
		_, clerkID := shop.Login("clerk@mifugobora.co.ke", "Ruiru2026Feeds")
		testkit.WantStatus(t, shop.Do("DELETE", "/api/admin/users/"+itoa(int(clerkID))+"/", nil, as...), 409)

		testkit.WantStatus(t, shop.Do("DELETE", path, nil, as...), 204)
		testkit.WantStatus(t, shop.Get("/api/auth/me/", testkit.Bearer(customer)...), 401)
		testkit.WantStatus(t, shop.Do("DELETE", path, nil, as...), 404)
		audit := shop.Get("/api/admin/audit/", as...).Body.String()
		if !strings.Contains(audit, `"action":"erase"`) || !strings.Contains(audit, `"action":"export"`) || strings.Contains(audit, "juma@farm.co.ke") {
			t.Fatalf("audit: %s", audit)
		}
	})
}

func TestExportIsRateLimited(t *testing.T) {
	shop := testkit.NewShop(t, dbtest.SQLite(t))
	shop.Register("Juma", "Otieno", "juma@farm.co.ke", "254722000111", "Shamba2026")
	token, _ := shop.Login("juma@farm.co.ke", "Shamba2026")
	for i := range 10 {
		if rec := shop.Get("/api/auth/me/export/", testkit.Bearer(token)...); rec.Code != 200 {
			t.Fatalf("export %d: %d", i+1, rec.Code)
		}
	}
	rec := shop.Get("/api/auth/me/export/", testkit.Bearer(token)...)
	if rec.Code != 429 || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("11th export in an hour: %d", rec.Code)
	}
}

// The subscriber's link shows a button; pressing it (or a mail program's
// one-click POST) takes the address off the list. A forged link does nothing.
func TestUnsubscribe(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		shop := testkit.NewShop(t, d)
		admin, _ := shop.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		testkit.WantStatus(t, shop.Do("POST", "/api/newsletter/", map[string]string{"email": "juma@farm.co.ke"}), 201)
		testkit.WantStatus(t, shop.Do("POST", "/api/newsletter/", map[string]string{"email": "akinyi@farm.co.ke"}), 201)
		list := testkit.Decode[struct {
			Results []struct {
				Email string `json:"email"`
				URL   string `json:"unsubscribe_url"`
			} `json:"results"`
		}](t, shop.Get("/api/admin/subscribers/", testkit.Bearer(admin)...))
		var link string
		for _, r := range list.Results {
			if r.Email == "juma@farm.co.ke" {
				link = strings.TrimPrefix(r.URL, "http://localhost")
			}
		}
		if !strings.HasPrefix(link, "/unsubscribe/") {
			t.Fatalf("subscribers: %+v", list)
		}
		forged := link[:len(link)-1] + map[bool]string{true: "0", false: "1"}[link[len(link)-1] != '0']
		for _, p := range []string{forged, "/unsubscribe/2-" + strings.Repeat("0", 32), "/unsubscribe/nonsense"} {
			testkit.WantStatus(t, shop.Do("POST", p, "List-Unsubscribe=One-Click", "Content-Type", "application/x-www-form-urlencoded"), 404)
		}
		page := shop.Get(link)
		if page.Code != 200 || !strings.Contains(page.Body.String(), `<form method="post">`) {
			t.Fatalf("unsubscribe page: %d %s", page.Code, page.Body)
		}
		if n, _ := d.Count(context.Background(), "subscribers", `SELECT COUNT(*) FROM newsletter_subscribers`); n != 2 {
			t.Fatalf("opening the link unsubscribed: %d left", n)
		}
		for range 2 { // twice: the second finds nothing to do and says the same
			rec := shop.Do("POST", link, "List-Unsubscribe=One-Click", "Content-Type", "application/x-www-form-urlencoded")
			if rec.Code != 200 || !strings.Contains(rec.Body.String(), "You are unsubscribed") {
				t.Fatalf("unsubscribe: %d %s", rec.Code, rec.Body)
			}
		}
		var left string
		if err := d.QueryRow(context.Background(), `SELECT email FROM newsletter_subscribers`).Scan(&left); err != nil || left != "akinyi@farm.co.ke" {
			t.Fatalf("left on the list: %q %v", left, err)
		}
	})
}
