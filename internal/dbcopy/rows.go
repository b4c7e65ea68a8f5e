package dbcopy

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// batch is how many rows go in one INSERT: few round trips, far below
// PostgreSQL's 65,535 parameters for the widest table.
const batch = 200

// copy moves t's rows from rtx (SQLite) to wtx (PostgreSQL), converting each
// value to the PostgreSQL column's type, then sets the self-references and
// moves the id sequence past the largest id.
func (t table) copy(ctx context.Context, rtx, wtx *sql.Tx) error {
	types, err := columnTypes(ctx, wtx, t.name)
	if err != nil {
		return err
	}
	rows, err := rtx.QueryContext(ctx, `SELECT `+quoteAll(t.columns)+` FROM `+quote(t.name)+` ORDER BY rowid`)
	if err != nil {
		return err
	}
	defer rows.Close()
	type later struct{ id, value any }
	deferred := map[string][]later{}
	var pending []any
	flush := func() error {
		if len(pending) == 0 {
			return nil
		}
		n := len(pending) / len(t.columns)
		var b strings.Builder
		b.WriteString(`INSERT INTO ` + quote(t.name) + ` (` + quoteAll(t.columns) + `) VALUES `)
		for r := range n {
			if r > 0 {
				b.WriteString(", ")
			}
			b.WriteByte('(')
			for c := range t.columns {
				if c > 0 {
					b.WriteString(", ")
				}
				b.WriteString("$" + strconv.Itoa(r*len(t.columns)+c+1))
			}
			b.WriteByte(')')
		}
		_, err := wtx.ExecContext(ctx, b.String(), pending...)
		pending = pending[:0]
		return err
	}
	vals := make([]any, len(t.columns))
	ptrs := make([]any, len(t.columns))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	for rows.Next() {
		if err := rows.Scan(ptrs...); err != nil {
			return err
		}
		for i, c := range t.columns {
			v, err := convert(vals[i], types[c])
			if err != nil {
				if id := slices.Index(t.columns, "id"); id >= 0 {
					return fmt.Errorf("row %v, column %s: %w", vals[id], c, err)
				}
				return fmt.Errorf("column %s: %w", c, err)
			}
			if slices.Contains(t.selfRef, c) && v != nil {
				deferred[c] = append(deferred[c], later{id: vals[slices.Index(t.columns, "id")], value: v})
				v = nil
			}
			pending = append(pending, v)
		}
		if len(pending) >= batch*len(t.columns) {
			if err := flush(); err != nil {
				return err
			}
		}
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if err := flush(); err != nil {
		return err
	}
	for c, list := range deferred {
		for _, l := range list {
			if _, err := wtx.ExecContext(ctx, `UPDATE `+quote(t.name)+` SET `+quote(c)+` = $1 WHERE id = $2`, l.value, l.id); err != nil {
				return err
			}
		}
	}
	if types["id"] == "bigint" || types["id"] == "integer" {
		// Identity columns own a sequence; text ids (sessions) have none.
		if _, err := wtx.ExecContext(ctx, `SELECT setval(seq, (SELECT COALESCE(MAX(id), 0) + 1 FROM `+quote(t.name)+`), false)
			FROM (SELECT pg_get_serial_sequence($1, 'id') AS seq) s WHERE seq IS NOT NULL`, t.name); err != nil {
			return fmt.Errorf("move the id sequence: %w", err)
		}
	}
	return nil
}

// columnTypes are the PostgreSQL data types of table's columns.
func columnTypes(ctx context.Context, tx *sql.Tx, table string) (map[string]string, error) {
	rows, err := tx.QueryContext(ctx, `SELECT column_name, data_type FROM information_schema.columns
		WHERE table_schema = current_schema() AND table_name = $1`, table)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var c, t string
		if err := rows.Scan(&c, &t); err != nil {
			return nil, err
		}
		out[c] = t
	}
	return out, rows.Err()
}

// timeLayouts are the ways SQLite may hold a timestamp as text.
var timeLayouts = []string{time.RFC3339Nano, "2006-01-02 15:04:05.999999999-07:00", "2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999", "2006-01-02T15:04:05.999999999", "2006-01-02 15:04:05", "2006-01-02"}

// convert turns a value read from SQLite into one for a PostgreSQL column of type pgType.
func convert(v any, pgType string) (any, error) {
	if v == nil {
		return nil, nil
	}
	if b, ok := v.([]byte); ok {
		if pgType == "bytea" {
			// Binary as it was (a mail's PDF attachment): as text,
			// PostgreSQL would refuse the bytes that are not UTF-8.
			return b, nil
		}
		v = string(b)
	}
	switch pgType {
	case "boolean":
		switch x := v.(type) {
		case int64:
			return x != 0, nil
		case bool:
			return x, nil
		case string:
			return strconv.ParseBool(x)
		}
	case "timestamp with time zone", "timestamp without time zone":
		switch x := v.(type) {
		case time.Time:
			return x.UTC(), nil
		case string:
			for _, l := range timeLayouts {
				if t, err := time.Parse(l, x); err == nil {
					return t.UTC(), nil
				}
			}
			return nil, fmt.Errorf("%q is not a time", x)
		case int64:
			return time.Unix(x, 0).UTC(), nil
		}
	case "bigint", "integer", "smallint":
		switch x := v.(type) {
		case int64:
			return x, nil
		case float64:
			if x != float64(int64(x)) {
				return nil, fmt.Errorf("%v is not a whole number", x)
			}
			return int64(x), nil
		case string:
			return strconv.ParseInt(x, 10, 64)
		}
	case "text", "character varying":
		switch x := v.(type) {
		case string:
			if !utf8.ValidString(x) {
				// SQLite keeps any bytes; PostgreSQL's error would not say where.
				return nil, fmt.Errorf("%q is not UTF-8 text, which PostgreSQL cannot hold: correct it in the shop first", x)
			}
			return x, nil
		case int64:
			return strconv.FormatInt(x, 10), nil
		case time.Time:
			return x.UTC().Format(time.RFC3339Nano), nil
		}
	default:
		return v, nil
	}
	return nil, fmt.Errorf("cannot store %T in a %s column", v, pgType)
}

// verify compares the row count and the money sums of t in both databases.
func (t table) verify(ctx context.Context, rtx, wtx *sql.Tx) (Table, error) {
	out := Table{Name: t.name, Sums: map[string]int64{}}
	q := `SELECT COUNT(*)`
	var money []string
	for _, c := range t.columns {
		if strings.HasSuffix(c, "_cents") {
			money = append(money, c)
			q += `, CAST(COALESCE(SUM(` + quote(c) + `), 0) AS BIGINT)`
		}
	}
	q += ` FROM ` + quote(t.name)
	read := func(tx *sql.Tx) ([]int64, error) {
		got := make([]int64, 1+len(money))
		ptrs := make([]any, len(got))
		for i := range got {
			ptrs[i] = &got[i]
		}
		return got, tx.QueryRowContext(ctx, q).Scan(ptrs...)
	}
	from, err := read(rtx)
	if err != nil {
		return out, fmt.Errorf("count %s in SQLite: %w", t.name, err)
	}
	to, err := read(wtx)
	if err != nil {
		return out, fmt.Errorf("count %s in PostgreSQL: %w", t.name, err)
	}
	if !slices.Equal(from, to) {
		return out, fmt.Errorf("%s does not match after the copy: SQLite %v, PostgreSQL %v (count, then %v); nothing was committed",
			t.name, from, to, money)
	}
	out.Rows = from[0]
	for i, c := range money {
		out.Sums[c] = from[i+1]
	}
	return out, nil
}
