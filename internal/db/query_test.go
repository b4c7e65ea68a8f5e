package db_test

import (
	"context"
	"fmt"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
)

func TestWhereAndLike(t *testing.T) {
	var w db.Where
	if w.String() != "" {
		t.Fatalf("no conditions: %q", w.String())
	}
	w.And("role = " + w.Arg("admin"))
	w.And("(" + db.Like(w.Arg(db.Contains("50%_Off\\")), "LOWER(name)", "email") + ")")
	want := ` WHERE role = $1 AND (LOWER(name) LIKE $2 ESCAPE '\' OR email LIKE $2 ESCAPE '\')`
	if w.String() != want || len(w.Args) != 2 || w.Args[1] != `%50\%\_off\\%` {
		t.Fatalf("%q %q", w.String(), w.Args)
	}
}

func TestListPageAndCollect(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		for i := range 5 {
			if _, err := d.Exec(ctx, `INSERT INTO categories (name, slug) VALUES ($1, $2)`, fmt.Sprintf("Cat %d_x", i), fmt.Sprintf("cat-%d", i)); err != nil {
				t.Fatal(err)
			}
		}
		var w db.Where
		w.And("LOWER(name) LIKE " + w.Arg(db.Contains("_X")) + ` ESCAPE '\'`)
		count, rows, err := d.ListPage(ctx, "slug", "categories", &w, "id DESC", 2, 2)
		if err != nil {
			t.Fatal(err)
		}
		slugs, err := db.Collect(rows, func(r db.Scanner) (s string, err error) { return s, r.Scan(&s) })
		if err != nil || count != 5 || fmt.Sprint(slugs) != "[cat-2 cat-1]" {
			t.Fatalf("count %d, page %v, %v", count, slugs, err)
		}
		// Out of range: the first page, at the default size.
		_, rows, err = d.ListPage(ctx, "slug", "categories", &w, "id", 0, 1000)
		if slugs, _ := db.Collect(rows, func(r db.Scanner) (s string, err error) { return s, r.Scan(&s) }); err != nil || len(slugs) != 5 {
			t.Fatalf("clamped page %v, %v", slugs, err)
		}
	})
}
