package admin_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"shop/internal/admin"
	"shop/internal/order"
	"shop/internal/testkit"
)

func TestUsersRoles(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
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
		if n := testkit.Decode[page[struct{}]](t, e.as("GET", "/api/admin/users/?role=owner", nil)).Count; n != 1 {
			t.Fatalf("admins %d", n)
		}
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", e.adminID), map[string]any{"role": "customer"}),
			http.StatusBadRequest, "role", admin.MsgOwnRole)
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", e.custID), map[string]any{"role": "boss"}),
			http.StatusBadRequest, "role", admin.MsgRoleInvalid)

		path := fmt.Sprintf("/api/admin/users/%d/", e.custID)
		rec := e.as("PATCH", path, map[string]any{"role": "owner"})
		testkit.WantStatus(t, rec, http.StatusOK)
		if u := testkit.Decode[map[string]any](t, rec); u["role"] != "owner" {
			t.Fatalf("promoted %v", u)
		}
		// A fresh sign-in carries the new role.
		promoted, _ := e.Login(custEmail, custPassword)
		testkit.WantStatus(t, e.do("GET", "/api/admin/stats/", promoted, nil), http.StatusOK)

		testkit.WantStatus(t, e.as("PATCH", path, map[string]any{"role": "customer"}), http.StatusOK)
		// Demotion ended the session: the token that said admin is refused
		// at once, not when it expires.
		testkit.WantError(t, e.do("GET", "/api/admin/stats/", promoted, nil), http.StatusUnauthorized, "", "Please sign in to continue.")
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/users/999999/", map[string]any{"role": "owner"}), http.StatusNotFound)
	})
}

func TestMessagesAndSubscribers(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		testkit.WantStatus(t, e.do("POST", "/api/contact/", "", map[string]string{
			"name": "Kamau", "email": "kamau@farm.co.ke", "subject": "wholesale", "message": "Price for 50 bags of dairy meal?",
		}), http.StatusCreated)
		msgs := testkit.Decode[[]struct {
			ID        int64   `json:"id"`
			Subject   string  `json:"subject"`
			HandledAt *string `json:"handled_at"`
		}](t, e.as("GET", "/api/admin/messages/", nil))
		if len(msgs) != 1 || msgs[0].Subject != "wholesale" || msgs[0].HandledAt != nil {
			t.Fatalf("messages %+v", msgs)
		}
		rec := e.as("PATCH", fmt.Sprintf("/api/admin/messages/%d/", msgs[0].ID), map[string]any{"handled": true})
		testkit.WantStatus(t, rec, http.StatusOK)
		if m := testkit.Decode[map[string]any](t, rec); m["handled_at"] == nil {
			t.Fatalf("handled %v", m)
		}
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/messages/999/", map[string]any{"handled": true}), http.StatusNotFound)

		for _, email := range []string{"a@farm.co.ke", "=cmd@farm.co.ke"} {
			testkit.WantStatus(t, e.do("POST", "/api/newsletter/", "", map[string]string{"email": email}), http.StatusCreated)
		}
		subs := testkit.Decode[struct {
			Count int `json:"count"`
		}](t, e.as("GET", "/api/admin/subscribers/", nil))
		if subs.Count != 2 {
			t.Fatalf("subscribers %+v", subs)
		}
		rec = e.as("GET", "/api/admin/subscribers/?format=csv", nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") ||
			!strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") ||
			!strings.HasPrefix(body, "email,subscribed_at,unsubscribe_url\na@farm.co.ke,") || !strings.Contains(body, ",http://localhost/unsubscribe/1-") || !strings.Contains(body, "\n'=cmd@farm.co.ke,") {
			t.Fatalf("csv %s %q", ct, body)
		}
	})
}

