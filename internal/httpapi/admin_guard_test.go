package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"shop/internal/account"
	"shop/internal/httpapi"
	"shop/internal/testkit"
)

// rolePermissions is docs/product.md's table of roles, written out again
// here so that a change to account's table is a change to this test too.
var rolePermissions = map[string][]string{
	"owner": {"orders", "messages", "catalogue", "prices", "stock", "delivery", "refunds", "refunds_approve", "reports",
		"customers", "agents", "staff", "settings", "exports"},
	"manager":     {"orders", "messages", "catalogue", "prices", "stock", "delivery", "refunds", "reports", "customers", "agents"},
	"clerk":       {"orders", "messages"},
	"storekeeper": {"stock"},
	"rider":       {},
	"agent":       {},
	"customer":    {},
}

func TestRolePermissionsTable(t *testing.T) {
	for role, want := range rolePermissions {
		if got := account.Permissions(role); !slices.Equal(got, want) {
			t.Errorf("%s may %v, the table says %v", role, got, want)
		}
	}
	if len(account.Roles) != len(rolePermissions) {
		t.Errorf("roles %v, the table has %d", account.Roles, len(rolePermissions))
	}
}

// mayPass is what the guard of a route with access a and permission perm
// must let role through, from the table above.
func mayPass(a httpapi.Access, perm, role string) bool {
	switch a {
	case httpapi.SignedIn:
		return true
	case httpapi.Admin:
		return role == "owner"
	case httpapi.Rider:
		return role == "rider"
	case httpapi.Agent:
		return role == "agent"
	case httpapi.Staff:
		held := rolePermissions[role]
		if perm == "" {
			return len(held) > 0
		}
		for _, p := range strings.Split(perm, "|") {
			if slices.Contains(held, p) {
				return true
			}
		}
	}
	return false
}

// TestRoutesAreGuardedForEveryRole walks every registered route that needs
// a sign-in, for every role: each one under /api/admin/ must be declared
// Staff (with a permission the table knows) or Admin; each must answer 401
// without a token and with a bad one, 403 to a role the table refuses, and
// get a role it allows past the guard (whatever the handler then answers
// to an empty body: 200, 400, 404, but neither 401 nor 403). A route added
// later with the wrong access, or a handler mounted outside the guard,
// fails here.
func TestRoutesAreGuardedForEveryRole(t *testing.T) {
	eachServer(t, func(t *testing.T, shop *testkit.Shop) {
		send := func(method, path, token string, body any) *httptest.ResponseRecorder {
			return shop.Do(method, path, body, testkit.Bearer(token)...)
		}
		tokens := map[string]string{}
		tokens["owner"], _ = shop.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		for _, role := range []string{"manager", "clerk", "storekeeper", "rider", "agent", "customer"} {
			tokens[role], _ = shop.NewStaff(role, role+"@mifugobora.co.ke", "Ruiru2026Feeds")
		}

		param := regexp.MustCompile(`\{[A-Za-z]+\}`)
		n := 0
		for _, rt := range shop.Routes() {
			method, path, found := strings.Cut(rt.Pattern, " ")
			if !found {
				method, path = "GET", rt.Pattern
			}
			if strings.HasPrefix(path, "/api/admin") {
				n++
				if rt.Access != httpapi.Staff && rt.Access != httpapi.Admin {
					t.Errorf("%s is registered with access %d, not Staff or Admin", rt.Pattern, rt.Access)
				}
				for _, p := range strings.Split(rt.Perm, "|") {
					if rt.Perm != "" && !slices.Contains(rolePermissions["owner"], p) {
						t.Errorf("%s needs %q, no permission of the table", rt.Pattern, p)
					}
				}
			}
			if rt.Access == httpapi.Public || rt.Access == httpapi.Operator {
				continue
			}
			path = param.ReplaceAllString(strings.ReplaceAll(path, "{$}", ""), "1")
			for _, c := range []struct{ who, token string }{{"anyone", ""}, {"a bad token", "not-a-token"}} {
				if rec := send(method, path, c.token, map[string]any{}); rec.Code != http.StatusUnauthorized {
					t.Errorf("%s %s as %s: %d, want 401 (%s)", method, path, c.who, rec.Code, rec.Body)
				}
			}
			if rt.Access == httpapi.SignedIn && method != http.MethodGet {
				// Signed-in writes act on the caller's own account (one
				// deletes it): their own tests cover them.
				continue
			}
			for _, role := range []string{"customer", "rider", "agent", "storekeeper", "clerk", "manager", "owner"} {
				rec := send(method, path, tokens[role], map[string]any{})
				if !mayPass(rt.Access, rt.Perm, role) {
					if rec.Code != http.StatusForbidden {
						t.Errorf("%s %s as a %s: %d, want 403 (%s)", method, path, role, rec.Code, rec.Body)
					}
					continue
				}
				if rec.Code == http.StatusUnauthorized || rec.Code == http.StatusForbidden ||
					rec.Code == http.StatusMethodNotAllowed || rec.Code >= 500 {
					t.Errorf("%s %s as a %s: %d (%s)", method, path, role, rec.Code, rec.Body)
				}
			}
		}
		if n < 20 {
			t.Fatalf("only %d admin routes registered", n)
		}
	})
}
