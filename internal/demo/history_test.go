package demo_test

import (
	"context"
	"testing"
	"time"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
)

// The demo's history loads on both engines and is what it says: the orders
// and customers asked for, their refunds recorded with their orders.
func TestSeedHistory(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		cat := catalog.NewStore(d)
		if _, err := demo.Seed(ctx, cat, t.TempDir()); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		h := demo.History{Orders: 3000, Customers: 500, Days: 365, Now: time.Now(), Seed: 3}
		if err := demo.SeedHistory(ctx, d, cat, h); err != nil {
			t.Fatal(err)
		}
		t.Logf("seeded in %s", time.Since(start))
		var orders, users, refunds int
		var refunded, sum int64
		if err := d.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM orders), (SELECT COUNT(*) FROM users), (SELECT COUNT(*) FROM refunds),
			(SELECT COALESCE(SUM(refunded_cents), 0) FROM orders), (SELECT COALESCE(SUM(amount_cents), 0) FROM refunds)`).Scan(&orders, &users, &refunds, &refunded, &sum); err != nil {
			t.Fatal(err)
		}
		if orders != 3000 || users != 500 || refunds == 0 || refunded != sum {
			t.Fatalf("orders %d users %d refunds %d (%d vs %d)", orders, users, refunds, refunded, sum)
		}
	})
}
