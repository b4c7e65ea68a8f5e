package storefront_test

import (
	"bytes"
	"context"
	"encoding/json"
	"html"
	"regexp"
	"strings"
	"testing"

	"shop/internal/demo"
)

var htmlLang = regexp.MustCompile(`<html lang="([^"]*)">`)

// TestKiswahiliHeads: a page asked for in Kiswahili (?lang=sw, the lang
// cookie or the browser's Accept-Language) is written in Kiswahili: <html
// lang>, its head, a product's texts, and first data keyed as the app asks
// for it in Kiswahili (docs/i18n.md, "Product content").
func TestKiswahiliHeads(t *testing.T) {
	h := seoServer(t)
	texts := map[string]demo.Product{}
	for _, p := range demo.Products() {
		texts[p.Slug] = p
	}
	const homeTitle = "<title>Mifugo Bora Feeds — Chakula cha mifugo, dawa za minyoo na virutubisho</title>"
	for name, header := range map[string][]string{
		"?lang=sw":                    nil,
		"Accept-Language":             {"Accept-Language", "sw"},
		"Accept-Language sw-KE first": {"Accept-Language", "sw-KE,sw;q=0.9,en;q=0.5"},
		"cookie":                      {"Cookie", "lang=sw"},
	} {
		t.Run(name, func(t *testing.T) {
			path := "/"
			if header == nil {
				path = "/?lang=sw"
			}
			rec := h.Get(path, header...)
			body := rec.Body.String()
			if rec.Code != 200 || htmlLang.FindStringSubmatch(body)[1] != "sw" || !strings.Contains(body, homeTitle) {
				t.Fatalf("%d, <html lang> %v:\n%s", rec.Code, htmlLang.FindStringSubmatch(body), body)
			}
			tags := headTags(body)
			if tags["og:locale"] != "sw_KE" || !strings.HasPrefix(tags["description"], "Mifugo Bora Feeds inauza chakula cha mifugo") {
				t.Errorf("tags %v", tags)
			}
			data := pageData(t, body)
			const key = "products?featured=new-arrivals&page=1&page_size=8&lang=sw"
			api := h.Get("/api/products/?featured=new-arrivals&page=1&page_size=8&lang=sw").Body.String()
			if got := string(data[key]); got != strings.TrimSpace(api) || len(data) != 1 {
				t.Errorf("home page data %v\nis not the API's answer in Kiswahili\n%s", data, api)
			}
			// New products with Kiswahili names (the calf starter) and without.
			var list struct {
				Results []struct{ Slug, Name string }
			}
			if err := json.Unmarshal(data[key], &list); err != nil || len(list.Results) == 0 {
				t.Fatalf("home page data %s: %v", data[key], err)
			}
			translated := 0
			for _, p := range list.Results {
				want := texts[p.Slug].NameSW
				if want == "" {
					want = texts[p.Slug].Name
				} else {
					translated++
				}
				if p.Name != want {
					t.Errorf("new product %s is named %q, want %q", p.Slug, p.Name, want)
				}
			}
			if translated == 0 {
				t.Errorf("no new product has a Kiswahili name: %+v", list.Results)
			}
		})
	}

	en := h.Get("/").Body.String()
	if htmlLang.FindStringSubmatch(en)[1] != "en" || headTags(en)["og:locale"] != "en_KE" {
		t.Errorf("the English home page:\n%s", en)
	}
	if _, ok := pageData(t, en)["products?featured=new-arrivals&page=1&page_size=8"]; !ok {
		t.Errorf("the English home page's data is keyed otherwise: %v", pageData(t, en))
	}

	// A product with Kiswahili texts, and one without.
	dairy := texts["high-yield-dairy-meal"]
	body := h.Get("/products/high-yield-dairy-meal?lang=sw").Body.String()
	tags := headTags(body)
	for key, want := range map[string]string{
		"og:title":    html.EscapeString(dairy.NameSW + " — kuanzia Ksh 650"),
		"description": html.EscapeString(("Kuanzia Ksh 650. " + dairy.DescriptionSW)[:140]),
		"og:image":    "https://shop.example.co.ke/share/products/high-yield-dairy-meal.png?lang=sw",
	} {
		if !strings.HasPrefix(tags[key], want) {
			t.Errorf("%s = %q, want %q", key, tags[key], want)
		}
	}
	if !strings.Contains(body, "<title>"+html.EscapeString(dairy.NameSW)+" — Mifugo Bora Feeds</title>") || htmlLang.FindStringSubmatch(body)[1] != "sw" {
		t.Errorf("the product page in Kiswahili:\n%s", body)
	}
	if ld := jsonLD(t, body); ld["name"] != dairy.NameSW || ld["description"] != dairy.DescriptionSW {
		t.Errorf("JSON-LD %v", ld)
	}
	api := h.Get("/api/products/high-yield-dairy-meal/?lang=sw").Body.String()
	if got := string(pageData(t, body)["product:high-yield-dairy-meal?lang=sw"]); got != strings.TrimSpace(api) {
		t.Errorf("product page data\n%s\nis not the API's answer in Kiswahili\n%s", got, api)
	}
	// Every demo product has its Kiswahili: one has it taken away.
	if _, err := h.Deps.DB.Exec(context.Background(), `UPDATE products SET name_sw = '', description_sw = '' WHERE slug = 'rabbit-pellets'`); err != nil {
		t.Fatal(err)
	}
	rabbit := texts["rabbit-pellets"]
	body = h.Get("/products/rabbit-pellets", "Cookie", "lang=sw").Body.String()
	tags = headTags(body)
	if !strings.Contains(body, "<title>"+rabbit.Name+" — Mifugo Bora Feeds</title>") || tags["og:title"] != rabbit.Name+" — kuanzia Ksh 640" ||
		!strings.HasPrefix(tags["description"], "Kuanzia Ksh 640. "+rabbit.Description[:40]) {
		t.Errorf("a product without Kiswahili: %v\n%s", tags, body)
	}

	for path, title := range map[string]string{
		"/shop?lang=sw":          "Duka — Mifugo Bora Feeds",
		"/contact?lang=sw":       "Wasiliana Nasi — Mifugo Bora Feeds",
		"/no/such/page?lang=sw":  "Ukurasa haupatikani — Mifugo Bora Feeds",
		"/products/gone?lang=sw": "Bidhaa haipatikani — Mifugo Bora Feeds",
		"/admin?lang=sw":         "Admin — Mifugo Bora Feeds",
		"/shop":                  "Shop — Mifugo Bora Feeds",
	} {
		if body := h.Get(path).Body.String(); !strings.Contains(body, "<title>"+title+"</title>") {
			t.Errorf("%s: want the title %q in\n%s", path, title, body)
		}
	}

	// The share card speaks the language its address names, not a cookie's.
	swCard := drawnCard(t, h, "/share/products/high-yield-dairy-meal.png?lang=sw").Body.Bytes()
	enCard := drawnCard(t, h, "/share/products/high-yield-dairy-meal.png").Body.Bytes()
	cookieCard := drawnCard(t, h, "/share/products/high-yield-dairy-meal.png", "Cookie", "lang=sw").Body.Bytes()
	if len(swCard) == 0 || bytes.Equal(enCard, swCard) || !bytes.Equal(enCard, cookieCard) {
		t.Errorf("share cards: English %d bytes, Kiswahili %d, with the cookie %d (equal to English: %t)",
			len(enCard), len(swCard), len(cookieCard), bytes.Equal(enCard, cookieCard))
	}
}
