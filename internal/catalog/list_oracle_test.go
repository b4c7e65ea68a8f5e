package catalog_test

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/search"
)

// The product list answers what a straightforward query of the products
// answers, for every filter and sort of the mixed workload that is not a
// search (cmd/benchdata, docs/benchmarks.md) and for searches by
// relevance, in both languages and on both engines: the page's products in
// order, and its count, capped as docs/architecture.md section 9 says. It
// guards any reshaping of the list's statements or tables for speed.
func TestListAnswersTheReferenceQuery(t *testing.T) {
	for _, dialect := range dbtest.Engines() {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.New(t, dialect)
			store := catalog.NewStore(d)
			// Past CountCap, so counts are capped too.
			if _, err := demo.SeedLarge(ctx, store, t.TempDir(), 1_100); err != nil {
				t.Fatal(err)
			}
			lists := append(append(mixedFilters(), rankedSearches()...), filteredSearches(t, d)...)
			compareLists(t, store, d, lists)
			// The same lists answered by the search index in memory
			// (docs/architecture.md section 9).
			if err := store.BuildSearchIndex(ctx); err != nil {
				t.Fatal(err)
			}
			if !store.SearchIndexCurrent(ctx) {
				t.Fatal("the search index is not current once built")
			}
			compareLists(t, store, d, lists)
			for _, f := range lists {
				if !store.AnsweredFromIndex(ctx, f) {
					t.Errorf("%+v: not answered from the search index", f)
				}
			}
			if !store.SearchIndexCurrent(ctx) {
				t.Fatal("the search index went stale while nothing was written")
			}
		})
	}
}

// compareLists holds each list to the reference, in both languages.
func compareLists(t *testing.T, store *catalog.Store, d *db.DB, lists []catalog.ListFilter) {
	t.Helper()
	ctx := context.Background()
	under := categoryTree(t, d)
	checked := 0
	for _, f := range lists {
		for _, l := range []i18n.Lang{i18n.English, i18n.Kiswahili} {
			lctx := i18n.WithLang(ctx, l)
			got, err := store.ListProducts(lctx, f)
			if err != nil {
				t.Fatalf("%+v: %v", f, err)
			}
			all := referenceIDs(t, d, f, l, under)
			from, to := min((f.Page-1)*f.PageSize, len(all)), min(f.Page*f.PageSize, len(all))
			want := all[from:to]
			ids := make([]int64, len(got.Products))
			for i, c := range got.Products {
				ids[i] = c.ID
			}
			if !slices.Equal(ids, want) {
				t.Fatalf("%s %+v: ids %v, the reference %v", l, f, ids, want)
			}
			wantCount, wantCapped := len(all), false
			if most := max(catalog.CountCap, f.Page*f.PageSize); len(all) > most && !(len(ids) < f.PageSize && len(ids) > 0) {
				wantCount, wantCapped = most, true
			}
			if got.Count != wantCount || got.Capped != wantCapped {
				t.Fatalf("%s %+v: count %d capped %t, want %d %t", l, f, got.Count, got.Capped, wantCount, wantCapped)
			}
			checked++
		}
	}
	t.Logf("%d lists compared", checked)
}

