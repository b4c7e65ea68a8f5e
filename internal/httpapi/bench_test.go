package httpapi_test

import (
	"context"
	"net/http/httptest"
	"testing"

	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/testkit"
)

// BenchmarkProductsPage goes through every middleware, the micro-cache
// included, as a shopper's request does.
func BenchmarkProductsPage(b *testing.B) {
	srv := testkit.NewShop(b, dbtest.SQLite(b), withWebFiles,
		func(t testing.TB, p *app.Parts) {
			if _, err := demo.SeedLarge(context.Background(), catalog.NewStore(p.DB), p.MediaDir, 1000); err != nil {
				t.Fatal(err)
			}
		})
	for _, enc := range []string{"identity", "gzip"} {
		b.Run(enc, func(b *testing.B) {
			for b.Loop() {
				req := httptest.NewRequest("GET", "/api/products/?page=1", nil)
				req.Header.Set("Accept-Encoding", enc)
				rec := httptest.NewRecorder()
				srv.ServeHTTP(rec, req)
				if rec.Code != 200 {
					b.Fatal(rec.Code)
				}
			}
		})
	}
}
