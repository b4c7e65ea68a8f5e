package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"shop/internal/account"
	"shop/internal/config"
	"shop/internal/db"
)

func admin(ctx context.Context, cfg config.Config, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "create" {
		return usageError("usage: shop admin create --email E --password P")
	}
	fs := flag.NewFlagSet("admin create", flag.ContinueOnError)
	fs.SetOutput(stderr)
	email := fs.String("email", "", "the admin's email address")
	password := fs.String("password", "", "the admin's password (8+ characters with upper and lower case and a digit)")
	if err := fs.Parse(args[1:]); err != nil {
		return usageError(err.Error())
	}
	if *email == "" || *password == "" {
		return usageError("usage: shop admin create --email E --password P")
	}
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DBConns)
	if err != nil {
		return err
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		return err
	}
	created, err := account.NewStore(d).EnsureAdmin(ctx, *email, *password)
	if err != nil {
		return err
	}
	if created {
		fmt.Fprintf(stdout, "created admin %s\n", *email)
	} else {
		fmt.Fprintf(stdout, "%s is now an admin (password unchanged)\n", *email)
	}
	return nil
}
