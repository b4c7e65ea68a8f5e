package httpapi_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/httpapi"
)

// BenchmarkProductsPage goes through every middleware, the micro-cache
// included, as a shopper's request does.
func BenchmarkProductsPage(b *testing.B) {
	d := dbtest.New(b, db.SQLite)
	store := catalog.NewStore(d)
	media := b.TempDir()
	if _, err := demo.SeedLarge(context.Background(), store, media, 1000); err != nil {
		b.Fatal(err)
	}
	srv, err := httpapi.New(httpapi.Deps{DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Catalog: store,
		WebAssets: webFiles, MediaDir: media, PublicURL: "http://localhost"})
	if err != nil {
		b.Fatal(err)
	}
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
