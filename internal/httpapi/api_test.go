package httpapi_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"testing/fstest"

	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/testkit"
)

var webFiles = fstest.MapFS{
	"index.html":                {Data: []byte("<!doctype html><title>shop</title><div id=root></div>")},
	"assets/index-abc123.js":    {Data: []byte(strings.Repeat("console.log(1);", 200))},
	"assets/index-abc123.js.gz": {Data: []byte("gzipped-bytes")},
	"assets/index-abc123.js.br": {Data: []byte("brotli-bytes")},
	"favicon.svg":               {Data: []byte("<svg/>")},
	"sw.js":                     {Data: []byte("self.addEventListener('fetch', () => {});")},
	"manifest.webmanifest":      {Data: []byte(`{"name":"Mifugo Bora Feeds"}`)},
}

// withWebFiles serves webFiles as the built web app.
var withWebFiles = testkit.With(func(p *app.Parts) { p.WebAssets = webFiles })

// newServer returns the shop on d with the demo catalogue loaded.
func newServer(t *testing.T, d *db.DB) *testkit.Shop {
	t.Helper()
	return testkit.NewShop(t, d, withWebFiles, testkit.Demo)
}

// eachServer runs fn on a fresh newServer of each engine.
func eachServer(t *testing.T, fn func(t *testing.T, h *testkit.Shop)) {
	t.Helper()
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, newServer(t, d)) })
}

type envelope struct {
	Count    int               `json:"count"`
	Next     *string           `json:"next"`
	Previous *string           `json:"previous"`
	Results  []json.RawMessage `json:"results"`
}

