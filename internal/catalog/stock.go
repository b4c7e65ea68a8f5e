package catalog

import (
	"context"
	"database/sql"
	"fmt"
)

// A size's stock is a column of variants, so its writes live here; the
// ledger (package stock) decides when and why it moves and records each
// movement.

// MoveStockTx adds qty (negative: takes) to size variantID's stock inside
// tx and returns its product and the stock left. sql.ErrNoRows means the
// size is gone or has less than -qty left; nothing changed then.
func MoveStockTx(ctx context.Context, tx *sql.Tx, variantID int64, qty int) (product int64, after int, err error) {
	err = tx.QueryRowContext(ctx, `UPDATE variants SET stock = stock + $1 WHERE id = $2 AND stock + $1 >= 0 RETURNING product_id, stock`,
		qty, variantID).Scan(&product, &after)
	return product, after, err
}

// LockStockTx locks size id's row for the rest of tx (a no-op UPDATE: the
// same on both engines, where SELECT … FOR UPDATE is PostgreSQL's alone) and
// returns its stock.
func LockStockTx(ctx context.Context, tx *sql.Tx, id int64) (stock int, err error) {
	err = tx.QueryRowContext(ctx, `UPDATE variants SET stock = stock WHERE id = $1 RETURNING stock`, id).Scan(&stock)
	return stock, err
}

// SetStockTx sets size id's stock to n inside tx; the caller holds the
// row's lock (LockStockTx) and records the movement.
func SetStockTx(ctx context.Context, tx *sql.Tx, id int64, n int) error {
	if _, err := tx.ExecContext(ctx, `UPDATE variants SET stock = $1 WHERE id = $2`, n, id); err != nil {
		return fmt.Errorf("set stock of size %d: %w", id, err)
	}
	return nil
}

// StockSetter sets a size's stock to a count and records the change: the
// ledger as whoever edits the size (stock.Edits).
type StockSetter interface {
	SetTx(ctx context.Context, tx *sql.Tx, variantID int64, n int) error
}

// ImportLedger records the stock an import publishes, as its movements:
// the ledger as whoever imports (stock.Imports). It reads the run's staged
// sizes (import_sizes) inside the publishing transaction.
type ImportLedger interface {
	// NewSizesTx records the first stock of the run's new sizes, once
	// they are stored.
	NewSizesTx(ctx context.Context, tx *sql.Tx, run int64) error
	// ChangedSizesTx records the stock the run's stored sizes are about to
	// be given (ImportedStock), once they are locked and before it is
	// written.
	ChangedSizesTx(ctx context.Context, tx *sql.Tx, run int64) error
}
