package backup

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"shop/internal/db"
)

// Restored says where a restore put things.
type Restored struct {
	Manifest Manifest
	// Aside is the folder the data directory's previous database and media
	// were moved to; "" when there were none.
	Aside string
}

// Restore puts snapshot's database at dbPath and its media at mediaDir,
// after checking every checksum and the copied database's integrity. What
// was there before is moved aside into a folder before-restore-TIME beside
// the database, never deleted. The caller holds the data directory's
// exclusive lock (Lock), so no shop is using it.
func Restore(ctx context.Context, snapshot, dbPath, mediaDir string, now time.Time) (Restored, error) {
	m, err := Verify(snapshot)
	if err != nil {
		return Restored{}, err
	}
	dir := filepath.Dir(dbPath)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return Restored{}, fmt.Errorf("data directory: %w", err)
	}
	stamp := now.UTC().Format(timeLayout)
	incoming := dbPath + ".restoring-" + stamp
	_ = os.Remove(incoming)
	if err := copyFile(filepath.Join(snapshot, DatabaseName), incoming); err != nil {
		return Restored{}, fmt.Errorf("copy database: %w", err)
	}
	defer os.Remove(incoming) // gone by then when all went well
	if err := checkDatabase(ctx, incoming); err != nil {
		return Restored{}, err
	}
	res := Restored{Manifest: m}
	aside := filepath.Join(dir, "before-restore-"+stamp)
	// The old database's -wal and -shm go with it: applied to the restored
	// file they would corrupt it.
	for _, p := range []string{dbPath, dbPath + "-wal", dbPath + "-shm", mediaDir} {
		moved, err := moveAside(p, aside)
		if err != nil {
			return res, err
		}
		if moved {
			res.Aside = aside
		}
	}
	if err := os.Rename(incoming, dbPath); err != nil {
		return res, fmt.Errorf("put the database in place: %w", err)
	}
	if err := copyTree(filepath.Join(snapshot, MediaName), mediaDir); err != nil {
		return res, fmt.Errorf("restore media: %w", err)
	}
	return res, nil
}

// checkDatabase opens the SQLite file at path and runs its integrity check.
func checkDatabase(ctx context.Context, path string) error {
	d, err := db.Open(ctx, "sqlite:"+path, db.Conns{})
	if err != nil {
		return fmt.Errorf("open the snapshot's database: %w", err)
	}
	defer d.Close()
	if err := d.IntegrityCheck(ctx); err != nil {
		return fmt.Errorf("the snapshot's database: %w", err)
	}
	return nil
}

// moveAside moves p, when it exists, into the folder aside.
func moveAside(p, aside string) (bool, error) {
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err := os.MkdirAll(aside, 0o750); err != nil {
		return false, fmt.Errorf("make %s: %w", aside, err)
	}
	if err := os.Rename(p, filepath.Join(aside, filepath.Base(p))); err != nil {
		return false, fmt.Errorf("move %s aside: %w", p, err)
	}
	return true, nil
}
