// Command shop is the whole online shop in one binary: the web app, its API
// and the commands an operator needs.
//
//	shop serve [--dev] [--addr :8080]   run the shop
//	shop migrate                        apply database migrations
//	shop admin create --email E --password P
//	shop mpesa register-urls
//	shop backup DIR [--keep N]
//	shop restore SNAPSHOT
//	shop copy --from sqlite:PATH --to postgres://…
//	shop media copy --to s3://BUCKET/PREFIX?…
//	shop version
package main

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"shop/internal/config"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

const usage = `usage: shop <command> [flags]

commands:
  serve [--dev] [--addr ADDR]               run the shop (SHOP_* environment variables configure it)
  migrate                                   apply database migrations and exit
  admin create --email E --password P       create an admin, or make an existing user one
  mpesa register-urls [--response-type T]   register the Paybill confirmation URLs with Daraja
  backup DIR [--keep N]                     snapshot the SQLite database and media into DIR while the shop serves
  restore SNAPSHOT                          restore a snapshot into the data directory (the shop stopped)
  copy --from sqlite:PATH --to postgres://… copy every table into an empty PostgreSQL database
  media copy --to s3://BUCKET/PREFIX?…      copy the media folder into a bucket, checking each picture's size and SHA-256
  version                                   print the version
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	os.Exit(run(ctx, os.Args[1:], os.Getenv, os.Stdout, os.Stderr))
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	cfg, err := config.FromEnv(getenv)
	if err != nil {
		fmt.Fprintln(stderr, "shop:", err)
		return 2
	}
	cfg.Version = version
	var cmdErr error
	switch args[0] {
	case "serve":
		cmdErr = serve(ctx, cfg, args[1:], stderr)
	case "migrate":
		cmdErr = migrate(ctx, cfg, args[1:], stdout, stderr)
	case "admin":
		cmdErr = admin(ctx, cfg, args[1:], stdout, stderr)
	case "mpesa":
		cmdErr = mpesaCmd(ctx, cfg, args[1:], stdout, stderr)
	case "backup":
		cmdErr = backupCmd(ctx, cfg, args[1:], stdout, stderr)
	case "restore":
		cmdErr = restoreCmd(ctx, cfg, args[1:], stdout, stderr)
	case "copy":
		cmdErr = copyCmd(ctx, args[1:], stdout, stderr)
	case "media":
		cmdErr = mediaCmd(ctx, cfg, args[1:], stdout, stderr)
	case "version", "--version", "-v":
		fmt.Fprintln(stdout, "shop", version)
	case "help", "--help", "-h":
		fmt.Fprint(stdout, usage)
	default:
		fmt.Fprintf(stderr, "shop: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if cmdErr != nil {
		fmt.Fprintln(stderr, "shop:", cmdErr)
		if _, ok := cmdErr.(usageError); ok {
			return 2
		}
		return 1
	}
	return 0
}

// usageError is a mistake in the command line rather than a failure.
type usageError string

func (e usageError) Error() string { return string(e) }

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	var level slog.Level
	_ = level.UnmarshalText([]byte(cfg.LogLevel)) // checked by cfg.Finish
	opts := &slog.HandlerOptions{Level: level}
	if cfg.LogFormat == "text" {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}
