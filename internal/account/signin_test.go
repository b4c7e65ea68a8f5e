package account_test

import (
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/form"
)

func TestRegister(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		rec := h.do("POST", "/api/auth/register/", map[string]string{"first_name": " Wanjiku ", "last_name": "Kamau",
			"email": "Wanjiku@Farm.co.ke", "phone": "254 712 345 678", "password": "Maziwa2026"})
		if rec.Code != http.StatusCreated {
			t.Fatalf("register: %d %s", rec.Code, rec.Body)
		}
		u := rec.json()
		for key, want := range map[string]any{"username": "Wanjiku@Farm.co.ke", "email": "Wanjiku@Farm.co.ke", "first_name": "Wanjiku",
			"last_name": "Kamau", "phone": "254712345678", "role": "customer"} {
			if u[key] != want {
				t.Errorf("user %s = %v, want %v", key, u[key], want)
			}
		}
		if _, ok := u["id"].(float64); !ok || u["date_joined"] == nil || strings.Contains(rec.Body.String(), "password") {
			t.Errorf("user %s", rec.Body)
		}
		if rec.Header().Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control %q", rec.Header().Get("Cache-Control"))
		}

		// The same address in another case is taken: the message mentions the
		// email, and the email field has SPEC's words.
		rec = h.do("POST", "/api/auth/register/", map[string]string{"first_name": "W", "last_name": "K",
			"email": "wanjiku@farm.CO.KE", "phone": "254712345679", "password": "Maziwa2026"})
		msg, fields := rec.errorBody()
		if rec.Code != http.StatusBadRequest || !strings.Contains(strings.ToLower(msg), "email") || fields["email"] != account.MsgEmailTaken {
			t.Fatalf("duplicate: %d %s", rec.Code, rec.Body)
		}

		// The stored user signs in with the address in any case.
		h.login("WANJIKU@farm.co.ke", "Maziwa2026", false)
	})
}

func TestRegisterValidationMessages(t *testing.T) {
	h := sqliteHarness(t)
	valid := map[string]string{"first_name": "Wanjiku", "last_name": "Kamau", "email": "w@farm.co.ke", "phone": "254712345678", "password": "Maziwa2026"}
	for _, tc := range []struct {
		field, value, want string
	}{
		{"first_name", "", account.MsgFirstNameRequired},
		{"first_name", "   ", account.MsgFirstNameRequired},
		{"last_name", "", account.MsgLastNameRequired},
		{"email", "wanjiku.farm.co.ke", account.MsgEmailInvalid},
		{"phone", "", account.MsgPhoneRequired},
		{"phone", "0202345678", account.MsgPhoneInvalid},
		{"phone", "25471234567", account.MsgPhoneInvalid},
		{"password", "", account.MsgPasswordRequired},
		{"password", "Maz1", account.MsgPasswordMin8},
		{"password", "maziwa2026", account.MsgPasswordStrength},
		{"password", "MAZIWA2026", account.MsgPasswordStrength},
		{"password", "MaziwaBora", account.MsgPasswordStrength},
	} {
		body := map[string]string{}
		for k, v := range valid {
			body[k] = v
		}
		body[tc.field] = tc.value
		rec := h.do("POST", "/api/auth/register/", body)
		msg, fields := rec.errorBody()
		if rec.Code != http.StatusBadRequest || fields[tc.field] != tc.want || len(fields) != 1 {
			t.Errorf("%s=%q: %d %s", tc.field, tc.value, rec.Code, rec.Body)
		}
		// A validation error must not read as "email taken" to SPEC's client,
		// which looks for the word email in the message.
		if strings.Contains(strings.ToLower(msg), "email") {
			t.Errorf("%s=%q: message %q mentions email", tc.field, tc.value, msg)
		}
	}
	rec := h.do("POST", "/api/auth/register/", map[string]string{})
	// The email is optional: a phone is enough.
	if _, fields := rec.errorBody(); len(fields) != 4 || fields["email"] != "" {
		t.Errorf("empty registration: %s", rec.Body)
	}
}

