package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"shop/internal/db"
	"shop/internal/search"
)

// What is kept per product so the list never recomputes it (migration
// 0014): the card (price range, stock state, rating, sizes, first picture)
// and the search text with its spelling words. Every change to a product,
// its sizes, pictures or category rewrites them in the same transaction.

// searchVersion is the version of the card and the search text this code
// writes. Raise it when either changes: RefreshStale rewrites older rows.
const searchVersion = 1

// refreshTx rewrites the card, the search text and the spelling words of
// product id inside tx.
func (s *Store) refreshTx(ctx context.Context, tx *sql.Tx, id int64) error {
	if err := refreshCardTx(ctx, tx, id); err != nil {
		return err
	}
	return s.refreshTextTx(ctx, tx, id)
}

// refreshCardTx rewrites what product id's card shows: its price range,
// stock state, rating, sizes and first picture.
func refreshCardTx(ctx context.Context, tx *sql.Tx, id int64) error {
	variants, err := queryAllTx(ctx, tx, scanVariant,
		`SELECT `+variantColumns+` FROM variants WHERE product_id = $1 ORDER BY sort_order, id`, id)
	if err != nil {
		return fmt.Errorf("card of product %d: %w", id, err)
	}
	images, err := queryAllTx(ctx, tx, scanImage,
		`SELECT `+imageColumns+` FROM product_images WHERE product_id = $1 ORDER BY sort_order, id LIMIT 1`, id)
	if err != nil {
		return fmt.Errorf("card of product %d: %w", id, err)
	}
	var reviews, ratingSum int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(rating), 0) FROM reviews WHERE product_id = $1 AND status = 'approved'`, id).
		Scan(&reviews, &ratingSum); err != nil {
		return fmt.Errorf("card of product %d: %w", id, err)
	}
	c, err := NewCard(id, variants, images, reviews, ratingSum)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE products SET price_min_cents = $1, price_max_cents = $2, in_stock = $3,
		rating_tenths = $4, review_count = $5, card_variants = $6, card_images = $7 WHERE id = $8`,
		c.PriceMin, c.PriceMax, c.InStock, c.Rating, c.Reviews, c.Variants, c.Images, id); err != nil {
		return fmt.Errorf("card of product %d: %w", id, err)
	}
	return nil
}

// CardRow is what a product's card shows, as its row keeps it (and an
// import stages it for the products it creates).
type CardRow struct {
	ID       int64  `json:"id"`
	PriceMin *int64 `json:"price_min"`
	PriceMax *int64 `json:"price_max"`
	InStock  bool   `json:"in_stock"`
	Rating   *int64 `json:"rating"`
	Reviews  int    `json:"reviews"`
	Variants string `json:"variants"`
	Images   string `json:"images"`
}

// NewCard is product id's card from its sizes, its first picture (or
// none) and the count and sum of its approved ratings.
func NewCard(id int64, variants []Variant, images []Image, reviews, ratingSum int) (CardRow, error) {
	c := CardRow{ID: id, Reviews: reviews}
	for _, v := range variants {
		p := int64(v.Price)
		if c.PriceMin == nil || p < *c.PriceMin {
			c.PriceMin = &p
		}
		if c.PriceMax == nil || p > *c.PriceMax {
			c.PriceMax = &p
		}
		c.InStock = c.InStock || v.Stock > 0
	}
	if reviews > 0 {
		tenths := int64(ratingSum * 10 / reviews)
		c.Rating = &tenths
	}
	vj, err := json.Marshal(variants)
	if err != nil {
		return CardRow{}, err
	}
	ij, err := json.Marshal(images)
	if err != nil {
		return CardRow{}, err
	}
	c.Variants, c.Images = string(vj), string(ij)
	return c, nil
}

// RefreshCardsTx rewrites the cards of products, whose sizes changed stock.
func RefreshCardsTx(ctx context.Context, tx *sql.Tx, products map[int64]bool) error {
	for id := range products {
		if err := refreshCardTx(ctx, tx, id); err != nil {
			return err
		}
	}
	return nil
}

