package account_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"shop/internal/account"
	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

const (
	ownerEmail = "owner@mifugobora.co.ke"
	ownerPass  = "Ruiru2026Feeds"
)

// code is the authenticator app's code for secret at the harness's time.
func (h *harness) code(secret string) string {
	h.t.Helper()
	c, err := totp.GenerateCodeCustom(secret, h.clock.Now(), totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		h.t.Fatal(err)
	}
	return c
}

// turnOnMFA sets up and confirms the second step of the holder of access,
// and returns the secret and the recovery codes.
func (h *harness) turnOnMFA(access string) (string, []string) {
	h.t.Helper()
	rec := h.as(access, "POST", "/api/auth/mfa/setup/", map[string]any{})
	if rec.Code != 200 {
		h.t.Fatalf("mfa setup: %d %s", rec.Code, rec.Body)
	}
	setup := testkit.Decode[struct {
		Secret string `json:"secret"`
		URL    string `json:"otpauth_url"`
		QR     string `json:"qr"`
	}](h.t, rec.ResponseRecorder)
	rec = h.as(access, "POST", "/api/auth/mfa/confirm/", map[string]string{"code": h.code(setup.Secret)})
	if rec.Code != 200 {
		h.t.Fatalf("mfa confirm: %d %s", rec.Code, rec.Body)
	}
	out := testkit.Decode[struct {
		Codes []string `json:"recovery_codes"`
	}](h.t, rec.ResponseRecorder)
	return setup.Secret, out.Codes
}

// challenge signs in with the password and returns the mfa_token.
func (h *harness) challenge(email, password string) string {
	h.t.Helper()
	rec := h.do("POST", "/api/auth/login/", map[string]any{"username": email, "password": password})
	body := rec.json()
	if rec.Code != 200 || body["mfa_required"] != true || body["access"] != nil {
		h.t.Fatalf("login with the second step on: %d %s", rec.Code, rec.Body)
	}
	return body["mfa_token"].(string)
}

func (h *harness) second(token, code string) reply {
	h.t.Helper()
	return h.do("POST", "/api/auth/login/mfa/", map[string]string{"mfa_token": token, "code": code})
}

// audited lists the audit log's actions about users, oldest first.
func (h *harness) audited() []string {
	h.t.Helper()
	rows, err := h.d.Query(context.Background(), `SELECT action FROM admin_audit WHERE entity = 'user' ORDER BY id`)
	if err != nil {
		h.t.Fatal(err)
	}
	out, err := db.Collect(rows, func(r db.Scanner) (string, error) {
		var a string
		return a, r.Scan(&a)
	})
	if err != nil {
		h.t.Fatal(err)
	}
	return out
}

