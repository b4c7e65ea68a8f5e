package storefront

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html/template"
	"regexp"
	"strconv"
	"strings"

	"shop/internal/catalog"
	"shop/internal/i18n"
	"shop/internal/money"
)

// The first view: what a phone paints of a page before the app's code has
// come. On a rural 3G connection the code takes seconds; the page's first
// screen, written here from the data the head already carries, shows in the
// meantime (docs/i18n.md and docs/benchmarks.md, "A rural 3G phone"). It is
// a screen a farmer can use, not only look at: the products' names, prices
// and links to their pages, and a header whose home, search, account, cart
// and menu work as plain links and forms (issue 29, item 6). The app's first
// render replaces it whole, building the same elements at the same sizes, so
// nothing moves when it comes. Its classes are the app's own, and the
// stylesheet scans this file too (web/src/index.css, @source) for the few
// that are its alone.

// heroYears is the shop's years of experience, as web/src/shared/domain/business.ts
// gives them to the hero's text.
const heroYears = 15

// heroTexts are the hero's words as web/src/features/home/messages.ts and
// sw/home.ts give them ({years} where the app puts its number); a test holds
// them to those files.
var heroTexts = map[i18n.Lang]struct{ title, text, button, newProducts, viewAll string }{
	i18n.English: {
		title:       "Healthy animals, better harvests",
		text:        "Animal feeds, dewormers, supplements, chemicals and DCP for Kenyan farmers. Over {years} years of experience and delivery across Kenya. Pay with M-Pesa.",
		button:      "Shop Now",
		newProducts: "New Products",
		viewAll:     "View All",
	},
	i18n.Kiswahili: {
		title:       "Mifugo yenye afya, mavuno bora",
		text:        "Chakula cha mifugo, dawa za minyoo, virutubisho, kemikali na DCP kwa wakulima wa Kenya. Uzoefu wa zaidi ya miaka {years}, na tunaleta mzigo kote Kenya. Lipa na M-Pesa.",
		button:      "Nunua Sasa",
		newProducts: "Bidhaa Mpya",
		viewAll:     "Ona Zote",
	},
}

// frameTexts are the header's words as web/src/shared/i18n/messages/app.ts
// and app.sw.ts give them; a test holds them to those files.
type frameTexts struct {
	MainNav, Menu, Search, OpenSearch, Go, SignIn, Cart, Language string
	InStock, OutOfStock                                           string
	Nav                                                           []navLink
}

type navLink struct{ Href, Label string }

var frames = map[i18n.Lang]frameTexts{
	i18n.English: {MainNav: "Main", Menu: "Menu", Search: "Search products", OpenSearch: "Open search", Go: "Search", SignIn: "Sign in", Cart: "Cart", Language: "Language",
		InStock: "In Stock", OutOfStock: "Out of Stock",
		Nav: []navLink{{"/", "Home"}, {"/shop", "Shop"}, {"/track", "Track order"}, {"/about", "About"}, {"/contact", "Contact"}}},
	i18n.Kiswahili: {MainNav: "Menyu kuu", Menu: "Menyu", Search: "Tafuta bidhaa", OpenSearch: "Fungua utafutaji", Go: "Tafuta", SignIn: "Ingia", Cart: "Kikapu", Language: "Lugha",
		InStock: "Inapatikana", OutOfStock: "Imeisha",
		Nav: []navLink{{"/", "Nyumbani"}, {"/shop", "Duka"}, {"/track", "Fuatilia oda"}, {"/about", "Kuhusu sisi"}, {"/contact", "Wasiliana nasi"}}},
}

func frameIn(l i18n.Lang) frameTexts {
	if f, ok := frames[l]; ok {
		return f
	}
	return frames[i18n.English]
}

// viewPrice is a price as the app writes it (web/src/shared/domain/money.ts):
// "Ksh" and the amount joined by a no-break space, never broken over two lines.
func viewPrice(c money.Cents) string { return strings.Replace(c.Ksh(), "Ksh ", "Ksh\u00a0", 1) }