// refreshManyTx rewrites the cards of products ids and the search texts of
// texts inside tx, reading and writing each kind of row once for all of
// them, so the work grows with the rows and not with statements: an import
// publishes thousands of products in one short transaction
// (docs/architecture.md section 13).
func (s *Store) refreshManyTx(ctx context.Context, tx *sql.Tx, ids, texts []int64) error {
	if len(ids) > 0 {
		if err := s.refreshCardsManyTx(ctx, tx, ids); err != nil {
			return err
		}
	}
	return s.refreshTextsTx(ctx, tx, texts)
}

// refreshCardsManyTx is refreshCardTx for every product of ids at once.
func (s *Store) refreshCardsManyTx(ctx context.Context, tx *sql.Tx, ids []int64) error {
	in, arg := s.db.InIDs("product_id", 1, ids)
	variants := make(map[int64][]Variant, len(ids))
	images := make(map[int64][]Image, len(ids))
	for _, id := range ids {
		variants[id], images[id] = []Variant{}, []Image{}
	}
	vs, err := queryAllTx(ctx, tx, scanVariant, `SELECT `+variantColumns+` FROM variants WHERE `+in+` ORDER BY product_id, sort_order, id`, arg)
	if err != nil {
		return fmt.Errorf("cards: %w", err)
	}
	for _, v := range vs {
		variants[v.Product] = append(variants[v.Product], v)
	}
	ims, err := queryAllTx(ctx, tx, scanImage, `SELECT `+imageColumns+` FROM product_images WHERE `+in+` ORDER BY product_id, sort_order, id`, arg)
	if err != nil {
		return fmt.Errorf("cards: %w", err)
	}
	for _, im := range ims {
		if len(images[im.Product]) == 0 {
			images[im.Product] = append(images[im.Product], im)
		}
	}
	type rated struct{ id, n, sum int64 }
	rs, err := queryAllTx(ctx, tx, func(sc db.Scanner) (r rated, err error) { return r, sc.Scan(&r.id, &r.n, &r.sum) },
		`SELECT product_id, COUNT(*), COALESCE(SUM(rating), 0) FROM reviews WHERE status = 'approved' AND `+in+` GROUP BY product_id`, arg)
	if err != nil {
		return fmt.Errorf("cards: %w", err)
	}
	ratings := make(map[int64]rated, len(rs))
	for _, r := range rs {
		ratings[r.id] = r
	}
	cards := make([]CardRow, len(ids))
	for i, id := range ids {
		if cards[i], err = NewCard(id, variants[id], images[id], int(ratings[id].n), int(ratings[id].sum)); err != nil {
			return err
		}
	}
	rows, err := json.Marshal(cards)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE products SET price_min_cents = c.price_min, price_max_cents = c.price_max,
		in_stock = c.in_stock, rating_tenths = c.rating, review_count = c.reviews, card_variants = c.variants, card_images = c.images
		FROM `+s.db.JSONRows(1, "c", "id BIGINT", "price_min BIGINT", "price_max BIGINT", "in_stock BOOLEAN", "rating INTEGER",
		"reviews INTEGER", "variants TEXT", "images TEXT")+` WHERE products.id = c.id`, string(rows)); err != nil {
		return fmt.Errorf("cards: %w", err)
	}
	return nil
}

// refreshTextTx rewrites where product id is found: the categories it is
// listed under, and its search text (refreshTextsTx).
func (s *Store) refreshTextTx(ctx context.Context, tx *sql.Tx, id int64) error {
	return s.refreshTextsTx(ctx, tx, []int64{id})
}

// refreshTextsTx rewrites where each product of ids is found: the
// categories it is listed under (its own and those above it), and its
// search text: its name; its categories; its description, sizes and SKUs;
// each text in English and in Kiswahili, so a shopper finds it by either.
// The words of the names go into the spelling table. A product without
// Kiswahili gets the text it got before there was any, so adding the
// Kiswahili columns (migration 0020) left every row current.
func (s *Store) refreshTextsTx(ctx context.Context, tx *sql.Tx, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	type named struct {
		id, category                       int64
		name, nameSW, description, descrSW string
	}
	in, arg := s.db.InIDs("id", 1, ids)
	products, err := queryAllTx(ctx, tx, func(sc db.Scanner) (p named, err error) {
		return p, sc.Scan(&p.id, &p.name, &p.nameSW, &p.description, &p.descrSW, &p.category)
	}, `SELECT id, name, name_sw, description, description_sw, category_id FROM products WHERE `+in+` ORDER BY id`, arg)
	if err != nil {
		return fmt.Errorf("search texts: %w", err)
	}
	categories, err := s.CategoryTextsTx(ctx, tx)
	if err != nil {
		return err
	}
	type sized struct {
		product int64
		text    string
	}
	inProduct, _ := s.db.InIDs("product_id", 1, ids)
	sizes, err := queryAllTx(ctx, tx, func(sc db.Scanner) (v sized, err error) { return v, sc.Scan(&v.product, &v.text) },
		`SELECT product_id, size || ' ' || size_key || ' ' || sku FROM variants WHERE `+inProduct+` ORDER BY product_id, sort_order, id`, arg)
	if err != nil {
		return fmt.Errorf("search texts: %w", err)
	}
	sizesOf := map[int64][]string{}
	for _, v := range sizes {
		sizesOf[v.product] = append(sizesOf[v.product], v.text)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM product_categories WHERE `+inProduct, arg); err != nil {
		return fmt.Errorf("categories of products: %w", err)
	}
	inP, _ := s.db.InIDs("p.id", 1, ids)
	if err := insertCategoryRowsTx(ctx, tx, inP, arg); err != nil {
		return err
	}
	texts := make([]db.Texts, len(products))
	var spelt []string
	for i, p := range products {
		categoryText := categories[p.category]
		texts[i] = ProductTexts(p.id, p.name, p.nameSW, p.description, p.descrSW, categoryText, sizesOf[p.id])
		spelt = append(spelt, Spelling(p.name, p.nameSW, categoryText)...)
	}
	if err := s.db.ProductText().PutTx(ctx, tx, texts); err != nil {
		return fmt.Errorf("search texts: %w", err)
	}
	if err := s.textsChangedTx(ctx, tx); err != nil {
		return err
	}
	if err := search.AddSpellingTx(ctx, tx, s.db, spelt); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE products SET search_version = $2 WHERE `+in, arg, searchVersion)
	return err
}

// insertCategoryRowsTx writes the category rows of the products p that
// meet cond (with args), which have none: a row for its category and each
// one above it.
func insertCategoryRowsTx(ctx context.Context, tx *sql.Tx, cond string, args ...any) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO product_categories (category_id, product_id, is_active, name_key, name_key_sw, price_cents)
		WITH RECURSIVE up(product_id, id, parent_id) AS (
			SELECT p.id, c.id, c.parent_id FROM products p JOIN categories c ON c.id = p.category_id WHERE `+cond+`
			UNION ALL
			SELECT up.product_id, c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id
		) SELECT up.id, p.id, p.is_active, LOWER(p.name), `+nameKeySW+`, p.base_price_cents FROM up JOIN products p ON p.id = up.product_id`,
		args...); err != nil {
		return fmt.Errorf("categories of products: %w", err)
	}
	return nil
}

