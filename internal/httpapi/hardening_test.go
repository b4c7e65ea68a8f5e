package httpapi_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync"
	"testing"

	"shop/internal/account"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/payment"
)

func (s *shop) newBrowser() *shop {
	jar, _ := cookiejar.New(nil)
	return &shop{url: s.url, client: &http.Client{Jar: jar}, d: s.d}
}

func count(t *testing.T, d *db.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), q, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// Twenty presses of 'Pay' from one cart at once: one order, one M-Pesa
// prompt, and every answer names that order.
func TestDoubleSubmitMakesOneOrder(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		if status, body := s.do(t, "POST", "/api/cart/items/", `{"variant":1,"quantity":2}`); status != 201 {
			t.Fatalf("add: %d %v", status, body)
		}
		body := strings.Replace(checkoutBody, "%s", "0708374149", 1)
		type answer struct {
			status int
			order  any
			err    any
		}
		answers := make([]answer, 20)
		var wg sync.WaitGroup
		for i := range answers {
			wg.Go(func() {
				req, _ := http.NewRequest("POST", s.url+"/api/payments/mpesa/initiate/", strings.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				resp, err := s.client.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				defer resp.Body.Close()
				var v map[string]any
				_ = decodeBody(resp, &v)
				answers[i] = answer{resp.StatusCode, v["orderId"], v["error"]}
			})
		}
		wg.Wait()
		created, first := 0, any(nil)
		for _, a := range answers {
			switch a.status {
			case http.StatusCreated:
				created++
				first = a.order
			case http.StatusOK:
			case http.StatusBadRequest:
				// The simulated phone pays within milliseconds; a press that
				// comes after the payment finds the cart emptied by it.
				if a.err == "Your cart is empty." {
					continue
				}
				fallthrough
			default:
				t.Fatalf("answers %+v", answers)
			}
		}
		for _, a := range answers {
			if a.order != nil && a.order != first {
				t.Fatalf("two orders named: %+v", answers)
			}
		}
		if created != 1 || count(t, s.d, `SELECT COUNT(*) FROM orders`) != 1 || count(t, s.d, `SELECT COUNT(*) FROM payments`) != 1 {
			t.Fatalf("%d created answers, %d orders, %d payments", created, count(t, s.d, `SELECT COUNT(*) FROM orders`),
				count(t, s.d, `SELECT COUNT(*) FROM payments`))
		}
	})
}

// Prompts are limited per phone and per address: a stranger cannot ring a
// farmer's phone over and over, nor hold the shop's stock with guest orders.
func TestPromptLimits(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		try := func(phone string) (int, map[string]any) {
			b := s.newBrowser()
			if status, body := b.do(t, "POST", "/api/cart/items/", `{"variant":2}`); status != 201 {
				t.Fatalf("add: %d %v", status, body)
			}
			return b.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", phone, 1))
		}
		lim := payment.DefaultPushLimits
		for i := range lim.PerPhone.Max {
			if status, body := try("0711000001"); status != 201 {
				t.Fatalf("prompt %d: %d %v", i+1, status, body)
			}
		}
		status, body := try("0711000001")
		if status != http.StatusTooManyRequests || body["error"] != payment.MsgTooManyPushes {
			t.Fatalf("one prompt too many for a phone: %d %v", status, body)
		}
		// Other phones from the same address, up to the address's limit.
		for i := lim.PerPhone.Max; i < lim.PerIP.Max; i++ {
			if status, body := try(fmt.Sprintf("07110000%02d", 10+i)); status != 201 {
				t.Fatalf("prompt %d from the address: %d %v", i+1, status, body)
			}
		}
		if status, body := try("0711000099"); status != http.StatusTooManyRequests {
			t.Fatalf("one prompt too many for the address: %d %v", status, body)
		}
		if n := count(t, s.d, `SELECT COUNT(*) FROM orders`); n != lim.PerIP.Max {
			t.Fatalf("%d orders hold stock, want %d", n, lim.PerIP.Max)
		}
	})
}

