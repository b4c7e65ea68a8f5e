package db

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// InsertRows writes rows (each a value per column) into table inside tx,
// many rows a statement, within both engines' parameter limits. With
// returning (a column list) it scans what each statement returns through
// scan. It is for loading data in bulk: history for benchmarks and the demo.
// SQLite gets plain ? placeholders: it looks each $N up in a list, which
// costs a time per parameter that grows with the statement.
func (d *DB) InsertRows(ctx context.Context, tx *sql.Tx, table string, columns []string, rows [][]any, returning string, scan func(Scanner) error) error {
	per := max(1, min(500, 30000/len(columns)))
	for start := 0; start < len(rows); start += per {
		batch := rows[start:min(len(rows), start+per)]
		var b strings.Builder
		b.WriteString("INSERT INTO " + table + " (" + strings.Join(columns, ", ") + ") VALUES ")
		args := make([]any, 0, len(batch)*len(columns))
		for i, row := range batch {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('(')
			for j, v := range row {
				if j > 0 {
					b.WriteString(", ")
				}
				args = append(args, v)
				if d.Dialect == SQLite {
					b.WriteByte('?')
				} else {
					b.WriteString("$" + strconv.Itoa(len(args)))
				}
			}
			b.WriteByte(')')
		}
		if returning == "" {
			if _, err := tx.ExecContext(ctx, b.String(), args...); err != nil {
				return fmt.Errorf("insert into %s: %w", table, err)
			}
			continue
		}
		r, err := tx.QueryContext(ctx, b.String()+" RETURNING "+returning, args...)
		if err != nil {
			return fmt.Errorf("insert into %s: %w", table, err)
		}
		for r.Next() {
			if err := scan(r); err != nil {
				r.Close()
				return err
			}
		}
		r.Close()
		if err := r.Err(); err != nil {
			return fmt.Errorf("insert into %s: %w", table, err)
		}
	}
	return nil
}

// InsertRowsKeyed is InsertRows for rows with a unique key column: it
// returns each new row's id by its key.
func (d *DB) InsertRowsKeyed(ctx context.Context, tx *sql.Tx, table string, columns []string, rows [][]any, key string) (map[string]int64, error) {
	ids := make(map[string]int64, len(rows))
	err := d.InsertRows(ctx, tx, table, columns, rows, "id, "+key, func(r Scanner) error {
		var id int64
		var k string
		err := r.Scan(&id, &k)
		ids[k] = id
		return err
	})
	return ids, err
}