func TestMFASetUpConfirmedAndUsedToSignIn(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		access, _ := h.NewAdmin(ownerEmail, ownerPass)
		if me := h.me(access).json(); me["mfa_enabled"] != false {
			t.Fatalf("me before: %v", me)
		}
		if rec := h.as(access, "POST", "/api/auth/mfa/confirm/", map[string]string{"code": "123456"}); rec.Code != http.StatusConflict {
			t.Fatalf("confirm before setup: %d %s", rec.Code, rec.Body)
		}
		rec := h.as(access, "POST", "/api/auth/mfa/setup/", map[string]any{})
		setup := rec.json()
		secret, _ := setup["secret"].(string)
		u, err := url.Parse(fmt.Sprint(setup["otpauth_url"]))
		if rec.Code != 200 || len(secret) < 16 || err != nil || u.Scheme != "otpauth" || u.Host != "totp" ||
			u.Query().Get("issuer") != "Mifugo Bora Feeds" || u.Query().Get("secret") != secret ||
			!strings.HasPrefix(fmt.Sprint(setup["qr"]), "data:image/png;base64,") {
			t.Fatalf("setup: %d %v", rec.Code, setup)
		}
		// The secret is kept sealed, never as given.
		var sealed string
		if err := h.d.QueryRow(context.Background(), `SELECT secret_sealed FROM auth_mfa`).Scan(&sealed); err != nil || strings.Contains(sealed, secret) {
			t.Fatalf("stored secret %q (%v)", sealed, err)
		}
		if rec := h.as(access, "POST", "/api/auth/mfa/confirm/", map[string]string{"code": "000000"}); rec.Code != 400 {
			t.Fatalf("wrong confirm code: %d %s", rec.Code, rec.Body)
		}
		first := h.code(secret)
		rec = h.as(access, "POST", "/api/auth/mfa/confirm/", map[string]string{"code": first})
		codes := testkit.Decode[map[string][]string](t, rec.ResponseRecorder)["recovery_codes"]
		if rec.Code != 200 || len(codes) != 10 {
			t.Fatalf("confirm: %d %s", rec.Code, rec.Body)
		}
		if me := h.me(access).json(); me["mfa_enabled"] != true {
			t.Fatalf("me after: %v", me)
		}
		if rec := h.as(access, "POST", "/api/auth/mfa/setup/", map[string]any{}); rec.Code != http.StatusConflict {
			t.Fatalf("setup while on: %d", rec.Code)
		}

		// The password now gives a challenge, not tokens; the code the
		// confirmation used is spent for its window.
		token := h.challenge(ownerEmail, ownerPass)
		if rec := h.second(token, first); rec.Code != 400 {
			t.Fatalf("a code used again: %d %s", rec.Code, rec.Body)
		}
		h.clock.Add(30 * time.Second)
		next := h.code(secret)
		rec = h.second(token, next)
		if rec.Code != 200 || rec.tokens().Access == "" || rec.tokens().User["mfa_enabled"] != true {
			t.Fatalf("second step: %d %s", rec.Code, rec.Body)
		}
		if h.me(rec.tokens().Access).Code != 200 {
			t.Fatal("the tokens of the second step do not work")
		}
		// The token is good once, the code too.
		if rec := h.second(token, next); rec.Code != 401 {
			t.Fatalf("mfa_token twice: %d %s", rec.Code, rec.Body)
		}
		if rec := h.second(h.challenge(ownerEmail, ownerPass), next); rec.Code != 400 {
			t.Fatalf("code twice: %d %s", rec.Code, rec.Body)
		}
		// And it lives five minutes.
		token = h.challenge(ownerEmail, ownerPass)
		h.clock.Add(account.MFATokenTTL + time.Second)
		if rec := h.second(token, h.code(secret)); rec.Code != 401 {
			t.Fatalf("expired mfa_token: %d %s", rec.Code, rec.Body)
		}
		for _, bad := range []string{"", "not-a-token"} {
			if rec := h.second(bad, "123456"); rec.Code != 401 {
				t.Errorf("mfa_token %q: %d", bad, rec.Code)
			}
		}
		if got := strings.Join(h.audited(), ","); got != "mfa_setup,mfa_enable" {
			t.Fatalf("audit: %s", got)
		}

		// A customer may turn it off again with the password; wrong password first.
		h.register("wanjiku@farm.co.ke", "Kuku2026x")
		cust := h.login("wanjiku@farm.co.ke", "Kuku2026x", false).Access
		h.turnOnMFA(cust)
		if rec := h.as(cust, "DELETE", "/api/auth/mfa/", map[string]string{"password": "wrong-one1"}); rec.Code != 400 {
			t.Fatalf("turn off, wrong password: %d %s", rec.Code, rec.Body)
		}
		if rec := h.as(cust, "DELETE", "/api/auth/mfa/", map[string]string{"password": "Kuku2026x"}); rec.Code != 204 {
			t.Fatalf("turn off: %d %s", rec.Code, rec.Body)
		}
		if h.login("wanjiku@farm.co.ke", "Kuku2026x", false).Access == "" {
			t.Fatal("no tokens once turned off")
		}
	})
}

func TestMFAWrongCodesCountAgainstTheSignInLimit(t *testing.T) {
	limits := account.DefaultLimits
	limits.LoginPerAccount = account.Limit{Max: 3, Window: 15 * time.Minute}
	eachLimited(t, &limits, func(t *testing.T, h *harness) {
		access, _ := h.NewAdmin(ownerEmail, ownerPass)
		secret, _ := h.turnOnMFA(access)
		h.clock.Add(30 * time.Second)
		// A right password does not forgive wrong codes: signing in again
		// gives no fresh tries.
		for i := range 3 {
			token := h.challenge(ownerEmail, ownerPass)
			if rec := h.second(token, "000000"); rec.Code != 400 {
				t.Fatalf("wrong code %d: %d %s", i, rec.Code, rec.Body)
			}
		}
		if rec := h.do("POST", "/api/auth/login/", map[string]any{"username": ownerEmail, "password": ownerPass}); rec.Code != http.StatusTooManyRequests {
			t.Fatalf("password after three wrong codes: %d %s", rec.Code, rec.Body)
		}
		h.clock.Add(15 * time.Minute)
		token := h.challenge(ownerEmail, ownerPass)
		if rec := h.second(token, h.code(secret)); rec.Code != 200 {
			t.Fatalf("right code after the wait: %d %s", rec.Code, rec.Body)
		}
	})
}

