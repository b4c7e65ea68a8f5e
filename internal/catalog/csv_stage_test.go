package catalog_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/stock"
)

// mixedFile is the fixture's export with a size's price and stock changed,
// a product renamed, another switched off, a new size of a stored product
// and a new product of two sizes: every kind of change an import makes.
func mixedFile(t *testing.T, s *catalog.Store) string {
	t.Helper()
	data := export(t, s)
	data = edit(t, data, "DM-10", map[string]string{"price": "1600.00", "stock": "12"})
	data = edit(t, data, "HY-20", map[string]string{"product_name": "High Yield Dairy Cubes"})
	data = edit(t, data, "AL-120", map[string]string{"active": "no"})
	data = edit(t, data, "AL-1L", map[string]string{"active": "no"})
	return data + "dairy-meal-premium,,,,20 Kg,DM-20,2900,4,,yes\n" +
		"layers-mash,Layers Mash,feeds,For hens.,70 Kg,LM-70,3200.50,9,70,yes,Chakula cha Kuku,\n" +
		"layers-mash,,,,50 Kg,LM-50,2500,0,,yes\n"
}

// newSKUs counts the sizes mixedFile creates, straight from the table.
func newSKUs(t *testing.T, d *db.DB) int {
	t.Helper()
	n, err := d.Count(context.Background(), "sizes", `SELECT COUNT(*) FROM variants WHERE sku IN ('DM-20', 'LM-70', 'LM-50')`)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// staging counts the rows the imports left in the staging tables.
func staging(t *testing.T, d *db.DB) int {
	t.Helper()
	n, err := d.Count(context.Background(), "staging", `SELECT (SELECT COUNT(*) FROM import_runs) + (SELECT COUNT(*) FROM import_products)
		+ (SELECT COUNT(*) FROM import_sizes)`)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// While an import stages its rows the catalogue shows none of them, and a
// checkout can take stock of a size the import sets: the sale is kept on
// top of the file's figure.
func TestImportShowsNothingUntilPublishedAndKeepsSalesMadeMeanwhile(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := fixture(t, d)
		before := export(t, s)
		dm := sizeOf(t, s, "dairy-meal-premium") // DM-10, 5 in stock; the file says 12
		batches := 0
		catalog.StageInBatchesOf(s, 2, func() error {
			batches++
			if got := export(t, s); got != before || newSKUs(t, d) != 0 {
				t.Errorf("after batch %d the catalogue shows the import:\n%s", batches, got)
			}
			if batches > 1 {
				return nil
			}
			err := d.Tx(ctx, func(tx *sql.Tx) error {
				return stock.TakeTx(ctx, tx, []stock.Line{{VariantID: dm.ID, Qty: 2}})
			})
			before = strings.Replace(before, ",DM-10,1500.00,5,", ",DM-10,1500.00,3,", 1)
			return err
		})
		res := importCSV(t, d, s, mixedFile(t, s))
		if !res.Applied || batches < 3 {
			t.Fatalf("import %+v in %d batches", res.Summary, batches)
		}
		if got := sizeOf(t, s, "dairy-meal-premium"); got.Stock != 10 || got.Price.String() != "1600.00" {
			t.Errorf("DM-10 is %s with %d in stock, want 1600.00 with 12 - 2 sold = 10", got.Price, got.Stock)
		}
		_, moves, err := stock.NewLedger(d, s).History(ctx, dm.Product, dm.ID, 1, 10)
		if err != nil || len(moves) != 2 || moves[1].Reason != "sale" || moves[1].StockAfter != 3 || moves[0].Reason != "import" ||
			moves[0].Quantity != 7 || moves[0].StockAfter != 10 {
			t.Errorf("DM-10's movements %+v, %v", moves, err)
		}
		if n := newSKUs(t, d); n != 3 || staging(t, d) != 0 {
			t.Errorf("%d new sizes, %d staging rows left", n, staging(t, d))
		}
	})
}