// ProductTexts are product id's search texts: its names; the text of its
// category (CategoryTextsTx); its descriptions and its sizes, each
// "size size_key sku".
func ProductTexts(id int64, name, nameSW, description, descriptionSW, categoryText string, sizes []string) db.Texts {
	return db.Texts{ID: id, A: search.IndexText(name, nameSW), B: search.IndexText(categoryText),
		C: search.IndexText(description, descriptionSW, strings.Join(sizes, " "))}
}

// Spelling is the words a product gives the spelling table: those of its
// names and its categories'.
func Spelling(name, nameSW, categoryText string) []string {
	return search.Words(name + " " + nameSW + " " + categoryText)
}

// CategoryTextsTx is the text each category gives the products under it:
// its names and those of the categories above it.
func (s *Store) CategoryTextsTx(ctx context.Context, tx *sql.Tx) (map[int64]string, error) {
	type node struct {
		id     int64
		name   string
		parent sql.NullInt64
	}
	all, err := queryAllTx(ctx, tx, func(sc db.Scanner) (n node, err error) { return n, sc.Scan(&n.id, &n.name, &n.parent) },
		`SELECT id, TRIM(name || ' ' || name_sw), parent_id FROM categories`)
	if err != nil {
		return nil, fmt.Errorf("category texts: %w", err)
	}
	byID := make(map[int64]node, len(all))
	for _, n := range all {
		byID[n.id] = n
	}
	out := make(map[int64]string, len(all))
	for _, n := range all {
		var names []string
		// The tree has no loops (the admin's rules); the bound only keeps a
		// damaged one from hanging the shop.
		for c, ok := n, true; ok && len(names) <= len(all); c, ok = byID[c.parent.Int64] {
			names = append(names, c.name)
			if !c.parent.Valid {
				break
			}
		}
		out[n.id] = strings.Join(names, " ")
	}
	return out, nil
}

