package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"shop/internal/db"
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
	var minPrice, maxPrice, rating *int64
	inStock := false
	for _, v := range variants {
		p := int64(v.Price)
		if minPrice == nil || p < *minPrice {
			minPrice = &p
		}
		if maxPrice == nil || p > *maxPrice {
			maxPrice = &p
		}
		inStock = inStock || v.Stock > 0
	}
	if reviews > 0 {
		tenths := int64(ratingSum * 10 / reviews)
		rating = &tenths
	}
	vj, err := json.Marshal(variants)
	if err != nil {
		return err
	}
	ij, err := json.Marshal(images)
	if err != nil {
		return err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE products SET price_min_cents = $1, price_max_cents = $2, in_stock = $3,
		rating_tenths = $4, review_count = $5, card_variants = $6, card_images = $7 WHERE id = $8`,
		minPrice, maxPrice, inStock, rating, reviews, string(vj), string(ij), id); err != nil {
		return fmt.Errorf("card of product %d: %w", id, err)
	}
	return nil
}

// refreshCardsTx rewrites the cards of products, whose sizes changed stock.
func refreshCardsTx(ctx context.Context, tx *sql.Tx, products map[int64]bool) error {
	for id := range products {
		if err := refreshCardTx(ctx, tx, id); err != nil {
			return err
		}
	}
	return nil
}

// refreshTextTx rewrites where product id is found: the categories it is
// listed under (its own and those above it), and its search text: its name;
// its categories; its description, sizes and SKUs; each text in English and
// in Kiswahili, so a shopper finds it by either. The words of the names go
// into the spelling table. A product without Kiswahili gets the text it got
// before there was any, so adding the Kiswahili columns (migration 0020)
// left every row current.
func (s *Store) refreshTextTx(ctx context.Context, tx *sql.Tx, id int64) error {
	var name, nameSW, description, descriptionSW string
	var category int64
	if err := tx.QueryRowContext(ctx, `SELECT name, name_sw, description, description_sw, category_id FROM products WHERE id = $1`, id).
		Scan(&name, &nameSW, &description, &descriptionSW, &category); err != nil {
		return fmt.Errorf("search text of product %d: %w", id, err)
	}
	categories, err := queryAllTx(ctx, tx, scanString, `WITH RECURSIVE up(id, name, parent_id) AS (
			SELECT id, TRIM(name || ' ' || name_sw), parent_id FROM categories WHERE id = $1
			UNION ALL
			SELECT c.id, TRIM(c.name || ' ' || c.name_sw), c.parent_id FROM categories c JOIN up ON c.id = up.parent_id
		) SELECT name FROM up`, category)
	if err != nil {
		return fmt.Errorf("search text of product %d: %w", id, err)
	}
	sizes, err := queryAllTx(ctx, tx, scanString, `SELECT size || ' ' || size_key || ' ' || sku FROM variants WHERE product_id = $1`, id)
	if err != nil {
		return fmt.Errorf("search text of product %d: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM product_categories WHERE product_id = $1`, id); err != nil {
		return fmt.Errorf("categories of product %d: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO product_categories (category_id, product_id, is_active, name_key, name_key_sw, price_cents)
		WITH RECURSIVE up(id, parent_id) AS (
			SELECT id, parent_id FROM categories WHERE id = $2
			UNION ALL
			SELECT c.id, c.parent_id FROM categories c JOIN up ON c.id = up.parent_id
		) SELECT up.id, p.id, p.is_active, LOWER(p.name), `+nameKeySW+`, p.base_price_cents FROM up, products p WHERE p.id = $1`, id, category); err != nil {
		return fmt.Errorf("categories of product %d: %w", id, err)
	}
	categoryText := strings.Join(categories, " ")
	if err := s.db.ProductText().PutTx(ctx, tx, id, indexText(name, nameSW), indexText(categoryText),
		indexText(description, descriptionSW, strings.Join(sizes, " "))); err != nil {
		return fmt.Errorf("search text of product %d: %w", id, err)
	}
	if err := addSpellingTx(ctx, tx, words(name+" "+nameSW+" "+categoryText)); err != nil {
		return err
	}
	_, err = tx.ExecContext(ctx, `UPDATE products SET search_version = $1 WHERE id = $2`, searchVersion, id)
	return err
}

// addSpellingTx puts the spellable words ws, and their singular forms, into
// the spelling table under each of their one-letter deletes.
func addSpellingTx(ctx context.Context, tx *sql.Tx, ws []string) error {
	seen := map[string]bool{}
	for _, w := range ws {
		for _, term := range []string{w, stem(w)} {
			if seen[term] || !spellable(term, spellMinLength) {
				continue
			}
			seen[term] = true
			var known int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM search_words WHERE word = $1 AND term = $1`, term).Scan(&known); err != nil {
				return fmt.Errorf("spelling of %q: %w", term, err)
			}
			if known > 0 {
				continue
			}
			var values []string
			args := []any{term}
			for _, d := range deletes(term) {
				args = append(args, d)
				values = append(values, fmt.Sprintf("($%d, $1)", len(args)))
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO search_words (word, term) VALUES `+strings.Join(values, ", ")+
				` ON CONFLICT DO NOTHING`, args...); err != nil {
				return fmt.Errorf("spelling of %q: %w", term, err)
			}
		}
	}
	return nil
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
		if err := s.db.Tx(ctx, func(tx *sql.Tx) error {
			for _, id := range ids {
				if err := s.refreshTx(ctx, tx, id); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			return done, err
		}
		done += len(ids)
	}
}

func scanString(sc db.Scanner) (s string, err error) { return s, sc.Scan(&s) }
func scanID(sc db.Scanner) (id int64, err error)     { return id, sc.Scan(&id) }

// queryAllTx is db.QueryAll inside tx.
func queryAllTx[T any](ctx context.Context, tx *sql.Tx, scan func(db.Scanner) (T, error), q string, args ...any) ([]T, error) {
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return db.Collect(rows, scan)
}
