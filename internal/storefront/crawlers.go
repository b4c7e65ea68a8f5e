package storefront

import (
	"encoding/xml"
	"fmt"
	"log/slog"
	"net/http"

	"shop/internal/i18n"
)

// Robots answers GET /robots.txt: crawlers may go anywhere but the API and
// the private pages (allowed without saying so), and find the sitemap.
func (s *Storefront) Robots(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "public, max-age=3600")
	fmt.Fprint(w, "User-agent: *\nDisallow: /api/\n")
	for _, pg := range pages {
		if pg.listing == private {
			fmt.Fprintf(w, "Disallow: %s\n", pg.path)
		}
	}
	fmt.Fprintf(w, "\nSitemap: %s/sitemap.xml\n", s.base)
}

// Sitemap answers GET /sitemap.xml: the listed pages and every product for
// sale, in English and in Kiswahili.
func (s *Storefront) Sitemap(w http.ResponseWriter, r *http.Request) {
	products, err := s.catalog.ProductSlugs(r.Context())
	if err != nil {
		s.log.ErrorContext(r.Context(), "sitemap", "err", err)
		http.Error(w, "sitemap unavailable", http.StatusServiceUnavailable)
		return
	}
	type alternate struct {
		Rel      string `xml:"rel,attr"`
		HrefLang string `xml:"hreflang,attr"`
		Href     string `xml:"href,attr"`
	}
	type url struct {
		Loc     string      `xml:"loc"`
		LastMod string      `xml:"lastmod,omitempty"`
		Alts    []alternate `xml:"xhtml:link"`
	}
	set := struct {
		XMLName xml.Name `xml:"urlset"`
		NS      string   `xml:"xmlns,attr"`
		XHTML   string   `xml:"xmlns:xhtml,attr"`
		URLs    []url    `xml:"url"`
	}{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", XHTML: "http://www.w3.org/1999/xhtml"}
	// Each page is listed in both languages, each naming the other
	// (developers.google.com/search/docs/specialty/international/localized-versions#sitemap).
	add := func(path, lastMod string) {
		var alts []alternate
		for _, l := range []i18n.Lang{i18n.English, i18n.Kiswahili} {
			alts = append(alts, alternate{Rel: "alternate", HrefLang: string(l), Href: s.base + langPath(path, l)})
		}
		for _, l := range []i18n.Lang{i18n.English, i18n.Kiswahili} {
			set.URLs = append(set.URLs, url{Loc: s.base + langPath(path, l), LastMod: lastMod, Alts: alts})
		}
	}
	for _, pg := range pages {
		if pg.listing == listed && pg.sameAs == "" && !pg.isPrefix() {
			add(pg.path, "")
		}
	}
	for _, p := range products {
		add("/products/"+p.Slug, p.UpdatedAt.UTC().Format("2006-01-02"))
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
