package admin_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"shop/internal/order"
)

// TestOrderSearchByTrigrams: the admin's order search finds exactly the
// orders whose number, name, email or phone hold the search, whether the
// trigram index names them (SQLite's orders_search, PostgreSQL's
// orders_admin_trigrams) or the search is too short for trigrams, and the
// index follows renames and deletions (docs/benchmarks.md, "The back office
// at scale").
func TestOrderSearchByTrigrams(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p, v := e.dairyMeal(20)
		names := [][2]string{{"Wanjiku", "Mwangi"}, {"Otieno", "Juma"}, {"Akinyi", "Wanjiru"}, {"Chebet", "O'Neill"}, {"Njeri", "50% Kamau"}}
		e.pastOrders(40, time.Date(2026, 3, 1, 6, 0, 0, 0, time.UTC), func(int) order.Status { return order.Delivered },
			func(i int) (string, string) { return names[i%len(names)][0], names[i%len(names)][1] }, v, p.ID)
		ctx := context.Background()
		s := order.NewStore(e.d)
		all, err := s.AdminList(ctx, order.AdminFilter{PageSize: 100})
		if err != nil || len(all.Orders) != 40 {
			t.Fatalf("every order: %d, %v", len(all.Orders), err)
		}
		// holds is the search's rule, written out plainly: any of the four
		// columns holds q whatever its ASCII case, or the phone holds the
		// digits of a number typed from 0.
		holds := func(o order.Summary, q string) bool {
			lq := strings.ToLower(q)
			for _, col := range []string{o.Number, o.CustomerName, o.Email, o.Phone} {
				if strings.Contains(strings.ToLower(col), lq) {
					return true
				}
			}
			digits := strings.Map(func(r rune) rune {
				if r >= '0' && r <= '9' {
					return r
				}
				return -1
			}, q)
			return len(digits) >= 4 && digits[0] == '0' && strings.Contains(o.Phone, digits[1:])
		}
		check := func(when string, list []order.Summary, queries ...string) {
			t.Helper()
			for _, q := range queries {
				var want []string
				for _, o := range list {
					if holds(o, q) {
						want = append(want, o.Number)
					}
				}
				got, err := s.AdminList(ctx, order.AdminFilter{Search: q, PageSize: 100, CountCap: 1000})
				if err != nil {
					t.Fatalf("%s, %q: %v", when, q, err)
				}
				if !slices.Equal(numbers(got.Orders), want) || got.Count != len(want) {
					t.Fatalf("%s, %q: %v (count %d), want %v", when, q, numbers(got.Orders), got.Count, want)
				}
			}
		}
		queries := []string{"wanjiku", "WANJ", "anjik", "wa", "ju", "juma", "Otieno Juma", "o'neill", `"neil`, "50% k", "50_",
			"buyer3@", "ORDER-1700000000012", "0720 0001", "2000003", "zzqx", "kamau", "ngi"}
		check("as stored", all.Orders, queries...)
		if slices.IndexFunc(all.Orders, func(o order.Summary) bool { return holds(o, "wanjiku") }) < 0 {
			t.Fatal("the test's orders hold no Wanjiku")
		}

		renamed := all.Orders[3].Number
		if _, err := e.d.Exec(ctx, `UPDATE orders SET first_name = 'Zawadi', email = 'zawadi@farm.co.ke' WHERE order_number = $1`, renamed); err != nil {
			t.Fatal(err)
		}
		if _, err := e.d.Exec(ctx, `UPDATE orders SET status = 'collected' WHERE order_number = $1`, all.Orders[4].Number); err != nil {
			t.Fatal(err)
		}
		gone := all.Orders[0].Number
		if _, err := e.d.Exec(ctx, `DELETE FROM order_items WHERE order_id = (SELECT id FROM orders WHERE order_number = $1)`, gone); err != nil {
			t.Fatal(err)
		}
		if _, err := e.d.Exec(ctx, `DELETE FROM orders WHERE order_number = $1`, gone); err != nil {
			t.Fatal(err)
		}
		now, err := s.AdminList(ctx, order.AdminFilter{PageSize: 100})
		if err != nil || len(now.Orders) != 39 {
			t.Fatalf("after the changes: %d, %v", len(now.Orders), err)
		}
		if i := slices.IndexFunc(now.Orders, func(o order.Summary) bool { return o.Number == renamed }); i < 0 || !strings.HasPrefix(now.Orders[i].CustomerName, "Zawadi") {
			t.Fatalf("the renamed order: %v", numbers(now.Orders))
		}
		check("after a rename and a deletion", now.Orders, append(queries, "zawadi", fmt.Sprint(gone[6:]))...)
	})
}
