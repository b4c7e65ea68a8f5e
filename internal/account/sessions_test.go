package account_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/ratelimit"
	"shop/internal/testkit"
)

// claims decodes an access token's payload (the signature is checked by the
// server's own tests of it below).
func claims(t *testing.T, access string) map[string]any {
	t.Helper()
	parts := strings.Split(access, ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", access)
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var c map[string]any
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

func TestTokensExpiryAndRefreshRotation(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		h.register("otieno@farm.co.ke", "Ng'ombe2026")
		tk := h.login("otieno@farm.co.ke", "Ng'ombe2026", true)
		if tk.Access == "" || len(tk.Refresh) < 40 || tk.ExpiresIn != 900 || tk.User["email"] != "otieno@farm.co.ke" {
			t.Fatalf("login answer %+v", tk)
		}
		c := claims(t, tk.Access)
		if c["sub"] != strconv.Itoa(int(tk.User["id"].(float64))) || c["role"] != "customer" || c["email"] != "otieno@farm.co.ke" ||
			c["exp"].(float64)-c["iat"].(float64) != 15*60 || c["sid"] == "" {
			t.Fatalf("claims %v", c)
		}

		me := h.me(tk.Access)
		if me.Code != 200 || me.json()["email"] != "otieno@farm.co.ke" {
			t.Fatalf("me: %d %s", me.Code, me.Body)
		}
		if rec := h.do("GET", "/api/auth/me/", nil); rec.Code != http.StatusUnauthorized {
			t.Fatalf("me without a token: %d", rec.Code)
		}

		// A forged or altered token is refused on signed-in routes; public
		// routes answer anonymously but say the token is bad.
		forged := tk.Access[:len(tk.Access)-4] + "AAAA"
		rec := h.me(forged)
		if rec.Code != http.StatusUnauthorized || !strings.Contains(rec.Header().Get("WWW-Authenticate"), "invalid_token") {
			t.Fatalf("forged token: %d %v", rec.Code, rec.Header())
		}
		rec = h.as(forged, "POST", "/api/auth/password/forgot/", map[string]string{"email": "nobody@farm.co.ke"})
		if rec.Code != 200 || !strings.Contains(rec.Header().Get("WWW-Authenticate"), "invalid_token") {
			t.Fatalf("public route with a bad token: %d %v", rec.Code, rec.Header())
		}
		if rec := h.do("GET", "/api/auth/me/", nil, "Authorization", "Basic b3RpZW5vOng="); rec.Code != http.StatusUnauthorized {
			t.Fatalf("basic auth: %d", rec.Code)
		}

		// Fifteen minutes on, the access token is dead; the refresh token
		// gives a new pair, once.
		h.clock.Add(15*time.Minute + time.Second)
		if rec := h.me(tk.Access); rec.Code != http.StatusUnauthorized {
			t.Fatalf("expired access token: %d", rec.Code)
		}
		rec = h.refresh(tk.Refresh)
		if rec.Code != 200 {
			t.Fatalf("refresh: %d %s", rec.Code, rec.Body)
		}
		next := rec.tokens()
		if next.Refresh == tk.Refresh || next.Access == "" || next.User["email"] != "otieno@farm.co.ke" || rec.Header().Get("Cache-Control") != "no-store" {
			t.Fatalf("refresh answer %s", rec.Body)
		}
		if claims(t, next.Access)["sid"] != c["sid"] {
			t.Fatal("refresh started a new session instead of continuing it")
		}
		if rec := h.me(next.Access); rec.Code != 200 {
			t.Fatalf("me with the refreshed token: %d", rec.Code)
		}

		// The used refresh token again, later than a retry would come:
		// someone else holds the session, so the whole session ends,
		// including the token just issued.
		h.clock.Add(account.RefreshGrace)
		rec = h.refresh(tk.Refresh)
		if msg, _ := rec.errorBody(); rec.Code != http.StatusUnauthorized || msg != account.MsgSessionEnded {
			t.Fatalf("reused refresh token: %d %s", rec.Code, rec.Body)
		}
		if rec := h.refresh(next.Refresh); rec.Code != http.StatusUnauthorized {
			t.Fatalf("the session lives on after reuse: %d", rec.Code)
		}
		for _, bad := range []string{"", "not-a-token"} {
			if rec := h.refresh(bad); rec.Code != http.StatusUnauthorized {
				t.Errorf("refresh %q: %d", bad, rec.Code)
			}
		}
	})
}

