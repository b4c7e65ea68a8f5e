package db

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
)

// Path is the SQLite file the database lives in; "" on PostgreSQL.
func (d *DB) Path() string { return d.path }

// Pools are the connection pools behind d, "read" and "write", for their
// statistics.
func (d *DB) Pools() map[string]*sql.DB {
	return map[string]*sql.DB{"read": d.read, "write": d.write}
}

// ReadTx runs fn in a read-only transaction: every query in it sees the
// database at one moment, while writers carry on. PostgreSQL's default,
// read committed, gives each statement a moment of its own; repeatable read
// holds one for the transaction, and a read-only one never fails for it.
func (d *DB) ReadTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	opts := &sql.TxOptions{}
	if d.Dialect == Postgres {
		opts = &sql.TxOptions{ReadOnly: true, Isolation: sql.LevelRepeatableRead}
	}
	tx, err := d.reads(ctx).BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("begin read: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	return fn(tx)
}

// Pending lists the embedded migrations the database has not applied: empty
// when its schema is the one this binary expects.
func (d *DB) Pending(ctx context.Context) ([]string, error) {
	ms, err := d.pending(ctx)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(ms))
	for i, m := range ms {
		names[i] = m.name
	}
	return names, nil
}

// pending is the embedded migrations the database has not applied, in order.
func (d *DB) pending(ctx context.Context) ([]migration, error) {
	ms, err := loadMigrations()
	if err != nil {
		return nil, err
	}
	rows, err := d.Query(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return nil, fmt.Errorf("read schema_migrations: %w", err)
	}
	applied, err := Collect(rows, func(r Scanner) (v int, err error) { return v, r.Scan(&v) })
	if err != nil {
		return nil, fmt.Errorf("read schema_migrations: %w", err)
	}
	done := make(map[int]bool, len(applied))
	for _, v := range applied {
		done[v] = true
	}
	var pending []migration
	for _, m := range ms {
		if !done[m.version] {
			pending = append(pending, m)
		}
	}
	return pending, nil
}

// ErrNotSQLite is the answer of SQLite-only operations on PostgreSQL.
var ErrNotSQLite = errors.New("the database is PostgreSQL, not SQLite")

// SnapshotTo writes a consistent copy of the SQLite database to the new file
// path with VACUUM INTO, on a connection of its own: the copy is the database
// at one moment, and the shop's writers and readers carry on meanwhile.
func (d *DB) SnapshotTo(ctx context.Context, path string) error {
	if d.Dialect != SQLite {
		return ErrNotSQLite
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("snapshot: %s already exists", path)
	}
	conn, err := sql.Open("sqlite", "file:"+(&url.URL{Path: d.path}).EscapedPath()+"?_pragma=busy_timeout(10000)")
	if err != nil {
		return fmt.Errorf("snapshot: %w", err)
	}
	defer conn.Close()
	conn.SetMaxOpenConns(1)
	if _, err := conn.ExecContext(ctx, `VACUUM INTO $1`, path); err != nil {
		return fmt.Errorf("snapshot: vacuum into %s: %w", path, err)
	}
	return nil
}

// IntegrityCheck runs SQLite's PRAGMA integrity_check and returns nil when it
// answers "ok".
func (d *DB) IntegrityCheck(ctx context.Context) error {
	if d.Dialect != SQLite {
		return ErrNotSQLite
	}
	rows, err := d.Query(ctx, `PRAGMA integrity_check`)
	if err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	lines, err := Collect(rows, func(r Scanner) (s string, err error) { return s, r.Scan(&s) })
	if err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if len(lines) == 1 && lines[0] == "ok" {
		return nil
	}
	return fmt.Errorf("integrity check failed: %v", lines)
}
