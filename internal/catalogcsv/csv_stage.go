package catalogcsv

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/db"
)

// An import stages its rows, then publishes them (docs/architecture.md
// section 13). SQLite has one writer: an import of 20,000 rows written in
// one transaction kept every cart, checkout and M-Pesa callback waiting for
// half a minute. So the file is read and planned without the write lock,
// everything that can be worked out beforehand is (new products' ids,
// cards and search texts), the rows are written to the staging tables
// (import_runs, import_products, import_sizes) in short transactions that
// no shopper's page reads, and one transaction of set-based statements
// publishes them all. The catalogue shows all of an import or none of it:
// a run that fails, or whose process dies, leaves only staging rows, which
// are swept.

const (
	// importBatch is how many rows a staging transaction writes: a few
	// milliseconds of the writer each (docs/benchmarks.md).
	importBatch = 1000
	// importLease is how long a run may go untouched before it is taken
	// for abandoned; a live run touches it with every batch.
	importLease = time.Minute
)

// MsgImportStopped is the answer when an import stopped before it was
// published; nothing was stored.
const MsgImportStopped = "The import stopped before it was stored, so nothing was imported. Import the file again."

// Catalogue is what an import needs of the catalogue (a *catalog.Store):
// the texts its new products are found by, and the transaction that
// publishes its staged rows.
type Catalogue interface {
	CategoryTextsTx(ctx context.Context, tx *sql.Tx) (map[int64]string, error)
	PublishImportTx(ctx context.Context, tx *sql.Tx, run int64, st catalog.Staged, ledger catalog.ImportLedger) error
}

// Store exports the catalogue as CSV and imports it, owning the staging
// tables.
type Store struct {
	db      *db.DB
	catalog Catalogue
	// now is the clock of the imports' leases.
	now func() time.Time
	// importBatch is how many rows an import stages a transaction;
	// afterBatch, when set, runs after each: tests stop an import there.
	importBatch int
	afterBatch  func() error
}

// NewStore returns a Store on d that publishes into c.
func NewStore(d *db.DB, c Catalogue) *Store {
	return &Store{db: d, catalog: c, now: time.Now, importBatch: importBatch}
}

// staged is an import's plan as the staging tables hold it, with what the
// publishing transaction checks and finishes.
type staged struct {
	products, sizes [][]any
	catalog.Staged
}

// stageOf works out what plan stores, with the new products' ids and new
// sizes' ids taken from productIDs and variantIDs (reserved for them), and
// the categories' texts as the plan read them.
func stageOf(plan *importPlan, productIDs, variantIDs []int64, categoryTexts map[int64]string) (staged, error) {
	st := staged{Staged: catalog.Staged{CategoryTexts: categoryTexts}}
	isNew := map[*importProduct]bool{}
	for _, p := range plan.products {
		if p.ID == 0 {
			p.ID, productIDs = productIDs[0], productIDs[1:]
			isNew[p] = true
		}
	}
	touched := map[*importProduct]bool{}
	newSizes := map[*importProduct][]catalog.Variant{}
	for i, c := range plan.changes {
		touched[c.product] = true
		r := c.row
		var id int64
		var read any
		position := 0
		if c.size == nil {
			id, variantIDs = variantIDs[0], variantIDs[1:]
			newSizes[c.product] = append(newSizes[c.product], catalog.Variant{ID: id, Product: c.product.ID, Size: r.Size, SKU: r.SKU,
				Price: r.Price, Stock: r.Stock, Weight: r.Weight})
			position = len(newSizes[c.product])
			st.NewSizes++
		} else {
			id, read = c.size.ID, c.size.Stock
			st.ChangedSizes++
		}
		st.sizes = append(st.sizes, []any{i, id, c.size == nil, c.product.ID, r.SKU, r.Size, catalog.SizeKey(r.Size), int64(r.Price),
			int64(r.Weight), r.Stock, read, position})
	}
	for i, p := range plan.products {
		changed := !isNew[p] && len(p.changed) > 0
		if !isNew[p] && !changed && !touched[p] {
			continue
		}
		row := []any{i, p.ID, isNew[p], p.Slug, p.Name, p.Desc, p.NameSW, p.DescSW, p.Category, p.Active, changed}
		if !isNew[p] {
			st.products = append(st.products, append(row, 0, nil, nil, false, "", "", "", "", p.Band, p.Draft))
			if changed {
				st.ChangedProducts++
			}
			st.Existing = append(st.Existing, p.ID)
			// A product's active flag is kept in its category rows too, so
			// any change of its own fields writes them again.
			if changed || p.textChanged || newSizes[p] != nil {
				st.Retexted = append(st.Retexted, p.ID)
			}
			continue
		}
		sizes := newSizes[p]
		c, err := catalog.NewCard(p.ID, sizes, []catalog.Image{}, 0, 0)
		if err != nil {
			return staged{}, err
		}
		keys := make([]string, len(sizes))
		base := sizes[0].Price
		for j, v := range sizes {
			keys[j] = v.Size + " " + catalog.SizeKey(v.Size) + " " + v.SKU
			base = min(base, v.Price)
		}
		category := categoryTexts[p.Category]
		t := catalog.ProductTexts(p.ID, p.Name, p.NameSW, p.Desc, p.DescSW, category, keys)
		st.products = append(st.products, append(row, int64(base), c.PriceMin, c.PriceMax, c.InStock, c.Variants, t.A, t.B, t.C, p.Band, p.Draft))
		st.Spelt = append(st.Spelt, catalog.Spelling(p.Name, p.NameSW, category)...)
		st.Created = append(st.Created, p.ID)
		st.NewProducts++
	}
	return st, nil
}

