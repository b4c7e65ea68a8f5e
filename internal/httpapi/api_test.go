package httpapi_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/httpapi"
)

var webFiles = fstest.MapFS{
	"index.html":                {Data: []byte("<!doctype html><title>shop</title><div id=root></div>")},
	"assets/index-abc123.js":    {Data: []byte(strings.Repeat("console.log(1);", 200))},
	"assets/index-abc123.js.gz": {Data: []byte("gzipped-bytes")},
	"assets/index-abc123.js.br": {Data: []byte("brotli-bytes")},
	"favicon.svg":               {Data: []byte("<svg/>")},
}

// newServer returns the shop's handler on d with the demo catalogue loaded.
func newServer(t *testing.T, d *db.DB) http.Handler {
	t.Helper()
	store := catalog.NewStore(d)
	media := t.TempDir()
	if _, err := demo.Seed(context.Background(), store, media); err != nil {
		t.Fatal(err)
	}
	srv, err := httpapi.New(httpapi.Deps{
		DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Catalog: store, Cart: cart.NewStore(d), Content: content.NewStore(d),
		WebAssets: webFiles, MediaDir: media, PublicURL: "http://localhost",
	})
	if err != nil {
		t.Fatal(err)
	}
	return srv
}

func get(t *testing.T, h http.Handler, target string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(http.MethodGet, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func decode[T any](t *testing.T, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("decode %q: %v", rec.Body.String(), err)
	}
	return v
}

type errorBody struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields"`
}

type envelope struct {
	Count    int               `json:"count"`
	Next     *string           `json:"next"`
	Previous *string           `json:"previous"`
	Results  []json.RawMessage `json:"results"`
}