// cardPrice is the price a product's card shows, as the app's card does
// (web/src/shared/domain/product.ts cardVariant): the first size in stock,
// else the first size; the base price when it has none.
func cardPrice(c catalog.Card) (price money.Cents, size string) {
	var vs []catalog.Variant
	if json.Unmarshal(c.Variants, &vs) != nil || len(vs) == 0 {
		return c.BasePrice, ""
	}
	for _, v := range vs {
		if v.Stock > 0 {
			return v.Price, v.Size
		}
	}
	return vs[0].Price, vs[0].Size
}

type viewCard struct {
	Name string
	// Href is the product's page; Price and Size what its card shows.
	Href, Price, Size string
	Description       string
	// Stock is the card's stock badge ("In Stock"), as the app's.
	Stock   string
	InStock bool
	Image   string
	W, H    int
	// Lazy: off the first screen on a phone, fetched only if shown.
	Lazy bool
	// H2: the card's name is an h2, as the shop's cards have it right
	// under the page's h1; the home page's are h3 under "New Products".
	H2 bool
}

// viewCards are the first view's cards for the first n of cards, the
// pictures of the first eager (those a phone shows at once) fetched first;
// pictures false leaves the pictures out.
func viewCards(l i18n.Lang, cards []catalog.Card, n, eager int, pictures bool) []viewCard {
	f := frameIn(l)
	var out []viewCard
	for i := range min(len(cards), n) {
		price, size := cardPrice(cards[i])
		c := viewCard{Name: cards[i].Name, Href: "/products/" + cards[i].Slug, Price: viewPrice(price), Size: size,
			Description: cards[i].Description, Lazy: i >= eager, Stock: f.OutOfStock, InStock: cards[i].InStock}
		if c.InStock {
			c.Stock = f.InStock
		}
		if im, ok := cards[i].FirstImage(); ok && pictures {
			c.Image, c.W, c.H = im.Image, im.Width, im.Height
		}
		if c.W == 0 || c.H == 0 {
			c.W, c.H = 600, 600
		}
		out = append(out, c)
	}
	return out
}

