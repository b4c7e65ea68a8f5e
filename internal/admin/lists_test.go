package admin_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/db"
	"shop/internal/order"
	"shop/internal/testkit"
)

// listPage is a back-office list's page with its chips' counts.
type listPage[T any] struct {
	page[T]
	StatusCounts map[string]int `json:"status_counts"`
	RoleCounts   map[string]int `json:"role_counts"`
}

func (e *env) list(path string) listPage[map[string]any] {
	e.t.Helper()
	rec := e.as("GET", path, nil)
	testkit.WantStatus(e.t, rec, http.StatusOK)
	return testkit.Decode[listPage[map[string]any]](e.t, rec)
}

// field is each row's field named key, as text.
func field(rows []map[string]any, key string) []string {
	return testkit.Map(rows, func(r map[string]any) string { return fmt.Sprint(r[key]) })
}

// wantRows fails unless path lists exactly want (the rows' key), in order,
// count in all.
func (e *env) wantRows(path, key string, want ...string) listPage[map[string]any] {
	e.t.Helper()
	got := e.list(path)
	if names := field(got.Results, key); !slices.Equal(names, want) || got.Count != len(want) && !strings.Contains(path, "page_size") {
		e.t.Fatalf("%s: %v (count %d), want %v", path, names, got.Count, want)
	}
	return got
}

// TestProductListFilters: the products list filters by status, category
// and stock (low: a size at or below the threshold, out: none left), sorts
// by name, price, stock and update both ways, pages, counts each status of
// what the other filters select, and refuses what it does not know.
func TestProductListFilters(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		feeds, minerals := e.category("Feeds", nil).ID, e.category("Minerals", nil).ID
		dairy := e.product("Dairy Meal", feeds, "3650", true)
		e.variant(dairy.ID, "70 Kg", "DM-70", "3650", 40)
		layers := e.product("Layers Mash", feeds, "2900", true)
		e.variant(layers.ID, "50 Kg", "LM-50", "2900", 4)
		e.variant(layers.ID, "10 Kg", "LM-10", "700", 30)
		e.product("Calf Pellets", minerals, "1500", false)
		lick := e.product("Mineral Lick", minerals, "800", true)
		e.variant(lick.ID, "2 Kg", "ML-2", "800", 0)

		got := e.wantRows("/api/admin/products/", "name", "Mineral Lick", "Calf Pellets", "Layers Mash", "Dairy Meal")
		if got.StatusCounts["active"] != 3 || got.StatusCounts["inactive"] != 1 {
			t.Fatalf("counts %v", got.StatusCounts)
		}
		got = e.wantRows("/api/admin/products/?status=active&sort=name", "name", "Dairy Meal", "Layers Mash", "Mineral Lick")
		if got.StatusCounts["active"] != 3 || got.StatusCounts["inactive"] != 1 {
			t.Fatalf("status active: counts %v", got.StatusCounts)
		}
		got = e.wantRows(fmt.Sprintf("/api/admin/products/?category=%d&sort=-name", minerals), "name", "Mineral Lick", "Calf Pellets")
		if got.StatusCounts["active"] != 1 || got.StatusCounts["inactive"] != 1 {
			t.Fatalf("minerals: counts %v", got.StatusCounts)
		}
		e.wantRows("/api/admin/products/?stock=out&sort=name", "name", "Calf Pellets", "Mineral Lick")
		e.wantRows("/api/admin/products/?stock=low", "name", "Layers Mash")
		got = e.wantRows("/api/admin/products/?stock=out&status=inactive", "name", "Calf Pellets")
		if got.StatusCounts["active"] != 1 || got.StatusCounts["inactive"] != 1 {
			t.Fatalf("out of stock: counts %v", got.StatusCounts)
		}
		e.wantRows("/api/admin/products/?sort=price", "name", "Mineral Lick", "Calf Pellets", "Layers Mash", "Dairy Meal")
		e.wantRows("/api/admin/products/?sort=-price", "name", "Dairy Meal", "Layers Mash", "Calf Pellets", "Mineral Lick")
		e.wantRows("/api/admin/products/?sort=stock", "name", "Calf Pellets", "Mineral Lick", "Layers Mash", "Dairy Meal")
		e.wantRows("/api/admin/products/?sort=-stock", "name", "Dairy Meal", "Layers Mash", "Mineral Lick", "Calf Pellets")
		if _, err := e.d.Exec(context.Background(), `UPDATE products SET updated_at = $1 WHERE id = $2`, e.d.TimeArg(time.Now().Add(time.Hour)), layers.ID); err != nil {
			t.Fatal(err)
		}
		e.wantRows("/api/admin/products/?sort=-updated&page_size=1", "name", "Layers Mash")
		page2 := e.list("/api/admin/products/?sort=name&page_size=2&page=2")
		if names := field(page2.Results, "name"); !slices.Equal(names, []string{"Layers Mash", "Mineral Lick"}) || page2.Count != 4 {
			t.Fatalf("page 2: %v of %d", names, page2.Count)
		}
		e.wantRows("/api/admin/products/?search=layers&status=active", "name", "Layers Mash")
		for _, bad := range []string{"sort=cheapest", "stock=many", "category=feeds", "status=sold"} {
			testkit.WantStatus(t, e.as("GET", "/api/admin/products/?"+bad, nil), http.StatusBadRequest)
		}
	})
}

