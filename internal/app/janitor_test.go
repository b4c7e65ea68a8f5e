package app

import (
	"log/slog"
	"path/filepath"
	"testing"
	"testing/fstest"
	"time"

	"shop/internal/config"
	"shop/internal/db/dbtest"
)

// webApp is a built web app as far as the janitor cares. (testkit wires
// the shop through this package, so its tests here cannot use it.)
var webApp = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>shop</title>")}}

// The hourly janitor forgets old rate-limit events, old outbox mail and
// product imports abandoned long ago, and keeps what is recent.
func TestJanitorPrunesOnlyWhatIsOld(t *testing.T) {
	dir := t.TempDir()
	cfg, err := config.FromEnv(func(k string) string {
		return map[string]string{"SHOP_DATA_DIR": dir, "SHOP_DATABASE_URL": "sqlite:" + filepath.Join(dir, "shop.db")}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(t.Context(), cfg, slog.New(slog.DiscardHandler), webApp)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	ctx := t.Context()
	old, recent := time.Now().UTC().Add(-100*24*time.Hour), time.Now().UTC().Add(-time.Minute)
	for _, at := range []time.Time{old, recent} {
		if _, err := a.DB.Exec(ctx, `INSERT INTO rate_events (bucket, at) VALUES ('login:ip:192.0.2.1', $1)`, at); err != nil {
			t.Fatal(err)
		}
		if _, err := a.DB.Exec(ctx, `INSERT INTO mail_outbox (to_address, subject, text_body, created_at) VALUES ('a@b.co', 's', 't', $1)`, at); err != nil {
			t.Fatal(err)
		}
		if _, err := a.DB.Exec(ctx, `INSERT INTO import_runs (touched_at) VALUES ($1)`, a.DB.TimeArg(at)); err != nil {
			t.Fatal(err)
		}
	}
	a.janitor.Once(ctx)
	for _, table := range []string{"rate_events", "mail_outbox", "import_runs"} {
		if n, err := a.DB.Count(ctx, table, `SELECT COUNT(*) FROM `+table); err != nil || n != 1 {
			t.Errorf("%s: %d rows left (%v), want the recent one", table, n, err)
		}
	}
}

// A product import its process left half-way, killed a moment ago, is
// swept before a shop on SQLite serves: its staging rows go (the catalogue
// never held them).
func TestStartSweepsAbandonedImports(t *testing.T) {
	dir := t.TempDir()
	url := "sqlite:" + filepath.Join(dir, "shop.db")
	d := dbtest.Migrated(t, url)
	if _, err := d.Exec(t.Context(), `INSERT INTO import_runs (touched_at) VALUES ($1)`, d.TimeArg(time.Now())); err != nil {
		t.Fatal(err)
	}
	d.Close()
	cfg, err := config.FromEnv(func(k string) string {
		return map[string]string{"SHOP_DATA_DIR": dir, "SHOP_DATABASE_URL": url}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	a, err := New(t.Context(), cfg, slog.New(slog.DiscardHandler), webApp)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	if n, err := a.DB.Count(t.Context(), "imports", `SELECT COUNT(*) FROM import_runs`); err != nil || n != 0 {
		t.Errorf("%d abandoned imports after the start (%v)", n, err)
	}
}