// The classes are copied from web/src/app/Header.tsx, components/Page.tsx,
// components/product/ProductCard.tsx, features/home/HomePage.tsx,
// ProductSections.tsx and features/shop/ShopPage.tsx: keep them in step.
var viewTemplates = template.Must(template.New("parts").Parse(
	`{{define "icon"}}<svg viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">{{.}}</svg>{{end}}` +
		`{{define "search"}}<form action="/shop" method="get" role="search" aria-label="{{.Search}}" class="mx-auto flex max-w-6xl gap-1">` +
		`<input name="search" type="search" aria-label="{{.Search}}" placeholder="{{.Search}}" autocomplete="off" maxlength="100" class="h-11 w-full min-w-0 rounded-md border border-stone-400 px-3">` +
		`<button type="submit" aria-label="{{.Go}}" class="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md bg-brand-700 text-white">{{template "icon" .SearchIcon}}</button></form>{{end}}` +
		// The language switch, as web/src/shared/ui/LanguageSwitch.tsx draws it; the other
		// language is a link to this page with ?lang=, which the server keeps in the cookie.
		`{{define "langs"}}<ul aria-label="{{.Language}}" class="flex items-center text-sm">{{range $i, $l := .Langs}}<li class="flex items-center">` +
		`{{if $i}}<span aria-hidden="true" class="text-stone-400">|</span>{{end}}` +
		`{{if $l.Current}}<span lang="{{$l.Code}}" aria-current="true" class="inline-flex min-h-11 items-center px-2 font-bold text-brand-800">{{$l.Name}}</span>` +
		`{{else}}<a href="?lang={{$l.Code}}" lang="{{$l.Code}}" class="inline-flex min-h-11 items-center rounded-md px-2 underline-offset-2 hover:underline text-stone-800 hover:text-brand-800">{{$l.Name}}</a>{{end}}</li>{{end}}</ul>{{end}}` +
		`{{define "navlink"}}<li><a href="{{.Href}}" class="block rounded-md px-3 py-3 font-medium text-stone-800 hover:bg-brand-50 hover:text-brand-800 md:py-2">{{.Label}}</a></li>{{end}}` +
		// The header: home, the sections (inline from 769 px, behind Menu below), search, account and
		// cart, as web/src/app/Header.tsx lays them out. Search and Menu open as <details>, which
		// need no script.
		`{{define "open"}}<div class="flex min-h-screen flex-col" data-first-view>` +
		`<header class="sticky top-0 z-40 border-b border-earth-200 bg-white"><div class="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">` +
		`<a href="/" class="flex min-h-11 min-w-0 items-center gap-2 rounded-md text-base font-bold text-brand-800 sm:text-lg"><span class="h-8 w-8 shrink-0"></span><span class="truncate">Mifugo Bora Feeds</span></a>` +
		`<nav aria-label="{{.MainNav}}" class="ml-auto"><ul class="hidden md:flex md:items-center md:gap-1">{{range .Nav}}{{template "navlink" .}}{{end}}</ul></nav>` +
		`<div class="hidden md:block">{{template "langs" .}}</div>` +
		// From 1280 px the search box sits in the header; below, behind its icon.
		`<div class="hidden xl:ml-4 xl:block xl:w-56 xl:shrink-0">{{template "search" .}}</div>` +
		`<details class="shrink-0 xl:hidden"><summary aria-label="{{.OpenSearch}}" class="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-md text-stone-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">{{template "icon" .SearchIcon}}</summary>` +
		`<div class="absolute inset-x-0 top-full border-b border-earth-200 bg-white p-2">{{template "search" .}}</div></details>` +
		`<a href="/login" class="inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 font-medium text-stone-800 hover:bg-brand-50 hover:text-brand-800">{{template "icon" .PersonIcon}}<span class="max-sm:sr-only">{{.SignIn}}</span></a>` +
		`<a href="/cart" class="relative inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-md px-2 font-medium text-stone-800 hover:bg-brand-50 hover:text-brand-800">{{template "icon" .CartIcon}}<span class="sr-only sm:not-sr-only">{{.Cart}}</span></a>` +
		`<details class="md:hidden"><summary class="inline-flex h-11 min-w-11 cursor-pointer list-none items-center justify-center gap-1.5 rounded-md px-2 font-medium text-stone-800 hover:bg-brand-50 [&::-webkit-details-marker]:hidden">{{template "icon" .MenuIcon}}<span class="max-[374px]:sr-only">{{.Menu}}</span></summary>` +
		`<ul class="absolute inset-x-0 top-full flex flex-col border-b border-earth-200 bg-white px-4 py-2 shadow-lg">{{range .Nav}}{{template "navlink" .}}{{end}}` +
		`<li class="border-t border-earth-200 px-3 py-2">{{template "langs" .}}</li></ul></details>` +
		`</div></header>{{end}}` +
		`{{define "card"}}<article class="flex h-full rounded-lg border border-earth-200 bg-white shadow-sm flex-col"><div class="relative shrink-0 ">` +
		`{{if .Image}}<img src="{{.Image}}" alt="" width="{{.W}}" height="{{.H}}" {{if .Lazy}}loading="lazy"{{else}}fetchpriority="high"{{end}} class="aspect-square h-auto w-full object-contain rounded-t-lg bg-earth-100">{{else}}<div class="aspect-square w-full rounded-t-lg bg-earth-100"></div>{{end}}</div>` +
		`<div class="flex min-w-0 flex-1 flex-col gap-2 p-3"><div class="flex flex-wrap items-center gap-2"><span class="rounded {{if .InStock}}bg-brand-700{{else}}bg-stone-700{{end}} px-2 py-0.5 text-xs font-semibold text-white">{{.Stock}}</span></div>{{if .H2}}<h2 class="text-base leading-snug font-semibold text-stone-900">{{template "cardlink" .}}</h2>{{else}}<h3 class="text-base leading-snug font-semibold text-stone-900">{{template "cardlink" .}}</h3>{{end}}` +
		`<p class="text-sm text-stone-700 line-clamp-2">{{.Description}}</p>` +
		`<p class="text-lg font-bold text-brand-900">{{.Price}}{{if .Size}}<span class="ml-1 text-sm font-normal whitespace-nowrap text-stone-700">/ {{.Size}}</span>{{end}}</p>` +
		// The card's two buttons (Quick View, Add to Cart) are the app's; their room is kept.
		`<div class="mt-auto flex gap-2 flex-col min-[420px]:flex-row"><div class="min-h-11 flex-1"></div><div class="min-h-11 flex-1"></div></div></div></article>{{end}}` +
		`{{define "cardlink"}}<a href="{{.Href}}" class="flex min-h-11 items-center hover:text-brand-800 hover:underline">{{.Name}}</a>{{end}}` +
		`{{define "home"}}{{template "open" .Frame}}<main class="flex-1"><div class="border-b border-earth-200 bg-earth-100"><div class="mx-auto max-w-6xl px-4 py-1"><div class="h-11"></div></div></div>` +
		`<section class="bg-brand-800 text-white"><div class="mx-auto max-w-6xl px-4 py-12 sm:py-20">` +
		`<h1 class="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">{{.Title}}</h1>` +
		`<p class="mt-4 max-w-xl text-lg text-brand-100">{{.Text}}</p>` +
		`<a href="/shop" class="mt-8 inline-flex h-12 items-center rounded-md bg-earth-400 px-6 text-lg font-semibold text-earth-900 hover:bg-earth-300">{{.Button}}</a></div></section>` +
		`<section class="mx-auto max-w-6xl px-2 py-10 sm:px-4"><div class="px-2"><div class="mb-4 flex items-end justify-between gap-4">` +
		`<h2 class="text-2xl font-bold text-brand-900">{{.NewProducts}}</h2><a href="/shop?featured=new-arrivals" class="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand-800 underline underline-offset-4">{{.ViewAll}}</a></div></div>` +
		`<div class="flex overflow-hidden">{{range .Cards}}<div class="shrink-0 basis-full px-2 sm:basis-1/2 lg:basis-1/3 xl:basis-1/4">{{template "card" .}}</div>{{end}}</div></section></main></div>{{end}}` +
		// The shop's filters are the app's to draw: their boxes, at their
		// sizes, keep their place so the products below do not move when
		// the app comes.
		`{{define "field"}}<div{{with .}} class="{{.}}"{{end}}><div class="h-5"></div><div class="h-11 rounded-md border border-stone-400"></div></div>{{end}}` +
		`{{define "shop"}}{{template "open" .Frame}}<main class="flex-1"><div class="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">` +
		`<h1 class="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{{.Title}}</h1><p class="mt-2 text-stone-700">{{.Intro}}</p>` +
		`<div class="mt-6 grid gap-3 rounded-lg border border-earth-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">` +
		// On a phone the filters fold behind one button (features/shop/ShopControls.tsx).
		`{{template "field" "sm:col-span-2 lg:col-span-1"}}<div class="h-11 rounded-md border border-stone-400 sm:hidden"></div><div class="hidden sm:contents">{{template "field" ""}}{{template "field" ""}}{{template "field" ""}}` +
		`<div class="flex gap-1"><div class="h-11 flex-1 rounded-md border border-stone-400"></div><div class="h-11 flex-1 rounded-md border border-stone-400"></div></div></div></div>` +
		`<p class="mt-6 min-h-6"></p>` +
		`<ul class="mt-2 grid gap-3 sm:gap-4 grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">{{range .Cards}}<li>{{template "card" .}}</li>{{end}}</ul></div></main></div>{{end}}` +
		// A product's page: its picture, name and price, laid out
		// as web/src/features/product/ProductPage.tsx lays them.
		`{{define "product"}}{{template "open" .Frame}}<main class="flex-1"><div class="mx-auto w-full max-w-6xl px-4 py-6 sm:py-10"><div class="min-h-11"></div>` +
		`<div class="mt-4 grid gap-8 md:grid-cols-2"><div>{{if .Image}}<img src="{{.Image}}" alt="{{.Name}}" width="{{.W}}" height="{{.H}}" fetchpriority="high" class="aspect-square h-auto w-full object-contain rounded-lg border border-earth-200 bg-earth-100">{{else}}<div class="aspect-square w-full rounded-lg border border-earth-200 bg-earth-100"></div>{{end}}</div>` +
		`<div class="flex flex-col gap-4"><div class="flex flex-wrap gap-2"><span class="rounded {{if .InStock}}bg-brand-700{{else}}bg-stone-700{{end}} px-2 py-0.5 text-xs font-semibold text-white">{{.Stock}}</span></div>` +
		`<h1 class="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{{.Name}}</h1>{{if .Rated}}<div class="min-h-11"></div>{{end}}` +
		`<p class="text-3xl font-bold text-brand-900">{{.Price}}</p></div></div></div></main></div>{{end}}`))