func TestCatalogueAPI(t *testing.T) {
	eachServer(t, func(t *testing.T, h *testkit.Shop) {
		all := len(demo.Products())

		t.Run("list is an array of every product as a card", func(t *testing.T) {
			rec := h.Get("/api/products/")
			if rec.Code != 200 {
				t.Fatalf("status %d: %s", rec.Code, rec.Body)
			}
			ps := testkit.Decode[[]map[string]any](t, rec)
			if len(ps) != all {
				t.Fatalf("%d products, want %d", len(ps), all)
			}
			for _, key := range []string{"id", "name", "slug", "description", "base_price", "category", "occasion_tags",
				"is_active", "variants", "images", "is_featured", "is_best_seller", "rating", "review_count",
				"price_min", "price_max", "in_stock"} {
				if _, ok := ps[0][key]; !ok {
					t.Errorf("product has no %q", key)
				}
			}
			// A card carries the rating and its count, never every review.
			if _, ok := ps[0]["reviews"]; ok {
				t.Error("a listed product carries its reviews")
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
			rec := h.Get("/api/products/?page=2&page_size=5&sort=price-low")
			env := testkit.Decode[envelope](t, rec)
			if env.Count != all || len(env.Results) != 5 || env.Next == nil || env.Previous == nil {
				t.Fatalf("envelope: count %d, %d results, next %v, previous %v", env.Count, len(env.Results), env.Next, env.Previous)
			}
			if !strings.Contains(*env.Next, "page=3") || !strings.Contains(*env.Next, "sort=price-low") || !strings.Contains(*env.Previous, "page=1") {
				t.Fatalf("links %s %s", *env.Next, *env.Previous)
			}
			first := testkit.Decode[envelope](t, h.Get("/api/products/?page=1"))
			if len(first.Results) != catalog.DefaultPageSize || first.Previous != nil {
				t.Fatalf("default page: %d results, previous %v", len(first.Results), first.Previous)
			}
			last := testkit.Decode[envelope](t, h.Get("/api/products/?page_size=100"))
			if len(last.Results) != all || last.Next != nil {
				t.Fatalf("one big page: %d results, next %v", len(last.Results), last.Next)
			}
			past := testkit.Decode[envelope](t, h.Get("/api/products/?page=99"))
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
				ps := testkit.Decode[[]map[string]any](t, h.Get("/api/products/?"+tc.query))
				if len(ps) == 0 || len(ps) == all {
					t.Errorf("%s: %d products: the filter did nothing", tc.query, len(ps))
				}
				for _, p := range ps {
					if !tc.check(p) {
						t.Errorf("%s: %v does not match", tc.query, p["slug"])
					}
				}
			}
			dcp := testkit.Decode[[]map[string]any](t, h.Get("/api/products/?category=dewormers"))
			sub := testkit.Decode[[]map[string]any](t, h.Get("/api/products/?category=albendazole-10"))
			if len(sub) == 0 || len(dcp) <= len(sub) {
				t.Errorf("dewormers (%d) should include albendazole-10 (%d) and more", len(dcp), len(sub))
			}
			byPrice := testkit.Decode[[]map[string]any](t, h.Get("/api/products/?sort=price-high"))
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
				rec := h.Get("/api/products/?" + query)
				body := testkit.Decode[testkit.ErrorBody](t, rec)
				if rec.Code != 400 || body.Fields[field] == "" || body.Error == "" {
					t.Errorf("%s: status %d body %s", query, rec.Code, rec.Body)
				}
			}
		})

		t.Run("one product by id and slug", func(t *testing.T) {
			byID := testkit.Decode[map[string]any](t, h.Get("/api/products/1/"))
			slug := demo.Products()[0].Slug
			if byID["slug"] != slug {
				t.Fatalf("product 1 is %v, want %s", byID["slug"], slug)
			}
			bySlug := h.Get("/api/products/" + slug + "/")
			if bySlug.Code != 200 || testkit.Decode[map[string]any](t, bySlug)["id"] != float64(1) {
				t.Fatalf("by slug: %d %s", bySlug.Code, bySlug.Body)
			}
			for _, missing := range []string{"/api/products/99999/", "/api/products/no-such-feed/"} {
				rec := h.Get(missing)
				if rec.Code != 404 || testkit.Decode[testkit.ErrorBody](t, rec).Error != "Product not found" {
					t.Errorf("%s: %d %s", missing, rec.Code, rec.Body)
				}
			}
		})

		t.Run("categories", func(t *testing.T) {
			cats := testkit.Decode[[]map[string]any](t, h.Get("/api/categories/"))
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
	h := newServer(t, dbtest.SQLite(t))
	rec := h.Get("/api/products/?page=1")
	etag := rec.Header().Get("ETag")
	if etag == "" || !strings.Contains(rec.Header().Get("Cache-Control"), "public") {
		t.Fatalf("headers %v", rec.Header())
	}
	again := h.Get("/api/products/?page=1", "If-None-Match", etag)
	if again.Code != http.StatusNotModified || again.Body.Len() != 0 {
		t.Fatalf("conditional GET: %d, %d bytes", again.Code, again.Body.Len())
	}
	other := h.Get("/api/products/?page=2", "If-None-Match", etag)
	if other.Code != 200 {
		t.Fatalf("another page with the first page's ETag: %d", other.Code)
	}
	gz := h.Get("/api/products/?page=1", "Accept-Encoding", "gzip")
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Body.Len() >= rec.Body.Len() {
		t.Fatalf("gzip: encoding %q, %d vs %d bytes", gz.Header().Get("Content-Encoding"), gz.Body.Len(), rec.Body.Len())
	}
	gz304 := h.Get("/api/products/?page=1", "Accept-Encoding", "gzip", "If-None-Match", gz.Header().Get("ETag"))
	if gz304.Code != http.StatusNotModified {
		t.Fatalf("conditional GET with the gzip ETag: %d", gz304.Code)
	}
}

// The catalogue's answers are kept for 30 seconds, but an admin's edit shows
// on the next read, and a refused write keeps the cache (docs/architecture.md
// section 9).
func TestAdminWritesRefreshTheCatalogue(t *testing.T) {
	h := newServer(t, dbtest.SQLite(t))
	admin, _ := h.NewAdmin("owner@mifugobora.co.ke", "Str0ng-Passw0rd!")
	price := func() string {
		p := testkit.Decode[map[string]any](t, h.Get("/api/products/1/"))
		for _, v := range p["variants"].([]any) {
			if v := v.(map[string]any); v["id"] == 1.0 {
				return v["price"].(string)
			}
		}
		t.Fatal("product 1 has no size 1")
		return ""
	}
	before := price()
	edit := map[string]any{"size": "10 Kg", "sku": "MB-HDM-10", "price": "651"}
	testkit.WantStatus(t, h.Do("PATCH", "/api/admin/products/1/variants/1/", edit), http.StatusUnauthorized)
	if got := price(); got != before || got == "651.00" {
		t.Fatalf("after a refused edit the size costs %q, was %q", got, before)
	}
	testkit.WantStatus(t, h.Do("PATCH", "/api/admin/products/1/variants/1/", edit, testkit.Bearer(admin)...), http.StatusOK)
	if got := price(); got != "651.00" {
		t.Fatalf("after the admin's edit the size costs %q", got)
	}
}

func TestContentAPI(t *testing.T) {
	eachServer(t, func(t *testing.T, h *testkit.Shop) {
		for _, tc := range []struct {
			path, body string
			status     int
			field      string
		}{
			{"/api/newsletter/", `{"email":"farmer@example.com"}`, 201, ""},
			{"/api/newsletter/", `{"email":"Farmer@Example.com"}`, 200, ""},
			{"/api/newsletter/", `{"email":"farmer"}`, 400, "email"},
			{"/api/contact/", `{"name":"Achieng","email":"achieng@example.com","subject":"general","message":"Hello"}`, 201, ""},
			{"/api/contact/", `{"name":"Achieng","email":"achieng@example.com","subject":"other","message":"Hello"}`, 400, "subject"},
			{"/api/contact/", `{"name":"Achieng","email":"achieng@example.com","subject":"general","message":"` + strings.Repeat("x", 40<<10) + `"}`, 413, ""},
		} {
			rec := h.Do(http.MethodPost, tc.path, tc.body)
			if rec.Code != tc.status {
				t.Fatalf("%s %s: %d %s, want %d", tc.path, tc.body[:min(len(tc.body), 60)], rec.Code, rec.Body, tc.status)
			}
			if tc.field != "" {
				if e := testkit.Decode[testkit.ErrorBody](t, rec); e.Fields[tc.field] == "" {
					t.Errorf("%s: no message for %s: %+v", tc.path, tc.field, e)
				}
			}
		}
		if rec := h.Get("/api/newsletter/"); rec.Code != http.StatusMethodNotAllowed && rec.Code != http.StatusNotFound {
			t.Errorf("GET newsletter: %d", rec.Code)
		}
	})
}
