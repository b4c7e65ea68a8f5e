package app

import (
	"path/filepath"
	"testing"
	"time"

	"shop/internal/config"
	"shop/internal/testkit"
)

// The hourly janitor forgets old rate-limit events and old outbox mail,
// and keeps what is recent.
func TestJanitorPrunesOnlyWhatIsOld(t *testing.T) {
	dir := t.TempDir()
	cfg, err := config.FromEnv(func(k string) string {
		return map[string]string{"SHOP_DATA_DIR": dir, "SHOP_DATABASE_URL": "sqlite:" + filepath.Join(dir, "shop.db")}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Dev = true // the outbox exists only in dev
	a, err := New(t.Context(), cfg, testkit.Quiet(), testkit.WebApp)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	ctx := t.Context()
	old, recent := time.Now().UTC().Add(-30*24*time.Hour), time.Now().UTC().Add(-time.Minute)
	for _, at := range []time.Time{old, recent} {
		if _, err := a.DB.Exec(ctx, `INSERT INTO rate_events (bucket, at) VALUES ('login:ip:192.0.2.1', $1)`, at); err != nil {
			t.Fatal(err)
		}
		if _, err := a.DB.Exec(ctx, `INSERT INTO mail_outbox (to_address, subject, text_body, created_at) VALUES ('a@b.co', 's', 't', $1)`, at); err != nil {
			t.Fatal(err)
		}
	}
	a.janitor.Once(ctx)
	for _, table := range []string{"rate_events", "mail_outbox"} {
		if n, err := a.DB.Count(ctx, table, `SELECT COUNT(*) FROM `+table); err != nil || n != 1 {
			t.Errorf("%s: %d rows left (%v), want the recent one", table, n, err)
		}
	}
}
