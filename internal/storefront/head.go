package storefront

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"net/http"
	"net/url"
	"strings"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/delivery"
	"shop/internal/i18n"
	"shop/internal/money"
)

// The head goes into index.html between the <!--page-head--> markers. The
// app sets the same titles as it navigates.
const (
	headStart = "<!--page-head-->"
	headEnd   = "<!--/page-head-->"
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
	// cache key (web/src/shared/hooks/useResource.ts), sent in the page to save a
	// round trip; image is a picture to fetch early.
	data  map[string]any
	image string
	// noPreload leaves out the product picture's preload (the data saver).
	noPreload bool
	// module is the page's route module, whose chunks are preloaded.
	module string
	// view, when set, writes the page's first screen (firstview.go);
	// pictures false leaves its pictures out.
	view func(pictures bool) []byte
	// lang is the language the page is written in.
	lang i18n.Lang
	// business is the store's LocalBusiness markup (nil: none).
	business map[string]any
	// store is the shop's own store (nil: none), whose opening hours every
	// page names to the app (Head).
	store *delivery.PickupPoint
	// shipping are the delivery zones a product's offers name.
	shipping []delivery.Zone
}

// headFor finds the head of the page at the cleaned path p, with query q,
// in the language ctx carries.
func (s *Storefront) headFor(ctx context.Context, p string, q url.Values) pageHead {
	l := i18n.From(ctx)
	pg, ok := lookup(p)
	if !ok {
		return pageHead{status: http.StatusNotFound, title: pageTitle(l, tr(l, "Page not found")), description: tr(l, homeDescription), noindex: true, lang: l}
	}
	var h pageHead
	switch {
	case pg.head != nil:
		h = pg.head(s, ctx, pg, p, q)
	case pg.listing == listed:
		h = listedHead(l, pg)
	default:
		h = pageHead{title: pageTitle(l, tr(l, pg.title)), description: tr(l, homeDescription), noindex: true}
	}
	h.module, h.lang = pg.module, l
	if h.store == nil {
		h.store = s.storePoint(ctx)
	}
	return h
}

// listedHead is the head of a listed page from its own title and
// description.
func listedHead(l i18n.Lang, pg page) pageHead {
	return pageHead{title: pageTitle(l, tr(l, pg.title)), description: tr(l, pg.description), path: pg.path}
}

// dataKey is the web app's cache key of first data key in language l: in
// Kiswahili the app asks with lang=sw as the last query parameter, so the
// key carries it the same way (docs/i18n.md, "Product content").
func dataKey(l i18n.Lang, key string) string {
	if l != i18n.Kiswahili {
		return key
	}
	if strings.Contains(key, "?") {
		return key + "&lang=sw"
	}
	return key + "?lang=sw"
}

// The product lists pages open with, as the app asks them: the home page's
// New Products (web/src/features/home/ProductSections.tsx) and the shop's
// first page with no filter chosen (web/src/features/shop/shopParams.ts,
// productQuery).
const (
	newArrivalsQuery = "featured=new-arrivals&page=1&page_size=8"
	shopQuery        = "sort=name&page=1&page_size=20"
)

// withList sends along the products of query, the page's first list: the
// app's answer under the app's key, the first view view writes from them,
// and the first of their pictures, which on a phone is the largest thing on
// the first screen, to fetch early. Without them (the catalogue failing) the
// page is still a page: the app asks for its list itself.
func (s *Storefront) withList(ctx context.Context, h *pageHead, query string, view func(l i18n.Lang, cards []catalog.Card, pictures bool) []byte) {
	l := i18n.From(ctx)
	// The app's key is the address it asks, whose paging links the answer
	// repeats.
	key := dataKey(l, "products?"+query)
	u := &url.URL{Path: "/api/products/", RawQuery: strings.TrimPrefix(key, "products?")}
	f, err := catalog.ParseListQuery(u.Query())
	if err != nil {
		return
	}
	list, err := s.catalog.ListProducts(ctx, f)
	if err != nil {
		s.log.ErrorContext(ctx, "page head: first products", "query", query, "err", err)
		return
	}
	if h.data == nil {
		h.data = map[string]any{}
	}
	h.data[key] = catalog.ListAnswer(u, f, list)
	h.view = func(pictures bool) []byte { return view(l, list.Products, pictures) }
	if len(list.Products) > 0 {
		if im, ok := list.Products[0].FirstImage(); ok {
			h.image = im.Image
		}
	}
}

// homeHead is the home page's head, with its New Products sent along.
func (s *Storefront) homeHead(ctx context.Context, pg page, _ string, _ url.Values) pageHead {
	h := listedHead(i18n.From(ctx), pg)
	s.withList(ctx, &h, newArrivalsQuery, homeFirstView)
	h.store = s.storePoint(ctx)
	h.business = s.storeLD(h.store)
	return h
}

