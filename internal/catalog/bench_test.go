package catalog_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/httpx"
	"shop/internal/i18n"
)

// benchProducts is the catalogue size the benchmarks list: the size issue
// 15 asks the shop to stay fast at.
const benchProducts = 10_000

// BenchmarkListProducts lists pages of a 10,000-product catalogue as the
// shop's list does, uncached: each filter and sort, and searches narrow,
// broad, mistyped, in farmers' words and by SKU.
func BenchmarkListProducts(b *testing.B) {
	for _, dialect := range dbtest.Engines() {
		b.Run(string(dialect), func(b *testing.B) {
			d := dbtest.New(b, dialect)
			store := catalog.NewStore(d)
			if _, err := demo.SeedLarge(context.Background(), store, b.TempDir(), benchProducts); err != nil {
				b.Fatal(err)
			}
			page := func(f catalog.ListFilter) catalog.ListFilter {
				f.Page, f.PageSize = max(f.Page, 1), 20
				if f.Sort == "" {
					f.Sort = catalog.SortName
				}
				return f
			}
			for _, bc := range []struct {
				name string
				f    catalog.ListFilter
			}{
				{"page1", page(catalog.ListFilter{})},
				{"page25-price-high", page(catalog.ListFilter{Page: 25, Sort: catalog.SortPriceHigh})},
				{"category-page1", page(catalog.ListFilter{Category: "feeds"})},
				{"subcategory-page10-price-low", page(catalog.ListFilter{Category: "layers", Page: 10, Sort: catalog.SortPriceLow})},
				{"weight", page(catalog.ListFilter{Weight: "20kg"})},
				{"best-sellers", page(catalog.ListFilter{Collection: catalog.CollectionBestSellers})},
				{"search-narrow", page(catalog.ListFilter{Search: "ivermectin", Sort: catalog.SortRelevance})},
				{"search-broad", page(catalog.ListFilter{Search: "kuku", Sort: catalog.SortRelevance})},
				{"search-typo", page(catalog.ListFilter{Search: "dewomer", Sort: catalog.SortRelevance})},
				{"search-sku", page(catalog.ListFilter{Search: "MB-ALB10-120ML", Sort: catalog.SortRelevance})},
				{"search-in-category", page(catalog.ListFilter{Search: "mineral", Category: "supplements", Sort: catalog.SortRelevance})},
				// In Kiswahili: the texts and the order by name (docs/i18n.md).
				{"sw-page1", page(catalog.ListFilter{})},
				{"sw-category-page1", page(catalog.ListFilter{Category: "feeds"})},
				{"sw-page25-price-high", page(catalog.ListFilter{Page: 25, Sort: catalog.SortPriceHigh})},
				{"sw-subcategory-page10-price-low", page(catalog.ListFilter{Category: "layers", Page: 10, Sort: catalog.SortPriceLow})},
				{"sw-best-sellers", page(catalog.ListFilter{Collection: catalog.CollectionBestSellers})},
				{"sw-promo-bulk", page(catalog.ListFilter{Promo: catalog.PromoBulk})},
				{"sw-search-broad", page(catalog.ListFilter{Search: "kuku", Sort: catalog.SortRelevance})},
			} {
				b.Run(bc.name, func(b *testing.B) {
					ctx := context.Background()
					if strings.HasPrefix(bc.name, "sw-") {
						ctx = i18n.WithLang(ctx, i18n.Kiswahili)
					}
					for b.Loop() {
						if _, err := store.ListProducts(ctx, bc.f); err != nil {
							b.Fatal(err)
						}
					}
				})
			}
			b.Run("suggest", func(b *testing.B) {
				ctx := context.Background()
				for b.Loop() {
					if _, err := store.Suggest(ctx, "albend"); err != nil {
						b.Fatal(err)
					}
				}
			})
		})
	}
}

// BenchmarkListProductsHandler is the uncached handler: query, JSON, ETag.
func BenchmarkListProductsHandler(b *testing.B) {
	d := dbtest.SQLite(b)
	store := catalog.NewStore(d)
	if _, err := demo.SeedLarge(context.Background(), store, b.TempDir(), benchProducts); err != nil {
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
