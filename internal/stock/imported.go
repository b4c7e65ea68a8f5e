package stock

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/catalog"
)

// Imports is the ledger as a products import moves stock, by m: what
// catalog.Store.Import is given. Its movements are written set-based from
// the staged sizes, one statement for all of them (docs/architecture.md
// section 13).
func Imports(m Mover) catalog.ImportLedger {
	m.Reason = ReasonImport
	if m.Actor == "" {
		m.Actor = SystemActor
	}
	return importer(m)
}

type importer Mover

func (i importer) user() any {
	if i.UserID > 0 {
		return i.UserID
	}
	return nil
}

func (i importer) NewSizesTx(ctx context.Context, tx *sql.Tx, run int64) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO stock_movements (variant_id, quantity, stock_after, reason, actor, user_id, note)
		SELECT variant_id, stock, stock, $2, $3, CAST($4 AS BIGINT), $5
		FROM import_sizes WHERE run_id = $1 AND created AND stock > 0 ORDER BY n`, run, i.Reason, i.Actor, i.user(), i.Note); err != nil {
		return fmt.Errorf("publish stock movements of new sizes: %w", err)
	}
	return nil
}

func (i importer) ChangedSizesTx(ctx context.Context, tx *sql.Tx, run int64) error {
	if _, err := tx.ExecContext(ctx, `INSERT INTO stock_movements (variant_id, quantity, stock_after, reason, actor, user_id, note)
		SELECT id, after - stock, after, $2, $3, CAST($4 AS BIGINT), $5 FROM (
			SELECT v.id, v.stock, s.n, `+catalog.ImportedStock("v")+` AS after
			FROM import_sizes s JOIN variants v ON v.id = s.variant_id
			WHERE s.run_id = $1 AND NOT s.created AND s.stock <> s.stock_read
		) moved WHERE after <> stock ORDER BY n`, run, i.Reason, i.Actor, i.user(), i.Note); err != nil {
		return fmt.Errorf("publish stock movements: %w", err)
	}
	return nil
}
