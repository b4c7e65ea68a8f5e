package admin_test

import (
	"fmt"
	"net/http"
	"testing"

	"shop/internal/admin"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/order"
	"shop/internal/testkit"
)

func TestStatsAndAudit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		cat := e.category("Feeds", nil)
		p := e.product("Dairy Meal", cat.ID, "3650", true)
		e.product("Hidden Meal", cat.ID, "100", false)
		v := e.variant(p.ID, "70 Kg", "DM-70", "3650", 15)
		low := e.variant(p.ID, "10 Kg", "DM-10", "650", 3)
		makeOrder(t, d, "ORDER-1700000000001", order.Paid, v.ID, 1, "254712345678", "A", "B")
		makeOrder(t, d, "ORDER-1700000000002", order.Delivered, v.ID, 1, "254712345678", "A", "B")
		makeOrder(t, d, "ORDER-1700000000003", order.PendingPayment, low.ID, 1, "254712345678", "A", "B")
		makeOrder(t, d, "ORDER-1700000000004", order.Cancelled, low.ID, 1, "254712345678", "A", "B")

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
		if log.Count != 7 {
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
		if one.Count != 2 {
			t.Fatalf("product's entries %+v", one)
		}
		// A refused change leaves no entry.
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/orders/ORDER-1700000000001/", map[string]any{"status": "paid"}), http.StatusConflict)
		if n := testkit.Decode[page[admin.Entry]](t, e.as("GET", "/api/admin/audit/", nil)).Count; n != 7 {
			t.Fatalf("audit count after a refused change %d", n)
		}
	})
}
