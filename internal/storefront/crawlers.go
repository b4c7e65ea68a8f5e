package storefront

import (
	"encoding/xml"
	"fmt"
	"log/slog"
	"net/http"
)

// Robots answers GET /robots.txt: crawlers may go anywhere but the API and
// the private pages, and find the sitemap.
func (s *Storefront) Robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprint(w, "User-agent: *\nAllow: /\nDisallow: /api/\n")
	for _, pg := range pages {
		if pg.listing == private {
			fmt.Fprintf(w, "Disallow: %s\n", pg.path)
		}
	}
	fmt.Fprintf(w, "\nSitemap: %s/sitemap.xml\n", s.base)
}

// Sitemap answers GET /sitemap.xml: the listed pages and every product for sale.
func (s *Storefront) Sitemap(w http.ResponseWriter, r *http.Request) {
	products, err := s.catalog.ProductSlugs(r.Context())
	if err != nil {
		s.log.ErrorContext(r.Context(), "sitemap", "err", err)
		http.Error(w, "sitemap unavailable", http.StatusServiceUnavailable)
		return
	}
	type url struct {
		Loc     string `xml:"loc"`
		LastMod string `xml:"lastmod,omitempty"`
	}
	set := struct {
		XMLName xml.Name `xml:"urlset"`
		NS      string   `xml:"xmlns,attr"`
		URLs    []url    `xml:"url"`
	}{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	for _, pg := range pages {
		if pg.listing == listed && pg.sameAs == "" && !pg.isPrefix() {
			set.URLs = append(set.URLs, url{Loc: s.base + pg.path})
		}
	}
	for _, p := range products {
		set.URLs = append(set.URLs, url{Loc: s.base + "/products/" + p.Slug, LastMod: p.UpdatedAt.UTC().Format("2006-01-02")})
	}
	body, err := xml.MarshalIndent(set, "", "  ")
	if err != nil {
		slog.ErrorContext(r.Context(), "sitemap: encode", "err", err)
		http.Error(w, "sitemap unavailable", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/xml; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	_, _ = w.Write([]byte(xml.Header))
	_, _ = w.Write(body)
}
