package storefront

import (
	"bytes"
	"fmt"
	"html/template"
	"regexp"
	"strconv"
	"strings"

	"shop/internal/catalog"
	"shop/internal/i18n"
)

// The first view: what a phone paints of a page before the app's code has
// come. On a rural 3G connection the code takes seconds; the page's first
// screen, written here from the data the head already carries, shows in the
// meantime (docs/i18n.md and docs/benchmarks.md, "A rural 3G phone"). It is a
// picture of the screen, not the screen: hidden from assistive technology,
// inert, and replaced whole by the app's first render, which builds the same
// elements at the same sizes. Its classes are the app's own, so the
// stylesheet has them.

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

type viewCard struct {
	Name  string
	Image string
	W, H  int
	// Lazy: off the first screen on a phone, fetched only if shown.
	Lazy bool
	// H2: the card's name is an h2, as the shop's cards have it right
	// under the page's h1; the home page's are h3 under "New Products".
	H2 bool
}

// viewCards are the first view's cards for the first n of cards, the
// pictures of the first eager (those a phone shows at once) fetched first;
// pictures false leaves the pictures out.
func viewCards(cards []catalog.Card, n, eager int, pictures bool) []viewCard {
	var out []viewCard
	for i := range min(len(cards), n) {
		c := viewCard{Name: cards[i].Name, Lazy: i >= eager}
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
	`{{define "open"}}<div class="flex min-h-screen flex-col" aria-hidden="true" inert data-first-view>` +
		`<header class="sticky top-0 z-40 border-b border-earth-200 bg-white"><div class="mx-auto flex h-16 max-w-6xl items-center gap-1 px-3 sm:gap-2 sm:px-4">` +
		`<span class="flex min-w-0 items-center gap-2 rounded-md text-base font-bold text-brand-800 sm:text-lg"><span class="h-8 w-8 shrink-0"></span><span class="truncate">Mifugo Bora Feeds</span></span></div></header>{{end}}` +
		`{{define "card"}}<article class="flex h-full rounded-lg border border-earth-200 bg-white shadow-sm flex-col"><div class="relative shrink-0 ">` +
		`{{if .Image}}<img src="{{.Image}}" alt="" width="{{.W}}" height="{{.H}}" {{if .Lazy}}loading="lazy"{{else}}fetchpriority="high"{{end}} class="aspect-square h-auto w-full object-contain rounded-t-lg bg-earth-100">{{else}}<div class="aspect-square w-full rounded-t-lg bg-earth-100"></div>{{end}}</div>` +
		`<div class="flex min-w-0 flex-1 flex-col gap-2 p-3">{{if .H2}}<h2 class="text-base leading-snug font-semibold text-stone-900">{{.Name}}</h2>{{else}}<h3 class="text-base leading-snug font-semibold text-stone-900">{{.Name}}</h3>{{end}}</div></article>{{end}}` +
		`{{define "home"}}{{template "open"}}<main class="flex-1"><nav class="border-b border-earth-200 bg-earth-100"><div class="mx-auto max-w-6xl px-4 py-1"><div class="h-11"></div></div></nav>` +
		`<section class="bg-brand-800 text-white"><div class="mx-auto max-w-6xl px-4 py-12 sm:py-20">` +
		`<h1 class="max-w-2xl text-3xl font-bold tracking-tight sm:text-5xl">{{.Title}}</h1>` +
		`<p class="mt-4 max-w-xl text-lg text-brand-100">{{.Text}}</p>` +
		`<span class="mt-8 inline-flex h-12 items-center rounded-md bg-earth-400 px-6 text-lg font-semibold text-earth-900">{{.Button}}</span></div></section>` +
		`<section class="mx-auto max-w-6xl px-2 py-10 sm:px-4"><div class="px-2"><div class="mb-4 flex items-end justify-between gap-4">` +
		`<h2 class="text-2xl font-bold text-brand-900">{{.NewProducts}}</h2><span class="inline-flex min-h-11 items-center rounded-md px-3 font-semibold text-brand-800 underline underline-offset-4">{{.ViewAll}}</span></div></div>` +
		`<div class="flex overflow-hidden">{{range .Cards}}<div class="shrink-0 basis-full px-2 sm:basis-1/2 lg:basis-1/3 xl:basis-1/4">{{template "card" .}}</div>{{end}}</div></section></main></div>{{end}}` +
		// The shop's filters are the app's to draw: their boxes, at their
		// sizes, keep their place so the products below do not move when
		// the app comes.
		`{{define "field"}}<div{{with .}} class="{{.}}"{{end}}><div class="h-5"></div><div class="h-11 rounded-md border border-stone-400"></div></div>{{end}}` +
		`{{define "shop"}}{{template "open"}}<main class="flex-1"><div class="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">` +
		`<h1 class="text-2xl font-bold tracking-tight text-brand-900 sm:text-3xl">{{.Title}}</h1><p class="mt-2 text-stone-700">{{.Intro}}</p>` +
		`<div class="mt-6 grid gap-3 rounded-lg border border-earth-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end">` +
		`{{template "field" "sm:col-span-2 lg:col-span-1"}}{{template "field" ""}}{{template "field" ""}}{{template "field" ""}}` +
		`<div class="flex gap-1"><div class="h-11 flex-1 rounded-md border border-stone-400"></div><div class="h-11 flex-1 rounded-md border border-stone-400"></div></div></div>` +
		`<p class="mt-6 min-h-6"></p>` +
		`<ul class="mt-2 grid gap-3 sm:gap-4 grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">{{range .Cards}}<li>{{template "card" .}}</li>{{end}}</ul></div></main></div>{{end}}`))

type homeView struct {
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
		Title: t.title, Text: strings.ReplaceAll(t.text, "{years}", strconv.Itoa(heroYears)),
		Button: t.button, NewProducts: t.newProducts, ViewAll: t.viewAll,
		Cards: viewCards(cards, 4, 1, pictures),
	})
}

// shopIntro is the line under the shop's heading, as
// web/src/features/shop/messages.ts gives it (its Kiswahili in texts.go); a test
// holds it to that file.
const shopIntro = "Feeds, dewormers, supplements, chemicals and DCP, delivered across Kenya."

type shopView struct {
	Title, Intro string
	Cards        []viewCard
}

// shopFirstView is the shop's first screen in language l: its heading and
// the first products: two rows on a phone, the first in sight, and one row
// on the widest screens.
func shopFirstView(l i18n.Lang, cards []catalog.Card, pictures bool) []byte {
	view := shopView{Title: tr(l, "Shop"), Intro: tr(l, shopIntro), Cards: viewCards(cards, 4, 2, pictures)}
	for i := range view.Cards {
		view.Cards[i].H2 = true
	}
	return render("shop", view)
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
