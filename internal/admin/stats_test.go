package admin_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/testkit"
)

// statsFromOrders is the dashboard's order figures counted from the orders
// themselves, every row read.
func statsFromOrders(t *testing.T, d *db.DB) order.Stats {
	t.Helper()
	st := order.Stats{ByStatus: map[order.Status]int{}}
	for _, s := range order.Statuses {
		st.ByStatus[s] = 0
	}
	rows, err := d.Query(context.Background(), `SELECT status, total_cents - refunded_cents, attention FROM orders`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var s order.Status
		var net int64
		var attention string
		if err := rows.Scan(&s, &net, &attention); err != nil {
			t.Fatal(err)
		}
		st.ByStatus[s]++
		st.Total++
		for _, p := range order.PaidStatuses {
			if p == s {
				st.Revenue += money.Cents(net)
			}
		}
		if s == order.Paid || s == order.Processing {
			st.AwaitingDispatch++
		}
		if attention != "" {
			st.Attention++
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return st
}

func sameStats(t *testing.T, when string, got, want order.Stats) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("%s: dashboard %+v, orders say %+v", when, got, want)
	}
}

// TestDashboardTotalsInStep: the dashboard's figures by status stay those of
// the orders through every kind of change (bulk history, orders written
// directly, status moves through the API, a refund, a flag, an erased
// customer), and through the folding of PostgreSQL's kept changes, also
// while orders change at the same moment.
func TestDashboardTotalsInStep(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		s := order.NewStore(e.d)
		check := func(when string) {
			t.Helper()
			got, err := s.AdminStats(ctx)
			if err != nil {
				t.Fatal(err)
			}
			sameStats(t, when, got, statsFromOrders(t, e.d))
			answer := testkit.Decode[struct {
				TotalOrders    int                  `json:"totalOrders"`
				TotalRevenue   string               `json:"totalRevenue"`
				OrdersByStatus map[order.Status]int `json:"ordersByStatus"`
			}](t, e.as("GET", "/api/admin/stats/", nil))
			want := statsFromOrders(t, e.d)
			if answer.TotalOrders != want.Total || answer.TotalRevenue != want.Revenue.String() || fmt.Sprint(answer.OrdersByStatus) != fmt.Sprint(want.ByStatus) {
				t.Fatalf("%s: /api/admin/stats/ %+v, orders say %+v", when, answer, want)
			}
		}
		check("no orders")
		p, v := e.dairyMeal(500)
		statuses := []order.Status{order.Delivered, order.Processing, order.Cancelled, order.Paid, order.PendingPayment, order.Refunded}
		e.pastOrders(300, time.Date(2026, 3, 1, 6, 0, 0, 0, time.UTC), func(i int) order.Status { return statuses[i%len(statuses)] },
			func(int) (string, string) { return "Wanjiku", "Mwangi" }, v, p.ID)
		check("history")
		makeOrder(t, e.d, "ORDER-1800000000001", order.Paid, v.ID, 2, "254712345678", "Otieno", "Juma")
		makeOrder(t, e.d, "ORDER-1800000000002", order.PendingPayment, v.ID, 1, "254722000111", "Akinyi", "Achieng")
		check("orders written")
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/orders/ORDER-1800000000001/", map[string]any{"status": "processing"}), 200)
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/orders/ORDER-1800000000002/", map[string]any{"status": "cancelled"}), 200)
		check("moved")
		if _, err := e.d.Exec(ctx, `UPDATE orders SET attention = 'Paid after its stock was released', refunded_cents = 1000 WHERE order_number = 'ORDER-1800000000001'`); err != nil {
			t.Fatal(err)
		}
		if _, err := e.d.Exec(ctx, `UPDATE orders SET courier = 'G4S' WHERE status = 'processing'`); err != nil {
			t.Fatal(err)
		}
		check("flagged and part refunded")

		// Changes pile up (one or two rows each on PostgreSQL) while the
		// dashboard reads and folds them.
		var wg sync.WaitGroup
		for w := range 3 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range 80 {
					to := statuses[(i+w)%len(statuses)]
					if _, err := e.d.Exec(ctx, `UPDATE orders SET status = $1, refunded_cents = $2 WHERE order_number = $3`,
						string(to), int64(i%5)*100, fmt.Sprintf("ORDER-%d", 1700000000000+w*100+i)); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 20 {
				if _, err := s.AdminStats(ctx); err != nil {
					t.Error(err)
					return
				}
			}
		}()
		wg.Wait()
		check("changed while read")
		check("folded")
		if e.d.Dialect == db.Postgres {
			var n int
			if err := e.d.QueryRow(ctx, `SELECT COUNT(*) FROM order_status_totals`).Scan(&n); err != nil {
				t.Fatal(err)
			}
			if n > len(order.Statuses)+2 {
				t.Fatalf("order_status_totals keeps %d rows after folding", n)
			}
		}
		if _, err := e.d.Exec(ctx, `DELETE FROM orders WHERE status = 'cancelled'`); err != nil {
			t.Fatal(err)
		}
		check("deleted")
	})
}