// frameView is the header's words and icons.
type frameView struct {
	frameTexts
	Langs                                      []langChoice
	SearchIcon, PersonIcon, CartIcon, MenuIcon template.HTML
}

// langChoice is one language of the switch, named in itself.
type langChoice struct {
	Code, Name string
	Current    bool
}

// The header's icons, as web/src/shared/ui/icons.tsx, HeaderSearch.tsx and
// features/auth/HeaderAccount.tsx draw them.
const (
	searchIcon = `<circle cx="11" cy="11" r="6.5"/><path d="M16 16l4.5 4.5"/>`
	personIcon = `<circle cx="12" cy="8" r="4"/><path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7"/>`
	cartIcon   = `<circle cx="9" cy="20" r="1.5"/><circle cx="18" cy="20" r="1.5"/><path d="M2.5 3h2.6l2.3 11.2a2 2 0 0 0 2 1.6h8.3a2 2 0 0 0 2-1.5L21.5 7H6.1"/>`
	menuIcon   = `<path d="M4 6h16M4 12h16M4 18h16"/>`
)

func frameFor(l i18n.Lang) frameView {
	langs := []langChoice{{Code: string(i18n.English), Name: "English"}, {Code: string(i18n.Kiswahili), Name: "Kiswahili"}}
	for i := range langs {
		langs[i].Current = langs[i].Code == string(l)
	}
	return frameView{frameTexts: frameIn(l), Langs: langs, SearchIcon: searchIcon, PersonIcon: personIcon, CartIcon: cartIcon, MenuIcon: menuIcon}
}