// Import imports a CSV of products by m: every row, or, when any row is
// refused, none (Applied false; the rows say which and why). audit runs in
// the transaction that publishes the import, so its entry is stored with
// it or not at all. Stock changes are movements with the reason import;
// the file's stock of a size replaces the stock the import read, and what
// sales and returns changed since is kept on top of it (docs/product.md
// section 5). The catalogue changing under the import in a way that stops
// it (a new product's slug or a new SKU taken meanwhile, a size deleted)
// is a conflict, and nothing is stored.
func (s *Store) Import(ctx context.Context, data []byte, ledger catalog.ImportLedger, audit func(*sql.Tx, ImportResult) error) (ImportResult, error) {
	recs, err := readCSV(data)
	if err != nil {
		return ImportResult{}, err
	}
	var plan *importPlan
	var categories map[int64]string
	if err := s.db.ReadTx(ctx, func(tx *sql.Tx) (err error) {
		if plan, err = planImport(ctx, tx, recs); err == nil {
			categories, err = s.catalog.CategoryTextsTx(ctx, tx)
		}
		return err
	}); err != nil {
		return ImportResult{}, err
	}
	if plan.result.Refused() > 0 {
		return plan.result, nil
	}
	if _, err := s.SweepImports(ctx); err != nil {
		return ImportResult{}, err
	}
	run, productIDs, variantIDs, err := s.startRun(ctx, plan)
	if err != nil {
		return ImportResult{}, err
	}
	// Staging rows a failed delete leaves behind are read by nothing, and
	// swept later.
	defer func() { _ = s.dropRun(context.WithoutCancel(ctx), run) }()
	st, err := stageOf(plan, productIDs, variantIDs, categories)
	if err != nil {
		return ImportResult{}, err
	}
	if err := s.stage(ctx, run, st); err != nil {
		return ImportResult{}, err
	}
	if err := s.publish(ctx, run, st, ledger, func(tx *sql.Tx) error { return audit(tx, plan.result) }); err != nil {
		return ImportResult{}, err
	}
	plan.result.Applied = true
	return plan.result, nil
}

// publish stores run's staged rows, their stock movements in ledger, the cards
// and search texts of every product they touch and audit's entry, in one
// transaction.
func (s *Store) publish(ctx context.Context, run int64, st staged, ledger catalog.ImportLedger, audit func(*sql.Tx) error) error {
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := s.touchRunTx(ctx, tx, run); err != nil {
			return err
		}
		if err := s.catalog.PublishImportTx(ctx, tx, run, st.Staged, ledger); err != nil {
			return err
		}
		return audit(tx)
	})
	// A slug or SKU taken, or a product or category deleted, since the
	// import read the catalogue.
	if db.IsUniqueViolation(err) || db.IsForeignKeyViolation(err) {
		return catalog.ErrImportChanged
	}
	return err
}

