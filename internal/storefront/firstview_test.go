package storefront_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// The home page carries its first screen for the browser to paint before the app's code comes,
// in the page's language, a screen a farmer can use (issue 29, item 6): its products' names,
// prices and links, and a header whose cart, account, menu and search work without the app; the
// data saver leaves its pictures out; pages without a first screen of their own load the app
// themselves.
func TestHomeFirstView(t *testing.T) {
	h := seoServer(t)
	en := h.Get("/").Body.String()
	view := firstView(t, en)
	usable(t, "/", view)
	for _, want := range []string{"Healthy animals, better harvests", "Over 15 years of experience", "New Products", `<img src="/media/products/`, `fetchpriority="high"`, `<span lang="en" aria-current="true"`, `<a href="?lang=sw" lang="sw"`} {
		if !strings.Contains(view, want) {
			t.Errorf("English first view lacks %q:\n%s", want, view)
		}
	}
	sw := firstView(t, h.Get("/?lang=sw").Body.String())
	for _, want := range []string{"Mifugo yenye afya, mavuno bora", "Uzoefu wa zaidi ya miaka 15", "Bidhaa Mpya", ">Kikapu<", ">Menyu<", `aria-label="Tafuta bidhaa"`, ">Fuatilia oda<", `<ul aria-label="Lugha"`, `<span lang="sw" aria-current="true"`, `<a href="?lang=en" lang="en"`} {
		if !strings.Contains(sw, want) {
			t.Errorf("Kiswahili first view lacks %q:\n%s", want, sw)
		}
	}
	saver := h.Get("/", "Save-Data", "on").Body.String()
	if v := firstView(t, saver); strings.Contains(v, "<img") {
		t.Errorf("with the data saver the first view loads pictures:\n%s", v)
	}
	// The app's code is started by /first-view.js once the first view has painted, not by the page.
	if !strings.Contains(en, `<script src="/first-view.js" data-app="/assets/index-abc.js" data-preload="" defer></script>`) || strings.Contains(en, `type="module"`) {
		t.Errorf("with a first view the page still names the app's code itself:\n%s", en)
	}
	if about := h.Get("/about").Body.String(); strings.Contains(about, "data-first-view") || strings.Contains(about, "first-view.js") || !strings.Contains(about, `<script type="module" crossorigin src="/assets/index-abc.js">`) {
		t.Errorf("/about has a first view, or does not load the app itself:\n%s", about)
	}
}

// The shop opened with no filter carries its first screen (heading and first products) and the
// answers its first render asks for, in the page's language; a filtered address carries neither,
// as its query is the app's to build.
func TestShopFirstView(t *testing.T) {
	h := seoServer(t)
	for _, tc := range []struct {
		path, title, intro, products, categories string
	}{
		{"/shop", "Shop", "Feeds, dewormers, supplements, chemicals and DCP, delivered across Kenya.", "products?sort=name&page=1&page_size=20", "categories"},
		{"/shop?lang=sw", "Duka", "Chakula cha mifugo, dawa za minyoo, virutubisho, kemikali na DCP, tunaleta kote Kenya.", "products?sort=name&page=1&page_size=20&lang=sw", "categories?lang=sw"},
	} {
		body := h.Get(tc.path).Body.String()
		view := firstView(t, body)
		usable(t, tc.path, view)
		for _, want := range []string{">" + tc.title + "</h1>", tc.intro, `<img src="/media/products/`, `fetchpriority="high"`} {
			if !strings.Contains(view, want) {
				t.Errorf("%s: first view lacks %q:\n%s", tc.path, want, view)
			}
		}
		if n := strings.Count(view, "<article"); n != 4 {
			t.Errorf("%s: first view has %d products, want 4", tc.path, n)
		}
		// The products' names come right under the h1: h2, as the app's (no level skipped).
		if strings.Contains(view, "<h3") || strings.Count(view, "<h2") != 4 {
			t.Errorf("%s: the products' names are not h2:\n%s", tc.path, view)
		}
		// The answers are the API's own, under the app's keys.
		data := pageData(t, body)
		api := strings.Replace(tc.products, "products?", "/api/products/?", 1)
		for key, address := range map[string]string{tc.products: api, tc.categories: "/api/" + strings.Replace(tc.categories, "categories", "categories/", 1)} {
			if got, want := string(data[key]), strings.TrimSpace(h.Get(address).Body.String()); got != want {
				t.Errorf("%s: page data %q\n%s\nis not %s's answer\n%s", tc.path, key, got, address, want)
			}
		}
	}
	if v := firstView(t, h.Get("/shop", "Save-Data", "on").Body.String()); strings.Contains(v, "<img") {
		t.Errorf("with the data saver the shop's first view loads pictures:\n%s", v)
	}
	for _, path := range []string{"/shop?category=dewormers", "/shop?search=albendazole&lang=sw", "/shop?page=2"} {
		body := h.Get(path).Body.String()
		if strings.Contains(body, "data-first-view") || strings.Contains(body, "page-data") || !strings.Contains(body, `<script type="module" crossorigin src="/assets/index-abc.js">`) {
			t.Errorf("%s has a first view or page data, or does not load the app itself:\n%s", path, body)
		}
	}
}

