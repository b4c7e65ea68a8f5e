package admin_test

import (
	"fmt"
	"net/http"
	"testing"

	"shop/internal/admin"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

func TestUsersRoles(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		list := testkit.Decode[page[struct {
			ID    int64  `json:"id"`
			Email string `json:"email"`
			Role  string `json:"role"`
		}]](t, e.as("GET", "/api/admin/users/?search=wanjiku", nil))
		if list.Count != 1 || list.Results[0].Email != custEmail || list.Results[0].Role != "customer" {
			t.Fatalf("users %+v", list)
		}
		if n := testkit.Decode[page[struct{}]](t, e.as("GET", "/api/admin/users/?search=0712345678", nil)).Count; n != 1 {
			t.Fatalf("search by phone found %d", n)
		}
		if n := testkit.Decode[page[struct{}]](t, e.as("GET", "/api/admin/users/?role=admin", nil)).Count; n != 1 {
			t.Fatalf("admins %d", n)
		}
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", e.adminID), map[string]any{"role": "customer"}),
			http.StatusBadRequest, "role", admin.MsgOwnRole)
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", e.custID), map[string]any{"role": "boss"}),
			http.StatusBadRequest, "role", admin.MsgRoleInvalid)

		path := fmt.Sprintf("/api/admin/users/%d/", e.custID)
		rec := e.as("PATCH", path, map[string]any{"role": "admin"})
		testkit.WantStatus(t, rec, http.StatusOK)
		if u := testkit.Decode[map[string]any](t, rec); u["role"] != "admin" {
			t.Fatalf("promoted %v", u)
		}
		// A fresh sign-in carries the new role.
		promoted, _ := e.Login(custEmail, custPassword)
		testkit.WantStatus(t, e.do("GET", "/api/admin/stats/", promoted, nil), http.StatusOK)

		testkit.WantStatus(t, e.as("PATCH", path, map[string]any{"role": "customer"}), http.StatusOK)
		// Demotion ended the session: the token that said admin is refused
		// at once, not when it expires.
		testkit.WantError(t, e.do("GET", "/api/admin/stats/", promoted, nil), http.StatusUnauthorized, "", "Please sign in to continue.")
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/users/999999/", map[string]any{"role": "admin"}), http.StatusNotFound)
	})
}