func TestCatalogueAPI(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		h := newServer(t, d)
		all := len(demo.Products())

		t.Run("list is an array of every product in SPEC shape", func(t *testing.T) {
			rec := get(t, h, "/api/products/")
			if rec.Code != 200 {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			ps := decode[[]map[string]any](t, rec)
			if len(ps) != all {
				t.Fatalf("%d products, want %d", len(ps), all)
			}
			for _, key := range []string{"id", "name", "slug", "description", "base_price", "category", "occasion_tags",
				"is_active", "variants", "images", "reviews", "is_featured", "is_best_seller"} {
				if _, ok := ps[0][key]; !ok {
					t.Errorf("product has no %q", key)
				}
			}
			if _, ok := ps[0]["base_price"].(string); !ok {
				t.Errorf("base_price is %T, want a decimal string", ps[0]["base_price"])
			}
			v := ps[0]["variants"].([]any)[0].(map[string]any)
			for _, key := range []string{"id", "product", "size", "sku", "price", "stock"} {
				if _, ok := v[key]; !ok {
					t.Errorf("variant has no %q", key)
				}
			}
			if p, _ := v["price"].(string); !strings.HasSuffix(p, ".00") {
				t.Errorf("variant price %v", v["price"])
			}
			im := ps[0]["images"].([]any)[0].(map[string]any)
			for _, key := range []string{"id", "product", "image", "sort_order"} {
				if _, ok := im[key]; !ok {
					t.Errorf("image has no %q", key)
				}
			}
		})

		t.Run("page envelope", func(t *testing.T) {
			rec := get(t, h, "/api/products/?page=2&page_size=5&sort=price-low")
			env := decode[envelope](t, rec)
			if env.Count != all || len(env.Results) != 5 || env.Next == nil || env.Previous == nil {
				t.Fatalf("envelope: count %d, %d results, next %v, previous %v", env.Count, len(env.Results), env.Next, env.Previous)
			}
			if !strings.Contains(*env.Next, "page=3") || !strings.Contains(*env.Next, "sort=price-low") || !strings.Contains(*env.Previous, "page=1") {
				t.Fatalf("links %s %s", *env.Next, *env.Previous)
			}
			first := decode[envelope](t, get(t, h, "/api/products/?page=1"))
			if len(first.Results) != catalog.DefaultPageSize || first.Previous != nil {
				t.Fatalf("default page: %d results, previous %v", len(first.Results), first.Previous)
			}
			last := decode[envelope](t, get(t, h, "/api/products/?page_size=100"))
			if len(last.Results) != all || last.Next != nil {
				t.Fatalf("one big page: %d results, next %v", len(last.Results), last.Next)
			}
			past := decode[envelope](t, get(t, h, "/api/products/?page=99"))
			if past.Count != all || len(past.Results) != 0 {
				t.Fatalf("past the end: count %d, %d results", past.Count, len(past.Results))
			}
		})

		t.Run("filters reach the store", func(t *testing.T) {
			for _, tc := range []struct {
				query string
				check func(p map[string]any) bool
			}{
				{"featured=new-arrivals", func(p map[string]any) bool { return p["is_new_arrival"] == true }},
				{"collection=best-sellers", func(p map[string]any) bool { return p["is_best_seller"] == true }},
				{"promo=bulk", func(p map[string]any) bool { return p["promo"] == "bulk" }},
				{"search=ALBENDAZOLE", func(p map[string]any) bool {
					return strings.Contains(strings.ToLower(p["name"].(string)+p["description"].(string)), "albendazole")
				}},
				{"weight=70kg", func(p map[string]any) bool {
					for _, v := range p["variants"].([]any) {
						if v.(map[string]any)["size"] == "70 Kg" {
							return true
						}
					}
					return false
				}},
			} {
				ps := decode[[]map[string]any](t, get(t, h, "/api/products/?"+tc.query))
				if len(ps) == 0 || len(ps) == all {
					t.Errorf("%s: %d products: the filter did nothing", tc.query, len(ps))
				}
				for _, p := range ps {
					if !tc.check(p) {
						t.Errorf("%s: %v does not match", tc.query, p["slug"])
					}
				}
			}
			dcp := decode[[]map[string]any](t, get(t, h, "/api/products/?category=dewormers"))
			sub := decode[[]map[string]any](t, get(t, h, "/api/products/?category=albendazole-10"))
			if len(sub) == 0 || len(dcp) <= len(sub) {
				t.Errorf("dewormers (%d) should include albendazole-10 (%d) and more", len(dcp), len(sub))
			}
			byPrice := decode[[]map[string]any](t, get(t, h, "/api/products/?sort=price-high"))
			for i := 1; i < len(byPrice); i++ {
				if price(byPrice[i]) > price(byPrice[i-1]) {
					t.Fatalf("price-high out of order at %d", i)
				}
			}
		})

		t.Run("bad parameters are 400 with the field named", func(t *testing.T) {
			for query, field := range map[string]string{
				"page=-1": "page", "page=abc": "page", "page_size=abc": "page_size", "page_size=0": "page_size",
				"page_size=101": "page_size", "sort=cheapest": "sort", "promo=free": "promo", "featured=old": "featured",
				"min_price=abc": "min_price", "max_price=-5": "max_price", "min_price=500&max_price=100": "min_price",
				"search=" + strings.Repeat("x", 101): "search",
			} {
				rec := get(t, h, "/api/products/?"+query)
				body := decode[errorBody](t, rec)
				if rec.Code != 400 || body.Fields[field] == "" || body.Error == "" {
					t.Errorf("%s: status %d body %s", query, rec.Code, rec.Body)
				}
			}
		})

		t.Run("one product by id and slug", func(t *testing.T) {
			byID := decode[map[string]any](t, get(t, h, "/api/products/1/"))
			slug := demo.Products()[0].Slug
			if byID["slug"] != slug {
				t.Fatalf("product 1 is %v, want %s", byID["slug"], slug)
			}
			bySlug := get(t, h, "/api/products/"+slug+"/")
			if bySlug.Code != 200 || decode[map[string]any](t, bySlug)["id"] != float64(1) {
				t.Fatalf("by slug: %d %s", bySlug.Code, bySlug.Body)
			}
			for _, missing := range []string{"/api/products/99999/", "/api/products/no-such-feed/"} {
				rec := get(t, h, missing)
				if rec.Code != 404 || decode[errorBody](t, rec).Error != "Product not found" {
					t.Errorf("%s: %d %s", missing, rec.Code, rec.Body)
				}
			}
		})

		t.Run("categories", func(t *testing.T) {
			cats := decode[[]map[string]any](t, get(t, h, "/api/categories/"))
			seen := map[string]bool{}
			for _, c := range cats {
				seen[c["slug"].(string)] = true
				if _, ok := c["parent"]; !ok {
					t.Fatalf("category without parent key: %v", c)
				}
			}
			for _, slug := range []string{"feeds", "dewormers", "supplements", "chemicals", "dcp", "kienyeli-mash", "dairy-meal", "albendazole-10", "albendazole-25"} {
				if !seen[slug] {
					t.Errorf("category %s missing", slug)
				}
			}
		})
	})
}

func price(p map[string]any) float64 { return amount(p["base_price"].(string)) }

func TestETagAndCaching(t *testing.T) {
	h := newServer(t, dbtest.New(t, db.SQLite))
	rec := get(t, h, "/api/products/?page=1")
	etag := rec.Header().Get("ETag")
	if etag == "" || !strings.Contains(rec.Header().Get("Cache-Control"), "public") {
		t.Fatalf("headers %v", rec.Header())
	}
	again := get(t, h, "/api/products/?page=1", "If-None-Match", etag)
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Fatalf("conditional GET: %d, %d bytes", again.Code, again.Body.Len())
	}
	other := get(t, h, "/api/products/?page=2", "If-None-Match", etag)
	if other.Code != 200 {
		t.Fatalf("another page with the first page's ETag: %d", other.Code)
	}
	gz := get(t, h, "/api/products/?page=1", "Accept-Encoding", "gzip")
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Body.Len() >= rec.Body.Len() {
		t.Fatalf("gzip: encoding %q, %d vs %d bytes", gz.Header().Get("Content-Encoding"), gz.Body.Len(), rec.Body.Len())
	}
	gz304 := get(t, h, "/api/products/?page=1", "Accept-Encoding", "gzip", "If-None-Match", gz.Header().Get("ETag"))
	if gz304.Code != http.StatusNotModified {
		t.Fatalf("conditional GET with the gzip ETag: %d", gz304.Code)
	}
}
