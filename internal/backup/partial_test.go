package backup_test

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"shop/internal/backup"
	"shop/internal/db"
)

// childEnv names, for the test binary started again as a backup, the data
// directory and the backup folder.
const childEnv = "SHOP_BACKUP_TEST_CHILD"

// TestBackupChild is not a test: it is the body of the backup process that
// startBackup runs. It takes a snapshot and stops half-way, saying where its
// partial folder is, until its standard input closes or it is killed.
func TestBackupChild(t *testing.T) {
	dirs, ok := os.LookupEnv(childEnv)
	if !ok {
		t.Skip("run by startBackup only")
	}
	dataDir, dir, _ := strings.Cut(dirs, string(os.PathListSeparator))
	d, err := db.Open(context.Background(), "sqlite:"+filepath.Join(dataDir, "shop.db"), db.Conns{})
	if err != nil {
		t.Fatal(err)
	}
	backup.SetMidway(func(partial string) {
		os.Stdout.WriteString("partial " + partial + "\n")
		_, _ = io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	})
	_, err = backup.Take(context.Background(), d, filepath.Join(dataDir, "media"), dir, time.Now())
	t.Fatalf("the backup did not stop half-way: %v", err)
}

// startBackup starts a backup of dataDir into dir in another process and
// returns it, stopped half-way, with its partial folder.
func startBackup(t *testing.T, dataDir, dir string) (*exec.Cmd, string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestBackupChild$")
	cmd.Env = append(os.Environ(), childEnv+"="+dataDir+string(os.PathListSeparator)+dir)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		_ = cmd.Wait()
	})
	lines := bufio.NewScanner(stdout)
	for lines.Scan() {
		if partial, ok := strings.CutPrefix(lines.Text(), "partial "); ok {
			return cmd, partial
		}
	}
	_ = cmd.Process.Kill()
	t.Fatalf("the backup process ended before it was half-way: %v", lines.Err())
	return nil, ""
}

func kill(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil {
		t.Fatal("the killed backup ended normally")
	}
}

func exists(t *testing.T, p string) bool {
	t.Helper()
	_, err := os.Stat(p)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	return err == nil
}

// A backup killed half-way leaves its partial folder; the next backup
// removes it, but never the partial of a backup still under way in another
// process, and says how many it removed, as the dashboard does after it.
func TestBackupRemovesPartialsOfKilledBackups(t *testing.T) {
	ctx := context.Background()
	d, dataDir := shop(t)
	media := filepath.Join(dataDir, "media")
	dir := t.TempDir()

	running, partial := startBackup(t, dataDir, dir)
	if !exists(t, filepath.Join(partial, backup.DatabaseName)) {
		t.Fatalf("the backup stopped before it copied the database into %s", partial)
	}
	snap, err := backup.Take(ctx, d, media, dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if !exists(t, partial) || snap.StaleRemoved != 0 {
		t.Fatalf("the partial of a running backup: kept %v, %d reported removed", exists(t, partial), snap.StaleRemoved)
	}

	kill(t, running)
	if _, err := backup.Restore(ctx, partial, filepath.Join(t.TempDir(), "shop.db"), t.TempDir(), time.Now()); err == nil {
		t.Fatal("the partial of a killed backup was restored")
	}
	snap, err = backup.Take(ctx, d, media, dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	if exists(t, partial) || snap.StaleRemoved != 1 {
		t.Fatalf("the partial of a killed backup: kept %v, %d reported removed", exists(t, partial), snap.StaleRemoved)
	}
	st, err := backup.Schedule{Dir: dir, Interval: time.Hour}.Status(db.SQLite, time.Now(), time.Now())
	if err != nil || st.LastStaleRemoved != 1 {
		t.Fatalf("status after the cleaning backup: %+v %v", st, err)
	}
	if list, _ := backup.List(dir); len(list) != 2 {
		t.Fatalf("snapshots %+v", list)
	}
}

// Partials left by backups from before the lock file have nothing to say
// whether they are under way: one an hour old is taken for dead.
func TestBackupRemovesOldPartialsWithoutALock(t *testing.T) {
	ctx := context.Background()
	d, dataDir := shop(t)
	dir := t.TempDir()
	now := time.Now()
	old, fresh := filepath.Join(dir, ".partial-shop-20251115T000000Z-123"), filepath.Join(dir, ".partial-shop-20251115T060000Z-456")
	for _, p := range []string{old, fresh} {
		if err := os.Mkdir(p, 0o750); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(p, backup.DatabaseName), []byte("half a database"), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chtimes(old, now.Add(-2*time.Hour), now.Add(-2*time.Hour)); err != nil {
		t.Fatal(err)
	}
	snap, err := backup.Take(ctx, d, filepath.Join(dataDir, "media"), dir, now)
	if err != nil {
		t.Fatal(err)
	}
	if exists(t, old) || !exists(t, fresh) || snap.StaleRemoved != 1 {
		t.Fatalf("old removed %v, fresh kept %v, %d reported", !exists(t, old), exists(t, fresh), snap.StaleRemoved)
	}
}

// A partial is never restored, even one whose files and manifest are whole
// (a backup killed just before its rename).
func TestRestoreRefusesAPartial(t *testing.T) {
	ctx := context.Background()
	d, dataDir := shop(t)
	dir := t.TempDir()
	snap, err := backup.Take(ctx, d, filepath.Join(dataDir, "media"), dir, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	partial := filepath.Join(dir, ".partial-"+filepath.Base(snap.Path)+"-789")
	if err := os.Rename(snap.Path, partial); err != nil {
		t.Fatal(err)
	}
	target := t.TempDir()
	_, err = backup.Restore(ctx, partial+"/", filepath.Join(target, "shop.db"), filepath.Join(target, "media"), time.Now())
	if err == nil || !strings.Contains(err.Error(), "unfinished") {
		t.Fatalf("restore of a partial: %v", err)
	}
	if exists(t, filepath.Join(target, "shop.db")) {
		t.Fatal("a refused restore left a database behind")
	}
}