// refreshCategoryTx rewrites the search text of every product in category
// id or below it, after the category was renamed or moved.
func (s *Store) refreshCategoryTx(ctx context.Context, tx *sql.Tx, id int64) error {
	ids, err := queryAllTx(ctx, tx, scanID, `WITH RECURSIVE below(id) AS (
			SELECT id FROM categories WHERE id = $1
			UNION ALL
			SELECT c.id FROM categories c JOIN below b ON c.parent_id = b.id
		) SELECT id FROM products WHERE category_id IN (SELECT id FROM below)`, id)
	if err != nil {
		return fmt.Errorf("products of category %d: %w", id, err)
	}
	for _, pid := range ids {
		if err := s.refreshTextTx(ctx, tx, pid); err != nil {
			return err
		}
	}
	return nil
}

// RefreshStale rewrites the card and search text of every product written
// by an older version of this code (or before migration 0014), a batch per
// transaction; it returns how many. The shop runs it at start.
func (s *Store) RefreshStale(ctx context.Context) (int, error) {
	done := 0
	for {
		ids, err := db.QueryAll(ctx, s.db, "stale products", scanID,
			`SELECT id FROM products WHERE search_version <> $1 ORDER BY id LIMIT 500`, searchVersion)
		if err != nil || len(ids) == 0 {
			return done, err
		}
		if err := s.db.Tx(ctx, func(tx *sql.Tx) error { return s.refreshManyTx(ctx, tx, ids, ids) }); err != nil {
			return done, err
		}
		done += len(ids)
	}
}

func scanID(sc db.Scanner) (id int64, err error) { return id, sc.Scan(&id) }

// queryAllTx is db.QueryAll inside tx.
func queryAllTx[T any](ctx context.Context, tx *sql.Tx, scan func(db.Scanner) (T, error), q string, args ...any) ([]T, error) {
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return db.Collect(rows, scan)
}

// RefreshEach rewrites the card and search text of every product one by
// one, as the shop did before imports were published in bulk: what the
// import's tests (package catalogcsv) hold a bulk publish to.
func (s *Store) RefreshEach(ctx context.Context) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		ids, err := queryAllTx(ctx, tx, scanID, `SELECT id FROM products ORDER BY id`)
		if err != nil {
			return err
		}
		for _, id := range ids {
			if err := s.refreshTx(ctx, tx, id); err != nil {
				return err
			}
		}
		return nil
	})
}
