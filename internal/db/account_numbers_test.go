package db_test

import (
	"context"
	"database/sql"
	"os"
	"strings"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
)

// The orders taken before account numbers get theirs from their id
// (migration 0100): the same on both engines, all different, each 7 of the
// 32 characters without look-alikes.
func TestAccountNumbersBackfilledFromTheID(t *testing.T) {
	raw, err := os.ReadFile("migrations/0100_account_numbers.sql")
	if err != nil {
		t.Fatal(err)
	}
	body := string(raw)
	start := strings.Index(body, "UPDATE orders")
	update := strings.Replace(body[start:start+strings.Index(body[start:], ";")], "UPDATE orders", "UPDATE backfill", 1)
	const alphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"
	want := func(id int64) string {
		x := id * 2654435761 % (1 << 35)
		b := make([]byte, 7)
		for i := 6; i >= 0; i-- {
			b[i] = alphabet[x%32]
			x /= 32
		}
		return string(b)
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.Exec(ctx, `CREATE TABLE backfill (id BIGINT PRIMARY KEY, account_number TEXT)`); err != nil {
			t.Fatal(err)
		}
		var ids [][]any
		for id := int64(1); id <= 3000; id++ {
			ids = append(ids, []any{id})
		}
		ids = append(ids, []any{int64(1)<<31 - 1}, []any{int64(1) << 31})
		if err := d.Tx(ctx, func(tx *sql.Tx) error { return d.InsertRows(ctx, tx, "backfill", []string{"id"}, ids, "", nil) }); err != nil {
			t.Fatal(err)
		}
		if _, err := d.Exec(ctx, update); err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		rows, err := db.QueryAll(ctx, d, "backfill", func(r db.Scanner) (x struct {
			id int64
			a  string
		}, err error) {
			return x, r.Scan(&x.id, &x.a)
		}, `SELECT id, account_number FROM backfill`)
		if err != nil || len(rows) != len(ids) {
			t.Fatalf("%d rows: %v", len(rows), err)
		}
		for _, r := range rows {
			if r.a != want(r.id) || seen[r.a] {
				t.Fatalf("order %d: %q, want %q (seen: %v)", r.id, r.a, want(r.id), seen[r.a])
			}
			seen[r.a] = true
		}
	})
}
