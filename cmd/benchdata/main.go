// Command benchdata fills an empty database with a large demo catalogue for
// load tests: the demo products repeated under numbered names.
//
//	go run ./cmd/benchdata -db sqlite:/tmp/bench.db -media /tmp/media -products 1000
package main

import (
	"context"
	"flag"
	"fmt"
	"os"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/demo"
)

func main() {
	url := flag.String("db", "", "database URL (sqlite:PATH or postgres://...)")
	media := flag.String("media", "", "media folder for the packshots")
	n := flag.Int("products", 1000, "how many products")
	flag.Parse()
	if *url == "" || *media == "" {
		flag.Usage()
		os.Exit(2)
	}
	ctx := context.Background()
	d, err := db.Open(ctx, *url)
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
}
