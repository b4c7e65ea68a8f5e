// Package dbcopy moves a shop from SQLite to PostgreSQL (`shop copy`): every
// table, in one PostgreSQL transaction, into an empty database migrated to
// the same version, then checks that every table's row count and every
// money column's sum match before committing, and moves the id sequences
// past the copied ids (docs/deploy.md, "Moving to PostgreSQL").
package dbcopy

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"

	"shop/internal/db"
)

// Table is what was copied of one table.
type Table struct {
	Name string
	Rows int64
	// Sums are the totals of its money columns (those ending in _cents).
	Sums map[string]int64
}

// Copy copies every table of src (SQLite, not in use) into dst (PostgreSQL,
// empty). It migrates dst first. Nothing is committed unless every count
// and sum matches.
func Copy(ctx context.Context, src, dst *db.DB) ([]Table, error) {
	if src.Dialect != db.SQLite || dst.Dialect != db.Postgres {
		return nil, fmt.Errorf("copy goes from SQLite to PostgreSQL")
	}
	if pending, err := src.Pending(ctx); err != nil {
		return nil, err
	} else if len(pending) > 0 {
		return nil, fmt.Errorf("the SQLite database lacks migrations %v: run `shop migrate` on it first (with the same binary)", pending)
	}
	if _, err := dst.Migrate(ctx); err != nil {
		return nil, fmt.Errorf("migrate the PostgreSQL database: %w", err)
	}
	var out []Table
	err := src.ReadTx(ctx, func(rtx *sql.Tx) error {
		tables, err := plan(ctx, rtx)
		if err != nil {
			return err
		}
		return dst.Tx(ctx, func(wtx *sql.Tx) error {
			if err := checkNew(ctx, wtx); err != nil {
				return err
			}
			// The migrations seed a few rows (a default delivery zone, the
			// notifier's cursor, the farmers' search words): the source's
			// own rows, seeded by the same migrations and since edited,
			// replace them. Children go first.
			for i := len(tables) - 1; i >= 0; i-- {
				if _, err := wtx.ExecContext(ctx, `DELETE FROM `+quote(tables[i].name)); err != nil {
					return fmt.Errorf("the PostgreSQL database has no table %s that the SQLite one has: %w", tables[i].name, err)
				}
			}
			for _, t := range tables {
				if err := t.copy(ctx, rtx, wtx); err != nil {
					return fmt.Errorf("copy %s: %w", t.name, err)
				}
			}
			// The search index is each engine's own (FTS5 on SQLite, a
			// tsvector column on PostgreSQL): marking every product stale
			// makes the shop rebuild PostgreSQL's at its first start.
			if _, err := wtx.ExecContext(ctx, `UPDATE products SET search_version = -1`); err != nil {
				return fmt.Errorf("mark the search index for rebuilding: %w", err)
			}
			for _, t := range tables {
				got, err := t.verify(ctx, rtx, wtx)
				if err != nil {
					return err
				}
				out = append(out, got)
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// table is one table to copy: its columns, and those that point at another
// row of the same table (a category's parent), which are set once every row
// is in.
type table struct {
	name    string
	columns []string
	selfRef []string
	hasID   bool
}

// plan lists the tables of the SQLite database, parents before children.
func plan(ctx context.Context, tx *sql.Tx) ([]table, error) {
	// SQLite's full-text tables (a virtual table and the shadow tables named
	// after it) are its own index: PostgreSQL has its own, rebuilt after.
	virtual, err := strings_(ctx, tx, `SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL TABLE%'`)
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	all, err := strings_(ctx, tx, `SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY name`)
	if err != nil {
		return nil, fmt.Errorf("list tables: %w", err)
	}
	names := slices.DeleteFunc(all, func(n string) bool {
		return slices.Contains(derived, n) ||
			slices.ContainsFunc(virtual, func(v string) bool { return n == v || strings.HasPrefix(n, v+"_") })
	})
	byName := map[string]*table{}
	parents := map[string][]string{}
	for _, n := range names {
		t := &table{name: n}
		if t.columns, err = strings_(ctx, tx, `SELECT name FROM pragma_table_info($1) ORDER BY cid`, n); err != nil {
			return nil, fmt.Errorf("columns of %s: %w", n, err)
		}
		t.hasID = slices.Contains(t.columns, "id")
		rows, err := tx.QueryContext(ctx, `SELECT "table", "from" FROM pragma_foreign_key_list($1)`, n)
		if err != nil {
			return nil, fmt.Errorf("foreign keys of %s: %w", n, err)
		}
		refs, err := db.Collect(rows, func(r db.Scanner) (ref [2]string, err error) { return ref, r.Scan(&ref[0], &ref[1]) })
		if err != nil {
			return nil, fmt.Errorf("foreign keys of %s: %w", n, err)
		}
		for _, ref := range refs {
			if ref[0] == n && t.hasID {
				t.selfRef = append(t.selfRef, ref[1])
			} else {
				parents[n] = append(parents[n], ref[0])
			}
		}
		byName[n] = t
	}
	var ordered []table
	done := map[string]bool{}
	var visit func(n string, path []string) error
	visit = func(n string, path []string) error {
		if done[n] {
			return nil
		}
		if slices.Contains(path, n) {
			return fmt.Errorf("tables refer to each other in a circle: %v", append(path, n))
		}
		for _, p := range parents[n] {
			if _, ok := byName[p]; ok {
				if err := visit(p, append(path, n)); err != nil {
					return err
				}
			}
		}
		done[n] = true
		ordered = append(ordered, *byName[n])
		return nil
	}
	for _, n := range names {
		if err := visit(n, nil); err != nil {
			return nil, err
		}
	}
	return ordered, nil
}

func strings_(ctx context.Context, tx *sql.Tx, q string, args ...any) ([]string, error) {
	rows, err := tx.QueryContext(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	return db.Collect(rows, func(r db.Scanner) (s string, err error) { return s, r.Scan(&s) })
}

// derived tables are kept by triggers on both engines, each its own way:
// PostgreSQL's fill as the rows they sum are copied, and the search index's
// version (migrations 0126 and 0127) moves as the catalogue is written.
var derived = []string{"product_search_version", "product_list", "product_sizes", "product_category_sizes", "order_status_totals", "sales_days", "sales_day_products", "sales_month_products", "payment_days", "paybill_days"}

// shopTables hold a shop's own data; a new database has none of them.
var shopTables = []string{"users", "categories", "products", "orders", "payments", "admin_audit"}

// checkNew refuses a PostgreSQL database that already holds a shop.
func checkNew(ctx context.Context, tx *sql.Tx) error {
	for _, name := range shopTables {
		var n int64
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+quote(name)).Scan(&n); err != nil {
			return fmt.Errorf("count %s: %w", name, err)
		}
		if n > 0 {
			return fmt.Errorf("the PostgreSQL database is not empty: %s has %d rows (copy only into a new database)", name, n)
		}
	}
	return nil
}

func quote(ident string) string { return `"` + strings.ReplaceAll(ident, `"`, `""`) + `"` }

func quoteAll(idents []string) string {
	q := make([]string, len(idents))
	for i, c := range idents {
		q[i] = quote(c)
	}
	return strings.Join(q, ", ")
}
