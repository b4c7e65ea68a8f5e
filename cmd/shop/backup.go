package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"time"

	"shop/internal/backup"
	"shop/internal/config"
	"shop/internal/db"
	"shop/internal/dbcopy"
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
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DBConns)
	if err != nil {
		return err
	}
	defer d.Close()
	snap, err := backup.Take(ctx, d, cfg.MediaDir(), dir, time.Now())
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, "snapshot", snap.Path)
	if strings.HasPrefix(cfg.MediaURL, "s3://") {
		fmt.Fprintln(stdout, "the pictures are in the bucket of SHOP_MEDIA_URL, not in the snapshot: back the bucket up as docs/deploy.md section 5 says")
	}
	if snap.StaleRemoved > 0 {
		fmt.Fprintf(stdout, "removed %d unfinished snapshot folder(s) left by backups that were stopped half-way\n", snap.StaleRemoved)
	}
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

// copyCmd is `shop copy --from sqlite:PATH --to postgres://…`: the whole
// shop into an empty PostgreSQL database, checked, in one transaction.
func copyCmd(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("copy", flag.ContinueOnError)
	fs.SetOutput(stderr)
	from := fs.String("from", "", "the SQLite database: sqlite:PATH (the shop stopped)")
	to := fs.String("to", "", "the empty PostgreSQL database: postgres://user:password@host/db?sslmode=...")
	if err := fs.Parse(args); err != nil {
		return usageError(err.Error())
	}
	const use = "usage: shop copy --from sqlite:PATH --to postgres://…"
	if fs.NArg() > 0 || *from == "" || *to == "" {
		return usageError(use)
	}
	if _, ok := db.SQLitePath(*from); !ok {
		return usageError(use + " (--from must be sqlite:PATH)")
	}
	if !strings.HasPrefix(*to, "postgres://") && !strings.HasPrefix(*to, "postgresql://") {
		return usageError(use + " (--to must be postgres://…)")
	}
	path, _ := db.SQLitePath(*from)
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("the SQLite database %s: %w", path, err)
	}
	src, err := db.Open(ctx, *from, db.Conns{})
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := db.Open(ctx, *to, db.Conns{})
	if err != nil {
		return err
	}
	defer dst.Close()
	tables, err := dbcopy.Copy(ctx, src, dst)
	if err != nil {
		return err
	}
	var rows int64
	for _, t := range tables {
		rows += t.Rows
		fmt.Fprintf(stdout, "%-24s %8d rows", t.Name, t.Rows)
		for _, c := range slices.Sorted(maps.Keys(t.Sums)) {
			fmt.Fprintf(stdout, "  %s=%d", c, t.Sums[c])
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "copied %d tables, %d rows; counts and money sums match. Point SHOP_DATABASE_URL at the PostgreSQL database and start the shop.\n", len(tables), rows)
	return nil
}
