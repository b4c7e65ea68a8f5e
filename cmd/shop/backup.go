package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"time"

	"shop/internal/backup"
	"shop/internal/config"
	"shop/internal/db"
)

// backupCmd is `shop backup DIR [--keep N]`: a snapshot of the database and
// the media folder, taken while the shop serves.
func backupCmd(ctx context.Context, cfg config.Config, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("backup", flag.ContinueOnError)
	fs.SetOutput(stderr)
	keep := fs.Int("keep", 0, "keep only the N newest snapshots in DIR (0: keep all)")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return usageError(err.Error())
	}
	dir := cfg.BackupDir
	switch {
	case len(rest) == 1:
		dir = rest[0]
	case len(rest) > 1 || dir == "":
		return usageError("usage: shop backup DIR [--keep N] (DIR may come from SHOP_BACKUP_DIR)")
	}
	if *keep < 0 {
		return usageError("--keep must be 0 or more")
	}
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer d.Close()
	snap, err := backup.Take(ctx, d, cfg.MediaDir(), dir, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "snapshot", snap.Path)
	removed, err := backup.Prune(dir, *keep)
	for _, p := range removed {
		fmt.Fprintln(stdout, "removed", p)
	}
	return err
}

// restoreCmd is `shop restore SNAPSHOT`: the snapshot's database and media
// into the configured data directory, which no running shop may be using.
func restoreCmd(ctx context.Context, cfg config.Config, args []string, stdout, _ io.Writer) error {
	if len(args) != 1 || args[0] == "" || args[0][0] == '-' {
		return usageError("usage: shop restore SNAPSHOT")
	}
	path, ok := db.SQLitePath(cfg.DatabaseURL)
	if !ok {
		return fmt.Errorf("SHOP_DATABASE_URL is PostgreSQL: restore it with pg_restore (see docs/deploy.md)")
	}
	lock, err := backup.Lock(cfg.DataDir)
	if err != nil {
		return err
	}
	defer lock.Release()
	res, err := backup.Restore(ctx, args[0], path, cfg.MediaDir(), time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "restored the snapshot of %s (%d files) into %s\n",
		res.Manifest.TakenAt.Format(time.RFC3339), len(res.Manifest.Files), cfg.DataDir)
	if res.Aside != "" {
		fmt.Fprintln(stdout, "the previous database and media were moved to", res.Aside)
	}
	return nil
}

// parseInterspersed parses fs's flags wherever they stand among the
// arguments ("backup DIR --keep 7" and "backup --keep 7 DIR" alike) and
// returns the others.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}
