package storefront_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"encoding/xml"
	"errors"
	"html"
	"image/png"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/delivery"
	"shop/internal/demo"
	"shop/internal/media"
	"shop/internal/money"
	"shop/internal/testkit"
)

// The built index.html, as far as the server cares: a default head between
// the page-head markers.
var seoIndex = fstest.MapFS{"index.html": {Data: []byte(`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <!--page-head-->
    <title>Default title</title>
    <meta name="description" content="Default description" />
    <!--/page-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`)}}

// seoServer is the shop on the demo catalogue plus one product whose every
// text tries to break out of the HTML.
func seoServer(t *testing.T) *testkit.Shop {
	t.Helper()
	return seoServerOn(t, dbtest.SQLite(t))
}

func seoServerOn(t *testing.T, d *db.DB) *testkit.Shop {
	t.Helper()
	return testkit.NewShop(t, d, testkit.With(func(p *app.Parts) {
		p.WebAssets, p.PublicURL = seoIndex, "https://shop.example.co.ke/"
	}), testkit.Demo, func(t testing.TB, p *app.Parts) {
		_, err := catalog.NewStore(p.DB).CreateProduct(context.Background(), catalog.NewProduct{
			Name: `Evil "</title><script>alert(1)</script>`, Slug: "evil", CategoryID: 1, IsActive: true,
			Description: `Breaks </script><script>alert(2)</script> & "quotes" 'too'`, BasePrice: money.FromShillings(100),
			Variants: []catalog.NewVariant{{Size: "1 Kg", SKU: "EVIL-1", Price: money.FromShillings(100), Stock: 0}},
			Images:   []catalog.NewImage{{Path: `/media/products/evil".svg`, Alt: `<b>alt</b>`, Width: 600, Height: 600}},
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

var metaRE = regexp.MustCompile(`<meta (name|property)="([^"]+)" content="([^"]*)" />`)

// headTags reads the page's meta tags into a map by name or property.
func headTags(body string) map[string]string {
	out := map[string]string{}
	for _, m := range metaRE.FindAllStringSubmatch(body, -1) {
		out[m[2]] = m[3]
	}
	return out
}

func TestPageHeads(t *testing.T) {
	h := seoServer(t)
	for _, tc := range []struct {
		path, title, canonical string
		status                 int
		noindex                bool
	}{
		{"/", "Mifugo Bora Feeds — Animal feeds, dewormers &amp; supplements in Kenya", "https://shop.example.co.ke/", 200, false},
		{"/home", "Mifugo Bora Feeds — Animal feeds, dewormers &amp; supplements in Kenya", "https://shop.example.co.ke/", 200, false},
		{"/shop", "Shop — Mifugo Bora Feeds", "https://shop.example.co.ke/shop", 200, false},
		{"/about", "About Us — Mifugo Bora Feeds", "https://shop.example.co.ke/about", 200, false},
		{"/contact", "Contact Us — Mifugo Bora Feeds", "https://shop.example.co.ke/contact", 200, false},
		{"/terms", "Terms &amp; Conditions — Mifugo Bora Feeds", "https://shop.example.co.ke/terms", 200, false},
		{"/privacy", "Privacy Policy — Mifugo Bora Feeds", "https://shop.example.co.ke/privacy", 200, false},
		{"/cart", "Your Cart — Mifugo Bora Feeds", "", 200, true},
		{"/checkout", "Checkout — Mifugo Bora Feeds", "", 200, true},
		{"/products/high-yield-dairy-meal", "Mifugo Bora High Yield Dairy Meal — Mifugo Bora Feeds", "https://shop.example.co.ke/products/high-yield-dairy-meal", 200, false},
		{"/products/no-such-feed", "Product not found — Mifugo Bora Feeds", "", 404, true},
		{"/products/1", "Product not found — Mifugo Bora Feeds", "", 404, true},
		{"/no/such/page", "Page not found — Mifugo Bora Feeds", "", 404, true},
	} {
		t.Run(tc.path, func(t *testing.T) {
			rec := h.Get(tc.path)
			body := rec.Body.String()
			if rec.Code != tc.status {
				t.Fatalf("status %d, want %d", rec.Code, tc.status)
			}
			if strings.Count(body, "<title>") != 1 || !strings.Contains(body, "<title>"+tc.title+"</title>") {
				t.Errorf("title: want %q in\n%s", tc.title, body)
			}
			if strings.Contains(body, "Default description") || strings.Count(body, `name="description"`) != 1 {
				t.Errorf("the default head was not replaced:\n%s", body)
			}
			// The root element may hold the page's first view, whose script then starts the app
			// (firstview.go).
			if !regexp.MustCompile(`<div id="root">(<div [^>]*data-first-view>.*</div>)?</div>`).MatchString(body) ||
				!strings.Contains(body, `src="/assets/index-abc.js"`) && !strings.Contains(body, `data-app="/assets/index-abc.js"`) {
				t.Errorf("the app itself is missing:\n%s", body)
			}
			canonical := regexp.MustCompile(`<link rel="canonical" href="([^"]*)"`).FindStringSubmatch(body)
			switch {
			case tc.canonical == "" && canonical != nil:
				t.Errorf("canonical %q on a page that has none", canonical[1])
			case tc.canonical != "" && (canonical == nil || canonical[1] != tc.canonical):
				t.Errorf("canonical %v, want %q", canonical, tc.canonical)
			}
			tags := headTags(body)
			if (tags["robots"] == "noindex") != tc.noindex {
				t.Errorf("robots %q, noindex wanted: %v", tags["robots"], tc.noindex)
			}
			if tags["og:title"] == "" || tags["og:description"] == "" || tags["twitter:card"] == "" ||
				!strings.HasPrefix(tags["og:image"], "https://shop.example.co.ke/") || tags["twitter:image"] == "" {
				t.Errorf("share tags missing: %v", tags)
			}
			if tc.canonical != "" {
				for _, alt := range []string{"en\" href=\"" + tc.canonical, "sw\" href=\"" + tc.canonical + "?lang=sw", "x-default\" href=\"" + tc.canonical} {
					if !strings.Contains(body, `<link rel="alternate" hreflang="`+alt+`"`) {
						t.Errorf("no alternate hreflang=%s", alt)
					}
				}
				sw := h.Get(tc.path + "?lang=sw").Body.String()
				if c := regexp.MustCompile(`<link rel="canonical" href="([^"]*)"`).FindStringSubmatch(sw); c == nil || c[1] != tc.canonical+"?lang=sw" {
					t.Errorf("Kiswahili canonical %v, want %s?lang=sw", c, tc.canonical)
				}
			}
			if vary := rec.Header().Get("Vary"); !strings.Contains(vary, "Cookie") || !strings.Contains(vary, "Accept-Language") {
				t.Errorf("Vary %q: the page's language comes from the cookie and Accept-Language", vary)
			}
		})
	}
}

func TestProductHead(t *testing.T) {
	h := seoServer(t)
	rec := h.Get("/products/high-yield-dairy-meal")
	body := rec.Body.String()
	tags := headTags(body)
	for key, want := range map[string]string{
		"og:type":                "product",
		"og:title":               "Mifugo Bora High Yield Dairy Meal — from Ksh 650",
		"og:url":                 "https://shop.example.co.ke/products/high-yield-dairy-meal",
		"og:image":               "https://shop.example.co.ke/share/products/high-yield-dairy-meal.png",
		"og:image:type":          "image/png",
		"og:image:width":         "1200",
		"og:image:height":        "630",
		"og:image:alt":           "Mifugo Bora High Yield Dairy Meal",
		"twitter:image":          "https://shop.example.co.ke/share/products/high-yield-dairy-meal.png",
		"twitter:card":           "summary_large_image",
		"twitter:title":          "Mifugo Bora High Yield Dairy Meal — from Ksh 650",
		"product:price:amount":   "650.00",
		"product:price:currency": "KES",
		"product:availability":   "in stock",
	} {
		if tags[key] != want {
			t.Errorf("%s = %q, want %q", key, tags[key], want)
		}
	}
	if d := tags["description"]; !strings.HasPrefix(d, "From Ksh 650. A balanced 16% protein dairy meal") || len([]rune(d)) > 160 {
		t.Errorf("description %q", d)
	}
	if !strings.Contains(body, `<link rel="preload" as="image" href="/media/products/high-yield-dairy-meal.svg" fetchpriority="high" />`) {
		t.Errorf("no preload of the product picture:\n%s", body)
	}
	if etag := rec.Header().Get("ETag"); etag == "" || h.Get("/products/high-yield-dairy-meal", "If-None-Match", etag).Code != http.StatusNotModified {
		t.Errorf("a product page revalidates by ETag: %q", etag)
	}
	if h.Get("/").Header().Get("ETag") == rec.Header().Get("ETag") {
		t.Error("home and a product page share an ETag")
	}

	ld := jsonLD(t, body)
	// Three sizes: a ProductGroup varying by size, each size a Product with its Offer.
	if ld["@type"] != "ProductGroup" || ld["name"] != "Mifugo Bora High Yield Dairy Meal" || ld["productGroupID"] != "high-yield-dairy-meal" ||
		ld["variesBy"].([]any)[0] != "https://schema.org/size" || ld["offers"] != nil {
		t.Errorf("JSON-LD %v", ld)
	}
	variants := ld["hasVariant"].([]any)
	if len(variants) != 3 {
		t.Fatalf("%d variants", len(variants))
	}
	size := variants[0].(map[string]any)
	if size["@type"] != "Product" || size["sku"] != "MB-HDM-10KG" || size["size"] != "10 Kg" || size["name"] != "Mifugo Bora High Yield Dairy Meal 10 Kg" {
		t.Errorf("variant %v", size)
	}
	first := size["offers"].(map[string]any)
	if first["price"] != "650.00" || first["priceCurrency"] != "KES" || first["availability"] != "https://schema.org/InStock" || first["name"] != "10 Kg" {
		t.Errorf("offer %v", first)
	}
	if rating := ld["aggregateRating"].(map[string]any); rating["reviewCount"] != float64(4) {
		t.Errorf("rating %v", rating)
	}
}

func jsonLD(t *testing.T, body string) map[string]any {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/ld\+json">(.*?)</script>`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no JSON-LD in\n%s", body)
	}
	var ld map[string]any
	if err := json.Unmarshal([]byte(m[1]), &ld); err != nil {
		t.Fatalf("JSON-LD %q: %v", m[1], err)
	}
	return ld
}

func TestProductHeadEscapesEverything(t *testing.T) {
	body := seoServer(t).Get("/products/evil").Body.String()
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "</title><script>") || strings.Contains(body, "<b>alt</b>") {
		t.Fatalf("a product's text broke out of the HTML:\n%s", body)
	}
	// Exactly the app's script, the JSON-LD and the page data open a script element.
	if n := strings.Count(body, "<script"); n != 3 {
		t.Fatalf("%d script elements:\n%s", n, body)
	}
	if n := strings.Count(body, "</script>"); n != 3 {
		t.Fatalf("%d script ends:\n%s", n, body)
	}
	ld := jsonLD(t, body)
	if ld["description"] != `Breaks </script><script>alert(2)</script> & "quotes" 'too'` {
		t.Errorf("JSON-LD does not round-trip: %q", ld["description"])
	}
	tags := headTags(body)
	if tags["og:image:alt"] != "&lt;b&gt;alt&lt;/b&gt;" || !strings.Contains(body, `<link rel="preload" as="image" href="/media/products/evil&#34;.svg"`) {
		t.Errorf("image tags %v", tags)
	}
	if tags["product:availability"] != "out of stock" || tags["og:title"] != "Evil &#34;&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; — Ksh 100" {
		t.Errorf("tags %v", tags)
	}
	offer := ld["offers"].([]any)[0].(map[string]any)
	if offer["availability"] != "https://schema.org/OutOfStock" {
		t.Errorf("offer %v", offer)
	}
}

// pageData reads the API answers the server sent with the page.
func pageData(t *testing.T, body string) map[string]json.RawMessage {
	t.Helper()
	m := regexp.MustCompile(`(?s)<script type="application/json" id="page-data">(.*?)</script>`).FindStringSubmatch(body)
	if m == nil {
		t.Fatalf("no page data in\n%s", body)
	}
	var data map[string]json.RawMessage
	if err := json.Unmarshal([]byte(m[1]), &data); err != nil {
		t.Fatalf("page data %q: %v", m[1], err)
	}
	return data
}

func TestPageDataIsTheAPIAnswer(t *testing.T) {
	h := seoServer(t)
	// Home: New Products, exactly as GET /api/products/ answers the app's query.
	home := pageData(t, h.Get("/").Body.String())
	api := h.Get("/api/products/?featured=new-arrivals&page=1&page_size=8").Body.String()
	if got := string(home["products?featured=new-arrivals&page=1&page_size=8"]); strings.TrimSpace(api) != got {
		t.Errorf("home page data\n%s\nis not the API's answer\n%s", got, api)
	}
	var env struct {
		Results []struct {
			Images []struct{ Image string } `json:"images"`
		} `json:"results"`
	}
	_ = json.Unmarshal(home["products?featured=new-arrivals&page=1&page_size=8"], &env)
	first := env.Results[0].Images[0].Image
	if !strings.Contains(h.Get("/home").Body.String(), `<link rel="preload" as="image" href="`+first+`" fetchpriority="high" />`) {
		t.Errorf("home does not preload its first new product's picture %s", first)
	}
	// A product page: the product, as GET /api/products/{slug}/ answers it.
	product := pageData(t, h.Get("/products/high-yield-dairy-meal").Body.String())
	api = h.Get("/api/products/high-yield-dairy-meal/").Body.String()
	if got := string(product["product:high-yield-dairy-meal"]); strings.TrimSpace(api) != got {
		t.Errorf("product page data\n%s\nis not the API's answer\n%s", got, api)
	}
	// Other pages carry none.
	if strings.Contains(h.Get("/about").Body.String(), "page-data") {
		t.Error("/about has page data")
	}
}

func TestModulePreloads(t *testing.T) {
	index := string(seoIndex["index.html"].Data)
	files := fstest.MapFS{
		"index.html": {Data: []byte(index)},
		".vite/manifest.json": {Data: []byte(`{
			"index.html": {"file": "assets/index-abc.js", "isEntry": true, "imports": ["_vendor.js"]},
			"_vendor.js": {"file": "assets/vendor-1.js"},
			"_Page.js": {"file": "assets/Page-2.js", "imports": ["_vendor.js"]},
			"src/features/shop/ShopPage.tsx": {"file": "assets/ShopPage-3.js", "isDynamicEntry": true, "imports": ["_vendor.js", "_Page.js"]},
			"src/features/product/ProductPage.tsx": {"file": "assets/ProductPage-4.js", "isDynamicEntry": true, "imports": ["_Page.js"]}
		}`)},
	}
	srv := testkit.NewShop(t, dbtest.SQLite(t), testkit.With(func(p *app.Parts) { p.WebAssets = files }), testkit.Demo)
	// A page with a first view names its chunks to /first-view.js, which preloads them once the
	// view has painted; others, in link tags.
	preloads := func(path string) []string {
		body := srv.Get(path).Body.String()
		var out []string
		for _, m := range regexp.MustCompile(`<link rel="modulepreload" crossorigin href="([^"]+)" />`).FindAllStringSubmatch(body, -1) {
			out = append(out, m[1])
		}
		if m := regexp.MustCompile(`data-preload="([^"]*)"`).FindStringSubmatch(body); m != nil {
			out = append(out, strings.Fields(m[1])...)
		}
		return out
	}
	for path, want := range map[string]string{
		"/shop?category=feeds":            "/assets/Page-2.js /assets/ShopPage-3.js",
		"/products/high-yield-dairy-meal": "/assets/Page-2.js /assets/ProductPage-4.js",
		"/products/no-such-product":       "", // a 404 needs no page code
		"/":                               "",
		"/about":                          "", // not in this manifest
	} {
		if got := strings.Join(preloads(path), " "); got != want {
			t.Errorf("%s preloads %q, want %q", path, got, want)
		}
	}
}

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
			Alts    []struct {
				HrefLang string `xml:"hreflang,attr"`
				Href     string `xml:"href,attr"`
			} `xml:"http://www.w3.org/1999/xhtml link"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(rec.Body.Bytes(), &set); err != nil {
		t.Fatal(err)
	}
	locs := map[string]bool{}
	for _, u := range set.URLs {
		locs[u.Loc] = true
		if len(u.Alts) != 2 || u.Alts[0].HrefLang != "en" || u.Alts[1].HrefLang != "sw" || u.Alts[1].Href != strings.TrimSuffix(u.Alts[0].Href, "?lang=sw")+"?lang=sw" {
			t.Errorf("%s: alternates %+v", u.Loc, u.Alts)
		}
	}
	for _, p := range []string{"/", "/shop", "/about", "/contact", "/terms", "/privacy", "/track", "/products/high-yield-dairy-meal", "/products/evil"} {
		if !locs["https://shop.example.co.ke"+p] || !locs["https://shop.example.co.ke"+p+"?lang=sw"] {
			t.Errorf("sitemap lacks %s in a language", p)
		}
	}
	if want := 2 * (7 + len(demo.Products()) + 1); len(set.URLs) != want {
		t.Errorf("%d addresses, want %d", len(set.URLs), want)
	}
	if locs["https://shop.example.co.ke/cart"] {
		t.Error("the cart is in the sitemap")
	}

	robots := h.Get("/robots.txt").Body.String()
	if !strings.Contains(robots, "\nSitemap: https://shop.example.co.ke/sitemap.xml\n") || strings.Contains(robots, "Allow: /\n") {
		t.Errorf("robots.txt:\n%s", robots)
	}
}

func TestShareCard(t *testing.T) {
	h := seoServer(t)
	// Not drawn yet: the shop's generic card, at once.
	generic := h.Get("/share/products/high-yield-dairy-meal.png")
	if generic.Code != 200 || generic.Header().Get("Content-Type") != "image/png" || generic.Header().Get("Cache-Control") != "public, max-age=60" {
		t.Fatalf("generic card: %d %v", generic.Code, generic.Header())
	}
	rec := drawnCard(t, h, "/share/products/high-yield-dairy-meal.png")
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
		t.Fatalf("share card: %d %v", rec.Code, rec.Header())
	}
	if bytes.Equal(rec.Body.Bytes(), generic.Body.Bytes()) {
		t.Fatal("the drawn card is the generic one")
	}
	for _, card := range [][]byte{generic.Body.Bytes(), rec.Body.Bytes()} {
		img, err := png.Decode(bytes.NewReader(card))
		if err != nil {
			t.Fatal(err)
		}
		if b := img.Bounds(); b.Dx() != 1200 || b.Dy() != 630 {
			t.Fatalf("card is %v, previews want 1200x630", b)
		}
		// The brand stripe along the bottom, and the drawn sack's green label on the left.
		if r, g, b, _ := img.At(900, 625).RGBA(); r>>8 != 0x2f || g>>8 != 0x5a || b>>8 != 0x26 {
			t.Errorf("bottom stripe is %x %x %x", r>>8, g>>8, b>>8)
		}
		if r, g, b, _ := img.At(230, 420).RGBA(); r>>8 != 0x2f || g>>8 != 0x5a || b>>8 != 0x26 {
			t.Errorf("label is %x %x %x", r>>8, g>>8, b>>8)
		}
	}
	again := h.Get("/share/products/high-yield-dairy-meal.png")
	if !bytes.Equal(again.Body.Bytes(), rec.Body.Bytes()) {
		t.Error("the card differs on a second request")
	}
	for _, path := range []string{"/share/products/no-such-feed.png", "/share/products/high-yield-dairy-meal.jpg", "/share/products/1.png"} {
		if code := h.Get(path).Code; code != 404 {
			t.Errorf("%s: %d", path, code)
		}
	}
	// A long name wraps and still draws.
	if evil := drawnCard(t, h, "/share/products/evil.png"); evil.Code != 200 || bytes.Equal(evil.Body.Bytes(), generic.Body.Bytes()) {
		t.Errorf("evil card: %d %v", evil.Code, evil.Header())
	}
}

// drawnCard asks for the card at path, lets the job draw what is due, and
// answers the drawn card.
func drawnCard(t *testing.T, h *testkit.Shop, path string, header ...string) *httptest.ResponseRecorder {
	t.Helper()
	h.Get(path, header...)
	if _, err := h.Deps.ShareCards.DrawDue(context.Background(), 100); err != nil {
		t.Fatal(err)
	}
	return h.Get(path, header...)
}

// The job draws a card asked for, and draws it again when its product
// changes, while every request is answered at once.
func TestShareCardRedrawnByJob(t *testing.T) {
	for _, dialect := range dbtest.Engines() {
		t.Run(string(dialect), func(t *testing.T) {
			h := seoServerOn(t, dbtest.New(t, dialect))
			ctx, cancel := context.WithCancel(context.Background())
			stopped := make(chan struct{})
			go func() { defer close(stopped); h.Deps.ShareCards.Run(ctx, 5*time.Millisecond) }()
			defer func() { cancel(); <-stopped }()

			const path = "/share/products/high-yield-dairy-meal.png"
			generic := h.Get(path).Body.Bytes()
			drawn := waitForCard(t, h, path, generic)

			var id int64
			var key string
			if err := h.Deps.DB.QueryRow(ctx, `SELECT product_id, media_key FROM share_cards WHERE lang = 'en'`).Scan(&id, &key); err != nil {
				t.Fatal(err)
			}
			p, err := h.Deps.Catalog.AdminProduct(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			err = h.Deps.DB.Tx(ctx, func(tx *sql.Tx) error {
				_, _, err := h.Deps.Catalog.UpdateProductTx(ctx, tx, id, catalog.ProductFields{Name: "Renamed Dairy Meal", Description: p.Description,
					BasePrice: p.BasePrice, CategoryID: p.Category, IsActive: true})
				return err
			})
			if err != nil {
				t.Fatal(err)
			}
			waitForCard(t, h, path, drawn, generic)
			var now string
			if err := h.Deps.DB.QueryRow(ctx, `SELECT media_key FROM share_cards WHERE product_id = $1 AND lang = 'en'`, id).Scan(&now); err != nil {
				t.Fatal(err)
			}
			if now == key {
				t.Errorf("the card is still kept at %s", key)
			}
			pictures := h.Deps.Media
			if pictures == nil {
				pictures = media.Dir(h.Deps.MediaDir)
			}
			// The job deletes the old card just after it records the new one.
			deadline := time.Now().Add(30 * time.Second)
			for tick := time.NewTicker(5 * time.Millisecond); ; <-tick.C {
				o, err := pictures.Get(ctx, key, nil)
				if errors.Is(err, media.ErrNotFound) {
					break
				}
				if err == nil {
					o.Body.Close()
				}
				if time.Now().After(deadline) {
					t.Fatalf("the old card %s is still stored: %v", key, err)
				}
			}
		})
	}
}

// waitForCard waits until the card at path is none of not, and answers it.
func waitForCard(t *testing.T, h *testkit.Shop, path string, not ...[]byte) []byte {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for tick := time.NewTicker(5 * time.Millisecond); time.Now().Before(deadline); <-tick.C {
		rec := h.Get(path)
		if rec.Code != 200 {
			t.Fatalf("%s: %d", path, rec.Code)
		}
		if !slices.ContainsFunc(not, func(b []byte) bool { return bytes.Equal(b, rec.Body.Bytes()) }) {
			return rec.Body.Bytes()
		}
	}
	t.Fatalf("%s was not redrawn", path)
	return nil
}

// ldOf reads the page's JSON-LD blocks by their @type.
func ldOf(t *testing.T, body string) map[string]map[string]any {
	t.Helper()
	out := map[string]map[string]any{}
	for _, m := range regexp.MustCompile(`<script type="application/ld\+json">(.*?)</script>`).FindAllStringSubmatch(body, -1) {
		var v map[string]any
		if err := json.Unmarshal([]byte(m[1]), &v); err != nil {
			t.Fatalf("JSON-LD %s: %v", m[1], err)
		}
		out[v["@type"].(string)] = v
	}
	return out
}

// TestStructuredData holds the markup to the fields Google requires and recommends for a
// product's offers (name, image, price, currency, availability, shipping, returns) and for a
// LocalBusiness (name, address, telephone, opening hours, geo).
func TestStructuredData(t *testing.T) {
	h := seoServer(t)
	group := ldOf(t, h.Get("/products/high-yield-dairy-meal").Body.String())["ProductGroup"]
	if group == nil || group["name"] == "" || group["description"] == "" || group["productGroupID"] == "" || group["variesBy"] == nil || group["brand"] == nil {
		t.Fatalf("product group: %v", group)
	}
	for _, v := range group["hasVariant"].([]any) {
		variant := v.(map[string]any)
		if variant["name"] == "" || variant["sku"] == "" || variant["size"] == "" || len(variant["image"].([]any)) == 0 {
			t.Errorf("variant %v", variant)
		}
		offer := variant["offers"].(map[string]any)
		for _, field := range []string{"price", "priceCurrency", "availability", "shippingDetails", "hasMerchantReturnPolicy"} {
			if offer[field] == nil || offer[field] == "" {
				t.Errorf("offer lacks %s: %v", field, offer)
			}
		}
		ship := offer["shippingDetails"].([]any)[0].(map[string]any)
		if rate := ship["shippingRate"].(map[string]any); rate["currency"] != "KES" || rate["value"] == "" {
			t.Errorf("shipping rate %v", rate)
		}
		if policy := offer["hasMerchantReturnPolicy"].(map[string]any); policy["applicableCountry"] != "KE" || policy["merchantReturnDays"] != 7.0 {
			t.Errorf("return policy %v", policy)
		}
	}
	for _, path := range []string{"/", "/contact", "/?lang=sw"} {
		store := ldOf(t, h.Get(path).Body.String())["LocalBusiness"]
		if store == nil {
			t.Fatalf("%s has no LocalBusiness", path)
		}
		for _, field := range []string{"name", "address", "telephone", "openingHoursSpecification", "geo", "url", "image"} {
			if store[field] == nil || store[field] == "" {
				t.Errorf("%s: LocalBusiness lacks %s: %v", path, field, store)
			}
		}
		hours := store["openingHoursSpecification"].([]any)
		if first := hours[0].(map[string]any); len(hours) != 2 || first["opens"] != "08:00" || first["closes"] != "18:00" || len(first["dayOfWeek"].([]any)) != 5 {
			t.Errorf("%s: opening hours %v", path, hours)
		}
	}
}

// TestUSSDCodeInHead: with SHOP_USSD_CODE set, every page tells the web app
// the code to show (docs/ussd.md); without it, no page says a word of USSD.
func TestUSSDCodeInHead(t *testing.T) {
	d := dbtest.SQLite(t)
	with := testkit.NewShop(t, d, testkit.With(func(p *app.Parts) {
		p.WebAssets, p.PublicURL, p.USSDCode = seoIndex, "https://shop.example.co.ke/", "*384*123#"
	}), testkit.Demo)
	without := seoServer(t)
	for _, path := range []string{"/", "/contact", "/products/high-yield-dairy-meal", "/order/ORDER-1700000000001"} {
		rec := with.Get(path)
		if got := headTags(rec.Body.String())["shop:ussd"]; got != "*384*123#" {
			t.Errorf("%s with a USSD code: shop:ussd %q (status %d)", path, got, rec.Code)
		}
		rec = without.Get(path)
		if strings.Contains(rec.Body.String(), "shop:ussd") {
			t.Errorf("%s without a USSD code names one:\n%s", path, rec.Body.String())
		}
	}
}

var hoursMetaRE = regexp.MustCompile(`<meta name="shop:hours" content="([^"]*)" />`)

