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
)

// The list's narrow rows (product_list, migration 0120, the sizes',
// product_sizes, 0121, the sizes' by category, product_category_sizes,
// 0123, and on PostgreSQL the weighted words, product_search_text, 0125)
// hold what the products', variants' and listings' own rows say,
// whatever statement changed them: each kind of write below is one the shop
// makes (a new product, an edit of a name, a Kiswahili name, a price or the
// active flag, an import's UPDATE … FROM, a size added, renamed or taken
// away, a listing under a category added, moved or taken away, a deletion;
// on PostgreSQL a search text rewritten), on both engines.
func TestNarrowRowsFollowTheProducts(t *testing.T) {
	for _, dialect := range dbtest.Engines() {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.New(t, dialect)
			store := catalog.NewStore(d)
			if _, err := demo.Seed(ctx, store, t.TempDir()); err != nil {
				t.Fatal(err)
			}
			same(t, d, "after the seed")
			for _, step := range []struct{ name, sql string }{
				{"a rename", `UPDATE products SET name = 'Zebu Mineral Lick' WHERE id = (SELECT MIN(id) FROM products)`},
				{"a Kiswahili name", `UPDATE products SET name_sw = 'Jiwe la Madini' WHERE id = (SELECT MIN(id) FROM products)`},
				{"a Kiswahili name taken away", `UPDATE products SET name_sw = '' WHERE id = (SELECT MIN(id) FROM products)`},
				{"a price", `UPDATE products SET base_price_cents = base_price_cents + 100 WHERE id IN (SELECT id FROM products ORDER BY id DESC LIMIT 3)`},
				{"hidden", `UPDATE products SET is_active = FALSE WHERE id IN (SELECT id FROM products ORDER BY id LIMIT 5)`},
				{"another column only", `UPDATE products SET description = 'x' WHERE id IN (SELECT id FROM products ORDER BY id LIMIT 5)`},
				{"an update from another table", `UPDATE products SET name = s.name || ' 2', is_active = TRUE
					FROM (SELECT id, name FROM products ORDER BY id LIMIT 4) AS s WHERE products.id = s.id`},
				{"a second variant of a size", `INSERT INTO variants (product_id, size, size_key, sku, price_cents, stock)
					SELECT product_id, size, size_key, sku || '-B', price_cents, 0 FROM variants WHERE id = (SELECT MIN(id) FROM variants)`},
				{"a new size", `INSERT INTO variants (product_id, size, size_key, sku, price_cents, stock)
					SELECT product_id, '3 kg', '3kg', sku || '-C', price_cents, 0 FROM variants WHERE id = (SELECT MIN(id) FROM variants)`},
				{"one of two variants of a size renamed", `UPDATE variants SET size = '4 kg', size_key = '4kg' WHERE sku = (SELECT sku || '-B' FROM variants WHERE id = (SELECT MIN(id) FROM variants))`},
				{"a size renamed", `UPDATE variants SET size = '5 kg', size_key = '5kg' WHERE id = (SELECT MAX(id) FROM variants WHERE id NOT IN (SELECT variant_id FROM order_items))`},
				{"a size taken away", `DELETE FROM variants WHERE id = (SELECT MIN(id) FROM variants WHERE id NOT IN (SELECT variant_id FROM order_items) AND size_key <> '3kg')`},
				{"the prices of products with sizes", `UPDATE products SET base_price_cents = base_price_cents + 7, is_active = NOT is_active WHERE id IN (SELECT product_id FROM variants WHERE size_key IN ('3kg', '4kg', '5kg'))`},
				{"a product listed under another category", `INSERT INTO product_categories (category_id, product_id, is_active, name_key, name_key_sw, price_cents)
					SELECT (SELECT MAX(id) FROM categories), id, is_active, LOWER(name), LOWER(name), base_price_cents FROM products
					WHERE id = (SELECT MIN(product_id) FROM variants) AND id NOT IN (SELECT product_id FROM product_categories WHERE category_id = (SELECT MAX(id) FROM categories))`},
				{"a listing moved to another category", `UPDATE product_categories SET category_id = (SELECT MIN(id) FROM categories)
					WHERE category_id = (SELECT MAX(id) FROM categories) AND product_id = (SELECT MIN(product_id) FROM variants)
					AND product_id NOT IN (SELECT product_id FROM product_categories WHERE category_id = (SELECT MIN(id) FROM categories))`},
				{"a listing taken away", `DELETE FROM product_categories WHERE product_id = (SELECT MAX(product_id) FROM variants)
					AND category_id = (SELECT MIN(category_id) FROM product_categories WHERE product_id = (SELECT MAX(product_id) FROM variants))`},
				{"a deletion", `DELETE FROM products WHERE id = (SELECT MAX(id) FROM products WHERE id NOT IN (SELECT product_id FROM order_items))`},
			} {
				if _, err := d.Exec(ctx, step.sql); err != nil {
					t.Fatalf("%s: %v", step.name, err)
				}
				same(t, d, "after "+step.name)
			}
			if _, err := store.CreateProduct(ctx, catalog.NewProduct{Name: "Kuku Layers Mash", Slug: "kuku-layers-mash", CategoryID: 1, BasePrice: 250_000, IsActive: true}); err != nil {
				t.Fatal(err)
			}
			same(t, d, "after a new product")
			if dialect == db.Postgres {
				if _, err := d.Exec(ctx, `UPDATE products SET search_text = setweight(to_tsvector('simple', 'zebu lick'), 'A') WHERE id = (SELECT MIN(id) FROM products)`); err != nil {
					t.Fatal(err)
				}
				same(t, d, "after a search text rewritten")
			}
		})
	}
}

