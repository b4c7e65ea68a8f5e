package account_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"shop/internal/account"
	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

// smsHarness is a harness whose shop sends SMS (to a fake gateway), so
// phone codes and reset links are queued.
func smsHarness(t *testing.T, d *db.DB) *harness {
	t.Helper()
	return newHarness(t, d, nil, func(p *app.Parts) { p.SMS = &testkit.SMS{} })
}

// guestOrder stores a guest's order placed with phone, as the checkout does
// for a farmer who is not signed in.
func guestOrder(t *testing.T, d *db.DB, number, phone string) {
	t.Helper()
	_, err := d.Exec(context.Background(), `INSERT INTO orders (order_number, access_token_hash, status, stock_reserved, subtotal_cents,
		shipping_cents, total_cents, first_name, last_name, email, phone, address, city, county, payment_method)
		VALUES ($1, 'x', 'paid', FALSE, 365000, 50000, 415000, 'Wanjiku', 'Kamau', '', $2, 'Plot 4', 'Ruiru', 'Kiambu', 'mpesa')`, number, phone)
	if err != nil {
		t.Fatal(err)
	}
}

func ordersOf(t *testing.T, d *db.DB, userID int64) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), `SELECT COUNT(*) FROM orders WHERE user_id = $1`, userID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// lastCode reads the code of the latest SMS queued to phone.
func lastCode(t *testing.T, d *db.DB, phone string) string {
	t.Helper()
	var body string
	err := d.QueryRow(context.Background(), `SELECT body FROM sms_messages WHERE kind = 'phone-code' AND recipient = $1 ORDER BY id DESC LIMIT 1`, phone).Scan(&body)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range strings.Fields(body) {
		if w = strings.TrimRight(w, "."); len(w) == 6 && strings.Trim(w, "0123456789") == "" {
			return w
		}
	}
	t.Fatalf("no code in %q", body)
	return ""
}

func (h *harness) registerPhoneOnly(phone string) (access string, userID int64) {
	h.t.Helper()
	rec := h.do("POST", "/api/auth/register/", map[string]string{"first_name": "Wanjiku", "last_name": "Kamau",
		"phone": phone, "password": "Maziwa2026"})
	if rec.Code != http.StatusCreated {
		h.t.Fatalf("register %s: %d %s", phone, rec.Code, rec.Body)
	}
	tk := h.login(phone, "Maziwa2026", false)
	return tk.Access, int64(tk.User["id"].(float64))
}

func TestRegisterWithoutEmailAndSignInByPhone(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		access, _ := h.registerPhoneOnly("0712 345 678")
		me := h.me(access).json()
		if me["email"] != "" || me["phone"] != "254712345678" || me["username"] != "254712345678" || me["phone_confirmed"] != false {
			t.Fatalf("me: %v", me)
		}
		// Every way of writing the number signs in.
		for _, p := range []string{"+254 712 345 678", "254712345678", "0712-345-678"} {
			h.login(p, "Maziwa2026", false)
		}
		rec := h.do("POST", "/api/auth/login/", map[string]any{"username": "0712345678", "password": "Wrong2026x"})
		if msg, _ := rec.errorBody(); rec.Code != http.StatusUnauthorized || msg != account.MsgInvalidCredentials {
			t.Fatalf("wrong password: %d %s", rec.Code, rec.Body)
		}
		rec = h.do("POST", "/api/auth/login/", map[string]any{"username": "hello", "password": "Maziwa2026"})
		testkit.WantError(t, rec.ResponseRecorder, http.StatusBadRequest, "username", account.MsgIdentifierInvalid)
		// Without an email the phone is the username: a second account may not take it.
		rec = h.do("POST", "/api/auth/register/", map[string]string{"first_name": "Juma", "last_name": "Otieno",
			"phone": "+254712345678", "password": "Maziwa2026"})
		testkit.WantError(t, rec.ResponseRecorder, http.StatusBadRequest, "phone", account.MsgPhoneTaken)
		// With an email it may, and that account signs in by email.
		h.register("juma@farm.co.ke", "Maziwa2026")
		h.login("juma@farm.co.ke", "Maziwa2026", false)
		// A bad email is still refused.
		rec = h.do("POST", "/api/auth/register/", map[string]string{"first_name": "Juma", "last_name": "Otieno",
			"email": "juma", "phone": "0722000111", "password": "Maziwa2026"})
		testkit.WantError(t, rec.ResponseRecorder, http.StatusBadRequest, "email", account.MsgEmailInvalid)
	})
}

