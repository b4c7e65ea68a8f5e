// Package dbtest gives tests a fresh, migrated database of each engine, so
// one suite runs against SQLite always and PostgreSQL when
// SHOP_TEST_POSTGRES_URL is set. Each PostgreSQL database is a schema of its
// own, dropped when the test ends, so test packages can run in parallel.
package dbtest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"shop/internal/db"
)

// PostgresURL is the server the PostgreSQL half of the suite uses.
func PostgresURL() string { return os.Getenv("SHOP_TEST_POSTGRES_URL") }

// Engines lists the engines this run tests.
func Engines() []db.Dialect {
	if PostgresURL() != "" {
		return []db.Dialect{db.SQLite, db.Postgres}
	}
	return []db.Dialect{db.SQLite}
}

// Each runs fn as a subtest per engine, each with a fresh database.
func Each(t *testing.T, fn func(t *testing.T, d *db.DB)) {
	t.Helper()
	for _, dialect := range Engines() {
		t.Run(string(dialect), func(t *testing.T) {
			fn(t, New(t, dialect))
		})
	}
}

// New opens a fresh migrated database of the given engine.
func New(t testing.TB, dialect db.Dialect) *db.DB {
	t.Helper()
	return Migrated(t, URL(t, dialect))
}

// Open opens the database at url as it is, closed when the test ends.
func Open(t testing.TB, url string) *db.DB {
	t.Helper()
	d, err := db.Open(context.Background(), url, db.Conns{})
	if err != nil {
		t.Fatalf("open %s: %v", url, err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

// Migrated opens the database at url and brings its schema up to date.
func Migrated(t testing.TB, url string) *db.DB {
	t.Helper()
	d := Open(t, url)
	if _, err := d.Migrate(context.Background()); err != nil {
		t.Fatalf("migrate %s: %v", url, err)
	}
	return d
}

// Intact opens the database at url as it is and fails the test unless it
// passes its integrity check: a restored or copied database.
func Intact(t testing.TB, url string) *db.DB {
	t.Helper()
	d := Open(t, url)
	if err := d.IntegrityCheck(context.Background()); err != nil {
		t.Fatal(err)
	}
	return d
}

// URL makes an empty database of the given engine and returns its URL,
// without migrating it.
func URL(t testing.TB, dialect db.Dialect) string {
	t.Helper()
	if dialect == db.SQLite {
		return "sqlite:" + filepath.Join(t.TempDir(), "shop.db")
	}
	base := PostgresURL()
	if base == "" {
		t.Skip("SHOP_TEST_POSTGRES_URL is not set")
	}
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("open postgres: %v", err)
	}
	defer admin.Close()
	buf := make([]byte, 6)
	_, _ = rand.Read(buf)
	schema := "test_" + hex.EncodeToString(buf)
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		c, err := sql.Open("pgx", base)
		if err != nil {
			return
		}
		defer c.Close()
		_, _ = c.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	})
	pu, err := url.Parse(base)
	if err != nil {
		t.Fatalf("parse SHOP_TEST_POSTGRES_URL: %v", err)
	}
	q := pu.Query()
	q.Set("search_path", schema)
	pu.RawQuery = q.Encode()
	return pu.String()
}

// SQLite opens a fresh migrated SQLite database, for a test of what does
// not depend on the engine.
func SQLite(t testing.TB) *db.DB {
	t.Helper()
	return New(t, db.SQLite)
}

// HoldReads takes every connection of d's read pool, each in a read
// transaction, until the test ends (the catalogue's reads at their
// busiest), and returns how many it holds.
func HoldReads(t testing.TB, d *db.DB) int {
	t.Helper()
	ctx := context.Background()
	readers := d.Pools()["read"].Stats().MaxOpenConnections
	if readers < 1 {
		t.Fatalf("read pool of %d connections", readers)
	}
	holding, release := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	t.Cleanup(func() { close(release); wg.Wait() })
	for range readers {
		wg.Go(func() {
			err := d.ReadTx(ctx, func(tx *sql.Tx) error {
				if _, err := db.CountTx(ctx, tx, "categories", `SELECT COUNT(*) FROM categories`); err != nil {
					return err
				}
				holding <- struct{}{}
				<-release
				return nil
			})
			if err != nil {
				t.Error(err)
				holding <- struct{}{} // so the wait below ends: the test failed
			}
		})
	}
	for range readers {
		<-holding
	}
	return readers
}
