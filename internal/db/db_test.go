package db_test

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
)

func TestMigrateFreshAndAgain(t *testing.T) {
	for _, dialect := range dbtest.Engines() {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			d := dbtest.Open(t, dbtest.URL(t, dialect))
			applied, err := d.Migrate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(applied) == 0 {
				t.Fatal("no migration applied on an empty database")
			}
			again, err := d.Migrate(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if len(again) != 0 {
				t.Fatalf("second run applied %v", again)
			}
			var n int
			if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n); err != nil || n != len(applied) {
				t.Fatalf("schema_migrations has %d rows (%v), want %d", n, err, len(applied))
			}
		})
	}
}

func TestConstraints(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		mustExec := func(q string, args ...any) {
			t.Helper()
			if _, err := d.Exec(ctx, q, args...); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		mustExec(`INSERT INTO categories (name, slug) VALUES ('Feeds', 'feeds')`)
		mustExec(`INSERT INTO products (name, slug, base_price_cents, category_id) VALUES ('Dairy Meal', 'dairy-meal', 100, 1)`)
		mustExec(`INSERT INTO variants (product_id, size, size_key, sku, price_cents, stock) VALUES (1, '10 Kg', '10kg', 'A-1', 100, 5)`)

		_, err := d.Exec(ctx, `INSERT INTO categories (name, slug) VALUES ('Again', 'feeds')`)
		if !db.IsUniqueViolation(err) {
			t.Errorf("duplicate category slug: got %v, want unique violation", err)
		}
		_, err = d.Exec(ctx, `INSERT INTO variants (product_id, size, size_key, sku, price_cents, stock) VALUES (1, '20 Kg', '20kg', 'A-1', 100, 5)`)
		if !db.IsUniqueViolation(err) {
			t.Errorf("duplicate sku: got %v, want unique violation", err)
		}
		_, err = d.Exec(ctx, `INSERT INTO products (name, slug, base_price_cents, category_id) VALUES ('X', 'x', 100, 99)`)
		if !db.IsForeignKeyViolation(err) {
			t.Errorf("unknown category: got %v, want foreign key violation", err)
		}
		for _, q := range []string{
			`UPDATE variants SET stock = -1 WHERE id = 1`,
			`UPDATE variants SET price_cents = -1 WHERE id = 1`,
			`UPDATE products SET base_price_cents = -5 WHERE id = 1`,
			`UPDATE products SET promo = 'free' WHERE id = 1`,
			`UPDATE categories SET parent_id = id WHERE id = 1`,
			`INSERT INTO reviews (product_id, name, rating) VALUES (1, 'A', 6)`,
		} {
			if _, err := d.Exec(ctx, q); err == nil {
				t.Errorf("%s: accepted", q)
			}
		}
		_, err = d.Exec(ctx, `DELETE FROM categories WHERE id = 1`)
		if !db.IsForeignKeyViolation(err) {
			t.Errorf("deleting a category in use: got %v, want foreign key violation", err)
		}
	})
}

// Concurrent writers on SQLite queue on the single write connection rather
// than failing with "database is locked".
func TestConcurrentWritesQueue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.Exec(ctx, `INSERT INTO categories (name, slug) VALUES ('Feeds', 'feeds')`); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		errs := make(chan error, 40)
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- d.Tx(ctx, func(tx *sql.Tx) error {
					var n int
					if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM categories`).Scan(&n); err != nil {
						return err
					}
					_, err := tx.ExecContext(ctx, `INSERT INTO categories (name, slug) VALUES ($1, $2)`, "C", "c-"+string(rune('a'+i%26))+string(rune('a'+i/26)))
					return err
				})
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Errorf("concurrent write failed: %v", err)
			}
		}
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM categories`).Scan(&n); err != nil || n != 41 {
			t.Fatalf("got %d categories (%v), want 41", n, err)
		}
	})
}

func TestReadPoolRefusesWrites(t *testing.T) {
	d := dbtest.SQLite(t)
	rows, err := d.Query(context.Background(), `INSERT INTO categories (name, slug) VALUES ('A', 'a') RETURNING id`)
	if err == nil {
		for rows.Next() {
		}
		err = rows.Err()
		rows.Close()
	}
	if err == nil {
		t.Fatal("a write through the read pool succeeded")
	}
	if errors.Is(err, sql.ErrNoRows) {
		t.Fatal(err)
	}
}

// With every read connection held (a slow report, a burst of shoppers),
// a transaction still gets a connection of the write pool, and a read on
// the write pool still answers: checkouts never queue behind reads.
func TestWritePoolAnswersWhileReadsHoldEveryConnection(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		// Only a guard: the write pool answers at once, or this runs out.
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		readers := dbtest.HoldReads(t, d)
		err := d.Tx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `INSERT INTO categories (name, slug) VALUES ('Feeds', 'feeds')`)
			return err
		})
		if err != nil {
			t.Fatalf("transaction while every read connection is held: %v", err)
		}
		if n, err := d.Count(db.OnWritePool(ctx), "categories", `SELECT COUNT(*) FROM categories`); err != nil || n != 1 {
			t.Fatalf("read on the write pool while every read connection is held: %d, %v", n, err)
		}
		if st := d.Pools()["read"].Stats(); st.InUse != readers {
			t.Fatalf("%d of %d read connections held", st.InUse, readers)
		}
	})
}

// A kept statement is reset when its rows close, so it holds no read
// transaction that would stop the write-ahead log being checkpointed.
func TestKeptStatementsLetTheCheckpointThrough(t *testing.T) {
	d := dbtest.SQLite(t)
	ctx := context.Background()
	for range 3 {
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM categories WHERE slug <> $1`, "x").Scan(&n); err != nil {
			t.Fatal(err)
		}
		rows, err := d.Query(ctx, `SELECT id FROM categories WHERE slug <> $1`, "x")
		if err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	if _, err := d.Exec(ctx, `INSERT INTO categories (name, slug) VALUES ('A', 'a')`); err != nil {
		t.Fatal(err)
	}
	var busy, log, done int
	if err := d.QueryRow(db.OnWritePool(ctx), `PRAGMA wal_checkpoint(TRUNCATE)`).Scan(&busy, &log, &done); err != nil {
		t.Fatal(err)
	}
	if busy != 0 {
		t.Fatalf("checkpoint blocked by a reader: busy %d, log %d, checkpointed %d", busy, log, done)
	}
}