// TestOneSetOfOpeningHours: every page names the store's opening hours as its pickup point
// stores them, in the page's language, for the home and contact pages to show; the contact
// page's description names them too, and all follow a change of the stored hours.
func TestOneSetOfOpeningHours(t *testing.T) {
	h := seoServer(t)
	hoursOf := func(path string) []string {
		var out []string
		for _, m := range hoursMetaRE.FindAllStringSubmatch(h.Get(path).Body.String(), -1) {
			out = append(out, html.UnescapeString(m[1]))
		}
		return out
	}
	en := []string{"Mon–Fri 8:00 AM–6:00 PM", "Sat 8:00 AM–4:00 PM"}
	sw := []string{"Jumatatu–Ijumaa 08:00–18:00", "Jumamosi 08:00–16:00"}
	for path, want := range map[string][]string{"/": en, "/contact": en, "/shop": en, "/cart": en, "/?lang=sw": sw, "/contact?lang=sw": sw} {
		if got := hoursOf(path); !slices.Equal(got, want) {
			t.Errorf("%s: hours %q, want %q", path, got, want)
		}
	}
	desc := func(path string) string {
		return html.UnescapeString(headTags(h.Get(path).Body.String())["description"])
	}
	if d := desc("/contact"); !strings.Contains(d, "Open Mon–Fri 8:00 AM–6:00 PM, Sat 8:00 AM–4:00 PM;") || strings.Contains(d, "9AM") {
		t.Errorf("contact description %q", d)
	}
	if d := desc("/contact?lang=sw"); !strings.Contains(d, "Tuko wazi Jumatatu–Ijumaa 08:00–18:00, Jumamosi 08:00–16:00;") {
		t.Errorf("Kiswahili contact description %q", d)
	}

	ctx := context.Background()
	zones, err := h.Deps.Delivery.Zones(ctx)
	if err != nil {
		t.Fatal(err)
	}
	points, err := h.Deps.Delivery.PickupPoints(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i := range points {
		if points[i].IsStore {
			points[i].OpeningHours = []delivery.OpeningHours{{From: 1, To: 6, Opens: "07:30", Closes: "19:00"}}
		}
	}
	if err := h.Deps.Delivery.Replace(ctx, zones, points); err != nil {
		t.Fatal(err)
	}
	if got := hoursOf("/"); !slices.Equal(got, []string{"Mon–Sat 7:30 AM–7:00 PM"}) {
		t.Errorf("after the change, home's hours %q", got)
	}
	if d := desc("/contact?lang=sw"); !strings.Contains(d, "Jumatatu–Jumamosi 07:30–19:00;") {
		t.Errorf("after the change, the Kiswahili contact description %q", d)
	}
}