// TestCustomerListFilters: the users list filters by registration day
// (Nairobi), sorts by paid orders and spend, pages, and counts each role of
// what the other filters select.
func TestCustomerListFilters(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		p, v := e.dairyMeal(20)
		// 3 March 22:30 UTC is 4 March in Nairobi.
		joined := []time.Time{time.Date(2026, 3, 1, 8, 0, 0, 0, time.UTC), time.Date(2026, 3, 2, 8, 0, 0, 0, time.UTC), time.Date(2026, 3, 3, 22, 30, 0, 0, time.UTC)}
		names := []string{"Akinyi", "Baraka", "Chebet"}
		list := make([]account.NewUser, len(names))
		for i, n := range names {
			list[i] = account.NewUser{Email: n + "@farm.co.ke", FirstName: n, LastName: "Farmer", Phone: fmt.Sprintf("2547110000%02d", i), PasswordHash: "-", CreatedAt: joined[i]}
		}
		var ids []int64
		if err := e.d.Tx(ctx, func(tx *sql.Tx) (err error) { ids, err = account.InsertPastTx(ctx, e.d, tx, list); return err }); err != nil {
			t.Fatal(err)
		}
		statuses := []order.Status{order.Paid, order.Delivered, order.Cancelled, order.Paid, order.Paid}
		e.pastOrders(5, time.Date(2026, 3, 5, 8, 0, 0, 0, time.UTC), func(i int) order.Status { return statuses[i] },
			func(i int) (string, string) { return "Buyer", "Farmer" }, v, p.ID)
		// Akinyi: two paid orders; Baraka: one cancelled and one paid of
		// Ksh 100,000; Chebet none.
		owner := []int64{ids[0], ids[0], ids[1], ids[1], 0}
		for i, id := range owner {
			if id == 0 {
				continue
			}
			total := int64(365000)
			if i == 3 {
				total = 10000000
			}
			if _, err := e.d.Exec(ctx, `UPDATE orders SET user_id = $1, total_cents = $2, subtotal_cents = $2 + discount_cents - shipping_cents WHERE order_number = $3`, id, total, orderNumber(i)); err != nil {
				t.Fatal(err)
			}
		}
		got := e.list("/api/admin/users/?role=customer&sort=orders&page_size=2")
		if names := field(got.Results, "first_name"); !slices.Equal(names, []string{"Akinyi", "Baraka"}) || fmt.Sprint(got.Results[0]["orders_count"]) != "2" || fmt.Sprint(got.Results[1]["orders_count"]) != "1" {
			t.Fatalf("by orders: %v", got.Results)
		}
		if got.Count != 4 || got.RoleCounts["customer"] != 4 || got.RoleCounts["owner"] != 1 {
			t.Fatalf("count %d, roles %v", got.Count, got.RoleCounts)
		}
		got = e.list("/api/admin/users/?role=customer&sort=spent&page_size=1")
		if names := field(got.Results, "first_name"); !slices.Equal(names, []string{"Baraka"}) || got.Results[0]["spent"] != "100000.00" {
			t.Fatalf("by spend: %v", got.Results)
		}
		e.wantRows("/api/admin/users/?from=2026-03-02&to=2026-03-04&sort=oldest", "first_name", "Baraka", "Chebet")
		e.wantRows("/api/admin/users/?to=2026-03-03&sort=name", "first_name", "Akinyi", "Baraka")
		got = e.wantRows("/api/admin/users/?search=farm.co.ke&from=2026-03-01&to=2026-03-01", "first_name", "Akinyi")
		if got.RoleCounts["customer"] != 1 || len(got.RoleCounts) != 1 {
			t.Fatalf("Akinyi's day: roles %v", got.RoleCounts)
		}
		for _, bad := range []string{"sort=richest", "from=1%20March", "from=2026-03-04&to=2026-03-01"} {
			testkit.WantStatus(t, e.as("GET", "/api/admin/users/?"+bad, nil), http.StatusBadRequest)
		}
	})
}

