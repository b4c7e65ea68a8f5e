package admin_test

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"shop/internal/catalog"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/testkit"
)

// pastOrders stores n past orders in bulk, one a minute from start, the
// i-th named by name(i), each with one line of variant v.
func (e *env) pastOrders(n int, start time.Time, status func(i int) order.Status, name func(i int) (first, last string), v variant, productID int64) {
	e.t.Helper()
	list := make([]order.Past, n)
	for i := range list {
		first, last := name(i)
		list[i] = order.Past{
			Number: fmt.Sprintf("ORDER-%d", 1700000000000+i), Status: status(i), CreatedAt: start.Add(time.Duration(i) * time.Minute),
			Customer: order.Customer{FirstName: first, LastName: last, Email: fmt.Sprintf("buyer%d@farm.co.ke", i), Phone: fmt.Sprintf("2547%08d", 20000000+i)},
			Address:  order.Address{Address: "Plot 4", City: "Ruiru", County: "Kiambu"},
			Delivery: order.Delivery{Kind: "pickup", Option: "pickup-1", Name: "Ruiru shop"},
			Items:    []order.Item{{VariantID: v.ID, ProductID: productID, ProductName: "Dairy Meal", Size: "70 Kg", SKU: "DM-70", Quantity: 1 + i%3, UnitPrice: 365000}},
		}
	}
	ctx := context.Background()
	if err := e.d.Tx(ctx, func(tx *sql.Tx) error { _, err := order.InsertPastTx(ctx, e.d, tx, list); return err }); err != nil {
		e.t.Fatal(err)
	}
}

func numbers(list []order.Summary) []string {
	return testkit.Map(list, func(s order.Summary) string { return s.Number })
}

// TestOrderListPages: every page of the admin's order list, filtered or
// searched, is the same slice of the whole list, with its item counts; a
// search counts no further than its cap (or than the page asked for) and
// says so, a list without a search counts exactly.
func TestOrderListPages(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p, v := e.dairyMeal(20)
		names := [][2]string{{"Wanjiku", "Mwangi"}, {"Otieno", "Juma"}, {"Akinyi", "Wanjiku"}}
		statuses := []order.Status{order.Delivered, order.Processing, order.Cancelled, order.Paid}
		e.pastOrders(23, time.Date(2026, 3, 1, 6, 0, 0, 0, time.UTC), func(i int) order.Status { return statuses[i%len(statuses)] },
			func(i int) (string, string) { return names[i%3][0], names[i%3][1] }, v, p.ID)
		ctx := context.Background()
		if _, err := e.d.Exec(ctx, `UPDATE orders SET attention = 'Paid after its stock was released' WHERE id % 3 <> 0`); err != nil {
			t.Fatal(err)
		}
		s := order.NewStore(e.d)
		for _, f := range []order.AdminFilter{{}, {Search: "wanjiku"}, {Search: "WANJIKU"}, {Status: order.Delivered}, {Search: "otieno", Status: order.Paid},
			{Search: "ORDER-17000000000"}, {Search: "Buyer1"}, {Search: "Ki mwa"[3:] + "NGI"}, {Search: "20000001"}, {Search: "0720 0000"},
			{Attention: true}, {Attention: true, Status: order.Delivered}, {Attention: true, Search: "juma"}} {
			f.PageSize = 100
			all, err := s.AdminList(ctx, f)
			if err != nil {
				t.Fatal(err)
			}
			if all.Capped || all.Count != len(all.Orders) || len(all.Orders) == 0 {
				t.Fatalf("%+v: count %d capped %t of %d", f, all.Count, all.Capped, len(all.Orders))
			}
			if !slices.IsSortedFunc(all.Orders, func(a, b order.Summary) int { return b.CreatedAt.Compare(a.CreatedAt) }) {
				t.Fatalf("%+v: not newest first: %v", f, numbers(all.Orders))
			}
			for _, o := range all.Orders {
				i, _ := strconv.Atoi(strings.TrimPrefix(o.Number, "ORDER-"))
				i -= 1700000000000
				if o.ItemCount != 1+i%3 || o.Total != money.Cents(365000*(1+i%3)) {
					t.Fatalf("%s: %d items, total %d", o.Number, o.ItemCount, o.Total)
				}
			}
			f.PageSize, f.CountCap = 2, 3
			for page := 1; page <= (len(all.Orders)+1)/2+1; page++ {
				f.Page = page
				got, err := s.AdminList(ctx, f)
				if err != nil {
					t.Fatal(err)
				}
				want := all.Orders[min(len(all.Orders), (page-1)*2):min(len(all.Orders), page*2)]
				if !slices.Equal(numbers(got.Orders), numbers(want)) {
					t.Fatalf("%+v: %v, want %v", f, numbers(got.Orders), numbers(want))
				}
				// A search counts up to the cap, or up to this page's end past it.
				wantCount, wantCapped := all.Count, false
				if most := max(3, page*2); f.Search != "" && all.Count > most {
					wantCount, wantCapped = most, true
				}
				if got.Count != wantCount || got.Capped != wantCapped {
					t.Fatalf("%+v: count %d capped %t, want %d %t", f, got.Count, got.Capped, wantCount, wantCapped)
				}
			}
		}
	})
}

// TestOrderSearchCountCapped: a search matching more orders than
// catalog.CountCap answers the cap with count_capped and a next page, as the
// catalogue's lists do; past the cap it counts to the page asked for.
func TestOrderSearchCountCapped(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p, v := e.dairyMeal(20)
		n := catalog.CountCap + 30
		e.pastOrders(n, time.Date(2026, 3, 1, 6, 0, 0, 0, time.UTC), func(int) order.Status { return order.Delivered },
			func(i int) (string, string) {
				if i == 0 {
					return "Otieno", "Juma"
				}
				return "Wanjiku", "Mwangi"
			}, v, p.ID)
		type capped struct {
			page[summary]
			Previous    *string `json:"previous"`
			CountCapped *bool   `json:"count_capped"`
		}
		for _, c := range []struct {
			query   string
			count   int
			capped  bool
			results int
			next    string
		}{
			{"search=wanjiku&page_size=100", catalog.CountCap, true, 100, "page=2"},
			{"search=wanjiku&page_size=100&page=10", catalog.CountCap, true, 100, "page=11"},
			{"search=wanjiku&page_size=100&page=11", n - 1, false, n - 1 - 1000, ""},
			{"search=otieno", 1, false, 1, ""},
			{"search=zzqx", 0, false, 0, ""},
			{"search=zzqx&page=2", 0, false, 0, ""},
			{"page_size=100", n, false, 100, "page=2"},
			{"status=delivered&page_size=100&page=3", n, false, 100, "page=4"},
		} {
			got := testkit.Decode[capped](t, e.as("GET", "/api/admin/orders/?"+c.query, nil))
			if got.CountCapped == nil || *got.CountCapped != c.capped || got.Count != c.count || len(got.Results) != c.results {
				t.Fatalf("%s: count %d capped %v, %d results", c.query, got.Count, got.CountCapped, len(got.Results))
			}
			if (got.Next == nil) != (c.next == "") || got.Next != nil && !strings.Contains(*got.Next, c.next) {
				t.Fatalf("%s: next %v, want %s", c.query, got.Next, c.next)
			}
		}
	})
}