// startRun makes a staging run for plan, and reserves the ids of its new
// products and sizes.
func (s *Store) startRun(ctx context.Context, plan *importPlan) (run int64, productIDs, variantIDs []int64, err error) {
	newProducts, newSizes := 0, 0
	for _, p := range plan.products {
		if p.ID == 0 {
			newProducts++
		}
	}
	for _, c := range plan.changes {
		if c.size == nil {
			newSizes++
		}
	}
	err = s.db.Tx(ctx, func(tx *sql.Tx) (err error) {
		if err = tx.QueryRowContext(ctx, `INSERT INTO import_runs (touched_at) VALUES ($1) RETURNING id`, s.db.TimeArg(s.now())).Scan(&run); err != nil {
			return err
		}
		if productIDs, err = s.db.ReserveIDsTx(ctx, tx, "products", newProducts); err != nil {
			return err
		}
		variantIDs, err = s.db.ReserveIDsTx(ctx, tx, "variants", newSizes)
		return err
	})
	if err != nil {
		return 0, nil, nil, fmt.Errorf("start an import: %w", err)
	}
	return run, productIDs, variantIDs, nil
}

// stage writes st into the staging tables of run.
func (s *Store) stage(ctx context.Context, run int64, st staged) error {
	if err := s.stageRows(ctx, run, "import_products", []string{"n", "product_id", "created", "slug", "name", "description", "name_sw",
		"description_sw", "category_id", "is_active", "changed", "base_price_cents", "price_min_cents", "price_max_cents", "in_stock",
		"card_variants", "text_a", "text_b", "text_c", "vat_class", "is_draft"}, st.products); err != nil {
		return err
	}
	return s.stageRows(ctx, run, "import_sizes", []string{"n", "variant_id", "created", "product_id", "sku", "size", "size_key",
		"price_cents", "weight_grams", "stock", "stock_read", "position"}, st.sizes)
}

// stageRows writes rows of run into table, a transaction a batch, each
// touching run so no sweep takes it for abandoned.
func (s *Store) stageRows(ctx context.Context, run int64, table string, columns []string, rows [][]any) error {
	columns = append([]string{"run_id"}, columns...)
	for start := 0; start < len(rows); start += s.importBatch {
		batch := make([][]any, 0, s.importBatch)
		for _, r := range rows[start:min(len(rows), start+s.importBatch)] {
			batch = append(batch, append([]any{run}, r...))
		}
		if err := s.db.Tx(ctx, func(tx *sql.Tx) error {
			if err := s.touchRunTx(ctx, tx, run); err != nil {
				return err
			}
			return s.db.InsertRows(ctx, tx, table, columns, batch, "", nil)
		}); err != nil {
			return fmt.Errorf("stage the import: %w", err)
		}
		if s.afterBatch != nil {
			if err := s.afterBatch(); err != nil {
				return err
			}
		}
	}
	return nil
}

// touchRunTx marks run alive inside tx; a run swept meanwhile (untouched
// past its lease) stops the import.
func (s *Store) touchRunTx(ctx context.Context, tx *sql.Tx, run int64) error {
	res, err := tx.ExecContext(ctx, `UPDATE import_runs SET touched_at = $2 WHERE id = $1`, run, s.db.TimeArg(s.now()))
	if err != nil {
		return fmt.Errorf("touch import run %d: %w", run, err)
	}
	if n, err := res.RowsAffected(); err != nil || n != 1 {
		return apperr.Conflict(MsgImportStopped)
	}
	return nil
}

// dropRun deletes run and its staging rows.
func (s *Store) dropRun(ctx context.Context, run int64) error {
	_, err := s.db.Exec(ctx, `DELETE FROM import_runs WHERE id = $1`, run)
	return err
}

// SweepImports deletes the staging rows of imports abandoned by a process
// that died or lost its database: runs untouched for importLease. The shop
// runs it hourly and before each import (at start on PostgreSQL, where
// other instances may be importing); it returns how many runs it deleted.
func (s *Store) SweepImports(ctx context.Context) (int64, error) {
	return s.dropRuns(ctx, `DELETE FROM import_runs WHERE touched_at < $1`, s.db.TimeArg(s.now().Add(-importLease)))
}

// DropImports deletes the staging rows of every import, at the start of a
// shop on SQLite: the one process that serves from the file is starting, so
// no import is under way, and one killed a moment ago goes at once.
func (s *Store) DropImports(ctx context.Context) (int64, error) {
	return s.dropRuns(ctx, `DELETE FROM import_runs`)
}

func (s *Store) dropRuns(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := s.db.Exec(ctx, query, args...)
	if err != nil {
		return 0, fmt.Errorf("sweep abandoned imports: %w", err)
	}
	return res.RowsAffected()
}