func TestLoginValidationMessages(t *testing.T) {
	h := sqliteHarness(t)
	for _, tc := range []struct {
		username, password string
		want               map[string]string
	}{
		{"", "secret1", map[string]string{"username": account.MsgIdentifierRequired}},
		{"not-an-email", "secret1", map[string]string{"username": account.MsgIdentifierInvalid}},
		{"w@farm", "secret1", map[string]string{"username": account.MsgEmailInvalid}},
		{"0202345678", "secret1", map[string]string{"username": account.MsgIdentifierInvalid}},
		{"w@farm.co.ke", "", map[string]string{"password": account.MsgPasswordRequired}},
		{"w@farm.co.ke", "12345", map[string]string{"password": account.MsgPasswordMin6}},
		{"", "", map[string]string{"username": account.MsgIdentifierRequired, "password": account.MsgPasswordRequired}},
	} {
		rec := h.do("POST", "/api/auth/login/", map[string]string{"username": tc.username, "password": tc.password})
		_, fields := rec.errorBody()
		if rec.Code != http.StatusBadRequest || len(fields) != len(tc.want) {
			t.Errorf("%q/%q: %d %s", tc.username, tc.password, rec.Code, rec.Body)
		}
		for k, v := range tc.want {
			if fields[k] != v {
				t.Errorf("%q/%q: field %s = %q, want %q", tc.username, tc.password, k, fields[k], v)
			}
		}
	}
}

func TestWrongCredentialsTellNothing(t *testing.T) {
	h := sqliteHarness(t)
	h.register("kiprop@farm.co.ke", "Shamba2026")
	// Record the password checks a sign-in makes: an unknown email must cost
	// the same argon2id work as a known one, so timing tells nothing.
	var checked []string
	restore := account.SetCheckPassword(func(hash, password string) (bool, error) {
		params := strings.Join(strings.Split(hash, "$")[:4], "$")
		checked = append(checked, params)
		return account.CheckPassword(hash, password)
	})
	defer restore()
	try := func(email string) reply {
		checked = nil
		rec := h.do("POST", "/api/auth/login/", map[string]string{"username": email, "password": "Wrong-2026"}, "remote", "203.0.113.9:5000")
		if len(checked) != 1 {
			t.Fatalf("%s: %d password checks, want 1", email, len(checked))
		}
		return rec
	}
	k := try("kiprop@farm.co.ke")
	knownParams := checked[0]
	u := try("nobody@farm.co.ke")
	if checked[0] != knownParams || !strings.HasPrefix(knownParams, "$argon2id$") {
		t.Fatalf("unknown email checked against %q, known against %q", checked[0], knownParams)
	}
	if k.Code != http.StatusUnauthorized || u.Code != k.Code || u.Body.String() != k.Body.String() {
		t.Fatalf("known %d %s, unknown %d %s", k.Code, k.Body, u.Code, u.Body)
	}
	if msg, _ := k.errorBody(); msg != account.MsgInvalidCredentials {
		t.Fatalf("message %q", msg)
	}
}

func TestSignInRateLimit(t *testing.T) {
	limits := account.DefaultLimits
	limits.LoginPerIP = account.Limit{Max: 8, Window: 15 * time.Minute}
	eachLimited(t, &limits, func(t *testing.T, h *harness) {
		h.register("njeri@farm.co.ke", "Mahindi2026")
		login := func(email, password, ip string) reply {
			return h.do("POST", "/api/auth/login/", map[string]string{"username": email, "password": password}, "remote", ip+":4000")
		}
		for i := 0; i < 5; i++ {
			if rec := login("njeri@farm.co.ke", "Wrong-pass1", "198.51.100.1"); rec.Code != http.StatusUnauthorized {
				t.Fatalf("try %d: %d %s", i+1, rec.Code, rec.Body)
			}
		}
		// The sixth try is refused before the password is looked at, even the
		// right password, and from another address.
		for _, ip := range []string{"198.51.100.1", "198.51.100.2"} {
			rec := login("njeri@farm.co.ke", "Mahindi2026", ip)
			msg, _ := rec.errorBody()
			if rec.Code != http.StatusTooManyRequests || msg != "Too many sign-in attempts. Please wait 15 minutes and try again." ||
				rec.Header().Get("Retry-After") != "900" {
				t.Fatalf("limited try from %s: %d %v %s", ip, rec.Code, rec.Header(), rec.Body)
			}
		}
		// The window slides: ten minutes on, five to wait.
		h.clock.Add(10 * time.Minute)
		rec := login("njeri@farm.co.ke", "Mahindi2026", "198.51.100.1")
		if msg, _ := rec.errorBody(); rec.Code != 429 || !strings.Contains(msg, "wait 5 minutes") || rec.Header().Get("Retry-After") != "300" {
			t.Fatalf("after 10 minutes: %d %v %s", rec.Code, rec.Header(), rec.Body)
		}
		// Never for good: once the window has passed the right password works,
		// and success forgets the account's failures.
		h.clock.Add(5*time.Minute + time.Second)
		h.login("njeri@farm.co.ke", "Mahindi2026", false)
		for i := 0; i < 4; i++ {
			login("njeri@farm.co.ke", "Wrong-pass1", "198.51.100.3")
		}
		if rec := login("njeri@farm.co.ke", "Mahindi2026", "198.51.100.3"); rec.Code != 200 {
			t.Fatalf("after success and four more failures: %d %s", rec.Code, rec.Body)
		}

		// Per address: eight failures on different accounts from one IP stop
		// that IP, not the others.
		for i := 0; i < 8; i++ {
			login("guess"+strconv.Itoa(i)+"@farm.co.ke", "Wrong-pass1", "192.0.2.50")
		}
		if rec := login("njeri@farm.co.ke", "Mahindi2026", "192.0.2.50"); rec.Code != http.StatusTooManyRequests {
			t.Fatalf("ninth try from a guessing address: %d", rec.Code)
		}
		if rec := login("njeri@farm.co.ke", "Mahindi2026", "192.0.2.51"); rec.Code != 200 {
			t.Fatalf("another address: %d %s", rec.Code, rec.Body)
		}
	})
}

