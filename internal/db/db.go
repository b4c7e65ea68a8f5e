// Package db opens the shop's database — SQLite by default, PostgreSQL when
// the URL says so — and applies the embedded migrations. SQL elsewhere is
// written once with $N placeholders, which both engines accept.
package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// Dialect names the engine behind a DB.
type Dialect string

const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// DB is the shop's handle on its database: a pool for reads, and another
// for writes and transactions. On SQLite the write pool is a single
// connection, so concurrent writers queue in the process instead of failing
// with SQLITE_BUSY. On PostgreSQL the two are sized apart (Conns) so that
// checkouts, carts and payment callbacks never wait for a connection behind
// the catalogue's reads (docs/deploy.md, "Connection pools").
type DB struct {
	read *sql.DB
	// stmts are the read pool's prepared statements on SQLite; nil on
	// PostgreSQL.
	stmts   *stmtCache
	write   *sql.DB
	Dialect Dialect
	// path is the SQLite file; empty on PostgreSQL.
	path string
}

// Conns sizes the PostgreSQL pools: Read for reads, Write for writes and
// transactions (SHOP_DB_READ_CONNS, SHOP_DB_WRITE_CONNS). A field of 0 takes
// DefaultConns'. SQLite's pools are fixed: one writer, a reader a core.
type Conns struct {
	Read, Write int
}

// DefaultConns is a read connection a core (two at least) and 16 write
// connections an instance: on a 4-core machine 20, so three instances stay
// well within PostgreSQL's default max_connections of 100 with room for
// pg_dump, psql and migrations. The write pool is the larger: a buyer's
// request holds its connection through a checkout's many statements and
// its locks, and 20 buyers at once kept 8 connections busy. Reads are
// bound by cores, not connections: each busy read connection is a
// PostgreSQL process taking a share of the cores the checkouts' processes
// need, and on a 2-core machine 12 read connections made checkouts 2.3
// times slower than 2 did, for fewer answered reads (docs/benchmarks.md,
// "28 November 2026, morning").
var DefaultConns = Conns{Read: max(2, runtime.NumCPU()), Write: 16}

// Open connects to rawURL: "sqlite:PATH" (or a bare path) or "postgres://...",
// with PostgreSQL's pools sized by conns.
func Open(ctx context.Context, rawURL string, conns Conns) (*DB, error) {
	switch {
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		return openPostgres(ctx, rawURL, conns)
	case strings.HasPrefix(rawURL, "sqlite:"), rawURL != "" && !strings.Contains(rawURL, "://"):
		path, _ := SQLitePath(rawURL)
		return openSQLite(ctx, path)
	default:
		return nil, fmt.Errorf("database URL must start with sqlite: or postgres://")
	}
}

func openPostgres(ctx context.Context, rawURL string, conns Conns) (*DB, error) {
	if conns.Read <= 0 {
		conns.Read = DefaultConns.Read
	}
	if conns.Write <= 0 {
		conns.Write = DefaultConns.Write
	}
	read, err := postgresPool(ctx, rawURL, conns.Read)
	if err != nil {
		return nil, err
	}
	write, err := postgresPool(ctx, rawURL, conns.Write)
	if err != nil {
		read.Close()
		return nil, err
	}
	return &DB{read: read, write: write, Dialect: Postgres}, nil
}

func postgresPool(ctx context.Context, rawURL string, size int) (*sql.DB, error) {
	pool, err := sql.Open("pgx", rawURL)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	pool.SetMaxOpenConns(size)
	pool.SetMaxIdleConns(size)
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	return pool, nil
}

// SQLitePath is the file a sqlite:PATH URL (or a bare path) names; ok is
// false for a PostgreSQL URL.
func SQLitePath(rawURL string) (path string, ok bool) {
	if strings.HasPrefix(rawURL, "sqlite:") {
		return strings.TrimPrefix(strings.TrimPrefix(rawURL, "sqlite:"), "//"), true
	}
	return rawURL, rawURL != "" && !strings.Contains(rawURL, "://")
}

func openSQLite(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("sqlite database path is empty")
	}
	if dir := filepath.Dir(path); dir != "." {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("create database folder: %w", err)
		}
	}
	pragmas := "_pragma=journal_mode(WAL)&_pragma=synchronous(NORMAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)"
	base := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + pragmas
	// BEGIN IMMEDIATE takes the write lock up front, so a transaction never
	// fails half-way when it upgrades from reading to writing.
	write, err := sql.Open("sqlite", base+"&_txlock=immediate")
	if err != nil {
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetMaxIdleConns(1)
	write.SetConnMaxLifetime(0)
	if err := write.PingContext(ctx); err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite %s: %w", path, err)
	}
	// query_only makes a write through the read pool an error instead of a
	// second writer racing the first. A read connection keeps 512 KB of
	// pages, not SQLite's 2 MB: the operating system caches the file anyway,
	// and on a 10,000-product catalogue the larger cache bought no measurable
	// speed for 12 MB more of the shop's memory (docs/benchmarks.md).
	// mmap_size lets a read take its pages straight from the operating
	// system's cache of the file instead of copying each in with a read
	// call (11 % of an uncached list's CPU): the same pages that cache holds
	// anyway, counted in the process's resident file pages, not in its own
	// memory (docs/benchmarks.md, "28 November 2026, morning").
	read, err := sql.Open("sqlite", base+"&_pragma=query_only(1)&_pragma=cache_size(-512)&_pragma=mmap_size(1073741824)")
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("open sqlite: %w", err)
	}
	// A read connection a core, two at least: the pure-Go driver's reads are
	// CPU-bound, so more connections add no throughput, and each one keeps
	// memory of its own (docs/benchmarks.md).
	readers := max(2, runtime.GOMAXPROCS(0))
	read.SetMaxOpenConns(readers)
	read.SetMaxIdleConns(readers)
	read.SetConnMaxLifetime(0)
	return &DB{read: read, write: write, Dialect: SQLite, path: path, stmts: newStmtCache(read, readStatements)}, nil
}