// A product's page carries its first screen too: the product's picture, name and price, under
// the same working header, in the page's language.
func TestProductFirstView(t *testing.T) {
	h := seoServer(t)
	for path, want := range map[string][]string{
		"/products/high-yield-dairy-meal":         {">Cart<", ">Menu<"},
		"/products/high-yield-dairy-meal?lang=sw": {">Kikapu<", ">Menyu<"},
	} {
		view := firstView(t, h.Get(path).Body.String())
		if !regexp.MustCompile(`<h1 [^>]*>[^<]*Dairy Meal[^<]*</h1>(<div class="min-h-11"></div>)?<p class="text-3xl font-bold text-brand-900">Ksh\x{a0}[\d,]+</p>`).MatchString(view) {
			t.Errorf("%s: the first view lacks the product's name and price:\n%s", path, view)
		}
		for _, w := range append(want, `<img src="/media/products/`, `fetchpriority="high"`, `<a href="/cart"`, `<form action="/shop" method="get"`) {
			if !strings.Contains(view, w) {
				t.Errorf("%s: first view lacks %q:\n%s", path, w, view)
			}
		}
		if strings.Contains(view, "aria-hidden=\"true\" inert") || strings.Contains(view, " inert ") {
			t.Errorf("%s: the first view is inert", path)
		}
	}
	if v := firstView(t, h.Get("/products/high-yield-dairy-meal", "Save-Data", "on").Body.String()); strings.Contains(v, "<img") {
		t.Errorf("with the data saver the product's first view loads pictures:\n%s", v)
	}
	if body := h.Get("/products/no-such-product").Body.String(); strings.Contains(body, "data-first-view") {
		t.Error("a missing product's page has a first view")
	}
}

// usable checks that a first view can be used before the app comes: not hidden from assistive
// technology nor inert; each product a link to its page with its price; the header's home, cart,
// account, search (a plain GET form to the shop), menu and language switch working without a script.
func usable(t *testing.T, path, view string) {
	t.Helper()
	if strings.Contains(view, `aria-hidden="true" inert`) || strings.Contains(view, " inert ") || strings.Contains(view, " inert>") {
		t.Errorf("%s: the first view is hidden or inert", path)
	}
	cards := regexp.MustCompile(`<article[^>]*>.*?</article>`).FindAllString(view, -1)
	if len(cards) == 0 {
		t.Fatalf("%s: no products in the first view:\n%s", path, view)
	}
	card := regexp.MustCompile(`<a href="/products/[a-z0-9-]+"[^>]*>[^<]+</a>.*<p class="text-lg font-bold text-brand-900">Ksh\x{a0}[\d,]+`)
	for _, c := range cards {
		if !card.MatchString(c) {
			t.Errorf("%s: a card without its link or price:\n%s", path, c)
		}
	}
	for _, want := range []string{`<a href="/" `, `<a href="/cart" `, `<a href="/login" `, `<form action="/shop" method="get"`, `<input name="search" type="search"`,
		`<details class="md:hidden"><summary`, `<a href="/track" `, `<a href="/contact" `, `aria-current="true"`, `<a href="?lang=`} {
		if !strings.Contains(view, want) {
			t.Errorf("%s: the first view's header lacks %q:\n%s", path, want, view)
		}
	}
}

func firstView(t *testing.T, page string) string {
	t.Helper()
	i := strings.Index(page, `<div id="root">`)
	j := strings.Index(page, "</body>")
	if i < 0 || j < i || !strings.Contains(page[i:j], "data-first-view") {
		t.Fatalf("no first view in the root element:\n%s", page)
	}
	return page[i:j]
}

// The first view's words are the app's: the app's render replaces it with the same texts, at the
// same sizes, so nothing on the screen changes but what the app adds.
func TestFirstViewWordsAreTheApps(t *testing.T) {
	for file, words := range map[string][]string{
		"../../web/src/features/home/messages.ts":      {"Healthy animals, better harvests", "Animal feeds, dewormers, supplements, chemicals and DCP for Kenyan farmers. Over ${years} years of experience and delivery across Kenya. Pay with M-Pesa.", "'Shop Now'", "'New Products'", "'View All'"},
		"../../web/src/features/shop/messages.ts":      {"title: 'Shop',", "intro: 'Feeds, dewormers, supplements, chemicals and DCP, delivered across Kenya.',"},
		"../../web/src/features/shop/messages.sw.ts":   {"title: 'Duka',", "intro: 'Chakula cha mifugo, dawa za minyoo, virutubisho, kemikali na DCP, tunaleta kote Kenya.',"},
		"../../web/src/shared/i18n/messages/app.ts":    {"mainNav: 'Main',", "menu: 'Menu',", "search: { label: 'Search products', open: 'Open search', go: 'Search' },", "cart: 'Cart',", "signIn: 'Sign in',", "language: 'Language',", "nav: { home: 'Home', shop: 'Shop', track: 'Track order', about: 'About', contact: 'Contact' },"},
		"../../web/src/shared/i18n/messages/app.sw.ts": {"mainNav: 'Menyu kuu',", "menu: 'Menyu',", "search: { label: 'Tafuta bidhaa', open: 'Fungua utafutaji', go: 'Tafuta' },", "cart: 'Kikapu',", "signIn: 'Ingia',", "language: 'Lugha',", "nav: { home: 'Nyumbani', shop: 'Duka', track: 'Fuatilia oda', about: 'Kuhusu sisi', contact: 'Wasiliana nasi' },"},
		"../../web/src/features/home/messages.sw.ts":   {"Mifugo yenye afya, mavuno bora", "Chakula cha mifugo, dawa za minyoo, virutubisho, kemikali na DCP kwa wakulima wa Kenya. Uzoefu wa zaidi ya miaka ${years}, na tunaleta mzigo kote Kenya. Lipa na M-Pesa.", "'Nunua Sasa'", "'Bidhaa Mpya'", "'Ona Zote'"},
	} {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, w := range words {
			if !strings.Contains(string(src), w) {
				t.Errorf("%s no longer says %q: change internal/storefront/firstview.go with it", file, w)
			}
		}
	}
	business, err := os.ReadFile("../../web/src/shared/domain/business.ts")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(business), "yearsOfExperience: 15,") {
		t.Error("web/src/shared/domain/business.ts has other years of experience than firstview.go's heroYears")
	}
}
