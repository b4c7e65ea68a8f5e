package catalog

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"

	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/search"
)

// The product list: the page's ids read from indexes alone, then the cards
// of those ids, kept on each product's row, in the same statement; and a
// count that stops at CountCap.

// cardColumns are productColumns and what a card adds (cardRest), for
// scanCard.
const (
	cardColumns = productColumns + cardRest
	cardRest    = `, p.price_min_cents, p.price_max_cents, p.in_stock, p.rating_tenths, p.review_count,
	p.card_variants, p.card_images`
)

func scanCard(sc db.Scanner) (Card, error) { return scanCardWith(sc) }

// scanCardSW scans cardColumnsSW.
func scanCardSW(sc db.Scanner) (Card, error) {
	var sw swNames
	c, err := scanCardWith(sc, sw.dest()...)
	if err == nil && sw.sw != "" {
		c.Images, err = sw.cardAlts(c.Images)
	}
	if err == nil {
		c.Variants, err = cardSizesSW(c.Variants)
	}
	return c, err
}

// scanCardWith scans cardColumns, then extra.
func scanCardWith(sc db.Scanner, extra ...any) (Card, error) {
	var c Card
	var minPrice, maxPrice, rating *int64
	var variants, images string
	if err := scanInfo(sc, &c.ProductInfo, append([]any{&minPrice, &maxPrice, &c.InStock, &rating, &c.ReviewCount, &variants, &images}, extra...)...); err != nil {
		return c, err
	}
	c.PriceMin, c.PriceMax = centsOrNil(minPrice), centsOrNil(maxPrice)
	if rating != nil {
		r := float64(*rating) / 10
		c.Rating = &r
	}
	c.Variants, c.Images = json.RawMessage(variants), json.RawMessage(images)
	return c, nil
}

func centsOrNil(n *int64) *money.Cents {
	if n == nil {
		return nil
	}
	c := money.Cents(*n)
	return &c
}

// listQuery is a product list's statement in parts.
type listQuery struct {
	// from is what the list reads: the products' narrow rows
	// (product_list, pl), a category's (product_categories, pc), a
	// size's (product_sizes, ps) or a size's within a category
	// (product_category_sizes, pcs), joined
	// to the products' own rows only when a condition needs them
	// (withProducts): a list and its count otherwise never step into the
	// wide product rows.
	from string
	// id is the product id in from.
	id    string
	where db.Where
	// listed is the table whose columns the sort keys and the active flag
	// are read from, so its indexes serve the order: pl; pc under a
	// category; ps for a size; pcs for both; the products themselves (p)
	// for a promotion or a collection, whose indexes lead with their flags.
	listed string
	// rank orders a search's matches best first ("" without a search), sort
	// by what is asked; both are ascending expressions, "-" before a key
	// that sorts descending.
	rank, sort []string
	// rankJoin is what a ranked page's statement adds to read rank:
	// PostgreSQL's weighted vector has narrow rows of its own, which the
	// count and a sorted page need not read.
	rankJoin string
	// none: the search has no word to look for, so nothing matches.
	none bool
	// exact counts every match, past CountCap.
	exact bool
	// lang is the language of the cards' texts and of the name order.
	lang i18n.Lang
}

// withProducts makes the products' rows (p) readable by the conditions.
func (q *listQuery) withProducts() {
	if !q.readsProducts() {
		q.from += " JOIN products p ON p.id = " + q.id + " "
	}
}

// readsProducts says whether from reads the products' rows as p.
func (q *listQuery) readsProducts() bool {
	return q.listed == "p" || strings.Contains(q.from, " products p ")
}

// keys are the sort keys, relevance first when ranked.
func (q *listQuery) keys(ranked bool) []string {
	if ranked {
		return append(append([]string{}, q.rank...), q.sort...)
	}
	return q.sort
}

// ListProducts returns a page of the active products matching f (every one
// when f.Page is 0) as cards, in the language ctx carries: texts and the
// order by name.
func (s *Store) ListProducts(ctx context.Context, f ListFilter) (ProductPage, error) {
	if page, ok, err := s.listFromIndex(ctx, f, i18n.From(ctx)); ok || err != nil {
		return page, err
	}
	q, err := s.listQuery(ctx, f, i18n.From(ctx))
	if err != nil || q.none {
		return ProductPage{Products: []Card{}}, err
	}
	q.where.And(q.listed + ".is_active = TRUE")
	return s.cardPage(ctx, &q, f.Sort == SortRelevance, f.Page, f.PageSize)
}

