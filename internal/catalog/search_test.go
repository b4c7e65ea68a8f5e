package catalog_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/money"
	"shop/internal/search"
	"shop/internal/stock"
	"shop/internal/testkit"
)

// inTree says whether a card's category lies in the tree under one of the
// category slugs.
type inTree func(c catalog.Card, slugs ...string) bool

// demoStore is a store holding the demo catalogue, and its inTree.
func demoStore(t *testing.T, d *db.DB) (*catalog.Store, inTree) {
	t.Helper()
	s := catalog.NewStore(d)
	if _, err := demo.Seed(context.Background(), s, t.TempDir()); err != nil {
		t.Fatal(err)
	}
	cats, err := s.Categories(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int64]catalog.Category{}
	for _, c := range cats {
		byID[c.ID] = c
	}
	under := func(c catalog.Card, slugs ...string) bool {
		for id := c.Category; ; {
			cat := byID[id]
			if slices.Contains(slugs, cat.Slug) {
				return true
			}
			if cat.Parent == nil {
				return false
			}
			id = *cat.Parent
		}
	}
	return s, under
}

// eachDemo runs fn on a fresh demoStore of each engine.
func eachDemo(t *testing.T, fn func(t *testing.T, s *catalog.Store, under inTree)) {
	t.Helper()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, under := demoStore(t, d)
		fn(t, s, under)
	})
}

func find(t *testing.T, s *catalog.Store, q string) catalog.ProductPage {
	t.Helper()
	page, err := s.ListProducts(context.Background(), catalog.ListFilter{Search: q, Sort: catalog.SortRelevance, Page: 1, PageSize: 20})
	if err != nil {
		t.Fatalf("search %q: %v", q, err)
	}
	return page
}

func hasSize(t *testing.T, c catalog.Card, size string) bool {
	var vs []catalog.Variant
	if err := json.Unmarshal(c.Variants, &vs); err != nil {
		t.Fatal(err)
	}
	return slices.ContainsFunc(vs, func(v catalog.Variant) bool { return v.Size == size })
}

// TestSearchRelevance: what farmers type finds what they mean, best first,
// on the demo catalogue.
func TestSearchRelevance(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *catalog.Store, under inTree) {
		named := func(prefix string) func(catalog.Card) bool {
			return func(c catalog.Card) bool { return strings.HasPrefix(c.Name, prefix) }
		}
		dewormer := func(c catalog.Card) bool { return under(c, "dewormers") }
		poultry := func(c catalog.Card) bool {
			return under(c, "layers", "chick-feeds", "broiler-feeds", "kienyeli-mash") || strings.Contains(c.Name, "Poultry")
		}
		for _, tc := range []struct {
			query string
			// first is how many results come first, each passing want.
			first int
			want  func(catalog.Card) bool
		}{
			{"albendazol", 4, named("Albendazole")},
			{"albend", 4, named("Albendazole")},
			{"dewomer", 6, dewormer},
			{"dawa ya minyoo", 6, dewormer},
			{"Dawa ya Minyoo", 6, dewormer},
			{"wormer", 6, dewormer},
			{"DCP 18", 1, named("Mifugo Bora DCP 18% Feed Grade Powder")},
			{"18%", 1, named("Mifugo Bora DCP 18% Feed Grade Powder")},
			{"10kg", 20, func(c catalog.Card) bool { return hasSize(t, c, "10 Kg") }},
			{"kuku", 6, poultry},
			{"chakula cha kuku", 6, poultry},
			{"layres", 4, func(c catalog.Card) bool { return strings.Contains(c.Name, "Layers") }},
			{"MB-ALB10-120ML", 1, named("Albendazole 10% Oral Suspension")},
			{"mb-alb10-120ml", 1, named("Albendazole 10% Oral Suspension")},
			{"nguruwe", 2, func(c catalog.Card) bool { return under(c, "pig-feeds") }},
			{"madini", 3, func(c catalog.Card) bool {
				return strings.Contains(c.Name, "DCP") || strings.Contains(c.Name, "Mineral")
			}},
		} {
			t.Run(tc.query, func(t *testing.T) {
				page := find(t, s, tc.query)
				if len(page.Products) < tc.first {
					t.Fatalf("%d results, want at least %d: %v", len(page.Products), tc.first, names(page.Products))
				}
				for i, c := range page.Products[:tc.first] {
					if !tc.want(c) {
						t.Fatalf("result %d is %q: %v", i+1, c.Name, names(page.Products))
					}
				}
			})
		}
		// Every search, sorted otherwise and a page too short to tell the
		// count, runs on both engines.
		for _, q := range []string{"MB-ALB10-120ML", "dawa ya minyoo", "10kg", "albendazol"} {
			for _, sort := range []string{catalog.SortName, catalog.SortPriceLow, catalog.SortRelevance} {
				f := catalog.ListFilter{Search: q, Sort: sort, Page: 1, PageSize: 1}
				if page, err := s.ListProducts(context.Background(), f); err != nil || page.Count == 0 {
					t.Errorf("%q by %s: %d found (%v)", q, sort, page.Count, err)
				}
			}
		}
		for _, q := range []string{"zzzzzz", "%%%", "dewormerxyz"} {
			if page := find(t, s, q); len(page.Products) != 0 || page.Count != 0 {
				t.Errorf("%q found %v", q, names(page.Products))
			}
		}
	})
}

