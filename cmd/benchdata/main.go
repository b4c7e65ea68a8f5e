// Command benchdata fills an empty database with a large demo catalogue for
// load tests: the demo products repeated under numbered names. With -urls it
// also writes the mixed list workload of scripts/bench.sh: thousands of
// distinct product-list addresses (category, sort, size, search, page).
//
//	go run ./cmd/benchdata -db sqlite:/tmp/bench.db -media /tmp/media -products 10000 -urls /tmp/urls.txt
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
