package account_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

var linkPattern = regexp.MustCompile(`https://shop\.example/reset-password\?token=([A-Za-z0-9_-]+)`)

func (h *harness) resetToken(to string) string {
	h.t.Helper()
	h.svc.Wait()
	msgs := h.mail.Messages()
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].To == to {
			m := linkPattern.FindStringSubmatch(msgs[i].Text)
			if m == nil || !strings.Contains(msgs[i].HTML, m[0]) {
				h.t.Fatalf("no reset link in %+v", msgs[i])
			}
			return m[1]
		}
	}
	h.t.Fatalf("no mail to %s", to)
	return ""
}

func TestForgotAndResetPassword(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.register("chebet@farm.co.ke", "Chai2026x")
		old := h.login("chebet@farm.co.ke", "Chai2026x", true)

		// The same answer whether or not the account exists; mail only to an
		// account.
		known := h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "Chebet@farm.co.ke"})
		unknown := h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "nobody@farm.co.ke"})
		if known.Code != 200 || unknown.Code != 200 || known.Body.String() != unknown.Body.String() {
			t.Fatalf("known %d %s, unknown %d %s", known.Code, known.Body, unknown.Code, unknown.Body)
		}
		h.svc.Wait()
		if msgs := h.mail.Messages(); len(msgs) != 1 || msgs[0].To != "chebet@farm.co.ke" || !strings.Contains(msgs[0].Subject, "password") {
			t.Fatalf("mail %+v", msgs)
		}
		if rec := h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "nope"}); rec.Code != 400 {
			t.Fatalf("bad email: %d", rec.Code)
		}
		token := h.resetToken("chebet@farm.co.ke")

		// The new password follows the registration rules.
		rec := h.do("POST", "/api/auth/password/reset/", map[string]string{"token": token, "password": "weakpass"})
		if _, f := rec.errorBody(); rec.Code != 400 || f["password"] != account.MsgPasswordStrength {
			t.Fatalf("weak password: %d %s", rec.Code, rec.Body)
		}
		if rec := h.do("POST", "/api/auth/password/reset/", map[string]string{"token": token, "password": "Majani2026"}); rec.Code != 200 {
			t.Fatalf("reset: %d %s", rec.Code, rec.Body)
		}
		// Single use.
		rec = h.do("POST", "/api/auth/password/reset/", map[string]string{"token": token, "password": "Another2026"})
		if msg, _ := rec.errorBody(); rec.Code != 400 || msg != account.MsgResetLinkInvalid {
			t.Fatalf("second use: %d %s", rec.Code, rec.Body)
		}
		// The old password is gone, the new one works, and the sessions from
		// before the reset are over.
		if rec := h.do("POST", "/api/auth/login/", map[string]string{"username": "chebet@farm.co.ke", "password": "Chai2026x"}); rec.Code != 401 {
			t.Fatalf("old password: %d", rec.Code)
		}
		h.login("chebet@farm.co.ke", "Majani2026", false)
		if rec := h.refresh(old.Refresh); rec.Code != http.StatusUnauthorized {
			t.Fatalf("session from before the reset: %d", rec.Code)
		}

		// A link works for an hour, no more.
		h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "chebet@farm.co.ke"})
		late := h.resetToken("chebet@farm.co.ke")
		h.clock.Add(time.Hour + time.Second)
		if rec := h.do("POST", "/api/auth/password/reset/", map[string]string{"token": late, "password": "Late2026xx"}); rec.Code != 400 {
			t.Fatalf("expired link: %d %s", rec.Code, rec.Body)
		}
		if rec := h.do("POST", "/api/auth/password/reset/", map[string]string{"token": "made-up", "password": "Late2026xx"}); rec.Code != 400 {
			t.Fatalf("made-up token: %d", rec.Code)
		}
	})
}

func TestResetEndsLockoutAndVoidsOtherLinks(t *testing.T) {
	h := newHarness(t, dbtest.New(t, db.SQLite), nil)
	h.register("wekesa@farm.co.ke", "Miwa2026xx")
	for i := 0; i < 5; i++ {
		h.do("POST", "/api/auth/login/", map[string]string{"username": "wekesa@farm.co.ke", "password": "Wrong-2026"})
	}
	h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "wekesa@farm.co.ke"})
	first := h.resetToken("wekesa@farm.co.ke")
	h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "wekesa@farm.co.ke"})
	second := h.resetToken("wekesa@farm.co.ke")
	if first == second {
		t.Fatal("two requests gave one token")
	}
	if rec := h.do("POST", "/api/auth/password/reset/", map[string]string{"token": second, "password": "Fresh2026x"}); rec.Code != 200 {
		t.Fatalf("reset: %d %s", rec.Code, rec.Body)
	}
	if rec := h.do("POST", "/api/auth/password/reset/", map[string]string{"token": first, "password": "Other2026x"}); rec.Code != 400 {
		t.Fatalf("the older link still works after a reset: %d", rec.Code)
	}
	h.login("wekesa@farm.co.ke", "Fresh2026x", false)
}

