package catalog_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/i18n"
	"shop/internal/money"
)

var (
	inEnglish   = i18n.WithLang(context.Background(), i18n.English)
	inKiswahili = i18n.WithLang(context.Background(), i18n.Kiswahili)
)

// demoTexts are the demo products' texts by slug.
func demoTexts() map[string]demo.Product {
	out := map[string]demo.Product{}
	for _, p := range demo.Products() {
		out[p.Slug] = p
	}
	return out
}

// jsonKeys are the keys of v as JSON.
func jsonKeys(t *testing.T, v any) []string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return slices.Sorted(maps.Keys(m))
}

// TestKiswahiliProductTexts: in Kiswahili the catalogue gives the Kiswahili
// name and description where the admin wrote them, the English where not,
// field by field, in the same JSON; the English answers stay as they were.
func TestKiswahiliProductTexts(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *catalog.Store, _ inTree) {
		texts := demoTexts()
		// Every demo product has its Kiswahili: one has it taken away.
		if _, err := s.DB().Exec(context.Background(), `UPDATE products SET name_sw = '', description_sw = '' WHERE slug = 'rabbit-pellets'`); err != nil {
			t.Fatal(err)
		}
		rabbit := texts["rabbit-pellets"]
		rabbit.NameSW, rabbit.DescriptionSW = "", ""
		texts["rabbit-pellets"] = rabbit
		// One product with a Kiswahili name only.
		if _, err := s.CreateProduct(context.Background(), catalog.NewProduct{Name: "Sheep Lick Block", Slug: "sheep-lick", NameSW: "Jiwe la Madini la Kondoo",
			Description: "A salt and mineral block.", CategoryID: 11, BasePrice: money.FromShillings(300), IsActive: true}); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			slug, nameSW, descSW string
		}{
			{"high-yield-dairy-meal", texts["high-yield-dairy-meal"].NameSW, texts["high-yield-dairy-meal"].DescriptionSW},
			{"rabbit-pellets", "Mifugo Bora Rabbit Pellets", texts["rabbit-pellets"].Description}, // no Kiswahili
			{"sheep-lick", "Jiwe la Madini la Kondoo", "A salt and mineral block."},               // a name only
		} {
			en, err := s.Product(inEnglish, tc.slug)
			if err != nil {
				t.Fatal(err)
			}
			sw, err := s.Product(inKiswahili, tc.slug)
			if err != nil {
				t.Fatal(err)
			}
			if sw.Name != tc.nameSW || sw.Description != tc.descSW {
				t.Errorf("%s in Kiswahili: %q, %q; want %q, %q", tc.slug, sw.Name, sw.Description, tc.nameSW, tc.descSW)
			}
			if tc.slug != "sheep-lick" && (en.Name != texts[tc.slug].Name || en.Description != texts[tc.slug].Description) {
				t.Errorf("%s in English: %q, %q", tc.slug, en.Name, en.Description)
			}
			if !slices.Equal(jsonKeys(t, en), jsonKeys(t, sw)) {
				t.Errorf("%s: the Kiswahili answer's fields %v differ from the English %v", tc.slug, jsonKeys(t, sw), jsonKeys(t, en))
			}
			if sw.BasePrice != en.BasePrice || len(sw.Variants) != len(en.Variants) || len(sw.Reviews) != len(en.Reviews) {
				t.Errorf("%s: more than the texts differ", tc.slug)
			}
			// Sizes are written the Kiswahili way (i18n.Size); the demo's
			// reviews are in Kiswahili.
			for i, v := range sw.Variants {
				if v.Size != i18n.Size(i18n.Kiswahili, en.Variants[i].Size) || v.Size == en.Variants[i].Size {
					t.Errorf("%s: size %q in Kiswahili is %q", tc.slug, en.Variants[i].Size, v.Size)
				}
			}
			for i, r := range sw.Reviews {
				if want := texts[tc.slug].Reviews; r.Comment == en.Reviews[i].Comment || !slices.ContainsFunc(want, func(d demo.Review) bool { return d.CommentSW == r.Comment }) {
					t.Errorf("%s: review %q in Kiswahili is %q", tc.slug, en.Reviews[i].Comment, r.Comment)
				}
			}
			// The demo's pictures are described by the product's name: in its language.
			if len(sw.Images) > 0 && (sw.Images[0].Alt != tc.nameSW || en.Images[0].Alt != en.Name) {
				t.Errorf("%s: picture described %q in Kiswahili, %q in English", tc.slug, sw.Images[0].Alt, en.Images[0].Alt)
			}
		}

		// The lists: the whole catalogue, a category's page (another index),
		// a search; in Kiswahili sorted by the names shown.
		for _, f := range []catalog.ListFilter{{}, {Category: "feeds"}, {Search: "mash"}} {
			f.Page, f.PageSize = 1, 100
			if f.Sort == "" && f.Search == "" {
				f.Sort = catalog.SortName
			} else if f.Search != "" {
				f.Sort = catalog.SortRelevance
			}
			en, err := s.ListProducts(inEnglish, f)
			if err != nil {
				t.Fatal(err)
			}
			sw, err := s.ListProducts(inKiswahili, f)
			if err != nil {
				t.Fatal(err)
			}
			if len(en.Products) == 0 || len(sw.Products) != len(en.Products) || sw.Count != en.Count {
				t.Fatalf("%+v: %d products in English, %d in Kiswahili", f, len(en.Products), len(sw.Products))
			}
			for _, c := range sw.Products {
				want, ok := texts[c.Slug]
				if !ok {
					continue
				}
				name, desc := want.NameSW, want.DescriptionSW
				if name == "" {
					name, desc = want.Name, want.Description
				}
				if c.Name != name || c.Description != desc {
					t.Errorf("%+v: card %s in Kiswahili is %q", f, c.Slug, c.Name)
				}
				if v := string(c.Variants); strings.Contains(v, ` Kg"`) || strings.Contains(v, ` litre"`) || !strings.Contains(v, `"size":"`) {
					t.Errorf("%+v: card %s's sizes in Kiswahili are %s", f, c.Slug, v)
				}
				if im, ok := c.FirstImage(); !ok || im.Alt != name {
					t.Errorf("%+v: card %s's picture is described %q in Kiswahili", f, c.Slug, im.Alt)
				}
			}
			for _, c := range en.Products {
				im, _ := c.FirstImage()
				if want, ok := texts[c.Slug]; ok && (c.Name != want.Name || im.Alt != want.Name) {
					t.Errorf("%+v: card %s in English is %q, its picture %q", f, c.Slug, c.Name, im.Alt)
				}
			}
			if f.Sort == catalog.SortName {
				shown := names(sw.Products)
				if !slices.IsSortedFunc(shown, func(a, b string) int { return strings.Compare(strings.ToLower(a), strings.ToLower(b)) }) {
					t.Errorf("%+v: the Kiswahili list is not in the order of its names: %v", f, shown)
				}
				if slices.Equal(slugs(sw.Products), slugs(en.Products)) {
					t.Errorf("%+v: the Kiswahili list is in the English order", f)
				}
			}
		}

		cats, err := s.Categories(inKiswahili)
		if err != nil {
			t.Fatal(err)
		}
		enCats, err := s.Categories(inEnglish)
		if err != nil {
			t.Fatal(err)
		}
		for i, c := range demo.Categories() {
			if cats[i].Slug != c.Slug || cats[i].Name != c.NameSW || enCats[i].Name != c.Name {
				t.Errorf("category %s: %q in Kiswahili, %q in English", c.Slug, cats[i].Name, enCats[i].Name)
			}
		}
	})
}