// Close closes both pools.
func (d *DB) Close() error {
	return errors.Join(d.write.Close(), d.read.Close())
}

// Ping checks the database answers.
func (d *DB) Ping(ctx context.Context) error { return d.read.PingContext(ctx) }

type writePoolKey struct{}

// OnWritePool marks ctx so that the reads made under it use the write pool:
// for a request on the way to a payment (a cart change, a checkout, Daraja's
// callbacks), whose few reads must not wait for a connection behind the
// catalogue's reads.
func OnWritePool(ctx context.Context) context.Context {
	return context.WithValue(ctx, writePoolKey{}, true)
}

// reads is the pool the reads under ctx use.
func (d *DB) reads(ctx context.Context) *sql.DB {
	if ctx.Value(writePoolKey{}) != nil {
		return d.write
	}
	return d.read
}

// readStatements is how many prepared statements the SQLite read pool
// keeps: the shapes of the catalogue's lists and pages, with room to spare,
// at a few kilobytes each a connection.
const readStatements = 64

// prepared is q's kept statement when the reads under ctx keep theirs,
// to be released once its query has started; nil to run q unprepared.
func (d *DB) prepared(ctx context.Context, q string) *cachedStmt {
	if d.stmts == nil || ctx.Value(writePoolKey{}) != nil {
		return nil
	}
	s, err := d.stmts.get(ctx, q)
	if err != nil {
		// Run unprepared, which reports the same error in its place.
		return nil
	}
	return s
}

// Query runs a read.
func (d *DB) Query(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	if s := d.prepared(ctx, q); s != nil {
		defer d.stmts.release(s)
		return s.stmt.QueryContext(ctx, args...)
	}
	return d.reads(ctx).QueryContext(ctx, q, args...)
}

// QueryRow runs a read of one row.
func (d *DB) QueryRow(ctx context.Context, q string, args ...any) *sql.Row {
	if s := d.prepared(ctx, q); s != nil {
		defer d.stmts.release(s)
		return s.stmt.QueryRowContext(ctx, args...)
	}
	return d.reads(ctx).QueryRowContext(ctx, q, args...)
}

// Exec runs one write outside a transaction.
func (d *DB) Exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return d.write.ExecContext(ctx, q, args...)
}

// Tx runs fn in a write transaction, committing when fn returns nil.
func (d *DB) Tx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := d.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// IsUniqueViolation reports whether err is a unique-constraint failure, so
// callers can answer "already taken" instead of a 500.
func IsUniqueViolation(err error) bool {
	return isViolation(err, "23505", sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY)
}

// IsForeignKeyViolation reports whether err is a foreign-key failure (a row
// still referenced elsewhere, or a reference to nothing). SQLite enforces ON
// DELETE RESTRICT like a trigger.
func IsForeignKeyViolation(err error) bool {
	return isViolation(err, "23503", sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY, sqlite3.SQLITE_CONSTRAINT_TRIGGER)
}

// isViolation reports whether err is PostgreSQL's error pgCode or one of
// SQLite's extended codes.
func isViolation(err error, pgCode string, sqliteCodes ...int) bool {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code == pgCode
	}
	var sqErr *sqlite.Error
	return errors.As(err, &sqErr) && slices.Contains(sqliteCodes, sqErr.Code())
}

// InIDs returns a condition that column is one of the ids passed as the
// argument numbered arg, and that argument's value. One argument whatever the
// count: SQLite looks named parameters up one by one, so a thousand $N
// placeholders cost more than the query itself.
func (d *DB) InIDs(column string, arg int, ids []int64) (cond string, value any) {
	b := make([]byte, 0, len(ids)*6+2)
	b = append(b, '[')
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		b = strconv.AppendInt(b, id, 10)
	}
	b = append(b, ']')
	n := "$" + strconv.Itoa(arg)
	if d.Dialect == Postgres {
		return column + " IN (SELECT CAST(value AS BIGINT) FROM jsonb_array_elements_text(CAST(" + n + " AS jsonb)))", string(b)
	}
	return column + " IN (SELECT value FROM json_each(" + n + "))", string(b)
}

// LockRowsTx locks the rows query (with args) selects until tx ends, on
// PostgreSQL, in the order it selects them, as an UPDATE of them would:
// another writer of those rows waits, a row referring to them does not.
// SQLite's single writer already keeps every other writer out.
func (d *DB) LockRowsTx(ctx context.Context, tx *sql.Tx, query string, args ...any) error {
	if d.Dialect != Postgres {
		return nil
	}
	rows, err := tx.QueryContext(ctx, query+" FOR NO KEY UPDATE", args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
	}
	return rows.Err()
}

// LockKey serialises the transactions that take the same key until they end,
// for rows that may not exist yet. SQLite's single writer already does.
func LockKey(ctx context.Context, tx *sql.Tx, d Dialect, key string) error {
	if d != Postgres {
		return nil
	}
	_, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, key)
	return err
}
