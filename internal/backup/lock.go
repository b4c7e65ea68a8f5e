package backup

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// LockName is the file in the data directory that a running shop holds a
// shared lock on, and a restore an exclusive one.
const LockName = "shop.lock"

// ErrInUse is the answer when a restore finds a shop using the data directory.
var ErrInUse = errors.New("the data directory is in use by a running shop: stop it first (systemctl stop shop)")

// DirLock is a lock on a data directory, released by Release or when the
// process ends however it ends.
type DirLock struct{ f *os.File }

// Hold takes a shared lock on dataDir for a shop that serves from it:
// several may hold it, and a restore cannot start meanwhile.
func Hold(dataDir string) (*DirLock, error) {
	l, err := lock(dataDir, syscall.LOCK_SH)
	if errors.Is(err, ErrInUse) {
		return nil, errors.New("a restore is under way in the data directory")
	}
	return l, err
}

// Lock takes the exclusive lock a restore needs, or answers ErrInUse at
// once when a shop holds the directory.
func Lock(dataDir string) (*DirLock, error) { return lock(dataDir, syscall.LOCK_EX) }

func lock(dataDir string, how int) (*DirLock, error) {
	if err := os.MkdirAll(dataDir, 0o750); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	f, err := os.OpenFile(filepath.Join(dataDir, LockName), os.O_RDWR|os.O_CREATE, 0o640)
	if err != nil {
		return nil, fmt.Errorf("data directory lock: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), how|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, ErrInUse
		}
		return nil, fmt.Errorf("data directory lock: %w", err)
	}
	return &DirLock{f: f}, nil
}

// Release lets go of the lock.
func (l *DirLock) Release() error {
	if l == nil {
		return nil
	}
	return l.f.Close()
}
