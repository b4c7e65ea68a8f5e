package storefront

import (
	"context"
	"net/url"
	"strings"

	"shop/internal/i18n"
)

// listing says what search engines may do with a page.
type listing int

const (
	// listed pages are in the sitemap and name their canonical address.
	listed listing = iota
	// unlisted pages ask search engines not to index them (robots noindex).
	unlisted
	// private pages are unlisted, and robots.txt asks crawlers to stay out.
	private
)

// page is one screen of the web app.
type page struct {
	// path is the page's address; one ending in "/" stands for the pages one
	// segment below it (/products/{slug}), and a segment written "*" for any
	// one segment (/admin/orders/*/print).
	path    string
	listing listing
	// title is the page's own name, which pageTitle makes the document's
	// title; "" for home.
	title       string
	description string
	// module is the page's route module as web/src/app/routes.tsx imports it
	// (a key of Vite's manifest), whose chunks the server names for the
	// browser to fetch early; "" for none.
	module string
	// sameAs is the page this address shows, whose address is canonical.
	sameAs string
	// head, when set, builds the head from the catalogue: the page's first
	// data, or the product it shows; q is the address's query.
	head func(s *Storefront, ctx context.Context, pg page, p string, q url.Values) pageHead
}

const homeDescription = "Mifugo Bora Feeds sells animal feeds, dewormers, supplements, chemicals and DCP to farmers across Kenya. Order online, pay with M-Pesa, nationwide delivery."

// pages are the web app's screens, the one list the server keeps of them:
// the app serves any other address as its 404 screen. Keep in step with
// web/src/app/routes.tsx. listed pages appear in the sitemap in this order,
// and private ones in robots.txt.
var pages = []page{
	{path: "/", description: homeDescription, head: (*Storefront).homeHead},
	{path: "/home", sameAs: "/"},
	{path: "/shop", title: "Shop", module: "src/features/shop/ShopPage.tsx", head: (*Storefront).shopHead,
		description: "Shop dairy meal, poultry and pig feeds, dewormers, supplements, chemicals and DCP. Prices in Ksh, pay with M-Pesa, delivery to all 47 counties or collect from a pickup point."},
	{path: "/about", title: "About Us", module: "src/features/about/AboutPage.tsx",
		description: "Since 2018 Mifugo Bora Feeds in Ruiru has made and sold quality animal feeds and supplements for Kenyan farmers. Our story, our values and our team."},
	{path: "/contact", title: "Contact Us", module: "src/features/contact/ContactPage.tsx", head: (*Storefront).contactHead,
		description: "Call, email or write to Mifugo Bora Feeds in Ruiru, Kenya. We reply within 24 hours."},
	{path: "/terms", title: "Terms & Conditions", module: "src/features/legal/TermsPage.tsx",
		description: "The terms of buying from the Mifugo Bora Feeds online shop: orders, M-Pesa payment, delivery across Kenya and returns."},
	{path: "/privacy", title: "Privacy Policy", module: "src/features/legal/PrivacyPage.tsx",
		description: "How Mifugo Bora Feeds collects, uses and protects your personal data under Kenya's Data Protection Act, 2019."},
	{path: "/products/", module: "src/features/product/ProductPage.tsx", head: (*Storefront).productHead},

	// The back office's and the roles' routes are found on navigation (web/src/app/staffRoutes.tsx):
	// named here, their module comes with the page instead of after the app has started.
	{path: "/admin", listing: private, title: "Admin", module: staffRoutes},
	{path: "/admin/orders/*/print", listing: unlisted, title: "Delivery note", module: staffRoutes}, // under /admin, which robots.txt keeps out
	{path: "/admin/orders/print", listing: unlisted, title: "Delivery notes", module: staffRoutes},
	// The back office's screens and their records (/admin/orders, /admin/orders/ORDER-…,
	// /admin/products/12): the app's own addresses, under /admin, which robots.txt keeps out.
	{path: "/admin/*", listing: unlisted, title: "Admin", module: staffRoutes},
	{path: "/admin/*/*", listing: unlisted, title: "Admin", module: staffRoutes},
	{path: "/account", listing: private, title: "My Account"},
	{path: "/agent", listing: private, title: "Agent", module: staffRoutes},
	{path: "/checkout", listing: private, title: "Checkout"},
	{path: "/cart", listing: private, title: "Your Cart"},

	{path: "/login", listing: unlisted, title: "Sign In"},
	{path: "/register", listing: unlisted, title: "Create Your Account"},
	{path: "/forgot-password", listing: unlisted, title: "Forgot Password"},
	{path: "/reset-password", listing: unlisted, title: "Reset Password"},
	{path: "/order-confirmation", listing: unlisted, title: "Order Confirmation"},
	{path: "/track", title: "Track Your Order", module: "src/features/track/TrackPage.tsx",
		description: "Follow your Mifugo Bora Feeds order with its number and your phone number: payment, dispatch and delivery."},
}

const staffRoutes = "src/app/staffRoutes.tsx"

// lookup finds the page at the cleaned path p, following sameAs.
func lookup(p string) (page, bool) {
	for _, pg := range pages {
		if pg.matches(p) {
			if pg.sameAs != "" {
				return lookup(pg.sameAs)
			}
			return pg, true
		}
	}
	return page{}, false
}

// isPrefix reports whether pg stands for the pages one segment below its path.
func (pg page) isPrefix() bool { return pg.path != "/" && strings.HasSuffix(pg.path, "/") }

func (pg page) matches(p string) bool {
	if strings.Contains(pg.path, "*") {
		want, got := strings.Split(pg.path, "/"), strings.Split(p, "/")
		if len(want) != len(got) {
			return false
		}
		for i := range want {
			if want[i] != got[i] && (want[i] != "*" || got[i] == "") {
				return false
			}
		}
		return true
	}
	if !pg.isPrefix() {
		return p == pg.path
	}
	rest, ok := strings.CutPrefix(p, pg.path)
	return ok && rest != "" && !strings.Contains(rest, "/")
}

// IsPage reports whether the cleaned path p is a screen of the web app.
func IsPage(p string) bool {
	_, ok := lookup(p)
	return ok
}

// pageTitle is the document title of a page titled title (already in
// language l), as the web app writes it (web/src/shared/domain/business.ts
// pageTitle); home's has the tagline in l.
func pageTitle(l i18n.Lang, title string) string {
	if title == "" {
		return siteName + " — " + tr(l, siteTagline)
	}
	return title + " — " + siteName
}
