package account_test

import (
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/db"
	"shop/internal/db/dbtest"
)

func TestRegister(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
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
	h := newHarness(t, dbtest.New(t, db.SQLite), nil)
	valid := map[string]string{"first_name": "Wanjiku", "last_name": "Kamau", "email": "w@farm.co.ke", "phone": "254712345678", "password": "Maziwa2026"}
	for _, tc := range []struct {
		field, value, want string
	}{
		{"first_name", "", account.MsgFirstNameRequired},
		{"first_name", "   ", account.MsgFirstNameRequired},
		{"last_name", "", account.MsgLastNameRequired},
		{"email", "", account.MsgEmailRequired},
		{"email", "wanjiku.farm.co.ke", account.MsgEmailInvalid},
		{"phone", "", account.MsgPhoneRequired},
		{"phone", "0712345678", account.MsgPhoneInvalid},
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
	if _, fields := rec.errorBody(); len(fields) != 5 {
		t.Errorf("empty registration: %s", rec.Body)
	}
}

func TestLoginValidationMessages(t *testing.T) {
	h := newHarness(t, dbtest.New(t, db.SQLite), nil)
	for _, tc := range []struct {
		username, password string
		want               map[string]string
	}{
		{"", "secret1", map[string]string{"username": account.MsgEmailRequired}},
		{"not-an-email", "secret1", map[string]string{"username": account.MsgEmailInvalid}},
		{"w@farm.co.ke", "", map[string]string{"password": account.MsgPasswordRequired}},
		{"w@farm.co.ke", "12345", map[string]string{"password": account.MsgPasswordMin6}},
		{"", "", map[string]string{"username": account.MsgEmailRequired, "password": account.MsgPasswordRequired}},
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
	h := newHarness(t, dbtest.New(t, db.SQLite), nil)
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
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		limits := account.DefaultLimits
		limits.LoginPerIP = account.Limit{Max: 8, Window: 15 * time.Minute}
		h := newHarness(t, d, &limits)
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