// TestKiswahiliLeavesEnglishAsItWas: writing a product's Kiswahili changes
// nothing of its English answers.
func TestKiswahiliLeavesEnglishAsItWas(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		answers := func() string {
			p, err := s.Product(inEnglish, "dairy-meal-premium")
			if err != nil {
				t.Fatal(err)
			}
			list, err := s.ListProducts(inEnglish, catalog.ListFilter{Sort: catalog.SortName, Page: 1, PageSize: 20})
			if err != nil {
				t.Fatal(err)
			}
			cats, err := s.Categories(inEnglish)
			if err != nil {
				t.Fatal(err)
			}
			b, err := json.Marshal([]any{p, list, cats})
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
		before := answers()
		if _, err := d.Exec(context.Background(), `UPDATE products SET name_sw = 'Chakula cha Ng''ombe', description_sw = 'Maziwa mengi.' WHERE slug = 'dairy-meal-premium'`); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(context.Background(), `UPDATE categories SET name_sw = 'Vyakula' WHERE slug = 'feeds'`); err != nil {
			t.Fatal(err)
		}
		if after := answers(); after != before {
			t.Errorf("the English answers changed:\n%s\n%s", before, after)
		}
		if p, err := s.Product(inKiswahili, "dairy-meal-premium"); err != nil || p.Name != "Chakula cha Ng'ombe" {
			t.Errorf("the Kiswahili answer: %q, %v", p.Name, err)
		}
	})
}