// contactHead is the contact page's head, with the store's markup; its
// description names the store's opening hours as stored.
func (s *Storefront) contactHead(ctx context.Context, pg page, _ string, _ url.Values) pageHead {
	l := i18n.From(ctx)
	h := listedHead(l, pg)
	h.store = s.storePoint(ctx)
	h.business = s.storeLD(h.store)
	if hours := storeHours(h.store, l); len(hours) > 0 {
		h.description = fmt.Sprintf(tr(l, contactHoursDescription), strings.Join(hours, ", "))
	}
	return h
}

// contactHoursDescription is the contact page's description when the store
// has opening hours, which %s names in the page's language.
const contactHoursDescription = "Call, email or write to Mifugo Bora Feeds in Ruiru, Kenya. Open %s; we reply within 24 hours."

// shopHead is the shop's head. Opened with no filter chosen, as a link to
// the shop is, it sends along the first page of products and the
// categories its filters list; a filtered address (a search, a category)
// asks for its own, since the app's query for it is the app's to build.
func (s *Storefront) shopHead(ctx context.Context, pg page, _ string, q url.Values) pageHead {
	l := i18n.From(ctx)
	h := listedHead(l, pg)
	for name := range q {
		if name != i18n.QueryParam {
			return h
		}
	}
	s.withList(ctx, &h, shopQuery, shopFirstView)
	if h.view == nil {
		return h
	}
	if cats, err := s.catalog.Categories(ctx); err == nil {
		h.data[dataKey(l, "categories")] = cats
	} else {
		s.log.ErrorContext(ctx, "page head: categories", "err", err)
	}
	return h
}

// productHead is the head of the product page at p, with the product sent
// along; 404 for an id or a product that is not (or no longer) for sale.
// The product's texts come in the language ctx carries (catalog.Store.Product).
func (s *Storefront) productHead(ctx context.Context, _ page, p string, _ url.Values) pageHead {
	l := i18n.From(ctx)
	slug := strings.TrimPrefix(p, "/products/")
	prod, err := s.catalog.Product(ctx, slug)
	if err == nil && prod.Slug == slug {
		h := productPageHead(l, &prod)
		h.data = map[string]any{dataKey(l, "product:"+slug): prod}
		h.shipping = s.zones(ctx)
		h.view = func(pictures bool) []byte { return productFirstView(l, &prod, pictures) }
		return h
	}
	if err != nil && !errors.Is(err, apperr.ErrNotFound) {
		// The app will show its own error; the page itself is fine.
		s.log.ErrorContext(ctx, "page head: load product", "slug", slug, "err", err)
		return pageHead{title: siteName, description: tr(l, homeDescription), noindex: true}
	}
	return pageHead{status: http.StatusNotFound, title: pageTitle(l, tr(l, "Product not found")), description: tr(l, homeDescription), noindex: true}
}

func productPageHead(l i18n.Lang, p *catalog.Product) pageHead {
	desc := p.Description
	if low, _, ok := priceRange(p); ok {
		desc = fmt.Sprintf(tr(l, "From %s. "), low.Ksh()) + desc
	}
	return pageHead{
		title:       pageTitle(l, p.Name),
		description: truncate(desc, 160),
		path:        "/products/" + p.Slug,
		product:     p,
	}
}

