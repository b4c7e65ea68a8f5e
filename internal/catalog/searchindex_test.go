package catalog_test

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/money"
	"shop/internal/search"
	"shop/internal/stock"
)

// The search index in memory (docs/architecture.md section 9) follows every
// kind of change to what it holds: after each, the index in hand is no
// longer used, a new one is built in the background, and the lists it then
// answers are the reference's. A change of stock leaves it as it is.
func TestSearchIndexFollowsTheCatalogue(t *testing.T) {
	for _, dialect := range dbtest.Engines() {
		t.Run(string(dialect), func(t *testing.T) { searchIndexFollows(t, dialect) })
	}
}

func searchIndexFollows(t *testing.T, dialect db.Dialect) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	d := dbtest.New(t, dialect)
	s := catalog.NewStore(d)
	if _, err := demo.SeedLarge(ctx, s, t.TempDir(), 300); err != nil {
		t.Fatal(err)
	}
	s.StartSearchIndex(ctx, slog.New(slog.DiscardHandler))
	lists := append(rankedSearches(), filteredSearches(t, d)...)
	for _, c := range []string{"", "mchanganyiko", "mchanganyiko-bora"} {
		for _, sort := range []string{catalog.SortName, catalog.SortPriceLow, catalog.SortPriceHigh} {
			lists = append(lists, catalog.ListFilter{Category: c, Sort: sort, Page: 1, PageSize: 20},
				catalog.ListFilter{Category: c, Weight: "20kg", Sort: sort, Page: 1, PageSize: 20},
				catalog.ListFilter{Category: c, Promo: catalog.PromoBulk, Sort: sort, Page: 1, PageSize: 20},
				catalog.ListFilter{Category: c, Collection: catalog.CollectionBestSellers, Sort: sort, Page: 1, PageSize: 20})
		}
	}
	for _, q := range []string{"Kuku Supreme", "supreme", "mchanganyiko", "25kg", "madini"} {
		for _, sort := range []string{catalog.SortRelevance, catalog.SortPriceLow} {
			lists = append(lists, catalog.ListFilter{Search: q, Sort: sort, Page: 1, PageSize: 20})
			for _, c := range []string{"mchanganyiko", "mchanganyiko-bora"} {
				lists = append(lists, catalog.ListFilter{Search: q, Category: c, Sort: sort, Page: 1, PageSize: 20})
			}
		}
	}
	// current waits for the index to be rebuilt, then holds its lists to the
	// reference.
	current := func(after string) {
		t.Helper()
		for deadline := time.Now().Add(time.Minute); !s.SearchIndexCurrent(ctx); time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("after %s: the search index was not rebuilt in a minute", after)
			}
		}
		compareLists(t, s, d, lists)
	}
	if _, err := s.ListProducts(ctx, catalog.ListFilter{Search: "kuku", Sort: catalog.SortRelevance, Page: 1, PageSize: 20}); err != nil {
		t.Fatal(err)
	}
	current("the first search")

	var p catalog.EditedProduct
	var cat catalog.EditedCategory
	fields := func(p catalog.EditedProduct) catalog.ProductFields {
		f := catalog.ProductFields{Name: p.Name, Description: p.Description, BasePrice: p.BasePrice, CategoryID: p.Category,
			IsActive: p.IsActive, IsFeatured: p.IsFeatured, IsBestSeller: p.IsBestSeller, IsNewArrival: p.IsNewArrival}
		if p.Promo != nil {
			f.Promo = *p.Promo
		}
		return f
	}
	for _, change := range []struct {
		name string
		tx   func(tx *sql.Tx) error
	}{
		{"a new category and product", func(tx *sql.Tx) (err error) {
			if cat, err = s.CreateCategoryTx(ctx, tx, catalog.CategoryFields{Name: "Mchanganyiko", Slug: "mchanganyiko"}); err != nil {
				return err
			}
			p, err = s.CreateProductTx(ctx, tx, catalog.ProductFields{Name: "Kuku Supreme Layers", Description: "Mchanganyiko wa kuku.",
				BasePrice: money.FromShillings(2100), CategoryID: cat.ID, IsActive: true})
			if err != nil {
				return err
			}
			if _, err = s.AddVariantTx(ctx, tx, p.ID, catalog.VariantFields{Size: "25 Kg", SKU: "KSL-25", Price: money.FromShillings(2100), Stock: 5},
				stock.Edits(stock.Mover{})); err != nil {
				return err
			}
			// Publishing answers the product as it was, a draft.
			_, err = s.PublishProductTx(ctx, tx, p.ID)
			p.IsActive = true
			return err
		}},
		{"a rename", func(tx *sql.Tx) (err error) {
			f := fields(p)
			f.Name = "Supreme Kuku Grower"
			_, p, err = s.UpdateProductTx(ctx, tx, p.ID, f)
			return err
		}},
		{"a description", func(tx *sql.Tx) (err error) {
			f := fields(p)
			f.Description = "Chakula cha kuku wa mayai, kilichochanganywa na madini."
			_, p, err = s.UpdateProductTx(ctx, tx, p.ID, f)
			return err
		}},
		{"a price, a promotion and a collection", func(tx *sql.Tx) (err error) {
			f := fields(p)
			f.BasePrice, f.Promo, f.IsBestSeller = money.FromShillings(1500), catalog.PromoBulk, true
			_, p, err = s.UpdateProductTx(ctx, tx, p.ID, f)
			return err
		}},
		{"a size", func(tx *sql.Tx) error {
			_, err := s.AddVariantTx(ctx, tx, p.ID, catalog.VariantFields{Size: "20 Kg", SKU: "KSL-20", Price: money.FromShillings(1500), Stock: 2},
				stock.Edits(stock.Mover{}))
			return err
		}},
		{"a category's name and slug", func(tx *sql.Tx) (err error) {
			_, cat, err = s.UpdateCategoryTx(ctx, tx, cat.ID, catalog.CategoryFields{Name: "Mchanganyiko Bora", Slug: "mchanganyiko-bora"})
			return err
		}},
		{"a product hidden", func(tx *sql.Tx) (err error) {
			_, err = s.HideProductTx(ctx, tx, p.ID)
			return err
		}},
		{"a product deleted", func(tx *sql.Tx) error {
			_, err := s.DeleteProductTx(ctx, tx, p.ID)
			return err
		}},
	} {
		if err := d.Tx(ctx, change.tx); err != nil {
			t.Fatalf("%s: %v", change.name, err)
		}
		if s.SearchIndexCurrent(ctx) {
			t.Fatalf("after %s: the index in hand is still used", change.name)
		}
		current(change.name)
		found := false
		if page, err := s.ListProducts(ctx, catalog.ListFilter{Search: "supreme kuku", Sort: catalog.SortRelevance, Page: 1, PageSize: 20}); err != nil {
			t.Fatal(err)
		} else {
			found = slices.ContainsFunc(page.Products, func(c catalog.Card) bool { return c.ID == p.ID })
		}
		if want := !strings.Contains(change.name, "hidden") && !strings.Contains(change.name, "deleted"); found != want {
			t.Fatalf("after %s: the product found %t, want %t", change.name, found, want)
		}
	}

	// Searches beside writes: each answers from a current index or from the
	// statements, and the index comes to the reference once writes stop.
	var q catalog.EditedProduct
	if err := d.Tx(ctx, func(tx *sql.Tx) (err error) {
		q, err = s.CreateProductTx(ctx, tx, catalog.ProductFields{Name: "Kuku Grower Mash", Description: "Chakula cha kuku.",
			BasePrice: money.FromShillings(1800), CategoryID: cat.ID, IsActive: true})
		return err
	}); err != nil {
		t.Fatal(err)
	}
	var searchers sync.WaitGroup
	stop := make(chan struct{})
	for range 4 {
		searchers.Go(func() {
			for {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := s.ListProducts(ctx, catalog.ListFilter{Search: "kuku", Sort: catalog.SortRelevance, Page: 1, PageSize: 20}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	for i := range 10 {
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			f := fields(q)
			f.Name, f.BasePrice = fmt.Sprintf("Kuku Grower Mash %d", i), money.FromShillings(int64(1800+i))
			_, _, err := s.UpdateProductTx(ctx, tx, q.ID, f)
			return err
		}); err != nil {
			t.Fatal(err)
		}
	}
	close(stop)
	searchers.Wait()
	current("searches beside writes")

	// Stock moves with every checkout: the index stays.
	var variant int64
	if err := d.QueryRow(ctx, `SELECT MIN(id) FROM variants WHERE stock > 0`).Scan(&variant); err != nil {
		t.Fatal(err)
	}
	if err := d.Tx(ctx, func(tx *sql.Tx) error { return stock.TakeTx(ctx, tx, []stock.Line{{VariantID: variant, Qty: 1}}) }); err != nil {
		t.Fatal(err)
	}
	if !s.SearchIndexCurrent(ctx) {
		t.Fatal("a sale moved the search index's version")
	}
}

// The search index in memory scores every match of a search as the
// engine's own ranking function does, bit for bit: FTS5's bm25 on SQLite,
// ts_rank on PostgreSQL (docs/architecture.md section 9). The searches are
// the list workload's and, from the index's own words, whole words,
// prefixes of three to six letters and pairs.
func TestSearchIndexScoresAsTheEngine(t *testing.T) {
	for _, dialect := range dbtest.Engines() {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.New(t, dialect)
			s := catalog.NewStore(d)
			if _, err := demo.SeedLarge(ctx, s, t.TempDir(), 600); err != nil {
				t.Fatal(err)
			}
			if err := s.BuildSearchIndex(ctx); err != nil {
				t.Fatal(err)
			}
			searches := []string{"kuku", "chakula cha kuku", "dairy meal", "layers", "madini", "albendazole", "ng'ombe", "mineral", "dawa ya minyoo"}
			words := s.SearchIndexWords(ctx)
			for i := 0; i < len(words); i += 7 {
				w := words[i]
				searches = append(searches, w, w[:min(len(w), 3+i%4)], w+" "+words[(i*31)%len(words)][:min(4, len(words[(i*31)%len(words)]))])
			}
			engine := `SELECT rowid, bm25(products_text, 10.0, 4.0, 1.0) FROM products_text WHERE products_text MATCH $1`
			if dialect == db.Postgres {
				engine = `SELECT product_id, ts_rank(search_text, CAST($1 AS tsquery)) FROM product_search_text WHERE search_text @@ CAST($1 AS tsquery)`
			}
			compared, declined, scores := 0, 0, 0
			for _, q := range searches {
				got, ok, err := s.SearchIndexRanks(ctx, q)
				if err != nil {
					t.Fatalf("%q: %v", q, err)
				}
				if !ok {
					declined++
					continue
				}
				plan, err := search.PlanFor(ctx, d, q)
				if err != nil {
					t.Fatal(err)
				}
				want := map[int64]float64{}
				rows, err := d.Query(ctx, engine, d.ProductText().Query(plan.Text, false))
				if err != nil {
					t.Fatalf("%q: %v", q, err)
				}
				for rows.Next() {
					var id int64
					var rank float64
					if err := rows.Scan(&id, &rank); err != nil {
						t.Fatal(err)
					}
					want[id] = rank
				}
				if err := rows.Close(); err != nil {
					t.Fatal(err)
				}
				if len(got) != len(want) {
					t.Fatalf("%q: the index matches %d products, the engine %d", q, len(got), len(want))
				}
				for id, r := range want {
					if got[id] != r {
						t.Fatalf("%q: product %d scores %v (%x) in the index, %v (%x) in the engine", q, id, got[id], math.Float64bits(got[id]), r, math.Float64bits(r))
					}
				}
				compared++
				scores += len(want)
			}
			t.Logf("%d searches compared (%d scores), %d declined", compared, scores, declined)
			if declined*10 > len(searches) {
				t.Fatalf("the index declined %d of %d searches", declined, len(searches))
			}
		})
	}
}
