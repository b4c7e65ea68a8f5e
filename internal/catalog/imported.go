package catalog

import (
	"context"
	"database/sql"
	"fmt"
	"maps"

	"shop/internal/apperr"
	"shop/internal/search"
)

// An import's one write to the catalogue (docs/architecture.md section
// 13): a handful of set-based statements from the staging tables that
// package catalogcsv fills, so the transaction lasts as long as the rows
// take to write, never a statement a row. What the catalogue shows changes
// here, all at once.

// MsgImportChanged is the answer when an import no longer fits the
// catalogue; nothing was stored.
const MsgImportChanged = "The catalogue changed while the file was being imported, so nothing was imported. Import the file again."

// ErrImportChanged is a publish the catalogue no longer fits: nothing of
// the import is stored.
var ErrImportChanged = apperr.Conflict(MsgImportChanged)

// Staged is what an import's staged rows change in the catalogue, as the
// publishing transaction checks and finishes it.
type Staged struct {
	// The rows each statement must change; fewer means the catalogue
	// changed under the import.
	NewProducts, ChangedProducts, NewSizes, ChangedSizes int
	// Created are the new products' ids; Existing the stored products whose
	// cards change, Retexted those whose search texts change too.
	Created, Existing, Retexted []int64
	// CategoryTexts are the texts the new products' search texts were made
	// with, and Spelt the words they give the spelling table.
	CategoryTexts map[int64]string
	Spelt         []string
}

// PublishImportTx stores run's staged rows inside tx: its products and
// sizes, their stock movements in ledger, and the cards and search texts of
// every product they touch.
func (s *Store) PublishImportTx(ctx context.Context, tx *sql.Tx, run int64, st Staged, ledger ImportLedger) error {
	if err := s.publishProductsTx(ctx, tx, run, st); err != nil {
		return err
	}
	if err := s.publishSizesTx(ctx, tx, run, st, ledger); err != nil {
		return err
	}
	return s.refreshManyTx(ctx, tx, st.Existing, st.Retexted)
}

// publishProductsTx creates the new products, with their cards, category
// rows and search texts, and changes the stored ones.
func (s *Store) publishProductsTx(ctx context.Context, tx *sql.Tx, run int64, st Staged) error {
	text := s.db.ProductText()
	column, value := text.NewRow("text_a", "text_b", "text_c")
	err := wantRows(tx.ExecContext(ctx, `INSERT INTO products (id, name, slug, description, base_price_cents, category_id, is_active, is_draft,
			name_sw, description_sw, vat_class, price_min_cents, price_max_cents, in_stock, card_variants, search_version`+column+`)
		SELECT product_id, name, slug, description, base_price_cents, category_id, is_active, is_draft, name_sw, description_sw, vat_class,
			price_min_cents, price_max_cents, in_stock, card_variants, CAST($2 AS INTEGER)`+value+`
		FROM import_products WHERE run_id = $1 AND created ORDER BY n`, run, searchVersion))(st.NewProducts)
	if err != nil {
		return fmt.Errorf("publish new products: %w", err)
	}
	// The slug is checked, so a product renamed meanwhile is not given
	// another's fields.
	err = wantRows(tx.ExecContext(ctx, `UPDATE products SET name = s.name, description = s.description, category_id = s.category_id,
			is_active = s.is_active, is_draft = s.is_draft, name_sw = s.name_sw, description_sw = s.description_sw, vat_class = s.vat_class, updated_at = CURRENT_TIMESTAMP
		FROM import_products s
		WHERE s.run_id = $1 AND s.changed AND products.id = s.product_id AND products.slug = s.slug`, run))(st.ChangedProducts)
	if err != nil {
		return fmt.Errorf("publish changed products: %w", err)
	}
	if len(st.Created) == 0 {
		return nil
	}
	// A category renamed or moved while the import ran: the texts made
	// beforehand are stale, so they are made again here.
	categories, err := s.CategoryTextsTx(ctx, tx)
	if err != nil {
		return err
	}
	if !maps.Equal(categories, st.CategoryTexts) {
		return s.refreshTextsTx(ctx, tx, st.Created)
	}
	if err := insertCategoryRowsTx(ctx, tx, `p.id IN (SELECT product_id FROM import_products WHERE run_id = $1 AND created)`, run); err != nil {
		return err
	}
	if err := text.AddFromTx(ctx, tx, `SELECT product_id, text_a, text_b, text_c FROM import_products
		WHERE run_id = $1 AND created`, run); err != nil {
		return fmt.Errorf("publish search texts: %w", err)
	}
	if err := s.textsChangedTx(ctx, tx); err != nil {
		return err
	}
	return search.AddSpellingTx(ctx, tx, s.db, st.Spelt)
}