// renderHead writes the tags of h. Every value is HTML-escaped; the JSON-LD is
// encoded by encoding/json, which escapes <, > and &, so no value can close
// the script element.
func (s *Storefront) renderHead(h pageHead) []byte {
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
		// Each language's page is a page of its own to search engines: the
		// Kiswahili one is canonical at its ?lang=sw address, and both name
		// each other (docs/i18n.md, "Page heads").
		url = s.base + langPath(h.path, h.lang)
		fmt.Fprintf(&b, "<link rel=\"canonical\" href=\"%s\" />\n    ", attr(url))
		for _, alt := range []struct {
			hreflang string
			l        i18n.Lang
		}{{"en", i18n.English}, {"sw", i18n.Kiswahili}, {"x-default", i18n.English}} {
			fmt.Fprintf(&b, "<link rel=\"alternate\" hreflang=\"%s\" href=\"%s\" />\n    ", alt.hreflang, attr(s.base+langPath(h.path, alt.l)))
		}
	}
	ogType := "website"
	if h.product != nil {
		ogType = "product"
	}
	meta("property", "og:site_name", siteName)
	meta("property", "og:locale", ogLocale(h.lang))
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
		shareImage := s.base + sharePath(p.Slug, h.lang)
		alt := p.Name
		meta("property", "og:image", shareImage)
		meta("property", "og:image:type", "image/png")
		meta("property", "og:image:width", fmt.Sprint(cardW))
		meta("property", "og:image:height", fmt.Sprint(cardH))
		if len(p.Images) > 0 {
			alt = imageAlt(p, p.Images[0])
		}
		if len(p.Images) > 0 && !h.noPreload {
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
	} else {
		// Every page shares with a picture: the shop's logo where no page
		// picture of its own is.
		meta("property", "og:image", s.base+siteImage)
		meta("property", "og:image:type", "image/png")
		meta("property", "og:image:width", fmt.Sprint(siteImageSize))
		meta("property", "og:image:height", fmt.Sprint(siteImageSize))
		meta("property", "og:image:alt", siteName)
		meta("name", "twitter:image", s.base+siteImage)
		meta("name", "twitter:image:alt", siteName)
	}
	if h.image != "" {
		fmt.Fprintf(&b, "<link rel=\"preload\" as=\"image\" href=\"%s\" fetchpriority=\"high\" />\n    ", attr(h.image))
	}
	meta("name", "twitter:card", card)
	meta("name", "twitter:title", shareTitle(h))
	meta("name", "twitter:description", h.description)
	if h.business != nil {
		if ld, err := json.Marshal(h.business); err == nil {
			fmt.Fprintf(&b, "<script type=\"application/ld+json\">%s</script>\n    ", ld)
		}
	}
	if h.product != nil {
		ld, err := json.Marshal(s.productLD(h.product, url, h.lang, h.shipping))
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

// siteImage is the picture a page without one of its own shares: the
// app's largest icon (web/public/icons), square.
const (
	siteImage     = "/icons/icon-512.png"
	siteImageSize = 512
)

// langPath is the address of the page at path in language l: English at
// the plain address, Kiswahili with ?lang=sw (i18n.QueryParam).
func langPath(path string, l i18n.Lang) string {
	if l == i18n.Kiswahili {
		return path + "?" + i18n.QueryParam + "=" + string(l)
	}
	return path
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
		return fmt.Sprintf(tr(h.lang, "%s — from %s"), p.Name, low.Ksh())
	}
}

func imageAlt(p *catalog.Product, im catalog.Image) string {
	if im.Alt != "" {
		return im.Alt
	}
	return p.Name
}

func (s *Storefront) absolute(path string) string {
	if strings.HasPrefix(path, "https://") || strings.HasPrefix(path, "http://") {
		return path
	}
	return s.base + path
}

// productLD is schema.org's markup of p, its texts and share card in
// language l: a Product with its one Offer when it has one size, and a
// ProductGroup varying by size when it has more, each size a Product of its
// own with its Offer, as Google reads product variants.
func (s *Storefront) productLD(p *catalog.Product, url string, l i18n.Lang, zones []delivery.Zone) map[string]any {
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
	imgs := []string{s.base + sharePath(p.Slug, l)}
	for _, im := range p.Images {
		imgs = append(imgs, s.absolute(im.Image))
	}
	ld["image"] = imgs
	offer := func(v catalog.Variant) map[string]any {
		avail := "https://schema.org/OutOfStock"
		if v.Stock > 0 {
			avail = "https://schema.org/InStock"
		}
		o := map[string]any{
			"@type": "Offer", "name": v.Size, "sku": v.SKU,
			"price": v.Price.String(), "priceCurrency": "KES", "availability": avail,
			"itemCondition": "https://schema.org/NewCondition",
		}
		if url != "" {
			o["url"] = url
		}
		if ship := shippingDetails(zones); len(ship) > 0 {
			o["shippingDetails"] = ship
		}
		o["hasMerchantReturnPolicy"] = returnPolicy
		return o
	}
	switch len(p.Variants) {
	case 0:
	case 1:
		ld["sku"] = p.Variants[0].SKU
		ld["offers"] = []map[string]any{offer(p.Variants[0])}
	default:
		ld["@type"] = "ProductGroup"
		ld["productGroupID"] = p.Slug
		ld["variesBy"] = []string{"https://schema.org/size"}
		variants := make([]map[string]any, len(p.Variants))
		for i, v := range p.Variants {
			variants[i] = map[string]any{
				"@type": "Product", "name": p.Name + " " + v.Size, "sku": v.SKU, "size": v.Size,
				"image": imgs, "offers": offer(v),
			}
		}
		ld["hasVariant"] = variants
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

// WithHead returns index with its page-head region replaced by head. An
// index without the markers (an old build) gets the tags before </head>.
func WithHead(index, head []byte) []byte {
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

// WithLang returns page with the language of its <html lang="…"> set to l,
// so browsers, screen readers and search engines know which language the
// page speaks. A page without the attribute is returned as it is.
func WithLang(page []byte, l i18n.Lang) []byte {
	const attr = `<html lang="`
	start := bytes.Index(page, []byte(attr))
	if start < 0 {
		return page
	}
	start += len(attr)
	end := bytes.IndexByte(page[start:], '"')
	if end < 0 || string(page[start:start+end]) == string(l) {
		return page
	}
	out := make([]byte, 0, len(page)+len(l))
	out = append(out, page[:start]...)
	out = append(out, l...)
	return append(out, page[start+end:]...)
}
