package admin_test

import (
	"context"
	"flag"
	"net/http"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/order"
	"shop/internal/testkit"
)

var (
	benchProducts  = flag.Int("bench.products", 10_000, "products in the admin-at-scale benchmark")
	benchOrders    = flag.Int("bench.orders", 100_000, "orders in the admin-at-scale benchmark, over a year")
	benchCustomers = flag.Int("bench.customers", 20_000, "customers in the admin-at-scale benchmark")
)

// BenchmarkAdminAtScale is each back-office list, the dashboard and the
// reports over the whole HTTP stack (the admin's token checked each time),
// on 10,000 products, 100,000 orders over a year and 20,000 customers, as
// cmd/benchdata makes them (docs/benchmarks.md). SQLite, and PostgreSQL
// when SHOP_TEST_POSTGRES_URL is set.
func BenchmarkAdminAtScale(b *testing.B) {
	for _, dialect := range dbtest.Engines() {
		b.Run(string(dialect), func(b *testing.B) {
			d := dbtest.New(b, dialect)
			shop := testkit.NewShop(b, d)
			ctx := context.Background()
			start := time.Now()
			if _, err := demo.SeedLarge(ctx, shop.Deps.Catalog, shop.Deps.MediaDir, *benchProducts); err != nil {
				b.Fatal(err)
			}
			now := time.Now()
			h := demo.History{Orders: *benchOrders, Customers: *benchCustomers, Days: 365, Now: now, Seed: 1}
			if err := demo.SeedHistory(ctx, d, shop.Deps.Catalog, h); err != nil {
				b.Fatal(err)
			}
			if dialect == db.Postgres {
				// VACUUM sets the visibility map, as autovacuum keeps it in a
				// shop open for a while: without it an index-only scan reads
				// the row of every entry it skips (a deep page, 40,000).
				if _, err := d.Exec(ctx, `VACUUM ANALYZE`); err != nil {
					b.Fatal(err)
				}
			}
			b.Logf("%s: seeded in %s", dialect, time.Since(start).Round(time.Second))
			token, _ := shop.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
			// "before" runs without the indexes migration 0018 added for
			// these pages, "after" with them.
			indexes := indexDefs(b, d, "orders_report", "orders_status_totals", "order_items_report", "payments_created", "users_created", "orders_phone")
			year := "from=" + now.AddDate(-1, 0, 1).In(db.Nairobi).Format("2006-01-02") + "&to=" + now.In(db.Nairobi).Format("2006-01-02")
			pages := []struct{ name, path string }{
				{"dashboard", "/api/admin/stats/"},
				{"products", "/api/admin/products/"},
				{"products_search", "/api/admin/products/?search=dairy"},
				{"products_page_200", "/api/admin/products/?page=200"},
				{"orders", "/api/admin/orders/"},
				{"orders_status", "/api/admin/orders/?status=processing"},
				{"orders_search_name", "/api/admin/orders/?search=wanjiku"},
				{"orders_search_phone", "/api/admin/orders/?search=0712345678"},
				// A search nothing matches reads every order: the worst case.
				{"orders_search_none", "/api/admin/orders/?search=zzqx"},
				{"orders_page_2000", "/api/admin/orders/?page=2000"},
				{"customers", "/api/admin/users/"},
				{"customers_search", "/api/admin/users/?search=otieno"},
				{"report_sales_30_days", "/api/admin/reports/sales/"},
				{"report_sales_year_by_day", "/api/admin/reports/sales/?group=day&" + year},
				{"report_sales_year_by_month", "/api/admin/reports/sales/?group=month&" + year},
				{"report_products_year", "/api/admin/reports/products/?" + year},
				{"report_sales_year_csv", "/api/admin/reports/sales/?format=csv&" + year},
			}
			run := func(stage string) {
				for _, c := range pages {
					b.Run(stage+"/"+c.name, func(b *testing.B) {
						for b.Loop() {
							rec := shop.Do("GET", c.path, nil, testkit.Bearer(token)...)
							if rec.Code != http.StatusOK {
								b.Fatalf("%s: %d %s", c.path, rec.Code, rec.Body.String())
							}
						}
					})
				}
			}
			for name := range indexes {
				if _, err := d.Exec(ctx, `DROP INDEX `+name); err != nil {
					b.Fatal(err)
				}
			}
			run("before")
			for _, def := range indexes {
				if _, err := d.Exec(ctx, def); err != nil {
					b.Fatal(err)
				}
			}
			if dialect == db.Postgres {
				if _, err := d.Exec(ctx, `VACUUM ANALYZE`); err != nil {
					b.Fatal(err)
				}
			}
			run("after")
			// The year's report reads straight from the stores, from the daily
			// totals (migrations 0075, 0076) and from the orders and payments
			// they sum, side by side.
			span := order.Span{Start: time.Date(now.Year()-1, now.Month(), now.Day()+1, 0, 0, 0, 0, db.Nairobi),
				End: time.Date(now.Year(), now.Month(), now.Day()+1, 0, 0, 0, 0, db.Nairobi)}
			orders, pays := shop.Deps.Orders, shop.Deps.Payments
			for _, c := range []struct {
				name       string
				kept, sums func() error
			}{
				{"days", func() error { _, err := orders.SalesByDay(ctx, span); return err },
					func() error { _, err := orders.SalesByDayFromOrders(ctx, span); return err }},
				{"counties", func() error { _, err := orders.SalesByCounty(ctx, span); return err },
					func() error { _, err := orders.SalesByCountyFromOrders(ctx, span); return err }},
				{"products", func() error { _, err := orders.ProductSales(ctx, span); return err },
					func() error { _, err := orders.ProductSalesFromOrders(ctx, span); return err }},
				{"payments", func() error { _, err := pays.SalesOutcomes(ctx, span); return err },
					func() error { _, err := pays.SalesOutcomesFromPayments(ctx, span); return err }},
			} {
				for _, v := range []struct {
					name string
					read func() error
				}{{"totals", c.kept}, {"source", c.sums}} {
					b.Run("year/"+c.name+"/"+v.name, func(b *testing.B) {
						for b.Loop() {
							if err := v.read(); err != nil {
								b.Fatal(err)
							}
						}
					})
				}
			}
		})
	}
}

// indexDefs reads the statements that made the named indexes.
func indexDefs(b *testing.B, d *db.DB, names ...string) map[string]string {
	b.Helper()
	q := `SELECT sql FROM sqlite_master WHERE type = 'index' AND name = $1`
	if d.Dialect == db.Postgres {
		q = `SELECT indexdef FROM pg_indexes WHERE indexname = $1 AND schemaname = current_schema()`
	}
	out := map[string]string{}
	for _, n := range names {
		var def string
		if err := d.QueryRow(context.Background(), q, n).Scan(&def); err != nil {
			b.Fatalf("index %s: %v", n, err)
		}
		out[n] = def
	}
	return out
}
