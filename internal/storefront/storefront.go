// Package storefront is what the server writes for the web app's pages: the
// web app renders in the browser, but crawlers and link previews (a product
// shared on WhatsApp) read only the HTML the server sends, and a phone on a
// slow network should not wait for the app to ask for what the server
// already knows. So for each page the storefront gives the head (title,
// description, canonical address, share tags, a product's JSON-LD), the API
// answers its first render needs, and the chunks it loads; and it serves
// robots.txt, the sitemap and the share cards link previews show. One table
// (pages.go) lists the app's pages.
package storefront

import (
	"fmt"
	"html"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"

	"shop/internal/catalog"
	"shop/internal/delivery"
)

const (
	siteName    = "Mifugo Bora Feeds"
	siteTagline = "Animal feeds, dewormers & supplements in Kenya"
)

// Storefront builds the server-written parts of the shop's pages from the
// catalogue.
type Storefront struct {
	catalog *catalog.Store
	// base is the shop's public URL without a trailing slash.
	base string
	log  *slog.Logger
	// cards serves the pictures link previews show (sharecard.go).
	cards *ShareCards
	// preloads lists, by route module, the chunks a page needs (preload.go).
	preloads map[string][]string
	// Delivery, when set, gives the products' shipping details (the zones)
	// and the store's LocalBusiness markup (its pickup point).
	Delivery *delivery.Store
	// WhatsApp is the number the page's WhatsApp links open (254XXXXXXXXX),
	// given to the web app in a meta tag: it is the shop's setting, not the
	// build's.
	WhatsApp string
	// USSDCode is the code farmers dial to order from any phone
	// (SHOP_USSD_CODE, docs/ussd.md), given to the web app in a meta tag
	// like WhatsApp; "" writes none and the pages say nothing of USSD.
	USSDCode string
}

// New builds the storefront of the shop at publicURL on its catalogue.
// cards serves the share cards; web is the built app, whose Vite manifest
// names each page's chunks.
func New(store *catalog.Store, publicURL string, cards *ShareCards, web fs.FS, log *slog.Logger) *Storefront {
	return &Storefront{
		catalog:  store,
		base:     strings.TrimRight(publicURL, "/"),
		log:      log,
		cards:    cards,
		preloads: modulePreloads(web),
	}
}

// Head gives the tags the page at the cleaned path p has between its
// page-head markers, its first view (nil for none; WithFirstView), and the
// page's status: 404 for an address that is no page or a product not for
// sale.
func (s *Storefront) Head(r *http.Request, p string) (tags, view []byte, status int) {
	h := s.headFor(r.Context(), p, r.URL.Query())
	saver := DataSaver(r)
	if saver {
		// Pictures wait until they are scrolled to: none is fetched early.
		h.image, h.noPreload = "", true
	}
	tags, status = s.renderHead(h), h.status
	if h.view != nil {
		view = h.view(!saver)
	}
	if status == 0 {
		status = http.StatusOK
	}
	if s.WhatsApp != "" {
		tags = fmt.Appendf(tags, "\n    <meta name=\"shop:whatsapp\" content=\"%s\" />", html.EscapeString(s.WhatsApp))
	}
	if s.USSDCode != "" {
		tags = fmt.Appendf(tags, "\n    <meta name=\"shop:ussd\" content=\"%s\" />", html.EscapeString(s.USSDCode))
	}
	// The store's opening hours in the page's language, one row of days a
	// tag: the home and contact pages show them (web/src/shared/domain/business.ts),
	// from the data, not from texts of their own.
	for _, line := range storeHours(h.store, h.lang) {
		tags = fmt.Appendf(tags, "\n    <meta name=\"shop:hours\" content=\"%s\" />", html.EscapeString(line))
	}
	if saver {
		tags = append(tags, "\n    <meta name=\"shop:data-saver\" content=\"on\" />"...)
	}
	if status == http.StatusOK {
		for _, f := range s.preloads[h.module] {
			tags = fmt.Appendf(tags, "\n    <link rel=\"modulepreload\" crossorigin href=\"%s\" />", f)
		}
	}
	return tags, view, status
}

// ShareCard answers GET /share/products/{file}, file being a product's slug
// and ".png".
func (s *Storefront) ShareCard(w http.ResponseWriter, r *http.Request) { s.cards.ServeHTTP(w, r) }
