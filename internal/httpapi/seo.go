package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"html"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/money"
)

// The web app renders in the browser, but crawlers and link previews (a
// product shared on WhatsApp) read only the HTML the server sends. So the
// server writes each page's title, description, canonical address, Open Graph
// and Twitter tags, and for a product its schema.org JSON-LD, into index.html
// between the <!--page-head--> markers. The app sets the same titles as it
// navigates (web/src/app/business.ts pageTitle).

const (
	siteName    = "Mifugo Bora Feeds"
	siteTagline = "Animal feeds, dewormers & supplements in Kenya"
	headStart   = "<!--page-head-->"
	headEnd     = "<!--/page-head-->"
)

// pageHead is what the server says about one page.
type pageHead struct {
	status      int
	title       string
	description string
	// path is the canonical path; "" leaves canonical and og:url out.
	path    string
	noindex bool
	product *catalog.Product
	// data holds API answers the page's first render needs, by the web app's
	// cache key (web/src/lib/useResource.ts), sent in the page to save a
	// round trip; image is a picture to fetch early.
	data  map[string]any
	image string
}

const homeDescription = "Mifugo Bora Feeds sells animal feeds, dewormers, supplements, chemicals and DCP to farmers across Kenya. Order online, pay with M-Pesa, nationwide delivery."

// publicPages are the pages meant for search engines, with their heads. They
// are also the sitemap's pages, in this order.
var publicPages = []pageHead{
	{path: "/", title: siteName + " — " + siteTagline, description: homeDescription},
	{path: "/shop", title: "Shop — " + siteName,
		description: "Shop dairy meal, poultry and pig feeds, dewormers, supplements, chemicals and DCP. Prices in Ksh, pay with M-Pesa, delivery across Kenya for a flat Ksh 500."},
	{path: "/about", title: "About Us — " + siteName,
		description: "Since 2018 Mifugo Bora Feeds in Ruiru has made and sold quality animal feeds and supplements for Kenyan farmers. Our story, our values and our team."},
	{path: "/contact", title: "Contact Us — " + siteName,
		description: "Call, email or write to Mifugo Bora Feeds in Ruiru, Kenya. Open Mon-Fri 9AM-6PM; we reply within 24 hours."},
	{path: "/terms", title: "Terms & Conditions — " + siteName,
		description: "The terms of buying from the Mifugo Bora Feeds online shop: orders, M-Pesa payment, delivery across Kenya and returns."},
	{path: "/privacy", title: "Privacy Policy — " + siteName,
		description: "How Mifugo Bora Feeds collects, uses and protects your personal data under Kenya's Data Protection Act, 2019."},
}

// privatePages are app screens that search engines should not list.
var privatePages = map[string]string{
	"/cart": "Your Cart", "/checkout": "Checkout", "/login": "Sign In", "/register": "Create Your Account",
	"/forgot-password": "Forgot Password", "/reset-password": "Reset Password",
	"/order-confirmation": "Order Confirmation", "/account": "My Account", "/admin": "Admin",
}

// appHead gives the web app's page-head tags and status for the page at p.
func (s *Server) appHead(r *http.Request, p string) ([]byte, int) {
	h := s.headFor(r.Context(), p)
	return s.renderHead(h), h.status
}

// base is the public URL without a trailing slash.
func (s *Server) base() string { return strings.TrimRight(s.public, "/") }

// headFor finds the head of the page at path p (already cleaned).
func (s *Server) headFor(ctx context.Context, p string) pageHead {
	if p == "/" || p == "/home" {
		// /home is the same page as /, whose address is canonical.
		return s.homeHead(ctx)
	}
	for _, h := range publicPages {
		if h.path == p {
			return h
		}
	}
	if title, ok := privatePages[p]; ok {
		return pageHead{title: title + " — " + siteName, description: homeDescription, noindex: true}
	}
	if slug, ok := strings.CutPrefix(p, "/products/"); ok && slug != "" && !strings.Contains(slug, "/") {
		prod, err := s.catalog.Store.Product(ctx, slug)
		if err == nil && prod.Slug == slug {
			h := productHead(&prod)
			h.data = map[string]any{"product:" + slug: prod}
			return h
		}
		if err != nil && !errors.Is(err, apperr.ErrNotFound) {
			// The app will show its own error; the page itself is fine.
			s.log.ErrorContext(ctx, "page head: load product", "slug", slug, "err", err)
			return pageHead{title: siteName, description: homeDescription, noindex: true}
		}
		// An id, or a product that is not (or no longer) for sale.
		return pageHead{status: http.StatusNotFound, title: "Product not found — " + siteName, description: homeDescription, noindex: true}
	}
	return pageHead{status: http.StatusNotFound, title: "Page not found — " + siteName, description: homeDescription, noindex: true}
}