func TestRecoveryCodeWorksOnceEvenInParallel(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		access, _ := h.NewAdmin(ownerEmail, ownerPass)
		_, codes := h.turnOnMFA(access)
		const n = 4
		tokens := make([]string, n)
		for i := range tokens {
			tokens[i] = h.challenge(ownerEmail, ownerPass)
		}
		reqs := make([]*http.Request, n)
		for i := range reqs {
			reqs[i] = h.Request("POST", "/api/auth/login/mfa/", map[string]string{"mfa_token": tokens[i], "code": codes[0]})
		}
		status := make([]int, n)
		var wg sync.WaitGroup
		for i := range reqs {
			wg.Go(func() {
				rec := httptest.NewRecorder()
				h.ServeHTTP(rec, reqs[i])
				status[i] = rec.Code
			})
		}
		wg.Wait()
		ok := 0
		for _, s := range status {
			switch s {
			case 200:
				ok++
			case 400:
			default:
				t.Fatalf("statuses %v", status)
			}
		}
		if ok != 1 {
			t.Fatalf("one recovery code signed in %d times: %v", ok, status)
		}
		// Typed any way: lower case, no dashes.
		typed := strings.ToLower(strings.ReplaceAll(codes[1], "-", ""))
		if rec := h.second(h.challenge(ownerEmail, ownerPass), typed); rec.Code != 200 {
			t.Fatalf("second recovery code: %d %s", rec.Code, rec.Body)
		}
		if got := strings.Join(h.audited(), ","); got != "mfa_setup,mfa_enable,mfa_recovery_used,mfa_recovery_used" {
			t.Fatalf("audit: %s", got)
		}
	})
}

func TestOwnerResetsAStaffMembersSecondStep(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		owner, _ := h.NewAdmin(ownerEmail, ownerPass)
		staff, staffID := h.NewAdmin("kamau@mifugobora.co.ke", "Mahindi2026")
		h.turnOnMFA(staff)
		h.register("wanjiku@farm.co.ke", "Kuku2026x")
		cust := h.login("wanjiku@farm.co.ke", "Kuku2026x", false).Access
		path := fmt.Sprintf("/api/admin/users/%d/mfa/", staffID)
		if rec := h.as(cust, "DELETE", path, nil); rec.Code != 403 {
			t.Fatalf("a customer resets: %d", rec.Code)
		}
		if rec := h.as(owner, "DELETE", path, nil); rec.Code != 204 {
			t.Fatalf("reset: %d %s", rec.Code, rec.Body)
		}
		if h.login("kamau@mifugobora.co.ke", "Mahindi2026", false).Access == "" {
			t.Fatal("still asked for a code after the reset")
		}
		if rec := h.as(owner, "DELETE", path, nil); rec.Code != http.StatusConflict {
			t.Fatalf("reset twice: %d %s", rec.Code, rec.Body)
		}
		if rec := h.as(owner, "DELETE", "/api/admin/users/999999/mfa/", nil); rec.Code != 404 {
			t.Fatalf("reset of nobody: %d", rec.Code)
		}
		if got := strings.Join(h.audited(), ","); got != "mfa_setup,mfa_enable,mfa_reset" {
			t.Fatalf("audit: %s", got)
		}
	})
}

func TestRequiredSecondStepGatesOwners(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil, func(p *app.Parts) { p.RequireMFA = true })
		access, _ := h.NewAdmin(ownerEmail, ownerPass)
		tk := h.login(ownerEmail, ownerPass, false)
		if tk.User["mfa_setup_required"] != true {
			t.Fatalf("login user %v", tk.User)
		}
		for _, path := range []string{"/api/admin/stats/", "/api/orders/", "/api/auth/sessions/", "/api/products/"} {
			rec := h.as(access, "GET", path, nil)
			body := testkit.Decode[map[string]any](t, rec.ResponseRecorder)
			if rec.Code != 403 || body["code"] != account.MFACodeSetupRequired {
				t.Fatalf("%s before set-up: %d %v", path, rec.Code, body)
			}
		}
		if rec := h.me(access); rec.Code != 200 || rec.json()["mfa_setup_required"] != true {
			t.Fatalf("me before set-up: %d %s", rec.Code, rec.Body)
		}
		h.turnOnMFA(access)
		if rec := h.as(access, "GET", "/api/admin/stats/", nil); rec.Code != 200 {
			t.Fatalf("stats after set-up: %d %s", rec.Code, rec.Body)
		}
		if rec := h.as(access, "DELETE", "/api/auth/mfa/", map[string]string{"password": ownerPass}); rec.Code != 403 {
			t.Fatalf("owner turns it off: %d %s", rec.Code, rec.Body)
		}
		// Customers are not asked.
		h.register("wanjiku@farm.co.ke", "Kuku2026x")
		cust := h.login("wanjiku@farm.co.ke", "Kuku2026x", false)
		if rec := h.as(cust.Access, "GET", "/api/orders/", nil); rec.Code != 200 || cust.User["mfa_setup_required"] != false {
			t.Fatalf("customer: %d %v", rec.Code, cust.User)
		}
	})
}

