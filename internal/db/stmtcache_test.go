package db

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"testing"
)

func TestStmtCacheKeepsTheNewestAndClosesTheRest(t *testing.T) {
	ctx := context.Background()
	pool, err := sql.Open("sqlite", "file:"+t.TempDir()+"/c.db")
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	pool.SetMaxOpenConns(2)
	c := newStmtCache(pool, 2)
	text := func(i int) string { return fmt.Sprintf("SELECT %d + $1", i) }
	get := func(i int) *sql.Stmt {
		t.Helper()
		s, err := c.get(ctx, text(i))
		if err != nil {
			t.Fatal(err)
		}
		c.release(s)
		return s.stmt
	}
	first := get(1)
	if get(1) != first {
		t.Fatal("the same text was prepared twice")
	}
	second := get(2)
	rows, err := second.QueryContext(ctx, 1)
	if err != nil {
		t.Fatal(err)
	}
	get(1) // 1 is now the newer; 3 evicts 2, while its rows are open
	get(3)
	if len(c.byKey) != 2 || c.byKey[text(2)] != nil {
		t.Fatalf("kept %d statements, 2 among them: %v", len(c.byKey), c.byKey[text(2)] != nil)
	}
	var n int
	if !rows.Next() || rows.Scan(&n) != nil || n != 3 {
		t.Fatalf("the rows of an evicted statement: %d, %v", n, rows.Err())
	}
	rows.Close()
	if _, err := second.QueryContext(ctx, 1); err == nil {
		t.Fatal("an evicted statement was not closed")
	}
	// Many readers at once, each text's answer its own, while the cache
	// evicts statements others have just been given.
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				k := (g + i) % 5
				s, err := c.get(ctx, text(k))
				var got int
				if err == nil {
					row := s.stmt.QueryRowContext(ctx, i)
					c.release(s)
					err = row.Scan(&got)
				}
				if err == nil && got != k+i {
					err = fmt.Errorf("%s with %d: %d", text(k), i, got)
				}
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
}
