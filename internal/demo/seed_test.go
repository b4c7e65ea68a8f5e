package demo_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"testing"
	"time"

	"shop/internal/catalog"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/money"
)

func TestSeedLoadsCatalogueOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		store := catalog.NewStore(d)
		media := t.TempDir()
		seeded, err := demo.Seed(ctx, store, media)
		if err != nil || !seeded {
			t.Fatalf("seed: %v %v", seeded, err)
		}
		n, _ := store.CountProducts(ctx)
		if n != len(demo.Products()) {
			t.Fatalf("%d products stored, want %d", n, len(demo.Products()))
		}
		// Product ids follow the demo order: id 1 is the featured product.
		first, err := store.Product(ctx, "1")
		if err != nil || first.Slug != demo.Products()[0].Slug || !first.IsFeatured || !first.IsBestSeller {
			t.Fatalf("product 1: %+v %v", first.Slug, err)
		}
		if _, err := os.Stat(filepath.Join(media, "products", first.Slug+".svg")); err != nil {
			t.Fatalf("packshot not written: %v", err)
		}
		if first.Images[0].Image != demo.ImagePath(first.Slug) {
			t.Fatalf("image path %q", first.Images[0].Image)
		}
		page, err := store.ListProducts(ctx, catalog.ListFilter{Category: "dairy-meal"})
		if err != nil || page.Count < 2 {
			t.Fatalf("dairy-meal products: %d %v", page.Count, err)
		}
		again, err := demo.Seed(ctx, store, media)
		if err != nil || again {
			t.Fatalf("second seed: %v %v", again, err)
		}
		if n2, _ := store.CountProducts(ctx); n2 != n {
			t.Fatalf("second seed changed the count to %d", n2)
		}
	})
}

func TestSeedLarge(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	store := catalog.NewStore(d)
	if _, err := demo.SeedLarge(ctx, store, t.TempDir(), 130); err != nil {
		t.Fatal(err)
	}
	if n, _ := store.CountProducts(ctx); n != 130 {
		t.Fatalf("%d products, want 130", n)
	}
	page, _ := store.ListProducts(ctx, catalog.ListFilter{Collection: "featured"})
	if page.Count != 1 {
		t.Fatalf("%d featured products, want 1", page.Count)
	}
}

// The demo's code is a real one: active, and it takes 10% off a cart of
// Ksh 2,000 or more.
func TestDemoCoupon(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := demo.Seed(ctx, catalog.NewStore(d), t.TempDir()); err != nil {
			t.Fatal(err)
		}
		if err := demo.SeedCoupon(ctx, d); err != nil {
			t.Fatal(err)
		}
		s := coupon.NewStore(d)
		list, err := s.List(ctx)
		if err != nil || len(list) != 1 || list[0].Code != demo.CouponCode || !list[0].Active {
			t.Fatalf("coupons: %+v %v", list, err)
		}
		var cartID int64
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			return tx.QueryRow(`INSERT INTO carts (token_hash) VALUES ('demo') RETURNING id`).Scan(&cartID)
		}); err != nil {
			t.Fatal(err)
		}
		sum, err := s.Apply(ctx, cartID, "karibu10", []coupon.Line{{ProductID: 1, Total: money.FromShillings(2500)}})
		if err != nil || sum.Discount != money.FromShillings(250) {
			t.Fatalf("apply: %+v %v", sum, err)
		}
	})
}

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
