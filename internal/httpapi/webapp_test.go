package httpapi_test

import (
	"net/http"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

func TestWebApp(t *testing.T) {
	h := newServer(t, dbtest.SQLite(t))
	for _, tc := range []struct {
		name, path, accept string
		status             int
		cache, encoding    string
		body               string
	}{
		{"home is the app", "/", "", 200, "no-cache", "", "<div id=root>"},
		{"deep link is the app", "/shop", "", 200, "no-cache", "", "<div id=root>"},
		{"product page is the app", "/products/high-yield-dairy-meal", "", 200, "no-cache", "", "<div id=root>"},
		{"unknown product is the app with 404", "/products/dairy-meal", "", 404, "no-cache", "", "<div id=root>"},
		{"unknown path is the app with 404", "/no/such/page", "", 404, "no-cache", "", "<div id=root>"},
		{"unknown product sub-path is 404", "/products/a/b", "", 404, "no-cache", "", "<div id=root>"},
		{"hashed asset is immutable", "/assets/index-abc123.js", "", 200, "public, max-age=31536000, immutable", "", "console.log"},
		{"brotli preferred", "/assets/index-abc123.js", "gzip, br", 200, "public, max-age=31536000, immutable", "br", "brotli-bytes"},
		{"gzip when no brotli", "/assets/index-abc123.js", "gzip", 200, "public, max-age=31536000, immutable", "gzip", "gzipped-bytes"},
		{"q=0 refuses brotli", "/assets/index-abc123.js", "br;q=0, gzip", 200, "public, max-age=31536000, immutable", "gzip", "gzipped-bytes"},
		{"other static file", "/favicon.svg", "", 200, "public, max-age=3600", "", "<svg/>"},
		{"service worker is checked on every visit", "/sw.js", "", 200, "no-cache", "", "addEventListener"},
		{"manifest", "/manifest.webmanifest", "", 200, "public, max-age=3600", "", "Mifugo Bora Feeds"},
		{"unknown api path is JSON 404", "/api/nothing/", "", 404, "", "", `"error"`},
		{"robots", "/robots.txt", "", 200, "public, max-age=3600", "", "Disallow: /api/"},
		{"health", "/healthz", "", 200, "no-store", "", `"ok"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := h.Get(tc.path, "Accept-Encoding", tc.accept)
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d", rec.Code, tc.status)
			}
			if tc.cache != "" && rec.Header().Get("Cache-Control") != tc.cache {
				t.Errorf("Cache-Control %q, want %q", rec.Header().Get("Cache-Control"), tc.cache)
			}
			if got := rec.Header().Get("Content-Encoding"); got != tc.encoding {
				t.Errorf("Content-Encoding %q, want %q", got, tc.encoding)
			}
			if !strings.Contains(rec.Body.String(), tc.body) {
				t.Errorf("body %q lacks %q", rec.Body.String(), tc.body)
			}
		})
	}
	for path, ct := range map[string]string{"/sw.js": "text/javascript; charset=utf-8", "/manifest.webmanifest": "application/manifest+json"} {
		if got := h.Get(path).Header().Get("Content-Type"); got != ct {
			t.Errorf("%s: Content-Type %q, want %q", path, got, ct)
		}
	}
	rec := h.Get("/")
	etag := rec.Header().Get("ETag")
	if again := h.Get("/", "If-None-Match", etag); etag == "" || again.Code != http.StatusNotModified {
		t.Errorf("index revalidation: ETag %q, status %d", etag, again.Code)
	}
}

func TestSecurityHeadersEverywhere(t *testing.T) {
	h := newServer(t, dbtest.SQLite(t))
	for _, path := range []string{"/", "/api/products/1/", "/api/nope/", "/assets/index-abc123.js"} {
		rec := h.Get(path)
		csp := rec.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "script-src 'self'") || strings.Contains(csp, "unsafe-inline'; script") ||
			!strings.Contains(csp, "frame-ancestors 'none'") {
			t.Errorf("%s: CSP %q", path, csp)
		}
		if rec.Header().Get("X-Content-Type-Options") != "nosniff" || rec.Header().Get("Referrer-Policy") == "" {
			t.Errorf("%s: headers %v", path, rec.Header())
		}
		if rec.Header().Get("X-Request-ID") == "" {
			t.Errorf("%s: no request id", path)
		}
	}
}

func TestMediaIsSandboxedAndNotListed(t *testing.T) {
	h := newServer(t, dbtest.SQLite(t))
	if rec := h.Get("/media/products/"); rec.Code != 404 {
		t.Errorf("folder listing: %d", rec.Code)
	}
	if rec := h.Get("/media/../../etc/passwd"); rec.Code == 200 {
		t.Errorf("path escape answered 200")
	}
	products := h.Get("/api/products/1/")
	img := testkit.Decode[map[string]any](t, products)["images"].([]any)[0].(map[string]any)["image"].(string)
	rec := h.Get(img)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Header().Get("Content-Security-Policy"), "sandbox") {
		t.Fatalf("%s: %d %v", img, rec.Code, rec.Header())
	}
}

func TestMapMayBeFramed(t *testing.T) {
	csp := newServer(t, dbtest.SQLite(t)).Get("/contact").Header().Get("Content-Security-Policy")
	if !strings.Contains(csp, "frame-src 'self' https://www.openstreetmap.org;") || !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("CSP %q", csp)
	}
}

// With SHOP_MEDIA_PUBLIC_URL, /media/KEY sends the browser to the CDN's
// copy for a day; a key that could leave the store is still refused.
func TestMediaPublicURLRedirects(t *testing.T) {
	h := testkit.NewShop(t, dbtest.SQLite(t), withWebFiles, testkit.Demo,
		testkit.With(func(p *app.Parts) { p.MediaPublicURL = "https://cdn.mifugobora.co.ke/media" }))
	rec := h.Get("/media/products/high-yield-dairy-meal.svg")
	if rec.Code != http.StatusMovedPermanently || rec.Header().Get("Location") != "https://cdn.mifugobora.co.ke/media/products/high-yield-dairy-meal.svg" ||
		rec.Header().Get("Cache-Control") != "public, max-age=86400" {
		t.Fatalf("%d %v", rec.Code, rec.Header())
	}
	if rec := h.Get("/media/products/.upload-1"); rec.Code != 404 {
		t.Fatalf("hidden file: %d", rec.Code)
	}
}