// newArrivals is the home page's New Products query, as the app asks it
// (web/src/features/home/ProductSections.tsx).
const newArrivalsQuery = "featured=new-arrivals&page=1&page_size=8"

// homeHead is the home page's head, with its New Products sent along: on a
// phone the first of them is the largest thing on the first screen.
func (s *Server) homeHead(ctx context.Context) pageHead {
	h := publicPages[0]
	u := &url.URL{Path: "/api/products/", RawQuery: newArrivalsQuery}
	f, err := catalog.ParseListQuery(u.Query())
	if err != nil {
		return h
	}
	page, err := s.catalog.Store.ListProducts(ctx, f)
	if err != nil {
		s.log.ErrorContext(ctx, "page head: new products", "err", err)
		return h
	}
	h.data = map[string]any{"products?" + newArrivalsQuery: catalog.ListAnswer(u, f, page)}
	if len(page.Products) > 0 && len(page.Products[0].Images) > 0 {
		h.image = page.Products[0].Images[0].Image
	}
	return h
}

func productHead(p *catalog.Product) pageHead {
	desc := p.Description
	if low, _, ok := priceRange(p); ok {
		desc = "From " + low.Ksh() + ". " + desc
	}
	return pageHead{
		title:       p.Name + " — " + siteName,
		description: truncate(desc, 160),
		path:        "/products/" + p.Slug,
		product:     p,
	}
}

// renderHead writes the tags of h. Every value is HTML-escaped; the JSON-LD is
// encoded by encoding/json, which escapes <, > and &, so no value can close
// the script element.
func (s *Server) renderHead(h pageHead) []byte {
	var b bytes.Buffer
	attr := html.EscapeString
	meta := func(kind, key, value string) {
		fmt.Fprintf(&b, "<meta %s=\"%s\" content=\"%s\" />\n    ", kind, key, attr(value))
	}
	fmt.Fprintf(&b, "<title>%s</title>\n    ", html.EscapeString(h.title))
	meta("name", "description", h.description)
	if h.noindex {
		meta("name", "robots", "noindex")
	}
	url := ""
	if h.path != "" {
		url = s.base() + h.path
		fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s\" />\n    ", attr(url))
	}
	ogType := "website"
	if h.product != nil {
		ogType = "product"
	}
	meta("property", "og:site_name", siteName)
	meta("property", "og:locale", "en_KE")
	meta("property", "og:type", ogType)
	meta("property", "og:title", shareTitle(h))
	meta("property", "og:description", h.description)
	if url != "" {
		meta("property", "og:url", url)
	}
	card := "summary"
	if p := h.product; p != nil {
		// Previews show the share card (name, price, sizes and picture as a
		// PNG, which every preview can show: sharecard.go).
		card = "summary_large_image"
		shareImage := s.base() + sharePath(p.Slug)
		alt := p.Name
		meta("property", "og:image", shareImage)
		meta("property", "og:image:type", "image/png")
		meta("property", "og:image:width", fmt.Sprint(cardW))
		meta("property", "og:image:height", fmt.Sprint(cardH))
		if len(p.Images) > 0 {
			alt = imageAlt(p, p.Images[0])
			// The picture is the page's largest element: fetch it with the
			// app's code instead of after it.
			fmt.Fprintf(&b, "<link rel=\"preload\" as=\"image\" href=\"%s\" fetchpriority=\"high\" />\n    ", attr(p.Images[0].Image))
		}
		meta("property", "og:image:alt", alt)
		meta("name", "twitter:image", shareImage)
		meta("name", "twitter:image:alt", alt)
		if low, _, ok := priceRange(p); ok {
			meta("property", "product:price:amount", low.String())
			meta("property", "product:price:currency", "KES")
		}
		avail := "out of stock"
		if p.InStock() {
			avail = "in stock"
		}
		meta("property", "product:availability", avail)
	}
	if h.image != "" {
		fmt.Fprintf(&b, "<link rel=\"preload\" as=\"image\" href=\"%s\" fetchpriority=\"high\" />\n    ", attr(h.image))
	}
	meta("name", "twitter:card", card)
	meta("name", "twitter:title", shareTitle(h))
	meta("name", "twitter:description", h.description)
	if h.product != nil {
		ld, err := json.Marshal(s.productLD(h.product, url))
		if err == nil {
			fmt.Fprintf(&b, "<script type=\"application/ld+json\">%s</script>\n    ", ld)
		}
	}
	if len(h.data) > 0 {
		// Data, not script (the CSP allows no inline script); encoding/json
		// escapes <, > and &, so nothing in it can end the element.
		if data, err := json.Marshal(h.data); err == nil {
			fmt.Fprintf(&b, "<script type=\"application/json\" id=\"page-data\">%s</script>\n    ", data)
		}
	}
	return bytes.TrimRight(b.Bytes(), " \n")
}