func TestConfirmPhoneAttachesGuestOrdersOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := smsHarness(t, d)
		guestOrder(t, d, "ORDER-1", "254712345678")
		guestOrder(t, d, "ORDER-2", "254712345678")
		guestOrder(t, d, "ORDER-3", "254722000111") // someone else's
		access, id := h.registerPhoneOnly("0712345678")
		if n := ordersOf(t, d, id); n != 0 {
			t.Fatalf("orders before the phone is confirmed: %d", n)
		}
		rec := h.as(access, "POST", "/api/auth/phone/send-code/", nil)
		testkit.WantStatus(t, rec.ResponseRecorder, http.StatusAccepted)
		code := lastCode(t, d, "254712345678")

		// The right code twice at once: one request confirms, the other
		// finds the code used, and the orders join once.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		attached := make([]float64, 2)
		for i := range 2 {
			wg.Go(func() {
				r := h.as(access, "POST", "/api/auth/phone/confirm/", map[string]string{"code": code})
				codes[i] = r.Code
				if r.Code == http.StatusOK {
					attached[i] = r.json()["orders_attached"].(float64)
				}
			})
		}
		wg.Wait()
		if (codes[0] == 200) == (codes[1] == 200) || attached[0]+attached[1] != 2 {
			t.Fatalf("two confirmations: %v %v", codes, attached)
		}
		if n := ordersOf(t, d, id); n != 2 {
			t.Fatalf("orders after the phone is confirmed: %d, want 2", n)
		}
		if me := h.me(access).json(); me["phone_confirmed"] != true {
			t.Fatalf("me: %v", me)
		}
		list := h.as(access, "GET", "/api/orders/", nil)
		testkit.WantStatus(t, list.ResponseRecorder, http.StatusOK)
		if !strings.Contains(list.Body.String(), "ORDER-1") || strings.Contains(list.Body.String(), "ORDER-3") {
			t.Fatalf("my orders: %s", list.Body)
		}
		// Asking again once confirmed is refused; nothing is sent.
		testkit.WantStatus(t, h.as(access, "POST", "/api/auth/phone/send-code/", nil).ResponseRecorder, http.StatusConflict)
		// A changed phone is unconfirmed again.
		testkit.WantStatus(t, h.as(access, "PATCH", "/api/auth/me/", map[string]string{"phone": "0722 000 222"}).ResponseRecorder, http.StatusOK)
		if me := h.me(access).json(); me["phone_confirmed"] != false {
			t.Fatalf("me after a new phone: %v", me)
		}
	})
}

func TestPhoneCodeWrongExpiredAndTooManyTries(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := smsHarness(t, d)
		guestOrder(t, d, "ORDER-1", "254712345678")
		access, id := h.registerPhoneOnly("0712345678")
		confirm := func(code string) reply {
			return h.as(access, "POST", "/api/auth/phone/confirm/", map[string]string{"code": code})
		}
		// No code asked for yet.
		testkit.WantError(t, confirm("123456").ResponseRecorder, http.StatusBadRequest, "code", account.MsgPhoneCodeExpired)
		testkit.WantError(t, confirm("12ab").ResponseRecorder, http.StatusBadRequest, "code", account.MsgPhoneCodeRequired)

		testkit.WantStatus(t, h.as(access, "POST", "/api/auth/phone/send-code/", nil).ResponseRecorder, http.StatusAccepted)
		code := lastCode(t, d, "254712345678")
		wrong := fmt.Sprintf("%06d", (atoi(code)+1)%1_000_000)
		for range account.PhoneCodeTries - 1 {
			testkit.WantError(t, confirm(wrong).ResponseRecorder, http.StatusBadRequest, "code", account.MsgPhoneCodeWrong)
		}
		testkit.WantError(t, confirm(wrong).ResponseRecorder, http.StatusBadRequest, "code", account.MsgPhoneCodeTooMany)
		// Five tries spent: even the right code is refused now.
		testkit.WantError(t, confirm(code).ResponseRecorder, http.StatusBadRequest, "code", account.MsgPhoneCodeTooMany)

		// A new code; the clock passes its ten minutes.
		testkit.WantStatus(t, h.as(access, "POST", "/api/auth/phone/send-code/", nil).ResponseRecorder, http.StatusAccepted)
		code = lastCode(t, d, "254712345678")
		h.clock.Add(account.PhoneCodeTTL)
		testkit.WantError(t, confirm(code).ResponseRecorder, http.StatusBadRequest, "code", account.MsgPhoneCodeExpired)
		if n := ordersOf(t, d, id); n != 0 {
			t.Fatalf("orders without a confirmed phone: %d", n)
		}

		// The third code of the hour is the last one for this phone.
		testkit.WantStatus(t, h.as(access, "POST", "/api/auth/phone/send-code/", nil).ResponseRecorder, http.StatusAccepted)
		code = lastCode(t, d, "254712345678")
		rec := h.as(access, "POST", "/api/auth/phone/send-code/", nil)
		if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
			t.Fatalf("fourth code in an hour: %d %s", rec.Code, rec.Body)
		}
		// The latest code still works, with spaces too.
		testkit.WantStatus(t, confirm(code[:3]+" "+code[3:]).ResponseRecorder, http.StatusOK)
		if n := ordersOf(t, d, id); n != 1 {
			t.Fatalf("orders after confirming: %d", n)
		}
	})
}

func TestPasswordResetBySMSForAccountWithoutEmail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := smsHarness(t, d)
		h.registerPhoneOnly("0712345678")
		rec := h.do("POST", "/api/auth/password/forgot/", map[string]string{"phone": "+254 712 345 678"})
		testkit.WantStatus(t, rec.ResponseRecorder, http.StatusOK)
		// The same answer for a number without an account.
		testkit.WantStatus(t, h.do("POST", "/api/auth/password/forgot/", map[string]string{"phone": "0722000999"}).ResponseRecorder, http.StatusOK)
		var body string
		if err := d.QueryRow(context.Background(), `SELECT body FROM sms_messages WHERE kind = 'password-reset'`).Scan(&body); err != nil {
			t.Fatal(err)
		}
		i := strings.Index(body, "token=")
		if i < 0 {
			t.Fatalf("no link in %q", body)
		}
		token := strings.Fields(body[i+len("token="):])[0]
		testkit.WantStatus(t, h.do("POST", "/api/auth/password/reset/", map[string]string{"token": token, "password": "Mpya2026x"}).ResponseRecorder, http.StatusOK)
		h.login("0712 345 678", "Mpya2026x", false)
	})
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}
