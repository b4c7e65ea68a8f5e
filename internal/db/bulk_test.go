package db_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
)

// Ids reserved are never given to another insert, even on an empty table,
// and can be written by hand; JSONRows reads rows out of one argument.
func TestReserveIDsAndJSONRows(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		var reserved []int64
		if err := d.Tx(ctx, func(tx *sql.Tx) (err error) {
			reserved, err = d.ReserveIDsTx(ctx, tx, "categories", 3)
			return err
		}); err != nil || len(reserved) != 3 {
			t.Fatalf("reserved %v, %v", reserved, err)
		}
		var later int64
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			return tx.QueryRowContext(ctx, `INSERT INTO categories (name, slug) VALUES ('later', 'later') RETURNING id`).Scan(&later)
		}); err != nil {
			t.Fatal(err)
		}
		for _, id := range reserved {
			if id >= later {
				t.Errorf("reserved %v, then an insert got %d", reserved, later)
			}
		}
		rows, _ := json.Marshal([]map[string]any{{"id": reserved[0], "slug": "first"}, {"id": reserved[2], "slug": "third"}})
		if _, err := d.Exec(ctx, `INSERT INTO categories (id, name, slug) SELECT r.id, r.slug, r.slug FROM `+
			d.JSONRows(1, "r", "id BIGINT", "slug TEXT"), string(rows)); err != nil {
			t.Fatal(err)
		}
		var got []string
		r, err := d.Query(ctx, `SELECT id, slug FROM categories ORDER BY id`)
		if err != nil {
			t.Fatal(err)
		}
		got, err = db.Collect(r, func(sc db.Scanner) (s string, err error) {
			var id int64
			err = sc.Scan(&id, &s)
			return fmt.Sprint(id, s), err
		})
		want := fmt.Sprint([]string{fmt.Sprint(reserved[0], "first"), fmt.Sprint(reserved[2], "third"), fmt.Sprint(later, "later")})
		if err != nil || fmt.Sprint(got) != want {
			t.Fatalf("got %v, want %v (%v)", got, want, err)
		}
	})
}
