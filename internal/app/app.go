// Package app wires the shop together: it opens the database, builds the
// domain stores and the HTTP server, and runs it until told to stop.
package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"time"

	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/config"
	"shop/internal/content"
	"shop/internal/db"
	"shop/internal/demo"
	"shop/internal/httpapi"
	"shop/internal/httpx"
)

// App is a running shop.
type App struct {
	cfg     config.Config
	log     *slog.Logger
	DB      *db.DB
	Handler http.Handler
}

// New opens the database, applies migrations, seeds the demo catalogue in
// dev mode, and builds the HTTP handler.
func New(ctx context.Context, cfg config.Config, log *slog.Logger, webAssets fs.FS) (*App, error) {
	d, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	applied, err := d.Migrate(ctx)
	if err != nil {
		d.Close()
		return nil, err
	}
	if len(applied) > 0 {
		log.Info("migrations applied", "migrations", applied)
	}
	catalogStore := catalog.NewStore(d)
	if cfg.Dev {
		seeded, err := demo.Seed(ctx, catalogStore, cfg.MediaDir())
		if err != nil {
			d.Close()
			return nil, fmt.Errorf("seed demo catalogue: %w", err)
		}
		if seeded {
			log.Info("demo catalogue loaded", "products", len(demo.Products()))
		}
	}
	mailer, outbox, err := newMailer(cfg, d, log)
	if err != nil {
		d.Close()
		return nil, err
	}
	auth, err := newAuth(ctx, cfg, d, log, mailer)
	if err != nil {
		d.Close()
		return nil, err
	}
	srv, err := httpapi.New(httpapi.Deps{
		DB: d, Log: log, Catalog: catalogStore, Cart: cart.NewStore(d), Content: content.NewStore(d), WebAssets: webAssets,
		MediaDir: cfg.MediaDir(), PublicURL: cfg.PublicURL,
		Auth: auth, Outbox: outbox, ClientIP: httpx.ClientIP(cfg.TrustedProxies),
		LowStockThreshold: cfg.LowStockThreshold,
	})
	if err != nil {
		d.Close()
		return nil, err
	}
	return &App{cfg: cfg, log: log, DB: d, Handler: srv}, nil
}

// Close releases the database.
func (a *App) Close() error { return a.DB.Close() }

// Serve answers HTTP on ln until ctx is done, then lets in-flight requests
// finish within the shutdown timeout.
func (a *App) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           a.Handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	a.log.Info("shop listening", "addr", ln.Addr().String(), "public_url", a.cfg.PublicURL, "dev", a.cfg.Dev)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.log.Info("shutting down: finishing requests in flight")
	sctx, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