// An import stopped between two batches, by an error or by its process
// losing the database, has changed nothing the shop shows; its staging rows
// are deleted by the import itself, or swept once its lease has run out.
func TestImportStoppedBetweenBatchesLeavesNothing(t *testing.T) {
	for _, dialect := range dbtest.Engines() {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			url := dbtest.URL(t, dialect)
			d := dbtest.Migrated(t, url)
			s := fixture(t, d)
			before, data := export(t, s), mixedFile(t, s)
			broken := errors.New("the disk is full")
			catalog.StageInBatchesOf(s, 2, failAfter(2, func() error { return broken }))
			if _, err := s.Import(ctx, []byte(data), stock.Imports(stock.Mover{Actor: "owner@example.com"}), noAudit); !errors.Is(err, broken) {
				t.Fatalf("import: %v", err)
			}
			if export(t, s) != before || newSKUs(t, d) != 0 || staging(t, d) != 0 {
				t.Fatalf("a failed import left %d sizes and %d staging rows:\n%s", newSKUs(t, d), staging(t, d), export(t, s))
			}

			// Another process imports and loses its database after two
			// batches, as a process killed there would.
			other := dbtest.Open(t, url)
			dying := catalog.NewStore(other)
			catalog.StageInBatchesOf(dying, 2, failAfter(2, func() error { return other.Close() }))
			if _, err := dying.Import(ctx, []byte(data), stock.Imports(stock.Mover{Actor: "owner@example.com"}), noAudit); err == nil {
				t.Fatal("an import without its database succeeded")
			}
			if export(t, s) != before || newSKUs(t, d) != 0 || staging(t, d) == 0 {
				t.Fatalf("the dead import left %d sizes and %d staging rows:\n%s", newSKUs(t, d), staging(t, d), export(t, s))
			}
			now := time.Now()
			catalog.SetClock(s, func() time.Time { return now })
			if n, err := s.SweepImports(ctx); err != nil || n != 0 {
				t.Fatalf("a run within its lease was swept: %d, %v", n, err)
			}
			catalog.SetClock(s, func() time.Time { return now.Add(2 * time.Minute) })
			if n, err := s.SweepImports(ctx); err != nil || n != 1 || staging(t, d) != 0 {
				t.Fatalf("swept %d runs (%v), %d staging rows left", n, err, staging(t, d))
			}
			catalog.StageInBatchesOf(s, 2, nil)
			if res := importCSV(t, d, s, data); !res.Applied || newSKUs(t, d) != 3 {
				t.Fatalf("the import again: %+v", res.Summary)
			}
		})
	}
}

// failAfter is a batch hook that calls fail from the nth batch on.
func failAfter(n int, fail func() error) func() error {
	batches := 0
	return func() error {
		if batches++; batches >= n {
			return fail()
		}
		return nil
	}
}

// An import whose rows no longer fit the catalogue when it publishes (an
// admin took one of its new slugs, or deleted a size it changes, while it
// ran) fails as a whole: nothing of it is stored.
func TestImportThatNoLongerFitsStoresNothing(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(ctx context.Context, d *db.DB, s *catalog.Store) error
	}{
		{"a new slug taken", func(ctx context.Context, _ *db.DB, s *catalog.Store) error {
			_, err := s.CreateProduct(ctx, catalog.NewProduct{Name: "Layers Mash", Slug: "layers-mash", CategoryID: 1, IsActive: true,
				Variants: []catalog.NewVariant{{Size: "10 Kg", SKU: "LM-10", Stock: 1}}})
			return err
		}},
		{"a new SKU taken", func(ctx context.Context, _ *db.DB, s *catalog.Store) error {
			_, err := s.CreateProduct(ctx, catalog.NewProduct{Name: "Other", Slug: "other", CategoryID: 1, IsActive: true,
				Variants: []catalog.NewVariant{{Size: "10 Kg", SKU: "LM-50", Stock: 1}}})
			return err
		}},
		{"a changed size deleted", func(ctx context.Context, d *db.DB, s *catalog.Store) error {
			_, err := d.Exec(ctx, `DELETE FROM variants WHERE sku = 'DM-10'`)
			return err
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d *db.DB) {
				ctx := context.Background()
				s := fixture(t, d)
				data := mixedFile(t, s)
				var meanwhile string
				catalog.StageInBatchesOf(s, 2, failAfter(1, func() error {
					catalog.StageInBatchesOf(s, 2, nil)
					if err := tc.change(ctx, d, s); err != nil {
						return err
					}
					meanwhile = export(t, s)
					return nil
				}))
				_, err := s.Import(ctx, []byte(data), stock.Imports(stock.Mover{Actor: "owner@example.com"}), noAudit)
				var ae *apperr.Error
				if !errors.As(err, &ae) || ae.Kind != apperr.KindConflict || ae.Message != catalog.MsgImportChanged {
					t.Fatalf("import: %v", err)
				}
				if got := export(t, s); got != meanwhile || staging(t, d) != 0 {
					t.Errorf("the catalogue after the refused import:\n%s\nwant as the admin left it:\n%s", got, meanwhile)
				}
			})
		})
	}
}

