// Package backup takes and restores snapshots of a shop on SQLite: the
// database, copied at one moment with VACUUM INTO while the shop serves, and
// the media folder, with a manifest of every file's SHA-256 so a damaged
// snapshot is refused rather than restored (docs/deploy.md, "Backups").
//
// A snapshot is a folder named shop-YYYYMMDDTHHMMSSZ in the backup folder:
//
//	shop-20251115T060000Z/
//	  manifest.json   when it was taken, and every file with its size and SHA-256
//	  shop.db         the database
//	  media/…         product images
//
// It is written under a hidden name, .partial-NAME-XXXX, and renamed when
// complete, so a folder with the snapshot's name is always whole; each backup
// removes the partials of backups that died half-way (partial.go).
package backup

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"shop/internal/db"
)

// Names inside a snapshot.
const (
	ManifestName = "manifest.json"
	DatabaseName = "shop.db"
	MediaName    = "media"
	namePrefix   = "shop-"
	timeLayout   = "20060102T150405Z"
)

// ErrPostgres is the answer to backing up a shop on PostgreSQL: its own
// tools do that better than a copy of files could.
var ErrPostgres = errors.New("the shop runs on PostgreSQL: back it up with pg_dump " +
	"(pg_dump --format=custom --file=shop-$(date -u +%Y%m%dT%H%M%SZ).dump \"$SHOP_DATABASE_URL\") " +
	"or your provider's backups; see docs/deploy.md")

// Manifest describes a snapshot.
type Manifest struct {
	// Format is the manifest's version, 1.
	Format  int       `json:"format"`
	TakenAt time.Time `json:"taken_at"`
	Files   []File    `json:"files"`
	// StaleRemoved is how many partial folders of dead backups this backup
	// removed from the backup folder.
	StaleRemoved int `json:"stale_partials_removed,omitempty"`
}

// File is one file of a snapshot, its path relative to the snapshot's folder
// and written with forward slashes.
type File struct {
	Path   string `json:"path"`
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

// Snapshot is a complete snapshot found in a backup folder.
type Snapshot struct {
	Path         string
	TakenAt      time.Time
	StaleRemoved int
}

// midway, set by a test, is called with the partial folder once the
// database is copied, so the test can stop a backup there.
var midway func(partial string)

// Take writes a snapshot of d and mediaDir into the folder dir (made if
// missing) and returns it, first removing the partial folders that dead
// backups left in dir. now is the snapshot's time.
func Take(ctx context.Context, d *db.DB, mediaDir, dir string, now time.Time) (Snapshot, error) {
	if d.Dialect != db.SQLite {
		return Snapshot{}, ErrPostgres
	}
	now = now.UTC().Truncate(time.Second)
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return Snapshot{}, fmt.Errorf("backup folder: %w", err)
	}
	name := freeName(dir, namePrefix+now.Format(timeLayout))
	tmp, err := os.MkdirTemp(dir, partialPrefix+name+"-")
	if err != nil {
		return Snapshot{}, fmt.Errorf("backup folder: %w", err)
	}
	lock, err := lockPartial(tmp)
	if err != nil {
		os.RemoveAll(tmp)
		return Snapshot{}, err
	}
	defer func() {
		os.RemoveAll(tmp) // only left when something failed: a complete one was renamed
		lock.Close()
	}()
	// Before the copy, so a disk filled by dead backups has room for it.
	m := Manifest{Format: 1, TakenAt: now, StaleRemoved: removeStale(dir, tmp, now)}
	if err := d.SnapshotTo(ctx, filepath.Join(tmp, DatabaseName)); err != nil {
		return Snapshot{}, err
	}
	if midway != nil {
		midway(tmp)
	}
	// The media after the database: every picture the copied rows name was
	// written before its row, so it is in the copy too.
	if err := copyTree(mediaDir, filepath.Join(tmp, MediaName)); err != nil {
		return Snapshot{}, fmt.Errorf("copy media: %w", err)
	}
	if m.Files, err = sums(tmp); err != nil {
		return Snapshot{}, err
	}
	if err := writeJSON(filepath.Join(tmp, ManifestName), m); err != nil {
		return Snapshot{}, err
	}
	// The snapshot keeps no lock file; the lock itself holds until the rename.
	if err := os.Remove(filepath.Join(tmp, partialLock)); err != nil {
		return Snapshot{}, fmt.Errorf("backup lock: %w", err)
	}
	final := filepath.Join(dir, name)
	if err := os.Rename(tmp, final); err != nil {
		return Snapshot{}, fmt.Errorf("complete snapshot: %w", err)
	}
	return Snapshot{Path: final, TakenAt: now, StaleRemoved: m.StaleRemoved}, nil
}