func TestStatsAndAudit(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		cat := e.category("Feeds", nil)
		p := e.product("Dairy Meal", cat.ID, "3650", true)
		e.product("Hidden Meal", cat.ID, "100", false)
		v := e.variant(p.ID, "70 Kg", "DM-70", "3650", 15)
		low := e.variant(p.ID, "10 Kg", "DM-10", "650", 3)
		makeOrder(t, e.d, "ORDER-1700000000001", order.Paid, v.ID, 1, "254712345678", "A", "B")
		makeOrder(t, e.d, "ORDER-1700000000002", order.Delivered, v.ID, 1, "254712345678", "A", "B")
		makeOrder(t, e.d, "ORDER-1700000000003", order.PendingPayment, low.ID, 1, "254712345678", "A", "B")
		makeOrder(t, e.d, "ORDER-1700000000004", order.Cancelled, low.ID, 1, "254712345678", "A", "B")

		s := testkit.Decode[struct {
			TotalProducts    int    `json:"totalProducts"`
			TotalOrders      int    `json:"totalOrders"`
			TotalUsers       int    `json:"totalUsers"`
			TotalRevenue     string `json:"totalRevenue"`
			AwaitingDispatch int    `json:"awaitingDispatch"`
			Threshold        int    `json:"lowStockThreshold"`
			LowStock         []struct {
				SKU   string `json:"sku"`
				Stock int    `json:"stock"`
			} `json:"lowStock"`
			ToDispatch   []summary `json:"toDispatch"`
			RecentOrders []summary `json:"recentOrders"`
		}](t, e.as("GET", "/api/admin/stats/", nil))
		// Revenue: the paid and the delivered order, 3650 + 500 shipping each.
		if s.TotalProducts != 2 || s.TotalOrders != 4 || s.TotalUsers != 2 || s.TotalRevenue != "8300.00" || s.AwaitingDispatch != 1 ||
			s.Threshold != 10 || len(s.LowStock) != 1 || s.LowStock[0].SKU != "DM-10" || s.LowStock[0].Stock != 2 ||
			len(s.ToDispatch) != 1 || s.ToDispatch[0].OrderID != "ORDER-1700000000001" || len(s.RecentOrders) != 4 {
			t.Fatalf("stats %+v", s)
		}

		// Every change above is in the audit log, newest first, with who did it.
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/orders/ORDER-1700000000001/", map[string]any{"status": "processing"}), http.StatusOK)
		rec := e.as("PUT", fmt.Sprintf("/api/admin/products/%d/", p.ID), map[string]any{
			"name": "Dairy Meal", "description": "Dairy Meal for Kenyan farms.", "base_price": "3700", "category": cat.ID, "is_active": true,
		})
		testkit.WantStatus(t, rec, http.StatusOK)
		// A save that changes nothing is not logged.
		testkit.WantStatus(t, e.as("PUT", fmt.Sprintf("/api/admin/products/%d/", p.ID), map[string]any{
			"name": "Dairy Meal", "description": "Dairy Meal for Kenyan farms.", "base_price": "3700", "category": cat.ID, "is_active": true,
		}), http.StatusOK)
		log := testkit.Decode[page[admin.Entry]](t, e.as("GET", "/api/admin/audit/", nil))
		// (and the helper's putting Dairy Meal on sale before its sizes)
		if log.Count != 8 {
			t.Fatalf("audit count %d: %+v", log.Count, log.Results)
		}
		first, second := log.Results[0], log.Results[1]
		if first.Actor != adminEmail || first.Action != "update" || first.Entity != "product" || first.EntityID != fmt.Sprint(p.ID) ||
			first.Summary != `"Dairy Meal": base_price: 3650.00 → 3700.00` {
			t.Fatalf("latest entry %+v", first)
		}
		if second.Entity != "order" || second.EntityID != "ORDER-1700000000001" || second.Summary != "status: paid → processing" {
			t.Fatalf("order entry %+v", second)
		}
		one := testkit.Decode[page[admin.Entry]](t, e.as("GET", fmt.Sprintf("/api/admin/audit/?entity=product&entity_id=%d", p.ID), nil))
		if one.Count != 3 {
			t.Fatalf("product's entries %+v", one)
		}
		// A refused change leaves no entry.
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/orders/ORDER-1700000000001/", map[string]any{"status": "paid"}), http.StatusConflict)
		if n := testkit.Decode[page[admin.Entry]](t, e.as("GET", "/api/admin/audit/", nil)).Count; n != 8 {
			t.Fatalf("audit count after a refused change %d", n)
		}
	})
}
