package backup_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shop/internal/backup"
	"shop/internal/db"
	"shop/internal/db/dbtest"
)

// shop is a data directory with a database holding one category and a
// media folder holding one picture.
func shop(t *testing.T) (d *db.DB, dataDir string) {
	t.Helper()
	dataDir = t.TempDir()
	ctx := context.Background()
	d = dbtest.Migrated(t, "sqlite:"+filepath.Join(dataDir, "shop.db"))
	if _, err := d.Exec(ctx, `INSERT INTO categories (name, slug) VALUES ('Dairy Meal', 'dairy-meal')`); err != nil {
		t.Fatal(err)
	}
	pic := filepath.Join(dataDir, "media", "products", "1-800.webp")
	if err := os.MkdirAll(filepath.Dir(pic), 0o750); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pic, []byte("RIFF-picture"), 0o640); err != nil {
		t.Fatal(err)
	}
	return d, dataDir
}

func TestTakeVerifyRestore(t *testing.T) {
	ctx := context.Background()
	d, dataDir := shop(t)
	dir := filepath.Join(t.TempDir(), "backups")
	at := time.Date(2025, 11, 15, 6, 0, 0, 0, time.UTC)
	snap, err := backup.Take(ctx, d, filepath.Join(dataDir, "media"), dir, at)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Base(snap.Path) != "shop-20251115T060000Z" || !snap.TakenAt.Equal(at) {
		t.Fatalf("snapshot %+v", snap)
	}
	m, err := backup.Verify(snap.Path)
	if err != nil {
		t.Fatal(err)
	}
	paths := map[string]bool{}
	for _, f := range m.Files {
		paths[f.Path] = len(f.SHA256) == 64
	}
	if !paths["shop.db"] || !paths["media/products/1-800.webp"] {
		t.Fatalf("manifest: %+v", m.Files)
	}

	// A change after the snapshot is not in it.
	if _, err := d.Exec(ctx, `INSERT INTO categories (name, slug) VALUES ('Later', 'later')`); err != nil {
		t.Fatal(err)
	}
	target := t.TempDir()
	res, err := backup.Restore(ctx, snap.Path, filepath.Join(target, "shop.db"), filepath.Join(target, "media"), at)
	if err != nil {
		t.Fatal(err)
	}
	if res.Aside != "" {
		t.Errorf("an empty directory had something moved aside: %s", res.Aside)
	}
	r := dbtest.Intact(t, "sqlite:"+filepath.Join(target, "shop.db"))
	if n, _ := r.Count(ctx, "categories", `SELECT COUNT(*) FROM categories`); n != 1 {
		t.Fatalf("restored %d categories, want the 1 of the snapshot", n)
	}
	if b, err := os.ReadFile(filepath.Join(target, "media", "products", "1-800.webp")); err != nil || string(b) != "RIFF-picture" {
		t.Fatalf("restored picture: %q %v", b, err)
	}

	// Restoring over a directory that has a shop moves the old one aside.
	res, err = backup.Restore(ctx, snap.Path, filepath.Join(target, "shop.db"), filepath.Join(target, "media"), at.Add(time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(res.Aside, "shop.db")); err != nil {
		t.Fatalf("the previous database was not kept aside: %v", err)
	}
}

func TestDamagedSnapshotRefused(t *testing.T) {
	ctx := context.Background()
	d, dataDir := shop(t)
	dir := t.TempDir()
	for name, damage := range map[string]func(snap string){
		"a changed picture": func(snap string) {
			if err := os.WriteFile(filepath.Join(snap, "media", "products", "1-800.webp"), []byte("RIFF-pictura"), 0o640); err != nil {
				t.Fatal(err)
			}
		},
		"a flipped database byte": func(snap string) {
			p := filepath.Join(snap, "shop.db")
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			b[len(b)/2] ^= 0xff
			if err := os.WriteFile(p, b, 0o640); err != nil {
				t.Fatal(err)
			}
		},
		"a missing file": func(snap string) {
			if err := os.Remove(filepath.Join(snap, "media", "products", "1-800.webp")); err != nil {
				t.Fatal(err)
			}
		},
		"no manifest": func(snap string) {
			if err := os.Remove(filepath.Join(snap, backup.ManifestName)); err != nil {
				t.Fatal(err)
			}
		},
	} {
		t.Run(name, func(t *testing.T) {
			snap, err := backup.Take(ctx, d, filepath.Join(dataDir, "media"), dir, time.Now())
			if err != nil {
				t.Fatal(err)
			}
			damage(snap.Path)
			target := t.TempDir()
			if _, err := backup.Restore(ctx, snap.Path, filepath.Join(target, "shop.db"), filepath.Join(target, "media"), time.Now()); err == nil {
				t.Fatal("a damaged snapshot was restored")
			}
			if _, err := os.Stat(filepath.Join(target, "shop.db")); err == nil {
				t.Fatal("a refused restore left a database behind")
			}
		})
	}
}

func TestPruneKeepsNewest(t *testing.T) {
	ctx := context.Background()
	d, dataDir := shop(t)
	dir := t.TempDir()
	start := time.Date(2025, 11, 1, 0, 0, 0, 0, time.UTC)
	for i := range 5 {
		if _, err := backup.Take(ctx, d, filepath.Join(dataDir, "media"), dir, start.Add(time.Duration(i)*6*time.Hour)); err != nil {
			t.Fatal(err)
		}
	}
	// A half-written snapshot and a stranger's folder are neither listed nor pruned.
	for _, p := range []string{".partial-shop-x", "shop-notes"} {
		if err := os.Mkdir(filepath.Join(dir, p), 0o750); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := backup.Prune(dir, 2)
	if err != nil || len(removed) != 3 {
		t.Fatalf("removed %v, %v", removed, err)
	}
	list, _ := backup.List(dir)
	if len(list) != 2 || !list[0].TakenAt.Equal(start.Add(24*time.Hour)) || !list[1].TakenAt.Equal(start.Add(18*time.Hour)) {
		t.Fatalf("kept %+v", list)
	}
	for _, p := range []string{".partial-shop-x", "shop-notes"} {
		if _, err := os.Stat(filepath.Join(dir, p)); err != nil {
			t.Errorf("%s was pruned: %v", p, err)
		}
	}
}

func TestRestoreRefusesADirectoryInUse(t *testing.T) {
	dataDir := t.TempDir()
	held, err := backup.Hold(dataDir)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := backup.Lock(dataDir); !errors.Is(err, backup.ErrInUse) {
		t.Fatalf("lock while a shop holds the directory: %v", err)
	}
	second, err := backup.Hold(dataDir) // a second shop process may share it
	if err != nil {
		t.Fatal(err)
	}
	held.Release()
	second.Release()
	l, err := backup.Lock(dataDir)
	if err != nil {
		t.Fatalf("lock once the shops stopped: %v", err)
	}
	if _, err := backup.Hold(dataDir); err == nil || !strings.Contains(err.Error(), "restore") {
		t.Fatalf("a shop started during a restore: %v", err)
	}
	l.Release()
}

func TestStatusWarnsWhenOld(t *testing.T) {
	ctx := context.Background()
	d, dataDir := shop(t)
	dir := t.TempDir()
	s := backup.Schedule{Dir: dir, Interval: 6 * time.Hour, Keep: 4}
	now := time.Date(2025, 11, 15, 12, 0, 0, 0, time.UTC)
	st, _ := s.Status(db.SQLite, now.Add(-time.Hour), now)
	if st.Warning || st.LastAt != nil || !st.Scheduled || st.IntervalSeconds != 6*3600 {
		t.Fatalf("fresh start: %+v", st)
	}
	if st, _ := s.Status(db.SQLite, now.Add(-13*time.Hour), now); !st.Warning {
		t.Fatalf("no snapshot 13 h after start: %+v", st)
	}
	if _, err := backup.Take(ctx, d, filepath.Join(dataDir, "media"), dir, now.Add(-11*time.Hour)); err != nil {
		t.Fatal(err)
	}
	if st, _ := s.Status(db.SQLite, now.Add(-48*time.Hour), now); st.Warning || st.LastAt == nil {
		t.Fatalf("an 11 h old snapshot at 6 h: %+v", st)
	}
	if st, _ := s.Status(db.SQLite, now.Add(-48*time.Hour), now.Add(2*time.Hour)); !st.Warning {
		t.Fatalf("a 13 h old snapshot at 6 h: %+v", st)
	}
	if st, _ := s.Status(db.Postgres, now, now); st.Engine != "postgres" || st.Scheduled || st.Warning {
		t.Fatalf("on PostgreSQL: %+v", st)
	}
}

func TestPostgresIsPgDumpsJob(t *testing.T) {
	if dbtest.PostgresURL() == "" {
		t.Skip("SHOP_TEST_POSTGRES_URL is not set")
	}
	d := dbtest.New(t, db.Postgres)
	_, err := backup.Take(context.Background(), d, t.TempDir(), t.TempDir(), time.Now())
	if !errors.Is(err, backup.ErrPostgres) || !strings.Contains(err.Error(), "pg_dump") {
		t.Fatalf("backup on PostgreSQL: %v", err)
	}
}
