package main

import (
	"context"
	"fmt"
	"io"

	"shop/internal/config"
	"shop/internal/db"
)

func migrate(ctx context.Context, cfg config.Config, args []string, stdout, _ io.Writer) error {
	if len(args) > 0 {
		return usageError("migrate takes no arguments")
	}
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DBConns)
	if err != nil {
		return err
	}
	defer d.Close()
	applied, err := d.Migrate(ctx)
	if err != nil {
		return err
	}
	if len(applied) == 0 {
		fmt.Fprintln(stdout, "database is up to date")
	}
	for _, m := range applied {
		fmt.Fprintln(stdout, "applied", m)
	}
	return nil
}