func TestSessionLifetimes(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		h.register("akinyi@farm.co.ke", "Kuku2026x")
		short := h.login("akinyi@farm.co.ke", "Kuku2026x", false)
		long := h.login("akinyi@farm.co.ke", "Kuku2026x", true)

		// Without 'Remember me' the session lasts a day without use; with it,
		// thirty days, moved forward by each refresh.
		h.clock.Add(account.BrowserSessionTTL + time.Minute)
		if rec := h.refresh(short.Refresh); rec.Code != http.StatusUnauthorized {
			t.Fatalf("browser session after a day: %d", rec.Code)
		}
		rec := h.refresh(long.Refresh)
		if rec.Code != 200 {
			t.Fatalf("remembered session after a day: %d", rec.Code)
		}
		next := rec.tokens()
		h.clock.Add(account.RememberTTL - time.Hour)
		rec = h.refresh(next.Refresh)
		if rec.Code != 200 {
			t.Fatalf("remembered session refreshed within 30 days of its last use: %d", rec.Code)
		}
		next = rec.tokens()
		h.clock.Add(account.RememberTTL + time.Minute)
		if rec := h.refresh(next.Refresh); rec.Code != http.StatusUnauthorized {
			t.Fatalf("remembered session after 30 idle days: %d", rec.Code)
		}
	})
}

func TestLogoutRevokes(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		h.register("mutua@farm.co.ke", "Mbuzi2026")
		a := h.login("mutua@farm.co.ke", "Mbuzi2026", true)
		b := h.login("mutua@farm.co.ke", "Mbuzi2026", true)
		if rec := h.do("POST", "/api/auth/logout/", map[string]string{"refresh": a.Refresh}); rec.Code != http.StatusNoContent {
			t.Fatalf("logout: %d %s", rec.Code, rec.Body)
		}
		if rec := h.refresh(a.Refresh); rec.Code != http.StatusUnauthorized {
			t.Fatalf("refresh after logout: %d", rec.Code)
		}
		// Another device's session is untouched.
		if rec := h.refresh(b.Refresh); rec.Code != 200 {
			t.Fatalf("the other session: %d", rec.Code)
		}
		// Signing out with only the access token ends its session too, and an
		// empty or unknown logout answers the same.
		c := h.login("mutua@farm.co.ke", "Mbuzi2026", false)
		if rec := h.as(c.Access, "POST", "/api/auth/logout/", nil); rec.Code != http.StatusNoContent {
			t.Fatalf("logout with a bearer token: %d %s", rec.Code, rec.Body)
		}
		if rec := h.refresh(c.Refresh); rec.Code != http.StatusUnauthorized {
			t.Fatalf("refresh after bearer logout: %d", rec.Code)
		}
		if rec := h.do("POST", "/api/auth/logout/", map[string]string{"refresh": "unknown"}); rec.Code != http.StatusNoContent {
			t.Fatalf("logout of an unknown token: %d", rec.Code)
		}
	})
}

func TestAdminRoleAndRefreshSeesPromotion(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		h.register("owner@mifugobora.co.ke", "Mifugo2026")
		tk := h.login("owner@mifugobora.co.ke", "Mifugo2026", true)
		if claims(t, tk.Access)["role"] != "customer" {
			t.Fatal("a new user is not a customer")
		}
		if _, err := account.NewStore(h.d).EnsureAdmin(context.Background(), "owner@mifugobora.co.ke", "Ignored2026"); err != nil {
			t.Fatal(err)
		}
		rec := h.refresh(tk.Refresh)
		next := rec.tokens()
		if rec.Code != 200 || claims(t, next.Access)["role"] != "owner" || next.User["role"] != "owner" {
			t.Fatalf("after promotion: %d %s", rec.Code, rec.Body)
		}
	})
}