func names(cs []catalog.Card) []string {
	return testkit.Map(cs, func(c catalog.Card) string { return c.Name })
}

// TestSearchFollowsChanges: the index changes with the catalogue, in the
// same transaction, through every admin change.
func TestSearchFollowsChanges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := catalog.NewStore(d)
		ctx := context.Background()
		inTx := func(fn func(tx *sql.Tx) error) {
			t.Helper()
			if err := d.Tx(ctx, fn); err != nil {
				t.Fatal(err)
			}
		}
		found := func(q string) []string {
			t.Helper()
			return names(find(t, s, q).Products)
		}
		var cat catalog.EditedCategory
		var p catalog.EditedProduct
		var v catalog.Variant
		inTx(func(tx *sql.Tx) (err error) {
			if cat, err = s.CreateCategoryTx(ctx, tx, catalog.CategoryFields{Name: "Rabbit Feeds", Slug: "rabbit-feeds"}); err != nil {
				return err
			}
			p, err = s.CreateProductTx(ctx, tx, catalog.ProductFields{Name: "Sungura Pellets", Description: "Pellets for rabbits.",
				BasePrice: money.FromShillings(900), CategoryID: cat.ID, IsActive: true})
			if err != nil {
				return err
			}
			// A new product is a draft: published once it has a size.
			if _, err = s.AddVariantTx(ctx, tx, p.ID, catalog.VariantFields{Size: "10 Kg", SKU: "BUN-10", Price: money.FromShillings(900)}, stock.Edits(stock.Mover{})); err != nil {
				return err
			}
			_, err = s.PublishProductTx(ctx, tx, p.ID)
			return err
		})
		if got := found("sungura"); !slices.Equal(got, []string{"Sungura Pellets"}) {
			t.Fatalf("new product: %v", got)
		}
		inTx(func(tx *sql.Tx) (err error) {
			_, _, err = s.UpdateProductTx(ctx, tx, p.ID, catalog.ProductFields{Name: "Bunny Grower Pellets", Description: "Pellets.",
				BasePrice: money.FromShillings(900), CategoryID: cat.ID, IsActive: true})
			return err
		})
		if got := found("sungura"); len(got) != 0 {
			t.Fatalf("old name still found: %v", got)
		}
		if got := found("bunny grower"); !slices.Equal(got, []string{"Bunny Grower Pellets"}) {
			t.Fatalf("renamed product: %v", got)
		}
		inTx(func(tx *sql.Tx) (err error) {
			v, err = s.AddVariantTx(ctx, tx, p.ID, catalog.VariantFields{Size: "25 Kg", SKU: "BUN-25", Price: money.FromShillings(900), Stock: 4}, stock.Edits(stock.Mover{}))
			return err
		})
		if got := found("BUN-25"); !slices.Equal(got, []string{"Bunny Grower Pellets"}) {
			t.Fatalf("new size's SKU: %v", got)
		}
		card := find(t, s, "bunny").Products[0]
		if !card.InStock || card.PriceMin == nil || *card.PriceMin != money.FromShillings(900) || !hasSize(t, card, "25 Kg") {
			t.Fatalf("card after adding a size: %+v", card)
		}
		inTx(func(tx *sql.Tx) error {
			return stock.TakeTx(ctx, tx, []stock.Line{{VariantID: v.ID, Qty: 4}})
		})
		if card := find(t, s, "bunny").Products[0]; card.InStock {
			t.Fatal("card still in stock after the last bags were sold")
		}
		inTx(func(tx *sql.Tx) (err error) {
			_, _, err = s.UpdateCategoryTx(ctx, tx, cat.ID, catalog.CategoryFields{Name: "Sungura Chakula", Slug: "sungura-chakula"})
			return err
		})
		if got := found("chakula sungura"); !slices.Equal(got, []string{"Bunny Grower Pellets"}) {
			t.Fatalf("renamed category: %v", got)
		}
		inTx(func(tx *sql.Tx) error {
			_, err := s.DeleteVariantTx(ctx, tx, p.ID, v.ID)
			return err
		})
		if got := found("BUN-25"); len(got) != 0 {
			t.Fatalf("deleted size's SKU still found: %v", got)
		}
		inTx(func(tx *sql.Tx) error {
			_, err := s.DeleteProductTx(ctx, tx, p.ID)
			return err
		})
		if got := found("bunny"); len(got) != 0 {
			t.Fatalf("deleted product still found: %v", got)
		}
	})
}

