package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"shop/internal/httpapi"
	"shop/internal/testkit"
)

// TestAdminRoutesAreGuarded walks every registered route: each one under
// /api/admin/ must be declared Admin, and must answer 401 without a token,
// 401 with a bad one and 403 to a signed-in customer — a route added later
// with the wrong access, or a handler mounted outside the guard, fails here.
func TestAdminRoutesAreGuarded(t *testing.T) {
	eachServer(t, func(t *testing.T, shop *testkit.Shop) {
		send := func(method, path, token string, body any) *httptest.ResponseRecorder {
			return shop.Do(method, path, body, testkit.Bearer(token)...)
		}
		adminToken, _ := shop.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		shop.Register("Juma", "Otieno", "juma@farm.co.ke", "254722000111", "Shamba2026")
		customerToken, _ := shop.Login("juma@farm.co.ke", "Shamba2026")

		param := regexp.MustCompile(`\{[A-Za-z]+\}`)
		n := 0
		for _, rt := range shop.Routes() {
			method, path, found := strings.Cut(rt.Pattern, " ")
			if !found {
				method, path = "GET", rt.Pattern
			}
			if !strings.HasPrefix(path, "/api/admin") {
				continue
			}
			n++
			if rt.Access != httpapi.Admin {
				t.Errorf("%s is registered with access %d, not Admin", rt.Pattern, rt.Access)
			}
			path = param.ReplaceAllString(strings.ReplaceAll(path, "{$}", ""), "1")
			for _, c := range []struct {
				who   string
				token string
				want  int
			}{
				{"anyone", "", http.StatusUnauthorized},
				{"a bad token", "not-a-token", http.StatusUnauthorized},
				{"a customer", customerToken, http.StatusForbidden},
			} {
				if rec := send(method, path, c.token, map[string]any{}); rec.Code != c.want {
					t.Errorf("%s %s as %s: %d, want %d (%s)", method, path, c.who, rec.Code, c.want, rec.Body)
				}
			}
			// The admin gets through the guard to the handler: whatever it
			// answers (200, 400 for the empty body, 404 for an id it lacks), it is
			// neither 401 nor 403.
			if rec := send(method, path, adminToken, map[string]any{}); rec.Code == http.StatusUnauthorized || rec.Code == http.StatusForbidden ||
				rec.Code == http.StatusMethodNotAllowed || rec.Code >= 500 {
				t.Errorf("%s %s as the admin: %d (%s)", method, path, rec.Code, rec.Body)
			}
		}
		if n < 20 {
			t.Fatalf("only %d admin routes registered", n)
		}
	})
}