// ImportedStock is the stock a changed size v is left with by its staged
// row s: the file's figure plus what sales and returns moved since the
// import read the stock, and never below zero. An SQL expression, for the
// ledger's movements and the UPDATE that writes it.
func ImportedStock(v string) string {
	return "CASE WHEN " + v + ".stock + s.stock - s.stock_read < 0 THEN 0 ELSE " + v + ".stock + s.stock - s.stock_read END"
}

// publishSizesTx creates the new sizes, then changes the stored ones and
// sets their stock, every change of stock a movement in ledger. The stored
// sizes come last: on PostgreSQL they stay locked until the transaction
// ends, and a checkout taking one of them waits that long.
func (s *Store) publishSizesTx(ctx context.Context, tx *sql.Tx, run int64, st Staged, ledger ImportLedger) error {
	// A new size goes after its product's sizes, in the file's order.
	err := wantRows(tx.ExecContext(ctx, `INSERT INTO variants (id, product_id, size, size_key, sku, price_cents, stock, weight_grams, sort_order)
		SELECT s.variant_id, s.product_id, s.size, s.size_key, s.sku, s.price_cents, s.stock, s.weight_grams,
			COALESCE((SELECT MAX(w.sort_order) FROM variants w WHERE w.product_id = s.product_id), -1) + s.position
		FROM import_sizes s WHERE s.run_id = $1 AND s.created ORDER BY s.n`, run))(st.NewSizes)
	if err != nil {
		return fmt.Errorf("publish new sizes: %w", err)
	}
	if err := ledger.NewSizesTx(ctx, tx, run); err != nil {
		return err
	}
	// The changed sizes are locked first, so no sale slips between the
	// movements written below and the stock they record.
	if err := s.db.LockRowsTx(ctx, tx, `SELECT id FROM variants
		WHERE id IN (SELECT variant_id FROM import_sizes WHERE run_id = $1 AND NOT created) ORDER BY id`, run); err != nil {
		return fmt.Errorf("lock changed sizes: %w", err)
	}
	if err := ledger.ChangedSizesTx(ctx, tx, run); err != nil {
		return err
	}
	// The SKU is checked, so a size given another SKU meanwhile is not
	// changed. The stock and the name are written apart, only where they
	// change: both are in indexes, which an UPDATE that sets them rewrites.
	err = wantRows(tx.ExecContext(ctx, `UPDATE variants SET price_cents = s.price_cents, weight_grams = s.weight_grams
		FROM import_sizes s WHERE s.run_id = $1 AND NOT s.created AND variants.id = s.variant_id AND variants.sku = s.sku`,
		run))(st.ChangedSizes)
	if err != nil {
		return fmt.Errorf("publish changed sizes: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE variants SET stock = `+ImportedStock("variants")+`
		FROM import_sizes s WHERE s.run_id = $1 AND NOT s.created AND variants.id = s.variant_id AND s.stock <> s.stock_read`, run); err != nil {
		return fmt.Errorf("publish stock: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE variants SET size = s.size, size_key = s.size_key
		FROM import_sizes s WHERE s.run_id = $1 AND NOT s.created AND variants.id = s.variant_id AND variants.size <> s.size`, run); err != nil {
		return fmt.Errorf("publish renamed sizes: %w", err)
	}
	return nil
}

// wantRows checks that a statement changed exactly the rows the import
// planned: fewer means the catalogue changed under the import.
func wantRows(res sql.Result, err error) func(int) error {
	return func(want int) error {
		if err != nil {
			return err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return err
		}
		if n != int64(want) {
			return ErrImportChanged
		}
		return nil
	}
}
