package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"shop/internal/account"
	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/db/dbtest"
	"shop/internal/httpapi"
	"shop/internal/order"
)

// TestAdminRoutesAreGuarded walks every registered route: each one under
// /api/admin/ must be declared Admin, and must answer 401 without a token,
// 401 with a bad one and 403 to a signed-in customer — a route added later
// with the wrong access, or a handler mounted outside the guard, fails here.
func TestAdminRoutesAreGuarded(t *testing.T) {
	for _, dialect := range dbtest.Engines() {
		t.Run(string(dialect), func(t *testing.T) {
			d := dbtest.New(t, dialect)
			srv, err := httpapi.New(httpapi.Deps{
				DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Catalog: catalog.NewStore(d), Cart: cart.NewStore(d),
				Content: content.NewStore(d), Orders: order.NewStore(d), WebAssets: webFiles, MediaDir: t.TempDir(), PublicURL: "http://localhost",
			})
			if err != nil {
				t.Fatal(err)
			}
			send := func(method, path, token string, body any) *httptest.ResponseRecorder {
				var r io.Reader
				if body != nil {
					b, _ := json.Marshal(body)
					r = bytes.NewReader(b)
				}
				req := httptest.NewRequest(method, path, r)
				req.Header.Set("Content-Type", "application/json")
				if token != "" {
					req.Header.Set("Authorization", "Bearer "+token)
				}
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				return rec
			}
			login := func(email, password string) string {
				rec := send("POST", "/api/auth/login/", "", map[string]string{"username": email, "password": password})
				var out struct{ Access string }
				if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || out.Access == "" {
					t.Fatalf("login %s: %d %s", email, rec.Code, rec.Body)
				}
				return out.Access
			}
			if _, err := account.NewStore(d).EnsureAdmin(context.Background(), "owner@mifugobora.co.ke", "Ruiru2026Feeds"); err != nil {
				t.Fatal(err)
			}
			adminToken := login("owner@mifugobora.co.ke", "Ruiru2026Feeds")
			if rec := send("POST", "/api/auth/register/", "", map[string]string{"first_name": "Juma", "last_name": "Otieno",
				"email": "juma@farm.co.ke", "phone": "254722000111", "password": "Shamba2026"}); rec.Code != http.StatusCreated {
				t.Fatalf("register: %d %s", rec.Code, rec.Body)
			}
			customerToken := login("juma@farm.co.ke", "Shamba2026")

			param := regexp.MustCompile(`\{[A-Za-z]+\}`)
			n := 0
			for _, rt := range srv.Routes() {
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
				// answers (200, 400 for the empty body, 404 for id 1), it is
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
}