// shareTitle is what a link preview shows in bold: for a product, its name
// and price, since that is what a farmer forwarding it wants to say.
func shareTitle(h pageHead) string {
	p := h.product
	if p == nil {
		return h.title
	}
	low, high, ok := priceRange(p)
	switch {
	case !ok:
		return p.Name
	case low == high:
		return p.Name + " — " + low.Ksh()
	default:
		return p.Name + " — from " + low.Ksh()
	}
}

func imageAlt(p *catalog.Product, im catalog.Image) string {
	if im.Alt != "" {
		return im.Alt
	}
	return p.Name
}

func (s *Server) absolute(path string) string {
	if strings.HasPrefix(path, "https://") || strings.HasPrefix(path, "http://") {
		return path
	}
	return s.base() + path
}

// productLD is schema.org's Product: one Offer per size, in KES.
func (s *Server) productLD(p *catalog.Product, url string) map[string]any {
	ld := map[string]any{
		"@context":    "https://schema.org",
		"@type":       "Product",
		"name":        p.Name,
		"description": p.Description,
		"brand":       map[string]any{"@type": "Brand", "name": siteName},
	}
	if url != "" {
		ld["url"] = url
	}
	imgs := []string{s.base() + sharePath(p.Slug)}
	for _, im := range p.Images {
		imgs = append(imgs, s.absolute(im.Image))
	}
	ld["image"] = imgs
	if len(p.Variants) > 0 {
		ld["sku"] = p.Variants[0].SKU
		offers := make([]map[string]any, len(p.Variants))
		for i, v := range p.Variants {
			avail := "https://schema.org/OutOfStock"
			if v.Stock > 0 {
				avail = "https://schema.org/InStock"
			}
			offer := map[string]any{
				"@type": "Offer", "name": v.Size, "sku": v.SKU,
				"price": v.Price.String(), "priceCurrency": "KES", "availability": avail,
				"itemCondition": "https://schema.org/NewCondition",
			}
			if url != "" {
				offer["url"] = url
			}
			offers[i] = offer
		}
		ld["offers"] = offers
	}
	if p.Rating != nil && p.ReviewCount > 0 {
		ld["aggregateRating"] = map[string]any{
			"@type": "AggregateRating", "ratingValue": *p.Rating, "reviewCount": p.ReviewCount,
			"bestRating": 5, "worstRating": 1,
		}
	}
	return ld
}

// priceRange is the lowest and highest price of p's sizes, or its base price.
func priceRange(p *catalog.Product) (low, high money.Cents, ok bool) {
	if len(p.Variants) == 0 {
		return p.BasePrice, p.BasePrice, true
	}
	low, high = p.Variants[0].Price, p.Variants[0].Price
	for _, v := range p.Variants[1:] {
		low, high = min(low, v.Price), max(high, v.Price)
	}
	return low, high, true
}

// truncate shortens s to at most n characters at a word boundary.
func truncate(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)[:n-1]
	cut := string(r)
	if i := strings.LastIndexByte(cut, ' '); i > n/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,.;:") + "…"
}

// withHead returns index with its page-head region replaced by head. An
// index without the markers (an old build) gets the tags before </head>.
func withHead(index, head []byte) []byte {
	start := bytes.Index(index, []byte(headStart))
	end := bytes.Index(index, []byte(headEnd))
	var out bytes.Buffer
	out.Grow(len(index) + len(head))
	switch {
	case start >= 0 && end > start:
		out.Write(index[:start])
		out.Write(head)
		out.Write(index[end+len(headEnd):])
	case bytes.Contains(index, []byte("</head>")):
		i := bytes.Index(index, []byte("</head>"))
		out.Write(index[:i])
		out.Write(head)
		out.Write(index[i:])
	default:
		out.Write(head)
		out.Write(index)
	}
	return out.Bytes()
}

// sitemap answers GET /sitemap.xml: the public pages and every product for sale.
func (s *Server) sitemap(w http.ResponseWriter, r *http.Request) {
	products, err := s.catalog.Store.ProductSlugs(r.Context())
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
	for _, p := range publicPages {
		set.URLs = append(set.URLs, url{Loc: s.base() + p.path})
	}
	for _, p := range products {
		set.URLs = append(set.URLs, url{Loc: s.base() + "/products/" + p.Slug, LastMod: p.UpdatedAt.UTC().Format("2006-01-02")})
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