var linkPattern = regexp.MustCompile(`https://shop\.example/reset-password\?token=([A-Za-z0-9_-]+)`)

func (h *harness) resetToken(to string) string {
	h.t.Helper()
	h.svc.Wait()
	msgs := h.mails()
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
	eachHarness(t, func(t *testing.T, h *harness) {
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
		if msgs := h.mails(); len(msgs) != 1 || msgs[0].To != "chebet@farm.co.ke" || !strings.Contains(msgs[0].Subject, "password") {
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
	h := sqliteHarness(t)
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
	h := sqliteHarness(t)
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
	if n := len(h.mails()); n != 3 {
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
	eachHarness(t, func(t *testing.T, h *harness) {
		h.register("mwangi@farm.co.ke", "Kahawa2026")
		tk := h.login("mwangi@farm.co.ke", "Kahawa2026", true)
		other := h.login("mwangi@farm.co.ke", "Kahawa2026", true)

		rec := h.as(tk.Access, "PATCH", "/api/auth/me/", map[string]string{"first_name": "John", "last_name": " Mwangi ", "phone": "0722 000 111"})
		if u := rec.json(); rec.Code != 200 || u["first_name"] != "John" || u["last_name"] != "Mwangi" || u["phone"] != "254722000111" {
			t.Fatalf("update: %d %s", rec.Code, rec.Body)
		}
		rec = h.as(tk.Access, "PATCH", "/api/auth/me/", map[string]string{"phone": "+254 111 222 333"})
		if u := rec.json(); rec.Code != 200 || u["phone"] != "254111222333" || u["first_name"] != "John" {
			t.Fatalf("phone only: %d %s", rec.Code, rec.Body)
		}
		rec = h.as(tk.Access, "PATCH", "/api/auth/me/", map[string]string{"first_name": "", "phone": "12345"})
		if _, f := rec.errorBody(); rec.Code != 400 || f["first_name"] != account.MsgFirstNameRequired || f["phone"] != account.MsgPhoneInvalid {
			t.Fatalf("bad update: %d %s", rec.Code, rec.Body)
		}
		if u := h.me(tk.Access).json(); u["first_name"] != "John" || u["phone"] != "254111222333" {
			t.Fatalf("a refused update changed something: %v", u)
		}
		// The KRA PIN kept for eTIMS invoices: in capitals, refused when it is
		// not a PIN, removed with "".
		rec = h.as(tk.Access, "PATCH", "/api/auth/me/", map[string]string{"kra_pin": "P05123456X"})
		if _, f := rec.errorBody(); rec.Code != 400 || f["kra_pin"] != form.MsgKRAPIN {
			t.Fatalf("bad KRA PIN: %d %s", rec.Code, rec.Body)
		}
		rec = h.as(tk.Access, "PATCH", "/api/auth/me/", map[string]string{"kra_pin": " p051234567x "})
		if u := rec.json(); rec.Code != 200 || u["kra_pin"] != "P051234567X" || h.me(tk.Access).json()["kra_pin"] != "P051234567X" {
			t.Fatalf("KRA PIN: %d %s", rec.Code, rec.Body)
		}
		rec = h.as(tk.Access, "PATCH", "/api/auth/me/", map[string]string{"kra_pin": ""})
		if u := rec.json(); rec.Code != 200 || u["kra_pin"] != "" {
			t.Fatalf("KRA PIN removed: %d %s", rec.Code, rec.Body)
		}
		if rec := h.do("PATCH", "/api/auth/me/", map[string]string{"first_name": "X"}); rec.Code != 401 {
			t.Fatalf("update without a token: %d", rec.Code)
		}

		change := func(current, next string) reply {
			return h.as(tk.Access, "POST", "/api/auth/password/change/", map[string]string{"current_password": current, "new_password": next})
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
