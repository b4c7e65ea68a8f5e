package admin_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"sort"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/order"
)

// TestOrderListFilters: the orders list's filters (several statuses, Nairobi
// days, county, delivery kind) and sorts list exactly the orders a plain
// reading of the rule picks, and the status chips count the orders of every
// other filter in each status.
func TestOrderListFilters(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p, v := e.dairyMeal(20)
		statuses := []order.Status{order.Paid, order.Processing, order.Delivered, order.Cancelled, order.Paid}
		// An order an hour from 1 March 00:00 UTC (03:00 in Nairobi): the
		// Nairobi day of 2 March starts at 1 March 21:00 UTC.
		start := time.Date(2026, 3, 1, 0, 0, 0, 0, time.UTC)
		e.pastOrders(60, start, func(i int) order.Status { return statuses[i%len(statuses)] },
			func(i int) (string, string) { return "Wanjiku", "Mwangi" }, v, p.ID)
		ctx := context.Background()
		for i := 0; i < 60; i++ {
			at := start.Add(time.Duration(i) * time.Hour)
			county, kind := "Kiambu", "pickup"
			if i%3 == 0 {
				county, kind = "Nakuru", "delivery"
			}
			if _, err := e.d.Exec(ctx, `UPDATE orders SET created_at = $1, county = $2, delivery_kind = $3, total_cents = $4, subtotal_cents = $4 + discount_cents - shipping_cents WHERE order_number = $5`,
				e.d.TimeArg(at), county, kind, int64(100000+(i*7919)%60*100), orderNumber(i)); err != nil {
				t.Fatal(err)
			}
		}
		s := order.NewStore(e.d)
		all, err := s.AdminList(ctx, order.AdminFilter{PageSize: 100})
		if err != nil || len(all.Orders) != 60 {
			t.Fatalf("every order: %d, %v", len(all.Orders), err)
		}
		day2 := time.Date(2026, 3, 2, 0, 0, 0, 0, db.Nairobi)
		cases := []struct {
			name string
			f    order.AdminFilter
			pick func(order.Summary) bool
		}{
			{"paid or processing", order.AdminFilter{Statuses: []order.Status{order.Paid, order.Processing}},
				func(o order.Summary) bool { return o.Status == order.Paid || o.Status == order.Processing }},
			{"2 March in Nairobi", order.AdminFilter{From: day2, To: day2.AddDate(0, 0, 1)},
				func(o order.Summary) bool {
					return !o.CreatedAt.Before(day2) && o.CreatedAt.Before(day2.AddDate(0, 0, 1))
				}},
			{"Nakuru", order.AdminFilter{County: "Nakuru"}, func(o order.Summary) bool { return o.County == "Nakuru" }},
			{"pickups paid on or after 2 March", order.AdminFilter{DeliveryKind: "pickup", Status: order.Paid, From: day2},
				func(o order.Summary) bool {
					return o.County == "Kiambu" && o.Status == order.Paid && !o.CreatedAt.Before(day2)
				}},
		}
		for _, c := range cases {
			for _, sortBy := range []string{"", "oldest", "total", "-total"} {
				f := c.f
				f.Sort, f.PageSize = sortBy, 7
				var want []order.Summary
				for _, o := range all.Orders {
					if c.pick(o) {
						want = append(want, o)
					}
				}
				sort.SliceStable(want, func(i, j int) bool {
					a, b := want[i], want[j]
					switch sortBy {
					case "oldest":
						return a.CreatedAt.Before(b.CreatedAt)
					case "total":
						return a.Total > b.Total || a.Total == b.Total && a.ID > b.ID
					case "-total":
						return a.Total < b.Total || a.Total == b.Total && a.ID < b.ID
					}
					return false // all is newest first already
				})
				var got []order.Summary
				for page := 1; ; page++ {
					f.Page = page
					list, err := s.AdminList(ctx, f)
					if err != nil {
						t.Fatalf("%s by %q: %v", c.name, sortBy, err)
					}
					if list.Count != len(want) {
						t.Fatalf("%s by %q: count %d, want %d", c.name, sortBy, list.Count, len(want))
					}
					got = append(got, list.Orders...)
					if len(list.Orders) < 7 {
						break
					}
				}
				if !slices.Equal(numbers(got), numbers(want)) {
					t.Fatalf("%s by %q: %v, want %v", c.name, sortBy, numbers(got), numbers(want))
				}
			}
		}
		// The chips: every other filter, each status.
		counts, err := s.StatusCounts(ctx, order.AdminFilter{County: "Nakuru", Status: order.Paid})
		if err != nil {
			t.Fatal(err)
		}
		want := map[order.Status]int{}
		for _, o := range all.Orders {
			if o.County == "Nakuru" {
				want[o.Status]++
			}
		}
		if !mapsEqual(counts, want) {
			t.Fatalf("Nakuru's chips %v, want %v", counts, want)
		}
		counts, err = s.StatusCounts(ctx, order.AdminFilter{})
		if err != nil {
			t.Fatal(err)
		}
		want = map[order.Status]int{}
		for _, o := range all.Orders {
			want[o.Status]++
		}
		if !mapsEqual(counts, want) {
			t.Fatalf("every order's chips %v, want %v", counts, want)
		}
	})
}

func orderNumber(i int) string { return fmt.Sprintf("ORDER-%d", 1700000000000+i) }

// mapsEqual compares counts, a status counted 0 as one not counted.
func mapsEqual(got, want map[order.Status]int) bool {
	maps.DeleteFunc(got, func(_ order.Status, n int) bool { return n == 0 })
	return maps.Equal(got, want)
}