// cardPage reads page (from 1; 0 for every row) of size cards that q
// selects, best match first when ranked, then in q's sort, and counts
// them. The page's ids and keys come first, narrow rows sorted or read in
// index order; only the page's own rows are read whole.
func (s *Store) cardPage(ctx context.Context, q *listQuery, ranked bool, page, size int) (ProductPage, error) {
	keys, rankJoin := q.keys(ranked), ""
	if ranked {
		rankJoin = q.rankJoin
	}
	from := ` FROM ` + q.from + q.where.String()
	limit := ""
	if page > 0 {
		limit = db.Limit(page, size)
	}
	inner, outer := make([]string, len(keys)), make([]string, len(keys))
	for i, k := range keys {
		name := "k" + strconv.Itoa(i)
		expr, desc := strings.CutPrefix(k, "-")
		inner[i], outer[i] = expr+" AS "+name, "page."+name
		if desc {
			outer[i] += " DESC"
		}
	}
	order := " ORDER BY " + strings.Join(outer, ", ")
	cols, scan := cardColumns, scanCard
	if q.lang == i18n.Kiswahili {
		cols, scan = cardColumnsSW, scanCardSW
	}
	stmt := `SELECT ` + cols + ` FROM (SELECT ` + q.id + ` AS id, ` + strings.Join(inner, ", ") + ` FROM ` + q.from + rankJoin + q.where.String() +
		strings.Replace(order, "page.", "", -1) + limit + `) AS page JOIN products p ON p.id = page.id` + order
	var out ProductPage
	var err error
	if out.Products, err = db.QueryAll(ctx, s.db, "products", scan, stmt, q.where.Args...); err != nil {
		return ProductPage{}, err
	}
	if page == 0 {
		out.Count = len(out.Products)
		return out, nil
	}
	most := CountCap
	if q.exact {
		most = 0
	}
	out.Count, out.Capped, err = s.db.CountMatches(ctx, "products", from, q.where.Args, page, size, len(out.Products), most)
	return out, err
}

// listQuery turns f into the parts of the product list's statement in
// language l.
func (s *Store) listQuery(ctx context.Context, f ListFilter, l i18n.Lang) (listQuery, error) {
	q := listQuery{from: "product_list pl", id: "pl.product_id", listed: "pl", lang: l}
	nameKey, nameKeyIn, price := "pl.name_key", "pl.name_key_sw", "pl.price_cents"
	switch {
	case f.Category != "" && f.Weight != "":
		q.from, q.id, q.listed = "product_category_sizes pcs", "pcs.product_id", "pcs"
		nameKey, nameKeyIn, price = "pcs.name_key", "pcs.name_key_sw", "pcs.price_cents"
	case f.Category != "":
		q.from, q.id, q.listed = "product_categories pc", "pc.product_id", "pc"
		nameKey, nameKeyIn, price = "pc.name_key", "pc.name_key_sw", "pc.price_cents"
	case f.Promo != "" || f.Collection != "":
		q.from, q.id, q.listed = "products p", "p.id", "p"
		nameKey, nameKeyIn, price = "LOWER(p.name)", nameKeySW, "p.base_price_cents"
	case f.Weight != "":
		q.from, q.id, q.listed = "product_sizes ps", "ps.product_id", "ps"
		nameKey, nameKeyIn, price = "ps.name_key", "ps.name_key_sw", "ps.price_cents"
	}
	if l == i18n.Kiswahili {
		nameKey = nameKeyIn
	}
	id := q.id
	w := &q.where
	if f.Category != "" {
		w.And(q.listed + ".category_id = (SELECT id FROM categories WHERE slug = " + w.Arg(f.Category) + ")")
	}
	if f.Weight != "" {
		size := w.Arg(SizeKey(f.Weight))
		if q.listed == "ps" || q.listed == "pcs" {
			w.And(q.listed + ".size_key = " + size)
		} else {
			// A promotion's or a collection's products of the size,
			// gathered from the size's index range: bounded by their
			// number, where looking each flagged product up would read
			// them all for a size they hardly have.
			w.And(q.id + " IN (SELECT ps.product_id FROM product_sizes ps WHERE ps.size_key = " + size + ")")
		}
	}
	if f.Promo != "" {
		q.withProducts()
		w.And("p.promo = " + w.Arg(f.Promo))
	}
	if f.Collection != "" {
		q.withProducts()
	}
	switch f.Collection {
	case CollectionNewArrivals:
		w.And("p.is_new_arrival = TRUE")
	case CollectionBestSellers:
		w.And("p.is_best_seller = TRUE")
	case CollectionFeatured:
		w.And("p.is_featured = TRUE")
	}
	if f.MinPrice != nil {
		w.And(price + " >= " + w.Arg(int64(*f.MinPrice)))
	}
	if f.MaxPrice != nil {
		w.And(price + " <= " + w.Arg(int64(*f.MaxPrice)))
	}
	// The name and id keys match the name indexes, so a page by name reads
	// its rows in index order instead of sorting the catalogue.
	switch f.Sort {
	case SortPriceLow:
		q.sort = []string{price, nameKey, id}
	case SortPriceHigh:
		q.sort = []string{"-" + price, nameKey, id}
	default:
		q.sort = []string{nameKey, id}
	}
	if f.Search == "" {
		return q, nil
	}
	plan, err := search.PlanFor(ctx, s.db, f.Search)
	if err != nil || len(plan.Text) == 0 {
		q.none = true
		return q, err
	}
	text := s.db.ProductText()
	q.from += text.ListJoin(q.id)
	match := w.Arg(text.Query(plan.Text, false))
	w.And(text.ListMatch(match))
	q.rankJoin = text.RankJoin(q.id)
	if plan.SKUProduct != 0 {
		// An id read from the database, not text from the request: written
		// in, so the statements that do not rank (the count, a sort by
		// price) carry no parameter they leave unused, which PostgreSQL
		// refuses.
		q.rank = append(q.rank, "CASE WHEN "+q.id+" = "+strconv.FormatInt(plan.SKUProduct, 10)+" THEN 0 ELSE 1 END")
	}
	q.rank = append(q.rank, text.Rank(match))
	return q, nil
}