// TestPaymentListFilters: the payments list shows the prompts and the
// Paybill payments (not a prompt's own payment reported again), filters by
// status, method, Nairobi days and a receipt, phone or order number,
// sorts by amount and time, pages, and counts each status.
func TestPaymentListFilters(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		p, v := e.dairyMeal(20)
		e.pastOrders(2, time.Date(2026, 3, 5, 8, 0, 0, 0, time.UTC), func(int) order.Status { return order.Paid },
			func(int) (string, string) { return "Buyer", "Farmer" }, v, p.ID)
		var orders [2]int64
		for i := range orders {
			if err := e.d.QueryRow(ctx, `SELECT id FROM orders WHERE order_number = $1`, orderNumber(i)).Scan(&orders[i]); err != nil {
				t.Fatal(err)
			}
		}
		at := func(day, hour int) any { return e.d.TimeArg(time.Date(2026, 3, day, hour, 0, 0, 0, db.Nairobi)) }
		stk := []struct {
			order  int64
			status string
			phone  string
			cents  int64
			rcpt   any
			at     any
		}{
			{orders[0], "failed", "254712000001", 365000, nil, at(5, 9)},
			{orders[0], "succeeded", "254712000001", 365000, "SC51AAA001", at(5, 10)},
			{orders[1], "pending", "254712000002", 730000, nil, at(6, 1)},
		}
		var promptIDs []int64
		for _, s := range stk {
			var id int64
			if err := e.d.Tx(ctx, func(tx *sql.Tx) error {
				return tx.QueryRowContext(ctx, `INSERT INTO payments (order_id, method, status, phone, amount_cents, receipt, created_at) VALUES ($1, 'mpesa', $2, $3, $4, $5, $6) RETURNING id`,
					s.order, s.status, s.phone, s.cents, s.rcpt, s.at).Scan(&id)
			}); err != nil {
				t.Fatal(err)
			}
			promptIDs = append(promptIDs, id)
		}
		c2b := []struct {
			trans   string
			cents   int64
			order   any
			applied any
			payment any
			at      any
		}{
			{"SC61BBB001", 100000, nil, nil, nil, at(6, 23)},
			{"SC61BBB002", 730000, orders[1], at(7, 8), nil, at(7, 8)},
			{"SC51AAA001", 365000, orders[0], at(5, 10), promptIDs[1], at(5, 10)},
		}
		for _, c := range c2b {
			if _, err := e.d.Exec(ctx, `INSERT INTO c2b_payments (trans_id, amount_cents, msisdn, source, order_id, applied_at, payment_id, received_at) VALUES ($1, $2, '254712000009', 'confirmation', $3, $4, $5, $6)`,
				c.trans, c.cents, c.order, c.applied, c.payment, c.at); err != nil {
				t.Fatal(err)
			}
		}
		got := e.wantRows("/api/admin/payments/all/", "amount", "7300.00", "1000.00", "7300.00", "3650.00", "3650.00")
		want := map[string]int{"pending": 1, "succeeded": 2, "failed": 1, "unmatched": 1}
		for st, n := range want {
			if got.StatusCounts[st] != n {
				t.Fatalf("counts %v, want %v", got.StatusCounts, want)
			}
		}
		if m := field(got.Results, "method"); !slices.Equal(m, []string{"paybill", "paybill", "mpesa", "mpesa", "mpesa"}) {
			t.Fatalf("methods %v", m)
		}
		e.wantRows("/api/admin/payments/all/?status=succeeded,unmatched", "receipt", "SC61BBB002", "SC61BBB001", "SC51AAA001")
		got = e.wantRows("/api/admin/payments/all/?method=mpesa&sort=oldest", "status", "failed", "succeeded", "pending")
		if got.StatusCounts["unmatched"] != 0 || got.StatusCounts["failed"] != 1 {
			t.Fatalf("prompts' counts %v", got.StatusCounts)
		}
		e.wantRows("/api/admin/payments/all/?method=paybill&sort=amount", "receipt", "SC61BBB002", "SC61BBB001")
		e.wantRows("/api/admin/payments/all/?sort=-amount&page_size=2", "amount", "1000.00", "3650.00")
		e.wantRows("/api/admin/payments/all/?from=2026-03-06&to=2026-03-06", "receipt", "SC61BBB001", "")
		e.wantRows("/api/admin/payments/all/?search=sc51aaa001", "receipt", "SC51AAA001")
		e.wantRows("/api/admin/payments/all/?search=0712%20000%20002", "status", "pending")
		e.wantRows("/api/admin/payments/all/?search="+orderNumber(1), "receipt", "SC61BBB002", "")
		page2 := e.list("/api/admin/payments/all/?page_size=2&page=2")
		if r := field(page2.Results, "status"); !slices.Equal(r, []string{"pending", "succeeded"}) || page2.Count != 5 {
			t.Fatalf("page 2: %v of %d", r, page2.Count)
		}
		for _, bad := range []string{"status=paid", "method=card", "sort=biggest", "to=yesterday"} {
			testkit.WantStatus(t, e.as("GET", "/api/admin/payments/all/?"+bad, nil), http.StatusBadRequest)
		}
	})
}
