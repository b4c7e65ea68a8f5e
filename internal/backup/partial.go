package backup

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// A backup writes into a partial folder, .partial-NAME-XXXX, and renames it
// once whole; one killed half-way leaves its partial behind, and the next
// backup removes it. Two backups may run at once (the server's schedule and
// a manual one), so a backup holds an exclusive flock on the lock file in
// its partial while it writes. The kernel lets go of it when the process
// ends, however it ends: a partial whose lock can be taken is dead.
const (
	partialPrefix = ".partial-"
	partialLock   = ".lock"
	// legacyPartialAge: a partial without a lock file (written before there
	// was one, or killed before it made one) cannot say whether its backup
	// is under way; untouched this long, it is taken for dead.
	legacyPartialAge = time.Hour
)

// lockPartial takes the lock of the partial folder p. The lock file gets
// its name only once locked, so a partial with a lock file unlocked is
// always one whose backup has ended.
func lockPartial(p string) (*os.File, error) {
	f, err := os.CreateTemp(p, partialLock+"-")
	if err != nil {
		return nil, fmt.Errorf("backup lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		return nil, fmt.Errorf("backup lock: %w", err)
	}
	if err := os.Rename(f.Name(), filepath.Join(p, partialLock)); err != nil {
		f.Close()
		return nil, fmt.Errorf("backup lock: %w", err)
	}
	return f, nil
}

// isPartialLock says whether p, under the partial folder root, is its lock
// file, which is no part of the snapshot.
func isPartialLock(root, p string) bool { return p == filepath.Join(root, partialLock) }

// removeStale removes the partial folders in dir, but own, that no backup
// is writing, and returns how many it removed. One it cannot remove stays
// for the next backup: the snapshot matters more than the cleaning.
func removeStale(dir, own string, now time.Time) int {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return 0
	}
	n := 0
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		if e.IsDir() && strings.HasPrefix(e.Name(), partialPrefix) && p != own && removeIfStale(p, now) {
			n++
		}
	}
	return n
}

// removeIfStale removes the partial folder p unless a backup is writing it,
// and says whether it did.
func removeIfStale(p string, now time.Time) bool {
	f, err := os.Open(filepath.Join(p, partialLock))
	if errors.Is(err, fs.ErrNotExist) {
		info, err := os.Stat(p)
		return err == nil && now.Sub(info.ModTime()) > legacyPartialAge && os.RemoveAll(p) == nil
	}
	if err != nil {
		return false
	}
	defer f.Close()
	if syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) != nil {
		return false // its backup is under way
	}
	// Held now; but with its lock file gone, the folder was removed by
	// another backup or became a snapshot meanwhile.
	if _, err := os.Lstat(f.Name()); err != nil {
		return false
	}
	return os.RemoveAll(p) == nil
}