type homeView struct {
	Frame                                     frameView
	Title, Text, Button, NewProducts, ViewAll string
	Cards                                     []viewCard
}

// homeFirstView is the home page's first screen in language l: the hero and
// the first New Products. pictures false (the data saver) leaves the
// pictures out, as the app then loads none until they are scrolled to.
func homeFirstView(l i18n.Lang, cards []catalog.Card, pictures bool) []byte {
	t, ok := heroTexts[l]
	if !ok {
		t = heroTexts[i18n.English]
	}
	// The carousel shows at most four at once, on the widest screens.
	return render("home", homeView{
		Frame: frameFor(l),
		Title: t.title, Text: strings.ReplaceAll(t.text, "{years}", strconv.Itoa(heroYears)),
		Button: t.button, NewProducts: t.newProducts, ViewAll: t.viewAll,
		Cards: viewCards(l, cards, 4, 1, pictures),
	})
}

// shopIntro is the line under the shop's heading, as
// web/src/features/shop/messages.ts gives it (its Kiswahili in texts.go); a test
// holds it to that file.
const shopIntro = "Feeds, dewormers, supplements, chemicals and DCP, delivered across Kenya."

type shopView struct {
	Frame        frameView
	Title, Intro string
	Cards        []viewCard
}

// shopFirstView is the shop's first screen in language l: its heading and
// the first products: two rows on a phone, the first in sight, and one row
// on the widest screens.
func shopFirstView(l i18n.Lang, cards []catalog.Card, pictures bool) []byte {
	view := shopView{Frame: frameFor(l), Title: tr(l, "Shop"), Intro: tr(l, shopIntro), Cards: viewCards(l, cards, 4, 2, pictures)}
	for i := range view.Cards {
		view.Cards[i].H2 = true
	}
	return render("shop", view)
}

