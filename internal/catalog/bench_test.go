package catalog_test

import (
	"context"
	"net/http/httptest"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/httpx"
)

// BenchmarkListProducts lists page 1 of a 1,000-product catalogue, the
// shop's busiest query.
func BenchmarkListProducts(b *testing.B) {
	for _, dialect := range dbtest.Engines() {
		b.Run(string(dialect), func(b *testing.B) {
			d := dbtest.New(b, dialect)
			store := catalog.NewStore(d)
			if _, err := demo.SeedLarge(context.Background(), store, b.TempDir(), 1000); err != nil {
				b.Fatal(err)
			}
			for _, bc := range []struct {
				name string
				f    catalog.ListFilter
			}{
				{"page1", catalog.ListFilter{Page: 1, PageSize: 20}},
				{"category-page1", catalog.ListFilter{Category: "feeds", Page: 1, PageSize: 20}},
				{"search", catalog.ListFilter{Search: "dairy", Page: 1, PageSize: 20}},
				{"all", catalog.ListFilter{}},
			} {
				b.Run(bc.name, func(b *testing.B) {
					ctx := context.Background()
					for b.Loop() {
						if _, err := store.ListProducts(ctx, bc.f); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
		})
	}
}

// BenchmarkListProductsHandler is the uncached handler: query, JSON, ETag.
func BenchmarkListProductsHandler(b *testing.B) {
	d := dbtest.New(b, db.SQLite)
	store := catalog.NewStore(d)
	if _, err := demo.SeedLarge(context.Background(), store, b.TempDir(), 1000); err != nil {
		b.Fatal(err)
	}
	h := httpx.Handler((&catalog.Handlers{Store: store}).ListProducts)
	for b.Loop() {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/products/?page=1", nil))
		if rec.Code != 200 {
			b.Fatal(rec.Code)
		}
	}
}