// JSON endpoints take only JSON, and a state change a browser says comes
// from another site is refused: a cross-site form cannot use the shopper's
// cart cookie.
func TestWritesTakeOnlyJSONFromThisSite(t *testing.T) {
	s := newShop(t, dbtest.SQLite(t), false)
	add := `{"variant":1}`
	for _, ct := range []string{"", "text/plain", "application/x-www-form-urlencoded", "application/jsonp", "multipart/form-data; boundary=x"} {
		if status, body := s.do(t, "POST", "/api/cart/items/", add, "Content-Type", ct); status != http.StatusUnsupportedMediaType || body["error"] == nil {
			t.Errorf("Content-Type %q: %d %v", ct, status, body)
		}
	}
	for _, h := range [][]string{{"Origin", "https://evil.example"}, {"Sec-Fetch-Site", "cross-site"}, {"Sec-Fetch-Site", "same-site"}} {
		if status, body := s.do(t, "POST", "/api/cart/items/", add, h...); status != http.StatusForbidden || body["error"] == nil {
			t.Errorf("%v: %d %v", h, status, body)
		}
	}
	for _, h := range [][]string{{"Content-Type", "application/json; charset=utf-8"}, {"Origin", s.url}, {"Sec-Fetch-Site", "same-origin"}} {
		if status, body := s.do(t, "POST", "/api/cart/items/", add, h...); status != http.StatusCreated {
			t.Errorf("%v: %d %v", h, status, body)
		}
	}
	if count(t, s.d, `SELECT COALESCE(SUM(quantity), 0) FROM cart_items`) != 3 {
		t.Fatal("a refused request changed the cart")
	}
}

// Text no person types (a NUL, a bell, broken UTF-8) is a 400 naming the
// field, in bodies, paths and queries alike; never a database error.
func TestControlCharactersAreRefused(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		status, body := s.do(t, "POST", "/api/contact/", `{"name":"Kamau","email":"kamau@farm.co.ke","subject":"x","message":"\u0000"}`)
		if fields, _ := body["fields"].(map[string]any); status != 400 || fields["message"] == nil {
			t.Fatalf("contact: %d %v", status, body)
		}
		s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
		bad := strings.Replace(strings.Replace(checkoutBody, "%s", "0708374149", 1), "Wanjiku Mwangi", `Wanjiku\u0007 Mwangi`, 1)
		status, body = s.do(t, "POST", "/api/payments/mpesa/initiate/", bad)
		if fields, _ := body["fields"].(map[string]any); status != 400 || fields["name"] == nil {
			t.Fatalf("checkout: %d %v", status, body)
		}
		for _, path := range []string{"/api/products/?search=%00", "/api/products/?search=%ff", "/api/orders/ORDER-%00/", "/api/products/dairy%00/"} {
			if status, body := s.do(t, "GET", path, ""); status != 400 || body["error"] == nil {
				t.Errorf("GET %s: %d %v", path, status, body)
			}
		}
		if n := count(t, s.d, `SELECT COUNT(*) FROM contact_messages`) + count(t, s.d, `SELECT COUNT(*) FROM orders`); n != 0 {
			t.Fatalf("%d rows stored", n)
		}
	})
}

// A quantity that would overflow the line's total is refused before any sum.
func TestCartQuantityIsBounded(t *testing.T) {
	eachShop(t, false, func(t *testing.T, s *shop) {
		s.do(t, "POST", "/api/cart/items/", `{"variant":1}`)
		for _, q := range []string{"9223372036854775807", "10001", "2147483648"} {
			if status, body := s.do(t, "POST", "/api/cart/items/", `{"variant":1,"quantity":`+q+`}`); status != 400 || body["error"] == nil {
				t.Errorf("quantity %s: %d %v", q, status, body)
			}
		}
		if n := count(t, s.d, `SELECT quantity FROM cart_items`); n != 1 {
			t.Fatalf("line holds %d", n)
		}
	})
}

