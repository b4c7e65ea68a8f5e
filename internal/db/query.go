package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Where builds a statement's conditions. Every value goes in as a $N
// parameter, numbered in the order added, so no text a user typed is ever
// part of the SQL.
type Where struct {
	conds []string
	Args  []any
}

// Arg adds v as the next parameter and returns its placeholder.
func (w *Where) Arg(v any) string {
	w.Args = append(w.Args, v)
	return "$" + strconv.Itoa(len(w.Args))
}

// And adds a condition that every selected row meets.
func (w *Where) And(cond string) { w.conds = append(w.conds, cond) }

// String is " WHERE a AND b", or "" when there is no condition.
func (w *Where) String() string {
	if len(w.conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(w.conds, " AND ")
}

// Contains is a LIKE pattern that finds s anywhere in a LOWER()ed column,
// with s's own % and _ taken literally; the condition needs ESCAPE '\'.
func Contains(s string) string {
	return "%" + escapeLike(strings.ToLower(s)) + "%"
}

// Like is the condition that any of columns matches the LIKE pattern
// parameter n, a Contains pattern.
func Like(n string, columns ...string) string {
	conds := make([]string, len(columns))
	for i, c := range columns {
		conds[i] = c + " LIKE " + n + ` ESCAPE '\'`
	}
	return strings.Join(conds, " OR ")
}

// escapeLike makes s match itself in a LIKE pattern with ESCAPE '\'.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// Count runs a query that answers one number, such as a SELECT COUNT(*);
// what names the rows counted in an error.
func (d *DB) Count(ctx context.Context, what, q string, args ...any) (int, error) {
	return count(d.QueryRow(ctx, q, args...), what)
}

// CountTx is Count inside tx.
func CountTx(ctx context.Context, tx *sql.Tx, what, q string, args ...any) (int, error) {
	return count(tx.QueryRowContext(ctx, q, args...), what)
}

func count(row *sql.Row, what string) (int, error) {
	var n int
	if err := row.Scan(&n); err != nil {
		return 0, fmt.Errorf("count %s: %w", what, err)
	}
	return n, nil
}

// Paging bounds of a list read a page at a time.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

// Limit is the LIMIT and OFFSET of page (from 1) of size rows. Both are
// numbers the code computed, never text from a request.
func Limit(page, size int) string {
	return " LIMIT " + strconv.Itoa(size) + " OFFSET " + strconv.Itoa((page-1)*size)
}

// ListPage counts the rows of from that w selects and reads page (from 1)
// of size of them in order: what a back-office list shows. A page below 1
// reads the first; a size outside 1 to MaxPageSize reads DefaultPageSize.
// The caller closes rows.
func (d *DB) ListPage(ctx context.Context, columns, from string, w *Where, order string, page, size int) (count int, rows *sql.Rows, err error) {
	page, size = PageBounds(page, size)
	if count, err = d.Count(ctx, from, `SELECT COUNT(*) FROM `+from+w.String(), w.Args...); err != nil {
		return 0, nil, err
	}
	rows, err = d.Query(ctx, `SELECT `+columns+` FROM `+from+w.String()+` ORDER BY `+order+Limit(page, size), w.Args...)
	if err != nil {
		return 0, nil, err
	}
	return count, rows, nil
}

// PageBounds is the page (from 1) and size a list reads for page and size
// asked: a page below 1 is the first, a size outside 1 to MaxPageSize is
// DefaultPageSize.
func PageBounds(page, size int) (int, int) {
	if size < 1 || size > MaxPageSize {
		size = DefaultPageSize
	}
	return max(page, 1), size
}

// CountMatches counts what a page of a list leaves untold. The page (from
// 1) of size held n of the matches of from (" FROM … WHERE …", with args): a
// last page, or an empty first one, tells the count itself. Otherwise the
// matches are counted, every one when most is 0, else no further than most
// or than the page's end past it, and capped says the count stopped there:
// an exact count of a broad search reads every match.
func (d *DB) CountMatches(ctx context.Context, what, from string, args []any, page, size, n, most int) (count int, capped bool, err error) {
	if PageTellsCount(page, size, n) {
		return (page-1)*size + n, false, nil
	}
	if most <= 0 {
		count, err = d.Count(ctx, what, `SELECT COUNT(*)`+from, args...)
		return count, false, err
	}
	most = max(most, page*size)
	count, err = d.Count(ctx, what, `SELECT COUNT(*) FROM (SELECT 1`+from+` LIMIT `+strconv.Itoa(most+1)+`) AS matches`, args...)
	if err != nil || count <= most {
		return count, false, err
	}
	return most, true, nil
}

// PageTellsCount says whether page (from 1) of size, holding n rows, is the
// last or an empty first one, whose rows tell how many there are.
func PageTellsCount(page, size, n int) bool { return n < size && (n > 0 || page == 1) }

// QueryAll runs a read and scans every row with scan; what names the rows
// in an error.
func QueryAll[T any](ctx context.Context, d *DB, what string, scan func(Scanner) (T, error), q string, args ...any) ([]T, error) {
	rows, err := d.Query(ctx, q, args...)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", what, err)
	}
	out, err := Collect(rows, scan)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", what, err)
	}
	return out, nil
}

// NoRows reports whether err is that of a read of one row that found none.
func NoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

// RowErr is the error of a read of the one row a lookup wants: nil; missing,
// the caller's own error, when there is no such row (nil where no row is an
// answer, not a failure); or err after what was being done, as fmt.Errorf
// would put it ("load order 7: …"). Only the not-found answer is for the
// user; the rest stays in the log.
func RowErr(err, missing error, format string, args ...any) error {
	switch {
	case err == nil:
		return nil
	case NoRows(err):
		return missing
	}
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), err)
}

// Scanner is a row to scan: *sql.Row or *sql.Rows.
type Scanner = interface{ Scan(dest ...any) error }

// Collect scans every row of rows with scan, closes rows, and returns what
// it read: an empty slice, never nil, so an empty list encodes as [].
func Collect[T any](rows *sql.Rows, scan func(Scanner) (T, error)) ([]T, error) {
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