// TestSearchFindsKiswahiliNames: a product is found by the words of its
// Kiswahili name and description, and of its categories', whichever the
// shopper's language, typos too; suggestions are named in the shopper's.
func TestSearchFindsKiswahiliNames(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := demoStore(t, d)
		texts := demoTexts()
		for _, ctx := range []context.Context{inEnglish, inKiswahili} {
			for q, want := range map[string]string{
				"kunywesha":                    "albendazole-10-oral-suspension", // only in Kiswahili names
				"kunyweha":                     "albendazole-10-oral-suspension", // a typo of it
				"nguruwe wanaokua":             "pig-grower-finisher-meal",
				"chumvi ya kulamba":            "dcp-salt-mix",
				"ndama":                        "calf-starter-pellets",
				"kuku wa mayai layers premium": "layers-mash-premium", // the category's Kiswahili and the name
			} {
				page, err := s.ListProducts(ctx, catalog.ListFilter{Search: q, Sort: catalog.SortRelevance, Page: 1, PageSize: 20})
				if err != nil {
					t.Fatal(err)
				}
				if !slices.Contains(slugs(page.Products), want) {
					t.Errorf("%s, %q: %v lacks %s", i18n.From(ctx), q, slugs(page.Products), want)
				}
			}
		}

		// Renamed in Kiswahili: the new name is found, the old one no more.
		p, err := s.Product(inEnglish, "rabbit-pellets")
		if err != nil {
			t.Fatal(err)
		}
		nameSW, descSW := "Chakula cha Sungura", ""
		if err := d.Tx(context.Background(), func(tx *sql.Tx) error {
			_, _, err := s.UpdateProductTx(context.Background(), tx, p.ID, catalog.ProductFields{Name: p.Name, Description: p.Description,
				BasePrice: p.BasePrice, CategoryID: p.Category, IsActive: true, NameSW: &nameSW, DescriptionSW: &descSW})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if got := slugs(find(t, s, "sungura").Products); !slices.Equal(got, []string{"rabbit-pellets"}) {
			t.Errorf("sungura: %v", got)
		}
		nameSW = "Pellets za Kitalu"
		if err := d.Tx(context.Background(), func(tx *sql.Tx) error {
			_, _, err := s.UpdateProductTx(context.Background(), tx, p.ID, catalog.ProductFields{Name: p.Name, Description: p.Description,
				BasePrice: p.BasePrice, CategoryID: p.Category, IsActive: true, NameSW: &nameSW})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		if got := slugs(find(t, s, "sungura").Products); len(got) != 0 {
			t.Errorf("the old Kiswahili name is still found: %v", got)
		}

		got, err := s.Suggest(inKiswahili, "minyoo")
		if err != nil {
			t.Fatal(err)
		}
		if len(got) < 4 || got[0] != (catalog.Suggestion{Type: "category", Name: "Dawa za Minyoo", Slug: "dewormers"}) {
			t.Fatalf("suggestions in Kiswahili: %+v", got)
		}
		for _, sg := range got {
			want := texts[sg.Slug]
			if sg.Type == "product" && want.NameSW != "" && sg.Name != want.NameSW {
				t.Errorf("suggested %+v, not in Kiswahili", sg)
			}
		}
		if en, err := s.Suggest(inEnglish, "minyoo"); err != nil || en[0].Name != "Dewormers" {
			t.Errorf("suggestions in English: %+v, %v", en, err)
		}
	})
}