// An admin who is demoted cannot read a customer's order with the token
// they still hold: the stored role is read on every request.
func TestDemotedAdminLosesOrdersAtOnce(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		ctx := context.Background()
		number, _ := s.placeOrder(t, "0708374149")

		accounts := account.NewStore(s.d)
		for _, email := range []string{"owner@mifugobora.co.ke", "clerk@mifugobora.co.ke"} {
			if _, err := accounts.EnsureAdmin(ctx, email, "Ruiru2026Feeds"); err != nil {
				t.Fatal(err)
			}
		}
		signIn := func(email string) string {
			status, body := s.newBrowser().do(t, "POST", "/api/auth/login/", `{"username":"`+email+`","password":"Ruiru2026Feeds"}`)
			if status != 200 {
				t.Fatalf("login %s: %d %v", email, status, body)
			}
			return "Bearer " + body["access"].(string)
		}
		owner, clerk := signIn("owner@mifugobora.co.ke"), signIn("clerk@mifugobora.co.ke")
		outsider := s.newBrowser()
		read := func(token string) int {
			status, _ := outsider.do(t, "GET", "/api/orders/"+number+"/", "", "Authorization", token)
			return status
		}
		if read(owner) != 200 || read(clerk) != 200 {
			t.Fatal("admins cannot read the order")
		}
		// The role is changed in the database behind the token's back.
		if _, err := s.d.Exec(ctx, `UPDATE users SET role = 'customer' WHERE email = 'owner@mifugobora.co.ke'`); err != nil {
			t.Fatal(err)
		}
		if code := read(owner); code != 404 {
			t.Fatalf("demoted in the database: %d", code)
		}
		// Demoted through the back office: the session ends too. The shop
		// keeps an owner, so the first is one again.
		if _, err := s.d.Exec(ctx, `UPDATE users SET role = 'owner' WHERE email = 'owner@mifugobora.co.ke'`); err != nil {
			t.Fatal(err)
		}
		var id int64
		if err := s.d.QueryRow(ctx, `SELECT id FROM users WHERE email = 'clerk@mifugobora.co.ke'`).Scan(&id); err != nil {
			t.Fatal(err)
		}
		if err := s.d.Tx(ctx, func(tx *sql.Tx) error { _, err := accounts.SetRoleTx(ctx, tx, id, account.RoleCustomer); return err }); err != nil {
			t.Fatal(err)
		}
		if code := read(clerk); code != 404 {
			t.Fatalf("demoted in the back office: %d", code)
		}
		if status, _ := outsider.do(t, "GET", "/api/auth/me/", "", "Authorization", clerk); status != 401 {
			t.Fatalf("the demoted admin's session still works: %d", status)
		}
	})
}

// 'Try again' counts against the same prompt limits: a cancelled payment
// can be retried, but not into a flood of prompts to one phone.
func TestRetryFollowsThePromptLimits(t *testing.T) {
	s := newShop(t, dbtest.SQLite(t), true)
	// 254700000001 cancels every prompt on the simulated phone.
	number, _ := s.placeOrder(t, "254700000001")
	failed := func() { s.waitForStatus(t, number, "payment_failed") }
	for i := 1; i < payment.DefaultPushLimits.PerPhone.Max; i++ {
		failed()
		if status, body := s.do(t, "POST", "/api/orders/"+number+"/pay/", `{"phone":"254700000001"}`); status != 201 {
			t.Fatalf("retry %d: %d %v", i, status, body)
		}
	}
	failed()
	status, body := s.do(t, "POST", "/api/orders/"+number+"/pay/", `{"phone":"254700000001"}`)
	if status != http.StatusTooManyRequests || body["error"] != payment.MsgTooManyPushes {
		t.Fatalf("one retry too many: %d %v", status, body)
	}
	if _, o := s.do(t, "GET", "/api/orders/"+number+"/", ""); o["status"] != "payment_failed" {
		t.Fatalf("a refused retry moved the order: %v", o["status"])
	}
}
