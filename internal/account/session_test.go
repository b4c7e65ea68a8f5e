package account_test

import (
	"net/http"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

// An access token is as good as its session: signing out, changing the
// password or resetting it refuses the tokens already issued at once, not
// when they expire.
func TestEndedSessionRefusesItsAccessToken(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newHarness(t, d, nil)
		h.register("moraa@farm.co.ke", "Shamba-2026")
		me := func(access string) int { return h.do("GET", "/api/auth/me/", nil, testkit.Bearer(access)...).Code }

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
		if rec := h.do("POST", "/api/auth/password/change/", map[string]string{"current_password": "Shamba-2026",
			"new_password": "Mavuno-2027"}, testkit.Bearer(laptop.Access)...); rec.Code != http.StatusOK {
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