// freeName is base, or base-2, base-3, … when a snapshot took that second.
func freeName(dir, base string) string {
	name := base
	for i := 2; ; i++ {
		if _, err := os.Lstat(filepath.Join(dir, name)); errors.Is(err, fs.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

// List returns the complete snapshots in dir, newest first; none when dir
// does not exist.
func List(dir string) ([]Snapshot, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list backups: %w", err)
	}
	var out []Snapshot
	for _, e := range entries {
		if !e.IsDir() || !strings.HasPrefix(e.Name(), namePrefix) {
			continue
		}
		m, err := readManifest(filepath.Join(dir, e.Name()))
		if err != nil {
			continue // not a snapshot of ours, or not whole
		}
		out = append(out, Snapshot{Path: filepath.Join(dir, e.Name()), TakenAt: m.TakenAt, StaleRemoved: m.StaleRemoved})
	}
	slices.SortFunc(out, func(a, b Snapshot) int {
		if c := b.TakenAt.Compare(a.TakenAt); c != 0 {
			return c
		}
		return strings.Compare(b.Path, a.Path)
	})
	return out, nil
}

// Latest is the newest complete snapshot in dir; ok is false when there is none.
func Latest(dir string) (s Snapshot, ok bool, err error) {
	list, err := List(dir)
	if err != nil || len(list) == 0 {
		return Snapshot{}, false, err
	}
	return list[0], true, nil
}

// Prune keeps the keep newest snapshots in dir and deletes the others,
// returning what it deleted. keep below 1 keeps everything.
func Prune(dir string, keep int) ([]string, error) {
	if keep < 1 {
		return nil, nil
	}
	list, err := List(dir)
	if err != nil {
		return nil, err
	}
	var removed []string
	for _, s := range list[min(keep, len(list)):] {
		if err := os.RemoveAll(s.Path); err != nil {
			return removed, fmt.Errorf("prune %s: %w", s.Path, err)
		}
		removed = append(removed, s.Path)
	}
	return removed, nil
}

// Verify checks every file the snapshot's manifest lists against its size
// and SHA-256, and returns the manifest when all match. A partial folder is
// refused whatever it holds: its backup never said it was whole.
func Verify(snapshot string) (Manifest, error) {
	if strings.HasPrefix(filepath.Base(snapshot), partialPrefix) {
		return Manifest{}, fmt.Errorf("%s is an unfinished snapshot (its backup stopped half-way): restore a shop-… snapshot", snapshot)
	}
	m, err := readManifest(snapshot)
	if err != nil {
		return Manifest{}, err
	}
	hasDB := false
	for _, f := range m.Files {
		if f.Path == DatabaseName {
			hasDB = true
		}
		p := filepath.Join(snapshot, filepath.FromSlash(f.Path))
		if !filepath.IsLocal(filepath.FromSlash(f.Path)) {
			return Manifest{}, fmt.Errorf("snapshot %s: the manifest names %q, outside the snapshot", snapshot, f.Path)
		}
		size, sum, err := hashFile(p)
		if err != nil {
			return Manifest{}, fmt.Errorf("snapshot %s: %w", snapshot, err)
		}
		if size != f.Size || sum != f.SHA256 {
			return Manifest{}, fmt.Errorf("snapshot %s: %s does not match its checksum: the snapshot is damaged", snapshot, f.Path)
		}
	}
	if !hasDB {
		return Manifest{}, fmt.Errorf("snapshot %s: the manifest lists no %s", snapshot, DatabaseName)
	}
	return m, nil
}

func readManifest(snapshot string) (Manifest, error) {
	b, err := os.ReadFile(filepath.Join(snapshot, ManifestName))
	if err != nil {
		return Manifest{}, fmt.Errorf("snapshot %s has no readable manifest: %w", snapshot, err)
	}
	var m Manifest
	if err := json.Unmarshal(b, &m); err != nil || m.Format != 1 || m.TakenAt.IsZero() {
		return Manifest{}, fmt.Errorf("snapshot %s: the manifest is not one this shop writes", snapshot)
	}
	return m, nil
}

// sums lists every file under root with its size and SHA-256.
func sums(root string) ([]File, error) {
	var files []File
	err := filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || isPartialLock(root, p) {
			return err
		}
		size, sum, err := hashFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		files = append(files, File{Path: filepath.ToSlash(rel), Size: size, SHA256: sum})
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("checksums: %w", err)
	}
	return files, nil
}

func hashFile(p string) (int64, string, error) {
	f, err := os.Open(p)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", err
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}

// copyTree copies the regular files under src into dst; a missing src copies nothing.
func copyTree(src, dst string) error {
	if _, err := os.Stat(src); errors.Is(err, fs.ErrNotExist) {
		return os.MkdirAll(dst, 0o750)
	}
	return filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		to := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(to, 0o750)
		}
		if !e.Type().IsRegular() {
			return nil // no links or devices in a media folder
		}
		return copyFile(p, to)
	})
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o640)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o640)
}
