package db

import (
	"context"
	"database/sql"
	"fmt"
)

// ReserveIDsTx takes n ids of table (a name in the code, never from a
// request, whose id column the migrations made with {{ID}}) that no insert
// will be given, so rows can be prepared
// with their ids, and the JSON that names them, before they are written.
// An id reserved and never used is a gap, as a rolled-back insert leaves.
func (d *DB) ReserveIDsTx(ctx context.Context, tx *sql.Tx, table string, n int) ([]int64, error) {
	if n == 0 {
		return nil, nil
	}
	if d.Dialect == Postgres {
		rows, err := tx.QueryContext(ctx, `SELECT nextval(pg_get_serial_sequence($1, 'id')) FROM generate_series(1, $2)`, table, n)
		if err != nil {
			return nil, fmt.Errorf("reserve ids of %s: %w", table, err)
		}
		return Collect(rows, func(r Scanner) (id int64, err error) { return id, r.Scan(&id) })
	}
	// AUTOINCREMENT gives the next row max(seq, the largest id) + 1, so
	// moving seq past the reserved ids keeps them free.
	var last int64
	if err := tx.QueryRowContext(ctx, `SELECT MAX(n) FROM (SELECT seq AS n FROM sqlite_sequence WHERE name = $1
		UNION ALL SELECT COALESCE(MAX(id), 0) FROM `+table+`)`, table).Scan(&last); err != nil {
		return nil, fmt.Errorf("reserve ids of %s: %w", table, err)
	}
	res, err := tx.ExecContext(ctx, `UPDATE sqlite_sequence SET seq = $2 WHERE name = $1`, table, last+int64(n))
	if err == nil {
		var updated int64
		if updated, err = res.RowsAffected(); err == nil && updated == 0 {
			_, err = tx.ExecContext(ctx, `INSERT INTO sqlite_sequence (name, seq) VALUES ($1, $2)`, table, last+int64(n))
		}
	}
	if err != nil {
		return nil, fmt.Errorf("reserve ids of %s: %w", table, err)
	}
	ids := make([]int64, n)
	for i := range ids {
		ids[i] = last + 1 + int64(i)
	}
	return ids, nil
}