// mixedFilters are the list workload's filters without a search: every
// category (and none) by sort and page, sizes alone and with a category,
// a price band, a collection or a promotion, price bands by category, and
// the collections and promotions.
func mixedFilters() []catalog.ListFilter {
	var out []catalog.ListFilter
	categories := []string{""}
	for _, c := range demo.Categories() {
		categories = append(categories, c.Slug)
	}
	sorts := []string{catalog.SortName, catalog.SortPriceLow, catalog.SortPriceHigh}
	pages := []int{1, 2, 5, 25, 60}
	add := func(f catalog.ListFilter) {
		f.PageSize = 20
		out = append(out, f)
	}
	for _, c := range categories {
		for _, s := range sorts {
			for _, p := range pages {
				add(catalog.ListFilter{Category: c, Sort: s, Page: p})
			}
		}
	}
	for _, weight := range []string{"10kg", "20kg", "70kg", "1litre", "120ml"} {
		for _, c := range []string{"", "feeds", "dewormers", "supplements"} {
			for _, s := range sorts {
				add(catalog.ListFilter{Category: c, Weight: weight, Sort: s, Page: 1})
				add(catalog.ListFilter{Category: c, Weight: weight, Sort: s, Page: 3})
			}
		}
		// A size with a price band, a collection or a promotion, and with a
		// category as well.
		low, high := money.FromShillings(1000), money.FromShillings(3000)
		add(catalog.ListFilter{Weight: weight, MinPrice: &low, MaxPrice: &high, Sort: catalog.SortPriceHigh, Page: 1})
		add(catalog.ListFilter{Category: "feeds", Weight: weight, MinPrice: &low, MaxPrice: &high, Sort: catalog.SortPriceLow, Page: 1})
		add(catalog.ListFilter{Category: "dewormers", Weight: weight, Promo: catalog.PromoBulk, Sort: catalog.SortName, Page: 1})
		add(catalog.ListFilter{Weight: weight, Collection: catalog.CollectionBestSellers, Sort: catalog.SortName, Page: 1})
		add(catalog.ListFilter{Weight: weight, Promo: catalog.PromoBulk, Sort: catalog.SortPriceLow, Page: 1})
	}
	ksh := func(n int64) *money.Cents { c := money.FromShillings(n); return &c }
	for _, c := range categories {
		for _, band := range [][2]*money.Cents{{nil, ksh(1000)}, {ksh(1000), ksh(3000)}, {ksh(3000), nil}} {
			for _, p := range []int{1, 3} {
				add(catalog.ListFilter{Category: c, MinPrice: band[0], MaxPrice: band[1], Sort: catalog.SortName, Page: p})
			}
		}
	}
	for _, collection := range []string{catalog.CollectionNewArrivals, catalog.CollectionBestSellers, catalog.CollectionFeatured} {
		for _, p := range pages {
			add(catalog.ListFilter{Collection: collection, Sort: catalog.SortName, Page: p})
		}
	}
	for _, promo := range []string{catalog.PromoBulk, catalog.PromoSeasonal} {
		for _, s := range sorts {
			add(catalog.ListFilter{Promo: promo, Sort: s, Page: 1})
			add(catalog.ListFilter{Promo: promo, Sort: s, Page: 2})
		}
	}
	return out
}

// rankedSearches are searches by relevance, broad and narrow, alone and
// within a category, over several pages.
func rankedSearches() []catalog.ListFilter {
	var out []catalog.ListFilter
	for _, search := range []string{"kuku", "chakula cha kuku", "dairy meal", "layers", "madini", "albendazole", "ng'ombe"} {
		for _, c := range []string{"", "feeds", "dewormers"} {
			for _, p := range []int{1, 2, 5} {
				out = append(out, catalog.ListFilter{Search: search, Category: c, Sort: catalog.SortRelevance, Page: p, PageSize: 20})
			}
		}
	}
	return out
}

// filteredSearches are searches with the list's other filters and sorts:
// sizes, price bands, promotions, collections, a SKU, and pages past the
// count's cap.
func filteredSearches(t *testing.T, d *db.DB) []catalog.ListFilter {
	t.Helper()
	var sku string
	if err := d.QueryRow(context.Background(), `SELECT v.sku FROM variants v JOIN products p ON p.id = v.product_id
		WHERE p.is_active = TRUE AND v.sku <> '' ORDER BY v.id LIMIT 1`).Scan(&sku); err != nil {
		t.Fatal(err)
	}
	low, high := money.FromShillings(1000), money.FromShillings(3000)
	var out []catalog.ListFilter
	for _, s := range []string{"kuku", "dairy meal", "mineral", "dawa ya minyoo", sku} {
		for _, sort := range []string{catalog.SortRelevance, catalog.SortName, catalog.SortPriceLow, catalog.SortPriceHigh} {
			out = append(out,
				catalog.ListFilter{Search: s, Sort: sort, Page: 1, PageSize: 20},
				catalog.ListFilter{Search: s, Sort: sort, Page: 51, PageSize: 20},
				catalog.ListFilter{Search: s, Weight: "20kg", Sort: sort, Page: 1, PageSize: 20},
				catalog.ListFilter{Search: s, Category: "supplements", MinPrice: &low, MaxPrice: &high, Sort: sort, Page: 1, PageSize: 20},
				catalog.ListFilter{Search: s, Promo: catalog.PromoBulk, Sort: sort, Page: 2, PageSize: 10},
				catalog.ListFilter{Search: s, Collection: catalog.CollectionBestSellers, Sort: sort, Page: 1, PageSize: 20},
				catalog.ListFilter{Search: s, Collection: catalog.CollectionFeatured, Weight: "10kg", Sort: sort, Page: 1, PageSize: 20})
		}
	}
	return out
}

