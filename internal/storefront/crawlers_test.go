package storefront_test

import (
	"encoding/xml"
	"strings"
	"testing"

	"shop/internal/demo"
)

func TestSitemapAndRobots(t *testing.T) {
	h := seoServer(t)
	rec := h.Get("/sitemap.xml")
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/xml") {
		t.Fatalf("sitemap: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	var set struct {
		URLs []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(rec.Body.Bytes(), &set); err != nil {
		t.Fatal(err)
	}
	locs := map[string]bool{}
	for _, u := range set.URLs {
		locs[u.Loc] = true
	}
	for _, p := range []string{"/", "/shop", "/about", "/contact", "/terms", "/privacy", "/products/high-yield-dairy-meal", "/products/evil"} {
		if !locs["https://shop.example.co.ke"+p] {
			t.Errorf("sitemap lacks %s", p)
		}
	}
	if want := 6 + len(demo.Products()) + 1; len(set.URLs) != want {
		t.Errorf("%d addresses, want %d", len(set.URLs), want)
	}
	if locs["https://shop.example.co.ke/cart"] {
		t.Error("the cart is in the sitemap")
	}

	robots := h.Get("/robots.txt").Body.String()
	if !strings.Contains(robots, "\nSitemap: https://shop.example.co.ke/sitemap.xml\n") {
		t.Errorf("robots.txt:\n%s", robots)
	}
}