// Published in bulk, an import of creates and updates stores what the
// one-transaction import stored, row by row (testdata/import-mixed-*.txt
// was written by it, at commit b72139e, with one line corrected: it left a
// product switched off by the file listed in its category): the rows, the
// stock movements, and cards, category rows, search texts and spelling
// words as the one-product refresh writes them, staged in one batch or in
// many.
func TestImportInBatchesStoresWhatOneTransactionDid(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		want, err := os.ReadFile("testdata/import-mixed-" + string(d.Dialect) + ".txt")
		if err != nil {
			t.Fatal(err)
		}
		for _, batch := range []int{1, 1000} {
			fresh := dbtest.New(t, d.Dialect)
			s := fixture(t, fresh)
			catalog.StageInBatchesOf(s, batch, nil)
			if res := importCSV(t, fresh, s, mixedFile(t, s)); !res.Applied {
				t.Fatalf("import %+v", res)
			}
			if got := snapshot(t, fresh); got != string(want) {
				t.Fatalf("in batches of %d the import stored:\n%s\nwant:\n%s", batch, got, want)
			}
			if err := catalog.RefreshEach(ctx, s); err != nil {
				t.Fatal(err)
			}
			if got := snapshot(t, fresh); got != string(want) {
				t.Fatalf("refreshed one by one:\n%s\nwant:\n%s", got, want)
			}
		}
	})
}

// snapshot is what the catalogue holds, without ids and times, one line a
// row, in an order that does not depend on them.
func snapshot(t *testing.T, d *db.DB) string {
	t.Helper()
	var b strings.Builder
	q := func(query string, n int) {
		rows, err := d.Query(context.Background(), query)
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for rows.Next() {
			vals := make([]any, n)
			ptrs := make([]any, n)
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			var line []string
			for _, v := range vals {
				if bs, ok := v.([]byte); ok {
					v = string(bs)
				}
				line = append(line, fmt.Sprint(v))
			}
			lines = append(lines, strings.Join(line, " "))
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		slices.Sort(lines)
		b.WriteString(strings.Join(lines, "\n") + "\n")
	}
	q(`SELECT 'product', p.slug, p.name || '|' || p.name_sw || '|' || c.slug || '|active ' || CASE WHEN p.is_active THEN 'true' ELSE 'false' END
			|| '|base ' || p.base_price_cents || '|' || COALESCE(p.price_min_cents, 0) || '-' || COALESCE(p.price_max_cents, 0)
			|| ' in stock ' || CASE WHEN p.in_stock THEN 'true' ELSE 'false' END,
			p.description, p.description_sw, COALESCE(p.rating_tenths, 0), p.review_count, p.card_images, p.search_version
		FROM products p JOIN categories c ON c.id = p.category_id`, 9)
	q(`SELECT 'card', p.slug, p.card_variants FROM products p`, 3)
	q(`SELECT 'variant', v.sku, p.slug, v.size, v.size_key, v.price_cents, v.stock, v.weight_grams, 'sort', v.sort_order
		FROM variants v JOIN products p ON p.id = v.product_id`, 10)
	q(`SELECT 'move', v.sku, m.quantity, m.stock_after, m.reason, m.actor, m.note FROM stock_movements m JOIN variants v ON v.id = m.variant_id`, 7)
	q(`SELECT 'category', c.slug, p.slug, 'active', CASE WHEN pc.is_active THEN 'true' ELSE 'false' END, pc.name_key, pc.name_key_sw, pc.price_cents
		FROM product_categories pc JOIN categories c ON c.id = pc.category_id JOIN products p ON p.id = pc.product_id`, 8)
	q(`SELECT 'spelling', term, word FROM search_words`, 3)
	if d.Dialect == db.Postgres {
		// Lexemes with their weights, not their positions: the order of a
		// product's sizes in its text carries no meaning.
		q(`SELECT 'text', slug, (SELECT string_agg(lexeme || ':' || array_to_string(weights, ''), ' ' ORDER BY lexeme) FROM unnest(search_text))
			FROM products`, 3)
	} else {
		q(`SELECT 'text', p.slug, t.name || '|' || t.category || '|' || t.body FROM products_text t JOIN products p ON p.id = t.rowid`, 3)
	}
	return b.String()
}