// TestDashboardOrdersByChannel: the dashboard's orders by channel are the
// orders of its 30 Nairobi days counted by channel, every channel listed
// (none left out for having no order), and each figure is what its link,
// the orders list filtered by channel and those days, lists.
func TestDashboardOrdersByChannel(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		type figures struct {
			OrdersByChannel struct {
				From     string `json:"from"`
				To       string `json:"to"`
				Channels []struct {
					Channel string `json:"channel"`
					Orders  int    `json:"orders"`
				} `json:"channels"`
			} `json:"ordersByChannel"`
		}
		read := func() figures {
			t.Helper()
			return testkit.Decode[figures](t, e.as("GET", "/api/admin/stats/", nil))
		}
		check := func(when string) {
			t.Helper()
			got := read().OrdersByChannel
			today := time.Now().In(db.Nairobi)
			to := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, db.Nairobi)
			from := to.AddDate(0, 0, -29)
			if got.From != from.Format("2006-01-02") || got.To != to.Format("2006-01-02") {
				t.Fatalf("%s: span %s to %s, want the 30 days to %s", when, got.From, got.To, to.Format("2006-01-02"))
			}
			if len(got.Channels) != len(order.Channels) {
				t.Fatalf("%s: channels %+v, want every one of %v", when, got.Channels, order.Channels)
			}
			for i, c := range got.Channels {
				if c.Channel != order.Channels[i] {
					t.Fatalf("%s: channel %d is %q, want %q", when, i, c.Channel, order.Channels[i])
				}
				// Counted from the rows, every one read.
				want := 0
				rows, err := e.d.Query(ctx, `SELECT channel, created_at FROM orders`)
				if err != nil {
					t.Fatal(err)
				}
				for rows.Next() {
					var ch string
					var at time.Time
					if err := rows.Scan(&ch, &at); err != nil {
						t.Fatal(err)
					}
					if ch == c.Channel && !at.Before(from) && at.Before(to.AddDate(0, 0, 1)) {
						want++
					}
				}
				if err := rows.Close(); err != nil {
					t.Fatal(err)
				}
				if c.Orders != want {
					t.Fatalf("%s: %s has %d orders on the dashboard, %d in the table", when, c.Channel, c.Orders, want)
				}
				list := testkit.Decode[page[struct{}]](t, e.as("GET", "/api/admin/orders/?channel="+c.Channel+"&from="+got.From+"&to="+got.To, nil))
				if list.Count != c.Orders {
					t.Fatalf("%s: %s has %d orders on the dashboard, its link lists %d", when, c.Channel, c.Orders, list.Count)
				}
			}
		}
		check("no orders")
		_, v := e.dairyMeal(500)
		now := time.Now()
		at := func(number, channel string, when time.Time) {
			t.Helper()
			makeOrder(t, e.d, number, order.Paid, v.ID, 1, "254712345678", "Otieno", "Juma")
			if _, err := e.d.Exec(ctx, `UPDATE orders SET channel = $1, created_at = $2 WHERE order_number = $3`, channel, e.d.TimeArg(when), number); err != nil {
				t.Fatal(err)
			}
		}
		at("ORDER-1800000000101", order.ChannelWeb, now)
		at("ORDER-1800000000102", order.ChannelStaff, now.Add(-time.Hour))
		at("ORDER-1800000000103", order.ChannelStaff, now.AddDate(0, 0, -3))
		at("ORDER-1800000000104", order.ChannelUSSD, now.AddDate(0, 0, -10))
		at("ORDER-1800000000105", order.ChannelUSSD, now.AddDate(0, 0, -45)) // before the span
		at("ORDER-1800000000106", order.ChannelAgent, now.AddDate(0, 0, -60))
		check("placed")
		got := read().OrdersByChannel.Channels
		byName := map[string]int{}
		for _, c := range got {
			byName[c.Channel] = c.Orders
		}
		if want := map[string]int{"web": 1, "staff": 2, "ussd": 1, "sms": 0, "agent": 0}; fmt.Sprint(byName) != fmt.Sprint(want) {
			t.Fatalf("orders by channel %v, want %v", byName, want)
		}
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/orders/ORDER-1800000000102/", map[string]any{"status": "processing"}), 200)
		if _, err := e.d.Exec(ctx, `DELETE FROM orders WHERE order_number = 'ORDER-1800000000101'`); err != nil {
			t.Fatal(err)
		}
		check("moved and deleted")
	})
}