// same fails t when a narrow row differs from what its product's or its
// variants' rows say, or is missing or left over.
func same(t *testing.T, d *db.DB, when string) {
	t.Helper()
	want := rowsOf(t, d, `SELECT id, is_active, LOWER(name), LOWER(CASE WHEN name_sw <> '' THEN name_sw ELSE name END), base_price_cents FROM products ORDER BY id`)
	if len(want) == 0 {
		t.Fatalf("%s: no products", when)
	}
	sameRows(t, when, "the narrow rows", want,
		rowsOf(t, d, `SELECT product_id, is_active, name_key, name_key_sw, price_cents FROM product_list ORDER BY product_id`))
	if d.Dialect == db.Postgres {
		// PostgreSQL's narrow search keys (migration 0122).
		sameRows(t, when, "the narrow search keys", rowsOf(t, d, `SELECT id, strip(search_text)::text FROM products ORDER BY id`),
			rowsOf(t, d, `SELECT product_id, search_keys::text FROM product_list ORDER BY product_id`))
		// And the weighted vector a ranked search scores (migration 0125).
		sameRows(t, when, "the weighted words for ranking", rowsOf(t, d, `SELECT id, search_text::text FROM products ORDER BY id`),
			rowsOf(t, d, `SELECT product_id, search_text::text FROM product_search_text ORDER BY product_id`))
	}
	sameRows(t, when, "the sizes' narrow rows",
		rowsOf(t, d, `SELECT DISTINCT v.size_key, p.id, p.is_active, LOWER(p.name), LOWER(CASE WHEN p.name_sw <> '' THEN p.name_sw ELSE p.name END), p.base_price_cents
			FROM variants v JOIN products p ON p.id = v.product_id ORDER BY v.size_key, p.id`),
		rowsOf(t, d, `SELECT size_key, product_id, is_active, name_key, name_key_sw, price_cents FROM product_sizes ORDER BY size_key, product_id`))
	sameRows(t, when, "the sizes' narrow rows by category",
		rowsOf(t, d, `SELECT DISTINCT pc.category_id, v.size_key, p.id, p.is_active, LOWER(p.name), LOWER(CASE WHEN p.name_sw <> '' THEN p.name_sw ELSE p.name END), p.base_price_cents
			FROM variants v JOIN products p ON p.id = v.product_id JOIN product_categories pc ON pc.product_id = p.id ORDER BY pc.category_id, v.size_key, p.id`),
		rowsOf(t, d, `SELECT category_id, size_key, product_id, is_active, name_key, name_key_sw, price_cents FROM product_category_sizes ORDER BY category_id, size_key, product_id`))
}

// rowsOf reads q's rows, each as one line of its columns' values.
func rowsOf(t *testing.T, d *db.DB, q string) []string {
	t.Helper()
	rows, err := d.Query(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		vals, dest := make([]any, len(cols)), make([]any, len(cols))
		for i := range vals {
			dest[i] = &vals[i]
		}
		if err := rows.Scan(dest...); err != nil {
			t.Fatal(err)
		}
		line := make([]string, len(vals))
		for i, v := range vals {
			switch v := v.(type) {
			case string:
				line[i] = strconv.Quote(v)
			case []byte:
				line[i] = strconv.Quote(string(v))
			default:
				line[i] = fmt.Sprint(v)
			}
		}
		out = append(out, strings.Join(line, " "))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// sameRows fails t, naming the rows missing and left over, when got is not want.
func sameRows(t *testing.T, when, what string, want, got []string) {
	t.Helper()
	if slices.Equal(got, want) {
		return
	}
	var missing, extra []string
	for _, r := range want {
		if !slices.Contains(got, r) {
			missing = append(missing, r)
		}
	}
	for _, r := range got {
		if !slices.Contains(want, r) {
			extra = append(extra, r)
		}
	}
	t.Fatalf("%s: %s lack %q and hold %q besides", when, what, missing, extra)
}