// TestSuggest: names while typing, categories first, at most eight.
func TestSuggest(t *testing.T) {
	eachDemo(t, func(t *testing.T, s *catalog.Store, _ inTree) {
		ctx := context.Background()
		for _, tc := range []struct {
			typed string
			first []catalog.Suggestion
			// all: every suggestion's name holds this word
			all string
		}{
			{"albend", []catalog.Suggestion{{Type: "category", Name: "Albendazole 10%", Slug: "albendazole-10"},
				{Type: "category", Name: "Albendazole 2.5%", Slug: "albendazole-25"}}, "Albendazole"},
			// The phrase means dewormer, and the drenches say it in their
			// Kiswahili names.
			{"dawa ya minyoo", []catalog.Suggestion{{Type: "category", Name: "Dewormers", Slug: "dewormers"},
				{Type: "product", Name: "Albendazole 10% Oral Suspension", Slug: "albendazole-10-oral-suspension"}}, ""},
			{"layres", []catalog.Suggestion{{Type: "category", Name: "Layers Mash", Slug: "layers"}}, "Layers"},
			{"", nil, ""},
			{"zzzzqq", nil, ""},
		} {
			got, err := s.Suggest(ctx, tc.typed)
			if err != nil {
				t.Fatal(err)
			}
			if len(got) > catalog.MaxSuggestions || len(got) < len(tc.first) || !slices.Equal(got[:len(tc.first)], tc.first) {
				t.Errorf("%q: %+v", tc.typed, got)
				continue
			}
			for _, sg := range got {
				if !strings.Contains(sg.Name, tc.all) || sg.Slug == "" {
					t.Errorf("%q: suggested %+v", tc.typed, sg)
				}
			}
		}
	})
}

// TestSynonymsEdited: a phrase the admin adds is understood at once; the
// list is stored as the search reads it.
func TestSynonymsEdited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, under := demoStore(t, d)
		ctx := context.Background()
		if got := find(t, s, "kipanya"); len(got.Products) != 0 {
			t.Fatalf("kipanya before it was taught: %v", names(got.Products))
		}
		list, err := search.SynonymsInput{Synonyms: []search.Synonym{
			{Phrase: "  Kipanya ", Expansion: "Rabbit,, PELLETS "}, {Phrase: "Dawa ya  Minyoo", Expansion: "dewormer"},
		}}.Check()
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Tx(ctx, func(tx *sql.Tx) error { _, err := search.ReplaceSynonymsTx(ctx, tx, list); return err }); err != nil {
			t.Fatal(err)
		}
		stored, err := search.Synonyms(ctx, d)
		if err != nil || len(stored) != 2 || stored[1].Phrase != "kipanya" || stored[1].Expansion != "rabbit, pellets" {
			t.Fatalf("stored %+v (%v)", stored, err)
		}
		if got := find(t, s, "kipanya"); len(got.Products) == 0 || got.Products[0].Name != "Mifugo Bora Rabbit Pellets" {
			t.Fatalf("kipanya: %v", names(got.Products))
		}
		// (Not kuku: the demo's Kiswahili names say it themselves.)
		if got := find(t, s, "wormer"); len(got.Products) != 0 {
			t.Fatalf("wormer after it was removed from the list: %v", names(got.Products))
		}
		if got := find(t, s, "dawa ya minyoo"); len(got.Products) == 0 || !under(got.Products[0], "dewormers") {
			t.Fatalf("dawa ya minyoo: %v", names(got.Products))
		}
		for _, bad := range [][]search.Synonym{{{Phrase: "kuku", Expansion: " , "}}, {{Phrase: "kuku", Expansion: "a"}, {Phrase: "KUKU", Expansion: "b"}}} {
			if _, err := (search.SynonymsInput{Synonyms: bad}).Check(); err == nil {
				t.Errorf("%+v accepted", bad)
			}
		}
	})
}
