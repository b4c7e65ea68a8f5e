package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"

	"shop/internal/app"
	"shop/internal/config"
	"shop/web"
)

func serve(ctx context.Context, cfg config.Config, args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&cfg.Dev, "dev", cfg.Dev, "development mode: demo catalogue, simulated M-Pesa, mail outbox (SHOP_DEV)")
	fs.StringVar(&cfg.Addr, "addr", cfg.Addr, "listen address (SHOP_ADDR)")
	if err := fs.Parse(args); err != nil {
		return usageError(err.Error())
	}
	if err := cfg.Finish(); err != nil {
		return usageError(err.Error())
	}
	log := newLogger(cfg, stderr)
	slog.SetDefault(log)
	a, err := app.New(ctx, cfg, log, web.Assets())
	if err != nil {
		return err
	}
	defer a.Close()
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen on %s: %w", cfg.Addr, err)
	}
	return a.Serve(ctx, ln)
}