// categoryTree maps each category's slug to its id and its descendants'.
func categoryTree(t *testing.T, d *db.DB) map[string][]int64 {
	t.Helper()
	type cat struct {
		id     int64
		parent *int64
		slug   string
	}
	cats, err := db.QueryAll(context.Background(), d, "categories", func(r db.Scanner) (cat, error) {
		var c cat
		return c, r.Scan(&c.id, &c.parent, &c.slug)
	}, `SELECT id, parent_id, slug FROM categories`)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]int64{}
	for _, c := range cats {
		// Walk up from every category, adding it under each ancestor.
		for at := &c; at != nil; {
			out[at.slug] = append(out[at.slug], c.id)
			var up *cat
			if at.parent != nil {
				for i := range cats {
					if cats[i].id == *at.parent {
						up = &cats[i]
					}
				}
			}
			at = up
		}
	}
	return out
}

// referenceIDs is every active product f selects, in its order, read the
// plain way: one statement over products, no index-shaped tables. A search
// ranks on PostgreSQL by the weighted vector in the products' own rows (not
// its narrow copy, migration 0125), on SQLite by FTS5's bm25; then by name
// and id, as the list orders its ties.
func referenceIDs(t *testing.T, d *db.DB, f catalog.ListFilter, l i18n.Lang, under map[string][]int64) []int64 {
	t.Helper()
	var w []string
	var args []any
	arg := func(v any) string { args = append(args, v); return "$" + strconv.Itoa(len(args)) }
	w = append(w, "p.is_active = TRUE")
	from, rank := "products p", ""
	if f.Search != "" {
		plan, err := search.PlanFor(context.Background(), d, f.Search)
		if err != nil || len(plan.Text) == 0 {
			t.Fatalf("%q: a search of words was wanted: %+v %v", f.Search, plan, err)
		}
		text := arg(d.ProductText().Query(plan.Text, false))
		if d.Dialect == db.Postgres {
			w = append(w, "p.search_text @@ to_tsquery('simple', "+text+")")
			rank = "-ts_rank(p.search_text, to_tsquery('simple', " + text + "))"
		} else {
			from += " JOIN products_text ON products_text.rowid = p.id"
			w = append(w, "products_text MATCH "+text)
			rank = "bm25(products_text, 10.0, 4.0, 1.0)"
		}
		if plan.SKUProduct != 0 {
			rank = "CASE WHEN p.id = " + strconv.FormatInt(plan.SKUProduct, 10) + " THEN 0 ELSE 1 END, " + rank
		}
	}
	if f.Category != "" {
		// A category that does not exist (yet) holds nothing: -1 is no id.
		ids := []string{"-1"}
		for _, id := range under[f.Category] {
			ids = append(ids, strconv.FormatInt(id, 10))
		}
		w = append(w, "p.category_id IN ("+strings.Join(ids, ", ")+")")
	}
	if f.Weight != "" {
		w = append(w, "EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.size_key = "+arg(catalog.SizeKey(f.Weight))+")")
	}
	if f.Promo != "" {
		w = append(w, "p.promo = "+arg(f.Promo))
	}
	switch f.Collection {
	case catalog.CollectionNewArrivals:
		w = append(w, "p.is_new_arrival = TRUE")
	case catalog.CollectionBestSellers:
		w = append(w, "p.is_best_seller = TRUE")
	case catalog.CollectionFeatured:
		w = append(w, "p.is_featured = TRUE")
	}
	if f.MinPrice != nil {
		w = append(w, "p.base_price_cents >= "+arg(int64(*f.MinPrice)))
	}
	if f.MaxPrice != nil {
		w = append(w, "p.base_price_cents <= "+arg(int64(*f.MaxPrice)))
	}
	name := "LOWER(p.name)"
	if l == i18n.Kiswahili {
		name = "LOWER(CASE WHEN p.name_sw <> '' THEN p.name_sw ELSE p.name END)"
	}
	order := name + ", p.id"
	switch f.Sort {
	case catalog.SortPriceLow:
		order = "p.base_price_cents, " + order
	case catalog.SortPriceHigh:
		order = "p.base_price_cents DESC, " + order
	case catalog.SortRelevance:
		order = rank + ", " + order
	}
	q := fmt.Sprintf("SELECT p.id FROM %s WHERE %s ORDER BY %s", from, strings.Join(w, " AND "), order)
	ids, err := db.QueryAll(context.Background(), d, "reference", func(r db.Scanner) (int64, error) {
		var id int64
		return id, r.Scan(&id)
	}, q, args...)
	if err != nil {
		t.Fatal(err)
	}
	return ids
}
