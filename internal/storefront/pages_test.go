package storefront

import (
	"log/slog"
	"net/http/httptest"
	"testing"
	"testing/fstest"
)

// The pages the web app has (web/src/app/routes.tsx).
var appPages = []string{"/", "/home", "/shop", "/about", "/contact", "/cart", "/checkout", "/login", "/register",
	"/forgot-password", "/reset-password", "/terms", "/privacy", "/order-confirmation", "/track", "/account", "/agent", "/admin", "/products/dairy-meal",
	"/admin/orders/ORDER-1700000000000/print", "/admin/orders/print",
	"/admin/orders", "/admin/orders/ORDER-1", "/admin/products/12"}

func TestIsPage(t *testing.T) {
	for _, p := range appPages {
		if !IsPage(p) {
			t.Errorf("%s is not a page", p)
		}
	}
	for _, p := range []string{"/products", "/products/a/b", "/no/such/page", "/shop/x", "/api/products",
		"/admin/orders//print", "/admin/orders/ORDER-1/print/x", "/admin/orders/ORDER-1/x/y"} {
		if IsPage(p) {
			t.Errorf("%s is a page", p)
		}
	}
}

func TestRobotsText(t *testing.T) {
	s := New(nil, "https://shop.example.co.ke/", nil, fstest.MapFS{}, slog.New(slog.DiscardHandler))
	rec := httptest.NewRecorder()
	s.Robots(rec, httptest.NewRequest("GET", "/robots.txt", nil))
	want := "User-agent: *\nDisallow: /api/\nDisallow: /admin\nDisallow: /account\nDisallow: /agent\nDisallow: /checkout\nDisallow: /cart\n" +
		"\nSitemap: https://shop.example.co.ke/sitemap.xml\n"
	if got := rec.Body.String(); got != want {
		t.Errorf("robots.txt:\n%s\nwant:\n%s", got, want)
	}
	if rec.Header().Get("Content-Type") != "text/plain; charset=utf-8" || rec.Header().Get("Cache-Control") != "public, max-age=3600" {
		t.Errorf("headers %v", rec.Header())
	}
}