type session struct {
	ID       string    `json:"id"`
	Browser  string    `json:"browser"`
	IP       string    `json:"ip"`
	LastSeen time.Time `json:"last_seen_at"`
	Current  bool      `json:"current"`
}

func TestSessionsListedAndEnded(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		owner, _ := h.NewAdmin(ownerEmail, ownerPass)
		h.register("otieno@farm.co.ke", "Ng'ombe2026")
		signIn := func(ua, remote string) tokens {
			rec := h.do("POST", "/api/auth/login/", map[string]any{"username": "otieno@farm.co.ke", "password": "Ng'ombe2026", "remember": true},
				"User-Agent", ua, "remote", remote)
			if rec.Code != 200 {
				t.Fatalf("login: %d %s", rec.Code, rec.Body)
			}
			return rec.tokens()
		}
		phone := signIn("Mozilla/5.0 (Linux; Android 10; TECNO KE5) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36", "41.90.1.2:5555")
		h.clock.Add(time.Minute)
		laptop := signIn("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0", "196.201.3.4:5555")
		h.clock.Add(time.Minute)
		cafe := signIn("curl/8.0", "102.0.0.9:5555")
		list := func(access string) []session {
			rec := h.as(access, "GET", "/api/auth/sessions/", nil)
			if rec.Code != 200 {
				t.Fatalf("sessions: %d %s", rec.Code, rec.Body)
			}
			return testkit.Decode[[]session](t, rec.ResponseRecorder)
		}
		got := list(phone.Access)
		if len(got) != 3 || !got[2].Current || got[2].Browser != "Chrome on Android" || got[2].IP != "41.90.1.2" ||
			got[1].Browser != "Firefox on Windows" || got[0].Current || got[1].Current {
			t.Fatalf("sessions %+v", got)
		}
		// A refresh moves last seen (and the address it came from).
		h.clock.Add(20 * time.Minute)
		rec := h.do("POST", "/api/auth/token/refresh/", map[string]string{"refresh": phone.Refresh}, "remote", "41.90.7.7:1")
		if rec.Code != 200 {
			t.Fatalf("refresh: %d", rec.Code)
		}
		phone = rec.tokens()
		got = list(phone.Access)
		if !got[0].Current || got[0].IP != "41.90.7.7" || !got[0].LastSeen.Equal(h.clock.Now()) {
			t.Fatalf("after refresh %+v", got)
		}
		// Only one's own devices: someone else's id is not found.
		owner = h.login(ownerEmail, ownerPass, false).Access
		if rec := h.as(owner, "DELETE", "/api/auth/sessions/"+got[1].ID+"/", nil); rec.Code != 404 {
			t.Fatalf("another's session: %d", rec.Code)
		}
		laptopID := got[2].ID
		if got[2].Browser != "Firefox on Windows" {
			t.Fatalf("order %+v", got)
		}
		if rec := h.as(phone.Access, "DELETE", "/api/auth/sessions/"+laptopID+"/", nil); rec.Code != 204 {
			t.Fatalf("end laptop: %d %s", rec.Code, rec.Body)
		}
		if h.me(laptop.Access).Code != 401 || h.refresh(laptop.Refresh).Code != 401 {
			t.Fatal("the laptop is still signed in")
		}
		if rec := h.as(phone.Access, "DELETE", "/api/auth/sessions/"+laptopID+"/", nil); rec.Code != 404 {
			t.Fatalf("end twice: %d", rec.Code)
		}
		// Sign out everywhere else.
		h.login("otieno@farm.co.ke", "Ng'ombe2026", false)
		rec = h.as(phone.Access, "POST", "/api/auth/sessions/revoke-others/", map[string]any{})
		if rec.Code != 200 || rec.json()["ended"] != float64(2) {
			t.Fatalf("revoke others: %d %s", rec.Code, rec.Body)
		}
		if h.me(cafe.Access).Code != 401 || h.me(phone.Access).Code != 200 || len(list(phone.Access)) != 1 {
			t.Fatal("revoke others ended the wrong sessions")
		}
		// The owner signs a user out everywhere; audited.
		uid := int64(phone.User["id"].(float64))
		if rec := h.as(phone.Access, "DELETE", fmt.Sprintf("/api/admin/users/%d/sessions/", uid), nil); rec.Code != 403 {
			t.Fatalf("customer ends sessions: %d", rec.Code)
		}
		if rec := h.as(owner, "DELETE", fmt.Sprintf("/api/admin/users/%d/sessions/", uid), nil); rec.Code != 204 {
			t.Fatalf("owner ends sessions: %d %s", rec.Code, rec.Body)
		}
		if h.me(phone.Access).Code != 401 {
			t.Fatal("the owner's sign-out left a session")
		}
		if got := strings.Join(h.audited(), ","); got != "sessions_end" {
			t.Fatalf("audit %s", got)
		}
	})
}
