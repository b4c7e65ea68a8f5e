package db

import (
	"strconv"
	"strings"
)

// JSONRows is a FROM item named alias that reads the argument numbered arg,
// a JSON array of objects, as rows of columns ("id BIGINT", "name TEXT", …;
// each object's keys are the column names). One argument carries thousands
// of rows, so a statement can write them all at once (UPDATE … FROM,
// INSERT … SELECT) where a row a statement would cost a round trip each,
// and $N placeholders past a few thousand cost SQLite more than the work.
func (d *DB) JSONRows(arg int, alias string, columns ...string) string {
	return jsonRows(d.Dialect, arg, alias, columns...)
}

func jsonRows(dialect Dialect, arg int, alias string, columns ...string) string {
	n := "$" + strconv.Itoa(arg)
	if dialect == Postgres {
		return "jsonb_to_recordset(CAST(" + n + " AS jsonb)) AS " + alias + "(" + strings.Join(columns, ", ") + ")"
	}
	cols := make([]string, len(columns))
	for i, c := range columns {
		name, _, _ := strings.Cut(c, " ")
		cols[i] = "value ->> '" + name + "' AS " + name
	}
	return "(SELECT " + strings.Join(cols, ", ") + " FROM json_each(" + n + ")) AS " + alias
}
