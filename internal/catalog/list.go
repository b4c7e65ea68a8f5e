package catalog

import (
	"context"
	"encoding/json"
	"strconv"

	"shop/internal/db"
	"shop/internal/money"
)

// The product list: one read for the page, from the cards kept on each
// product's row, and a count that stops at CountCap.

// cardColumns are productColumns and what a card adds, for scanCard.
const cardColumns = productColumns + `, p.price_min_cents, p.price_max_cents, p.in_stock, p.rating_tenths, p.review_count,
	p.card_variants, p.card_images`

func scanCard(sc db.Scanner) (Card, error) {
	var c Card
	var minPrice, maxPrice, rating *int64
	var variants, images string
	if err := scanInfo(sc, &c.ProductInfo, &minPrice, &maxPrice, &c.InStock, &rating, &c.ReviewCount, &variants, &images); err != nil {
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

// listQuery is a product list's statement in parts: the category tree walk
// it may need, the joins, the conditions and the order.
type listQuery struct {
	with, join string
	where      db.Where
	// rank orders a search's matches best first ("" without a search),
	// order by what is asked.
	rank, order string
	// none: the search has no word to look for, so nothing matches.
	none bool
	// exact counts every match, past CountCap.
	exact bool
}

// orderBy is the statement's ORDER BY: by relevance first when ranked.
func (q *listQuery) orderBy(ranked bool) string {
	if ranked && q.rank != "" {
		return q.rank + ", " + q.order
	}
	return q.order
}

// ListProducts returns a page of the active products matching f (every one
// when f.Page is 0) as cards.
func (s *Store) ListProducts(ctx context.Context, f ListFilter) (ProductPage, error) {
	q, err := s.listQuery(ctx, f)
	if err != nil || q.none {
		return ProductPage{Products: []Card{}}, err
	}
	q.where.And("p.is_active = TRUE")
	q.order = q.orderBy(f.Sort == SortRelevance)
	return s.cardPage(ctx, q, f.Page, f.PageSize)
}

// cardPage reads page (from 1; 0 for every row) of size cards that q
// selects, and counts them.
func (s *Store) cardPage(ctx context.Context, q listQuery, page, size int) (ProductPage, error) {
	from := ` FROM products p` + q.join + q.where.String()
	limit := ""
	if page > 0 {
		limit = db.Limit(page, size)
	}
	var out ProductPage
	var err error
	out.Products, err = db.QueryAll(ctx, s.db, "products", scanCard, q.with+`SELECT `+cardColumns+from+` ORDER BY `+q.order+limit, q.where.Args...)
	if err != nil {
		return ProductPage{}, err
	}
	n := len(out.Products)
	switch {
	case page == 0:
		out.Count = n
	case n > 0 && n < size:
		out.Count = (page-1)*size + n
	case q.exact:
		out.Count, err = s.db.Count(ctx, "products", q.with+`SELECT COUNT(*)`+from, q.where.Args...)
	default:
		// Count no further than the cap, or than this page when it lies past
		// the cap: a full count of a large catalogue reads every row.
		most := max(CountCap, page*size)
		out.Count, err = s.db.Count(ctx, "products", q.with+`SELECT COUNT(*) FROM (SELECT 1`+from+` LIMIT `+strconv.Itoa(most+1)+`) AS matches`, q.where.Args...)
		if out.Count > most {
			out.Count, out.Capped = most, true
		}
	}
	return out, err
}

// listQuery turns f into the parts of the product list's statement.
func (s *Store) listQuery(ctx context.Context, f ListFilter) (listQuery, error) {
	var q listQuery
	w := &q.where
	if f.Category != "" {
		q.with = `WITH RECURSIVE in_category(id) AS (
			SELECT id FROM categories WHERE slug = ` + w.Arg(f.Category) + `
			UNION ALL
			SELECT c.id FROM categories c JOIN in_category ic ON c.parent_id = ic.id
		) `
		w.And("p.category_id IN (SELECT id FROM in_category)")
	}
	if f.Weight != "" {
		w.And("EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.size_key = " + w.Arg(SizeKey(f.Weight)) + ")")
	}
	if f.Promo != "" {
		w.And("p.promo = " + w.Arg(f.Promo))
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
		w.And("p.base_price_cents >= " + w.Arg(int64(*f.MinPrice)))
	}
	if f.MaxPrice != nil {
		w.And("p.base_price_cents <= " + w.Arg(int64(*f.MaxPrice)))
	}
	q.order = listOrder(f.Sort)
	if f.Search == "" {
		return q, nil
	}
	plan, err := s.plan(ctx, f.Search)
	if err != nil || len(plan.text) == 0 {
		q.none = true
		return q, err
	}
	text := s.db.ProductText()
	q.join = text.Join()
	match := w.Arg(text.Query(plan.text, false))
	w.And(text.Match(match))
	q.rank = text.Rank(match)
	if plan.skuProduct != 0 {
		q.rank = "CASE WHEN p.id = " + w.Arg(plan.skuProduct) + " THEN 0 ELSE 1 END, " + q.rank
	}
	return q, nil
}

// listOrder is the ORDER BY of a sort, after the relevance of a search.
// LOWER(p.name) matches the products' name indexes, so a page by name reads
// 20 rows instead of sorting the catalogue.
func listOrder(sort string) string {
	switch sort {
	case SortPriceLow:
		return "p.base_price_cents, LOWER(p.name), p.id"
	case SortPriceHigh:
		return "p.base_price_cents DESC, LOWER(p.name), p.id"
	}
	return "LOWER(p.name), p.id"
}
