package db

import "time"

// Nairobi is the shop's time for business reports: East Africa Time, UTC+3
// all year (Kenya keeps no daylight saving time).
var Nairobi = time.FixedZone("EAT", 3*60*60)

// NairobiDay is the SQL for the Nairobi date (YYYY-MM-DD text) of the
// timestamp column col. SQLite stores UTC text, so it shifts it by three
// hours; PostgreSQL converts the timestamptz.
func (d *DB) NairobiDay(col string) string {
	if d.Dialect == Postgres {
		return "to_char(" + col + " AT TIME ZONE 'Africa/Nairobi', 'YYYY-MM-DD')"
	}
	return "date(" + col + ", '+3 hours')"
}

// TimeArg is t as a parameter compared with a timestamp column. SQLite
// compares the stored text: CURRENT_TIMESTAMP writes "YYYY-MM-DD HH:MM:SS"
// in UTC, so t is given in that form (a stored time with a fraction sorts
// after it, as it should); PostgreSQL takes the time itself.
func (d *DB) TimeArg(t time.Time) any {
	if d.Dialect == Postgres {
		return t
	}
	return t.UTC().Format("2006-01-02 15:04:05")
}
