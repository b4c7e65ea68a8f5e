package notify

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/db"
)

// Each reader of a history (sms: the orders' steps, stock: the stock
// movements) keeps its place in notify_cursors as the id of the last event
// it has handled. Several instances may read at once; the keys of what they
// queue make a second reading harmless.

// readCursor is the id of the last event the reader has handled.
func readCursor(ctx context.Context, d *db.DB, reader string) (int64, error) {
	var cursor int64
	if err := d.QueryRow(ctx, `SELECT last_id FROM notify_cursors WHERE name = $1`, reader).Scan(&cursor); err != nil {
		return 0, fmt.Errorf("%s cursor: %w", reader, err)
	}
	return cursor, nil
}

// advanceTx moves the reader's cursor to last, never back: an instance that
// finishes late must not replay what a quicker one has moved past.
func advanceTx(ctx context.Context, tx *sql.Tx, reader string, last int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE notify_cursors SET last_id = $1 WHERE name = $2 AND last_id < $1`, last, reader); err != nil {
		return fmt.Errorf("%s cursor: %w", reader, err)
	}
	return nil
}