func TestForgotPasswordLimits(t *testing.T) {
	h := newHarness(t, dbtest.New(t, db.SQLite), nil)
	h.register("halima@farm.co.ke", "Ngamia2026")
	// Three mails an hour to one inbox; further requests answer the same but
	// send nothing.
	for i := 0; i < 5; i++ {
		rec := h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "halima@farm.co.ke"}, "remote", "198.51.100.7:1")
		if rec.Code != 200 {
			t.Fatalf("request %d: %d", i+1, rec.Code)
		}
	}
	h.svc.Wait()
	if n := len(h.mail.Messages()); n != 3 {
		t.Fatalf("%d mails sent, want 3", n)
	}
	// Ten requests per 15 minutes from one address.
	for i := 5; i < 10; i++ {
		h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "x" + strconv.Itoa(i) + "@farm.co.ke"}, "remote", "198.51.100.7:1")
	}
	rec := h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "y@farm.co.ke"}, "remote", "198.51.100.7:1")
	if rec.Code != http.StatusTooManyRequests || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("eleventh request: %d %s", rec.Code, rec.Body)
	}
}

func TestProfileAndPasswordChange(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.register("mwangi@farm.co.ke", "Kahawa2026")
		tk := h.login("mwangi@farm.co.ke", "Kahawa2026", true)
		other := h.login("mwangi@farm.co.ke", "Kahawa2026", true)
		auth := testkit.Bearer(tk.Access)

		rec := h.do("PATCH", "/api/auth/me/", map[string]string{"first_name": "John", "last_name": " Mwangi ", "phone": "0722 000 111"}, auth...)
		if u := rec.json(); rec.Code != 200 || u["first_name"] != "John" || u["last_name"] != "Mwangi" || u["phone"] != "254722000111" {
			t.Fatalf("update: %d %s", rec.Code, rec.Body)
		}
		rec = h.do("PATCH", "/api/auth/me/", map[string]string{"phone": "+254 111 222 333"}, auth...)
		if u := rec.json(); rec.Code != 200 || u["phone"] != "254111222333" || u["first_name"] != "John" {
			t.Fatalf("phone only: %d %s", rec.Code, rec.Body)
		}
		rec = h.do("PATCH", "/api/auth/me/", map[string]string{"first_name": "", "phone": "12345"}, auth...)
		if _, f := rec.errorBody(); rec.Code != 400 || f["first_name"] != account.MsgFirstNameRequired || f["phone"] != account.MsgPhoneInvalid {
			t.Fatalf("bad update: %d %s", rec.Code, rec.Body)
		}
		if u := h.do("GET", "/api/auth/me/", nil, auth...).json(); u["first_name"] != "John" || u["phone"] != "254111222333" {
			t.Fatalf("a refused update changed something: %v", u)
		}
		if rec := h.do("PATCH", "/api/auth/me/", map[string]string{"first_name": "X"}); rec.Code != 401 {
			t.Fatalf("update without a token: %d", rec.Code)
		}

		change := func(current, next string) reply {
			return h.do("POST", "/api/auth/password/change/", map[string]string{"current_password": current, "new_password": next}, auth...)
		}
		rec = change("Wrong-2026", "Kahawa2027")
		if _, f := rec.errorBody(); rec.Code != 400 || f["current_password"] != account.MsgCurrentPasswordBad {
			t.Fatalf("wrong current password: %d %s", rec.Code, rec.Body)
		}
		rec = change("", "short")
		if _, f := rec.errorBody(); rec.Code != 400 || f["current_password"] != account.MsgCurrentPassword || f["new_password"] != account.MsgPasswordMin8 {
			t.Fatalf("empty form: %d %s", rec.Code, rec.Body)
		}
		if rec := change("Kahawa2026", "Kahawa2027"); rec.Code != 200 {
			t.Fatalf("change: %d %s", rec.Code, rec.Body)
		}
		// This session goes on; the other device is signed out.
		if rec := h.refresh(tk.Refresh); rec.Code != 200 {
			t.Fatalf("own session after change: %d", rec.Code)
		}
		if rec := h.refresh(other.Refresh); rec.Code != 401 {
			t.Fatalf("other session after change: %d", rec.Code)
		}
		h.login("mwangi@farm.co.ke", "Kahawa2027", false)

		// Guessing the current password with a stolen token is limited too.
		for i := 0; i < 5; i++ {
			change("Guess-2026"+strconv.Itoa(i), "Kahawa2028")
		}
		if rec := change("Kahawa2027", "Kahawa2028"); rec.Code != http.StatusTooManyRequests {
			t.Fatalf("sixth guess: %d %s", rec.Code, rec.Body)
		}
	})
}