func TestInstancesShareTheSigningKey(t *testing.T) {
	a := sqliteHarness(t)
	b := newHarness(t, a.d, nil) // another instance on the same database
	a.register("baraka@farm.co.ke", "Samaki2026")
	tk := a.login("baraka@farm.co.ke", "Samaki2026", false)
	if rec := b.me(tk.Access); rec.Code != 200 {
		t.Fatalf("another instance refuses the token: %d", rec.Code)
	}
	if rec := b.refresh(tk.Refresh); rec.Code != 200 {
		t.Fatalf("another instance refuses the refresh token: %d", rec.Code)
	}

	// With SHOP_AUTH_SECRET set, tokens signed with the database key fail.
	svc := account.NewService(a.d, account.NewStore(a.d), ratelimit.New(a.d, nil), account.Options{Secret: strings.Repeat("s", 32), Log: testkit.Quiet()})
	if _, seen, _ := authenticate(svc, "Bearer "+tk.Access); seen {
		t.Fatal("a token signed with another key was accepted")
	}
}

func TestAuthenticatePutsThePrincipalInTheContext(t *testing.T) {
	h := sqliteHarness(t)
	h.register("zawadi@farm.co.ke", "Nyuki2026x")
	tk := h.login("zawadi@farm.co.ke", "Nyuki2026x", false)
	for _, tc := range []struct {
		header, wwwAuth string
		signedIn        bool
	}{
		{"", "", false},
		{"Bearer " + tk.Access, "", true},
		{"bearer " + tk.Access, "", true},
		{"Bearer", `Bearer error="invalid_request"`, false},
		{"Token " + tk.Access, `Bearer error="invalid_request"`, false},
		{"Bearer " + tk.Refresh, `Bearer error="invalid_token"`, false},
		// alg "none": refused whatever it claims.
		{"Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0." + strings.Split(tk.Access, ".")[1] + ".", `Bearer error="invalid_token"`, false},
	} {
		got, ok, rec := authenticate(h.svc, tc.header)
		if ok != tc.signedIn || rec.Header().Get("WWW-Authenticate") != tc.wwwAuth {
			t.Errorf("%.30q: signed in %v, WWW-Authenticate %q", tc.header, ok, rec.Header().Get("WWW-Authenticate"))
		}
		if tc.signedIn && (got.Email != "zawadi@farm.co.ke" || got.Role != account.RoleCustomer || got.UserID == 0) {
			t.Errorf("principal %+v", got)
		}
	}
}

// An access token is as good as its session: signing out, changing the
// password or resetting it refuses the tokens already issued at once, not
// when they expire.
func TestEndedSessionRefusesItsAccessToken(t *testing.T) {
	eachHarness(t, func(t *testing.T, h *harness) {
		h.register("moraa@farm.co.ke", "Shamba-2026")
		me := func(access string) int { return h.me(access).Code }

		out := h.login("moraa@farm.co.ke", "Shamba-2026", false)
		if code := me(out.Access); code != http.StatusOK {
			t.Fatalf("fresh token: %d", code)
		}
		if rec := h.do("POST", "/api/auth/logout/", map[string]string{"refresh": out.Refresh}); rec.Code != http.StatusNoContent {
			t.Fatalf("logout: %d %s", rec.Code, rec.Body)
		}
		if code := me(out.Access); code != http.StatusUnauthorized {
			t.Fatalf("token of a signed-out session: %d", code)
		}

		phone := h.login("moraa@farm.co.ke", "Shamba-2026", true)
		laptop := h.login("moraa@farm.co.ke", "Shamba-2026", false)
		if rec := h.as(laptop.Access, "POST", "/api/auth/password/change/", map[string]string{"current_password": "Shamba-2026",
			"new_password": "Mavuno-2027"}); rec.Code != http.StatusOK {
			t.Fatalf("change: %d %s", rec.Code, rec.Body)
		}
		if code := me(phone.Access); code != http.StatusUnauthorized {
			t.Fatalf("other session after a password change: %d", code)
		}
		if code := me(laptop.Access); code != http.StatusOK {
			t.Fatalf("the session that changed the password: %d", code)
		}

		h.do("POST", "/api/auth/password/forgot/", map[string]string{"email": "moraa@farm.co.ke"})
		h.svc.Wait()
		token := h.resetToken("moraa@farm.co.ke")
		if rec := h.do("POST", "/api/auth/password/reset/", map[string]string{"token": token, "password": "Mvua-2028x"}); rec.Code != http.StatusOK {
			t.Fatalf("reset: %d %s", rec.Code, rec.Body)
		}
		if code := me(laptop.Access); code != http.StatusUnauthorized {
			t.Fatalf("session after a reset: %d", code)
		}
	})
}
