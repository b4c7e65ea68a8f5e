// Command benchdata fills an empty database with a large demo catalogue for
// load tests: the demo products repeated under numbered names, and a year of
// sales history (-orders over the last year, by -customers, with mixed
// statuses, counties, payments and refunds) for the back office. With -urls it
// also writes the mixed list workload of scripts/bench.sh: thousands of
// distinct product-list addresses (category, sort, size, search, page).
//
//	go run ./cmd/benchdata -db sqlite:/tmp/bench.db -media /tmp/media -products 10000 -orders 100000 -customers 20000 -urls /tmp/urls.txt
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"time"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/demo"
	"shop/internal/notify"
)

func main() {
	url := flag.String("db", "", "database URL (sqlite:PATH or postgres://...)")
	media := flag.String("media", "", "media folder for the packshots")
	n := flag.Int("products", 1000, "how many products")
	orders := flag.Int("orders", 100_000, "how many past orders, spread over the last year")
	customers := flag.Int("customers", 20_000, "how many customers")
	urls := flag.String("urls", "", "also write the mixed list workload's addresses to this file")
	flag.Parse()
	if *urls != "" {
		if err := writeURLs(*urls); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
	if *url == "" || *media == "" {
		flag.Usage()
		os.Exit(2)
	}
	ctx := context.Background()
	d, err := db.Open(ctx, *url, db.Conns{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	seeded, err := demo.SeedLarge(ctx, catalog.NewStore(d), *media, *n)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if !seeded {
		fmt.Fprintln(os.Stderr, "the database already has a catalogue; nothing done")
		os.Exit(1)
	}
	fmt.Printf("seeded %d products\n", *n)
	if *orders > 0 {
		h := demo.History{Orders: *orders, Customers: *customers, Days: 365, Now: time.Now(), Seed: 1}
		err := demo.SeedHistory(ctx, d, catalog.NewStore(d), h)
		if err == nil {
			err = notify.SkipHistory(ctx, d)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		fmt.Printf("seeded %d orders by %d customers\n", *orders, *customers)
	}
	// On PostgreSQL, the vacuum and statistics a live shop's autovacuum
	// would have made: without them the first minutes after a bulk load
	// plan from empty tables and the index-only scans read the heap, while
	// the autovacuum itself competes with the measurement. (A SQLite shop
	// never gathers statistics, so its database is left as it would be.)
	if d.Dialect == db.Postgres {
		if _, err := d.Exec(ctx, "VACUUM ANALYZE"); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
	}
}

func writeURLs(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	n, err := mixedURLs(f)
	if err != nil {
		f.Close()
		return err
	}
	fmt.Printf("wrote %d list addresses to %s\n", n, path)
	return f.Close()
}