type productView struct {
	Frame       frameView
	Name, Price string
	// Stock is the stock badge above the name, as the app's.
	Stock   string
	InStock bool
	// Rated keeps the room of the rating's link the app shows under the name.
	Rated bool
	Image string
	W, H  int
}

// productFirstView is a product page's first screen in language l: its
// picture (none with pictures false), name and price, the price of the size
// the app first shows (the first in stock, else the first).
func productFirstView(l i18n.Lang, p *catalog.Product, pictures bool) []byte {
	v := productView{Frame: frameFor(l), Name: p.Name, Price: viewPrice(p.BasePrice), W: 600, H: 600, Stock: frameIn(l).OutOfStock, InStock: p.InStock(), Rated: p.Rating != nil}
	if v.InStock {
		v.Stock = frameIn(l).InStock
	}
	for i, vr := range p.Variants {
		if i == 0 || vr.Stock > 0 {
			v.Price = viewPrice(vr.Price)
		}
		if vr.Stock > 0 {
			break
		}
	}
	if len(p.Images) > 0 && pictures {
		im := p.Images[0]
		v.Image = im.Image
		if im.Width > 0 && im.Height > 0 {
			v.W, v.H = im.Width, im.Height
		}
	}
	return render("product", v)
}

func render(name string, data any) []byte {
	var b bytes.Buffer
	if err := viewTemplates.ExecuteTemplate(&b, name, data); err != nil {
		return nil
	}
	return b.Bytes()
}

const rootElement = `<div id="root"></div>`

var (
	appScriptRE  = regexp.MustCompile(`\s*<script type="module" crossorigin src="([^"]+)"></script>`)
	preloadTagRE = regexp.MustCompile(`\s*<link rel="modulepreload" crossorigin href="([^"]+)"\s*/?>`)
)

// WithFirstView returns page with view inside its empty root element, where
// the app renders; a page without one is returned as it is. With a first
// view to paint, the app's code is not named in the page but by
// /first-view.js, which starts its download once the view has painted: on a
// slow link the stylesheet and the first picture have the connection first,
// and the screen shows while the code follows.
func WithFirstView(page, view []byte) []byte {
	if len(view) == 0 {
		return page
	}
	i := bytes.Index(page, []byte(rootElement))
	app := appScriptRE.FindSubmatch(page)
	if i < 0 || app == nil {
		return page
	}
	var preloads []string
	for _, m := range preloadTagRE.FindAllSubmatch(page, -1) {
		preloads = append(preloads, string(m[1]))
	}
	at := i + len(rootElement) - len("</div>")
	out := make([]byte, 0, len(page)+len(view)+256)
	out = append(out, page[:at]...)
	out = append(out, view...)
	out = append(out, page[at:]...)
	out = preloadTagRE.ReplaceAll(out, nil)
	boot := fmt.Sprintf("\n    <script src=\"/first-view.js\" data-app=\"%s\" data-preload=\"%s\" defer></script>",
		template.HTMLEscapeString(string(app[1])), template.HTMLEscapeString(strings.Join(preloads, " ")))
	return appScriptRE.ReplaceAllLiteral(out, []byte(boot))
}
