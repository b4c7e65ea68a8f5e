package catalog

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"shop/internal/every"
)

// The catalogue's generation tells each instance of the shop when what the
// catalogue shows may have changed, so its cached answers can be kept for as
// long as they stay true, whichever instance made the change
// (docs/architecture.md section 9). It is two numbers: catalog_generation.n,
// raised after each back-office write, and the id of the last stock
// movement, which every change of stock writes in its own transaction
// however it comes (a checkout, a payment the reconciler finds failed, an
// import). Stock thus needs no shared counter that every checkout would
// queue on.

// Changed raises the catalogue's generation: a back-office write has
// changed what the catalogue may show.
func (s *Store) Changed(ctx context.Context) error {
	if _, err := s.db.Exec(ctx, `UPDATE catalog_generation SET n = n + 1 WHERE id = 1`); err != nil {
		return fmt.Errorf("raise the catalogue's generation: %w", err)
	}
	return nil
}

// Generation is the catalogue's generation as it stands: unlike an earlier
// one, it says the catalogue may have changed since.
func (s *Store) Generation(ctx context.Context) (string, error) {
	var n, moved int64
	err := s.db.QueryRow(ctx, `SELECT n, (SELECT COALESCE(MAX(id), 0) FROM stock_movements) FROM catalog_generation WHERE id = 1`).Scan(&n, &moved)
	if err != nil {
		return "", fmt.Errorf("read the catalogue's generation: %w", err)
	}
	return fmt.Sprintf("%d.%d", n, moved), nil
}

// WatchChanges reads the catalogue's generation, then goes on looking in
// the background every interval until ctx ends, and calls changed each time
// it has moved: a change made once WatchChanges has returned is never
// missed.
func (s *Store) WatchChanges(ctx context.Context, interval time.Duration, log *slog.Logger, changed func()) {
	last, err := s.Generation(ctx)
	if err != nil {
		log.ErrorContext(ctx, "catalogue changes", "err", err)
	}
	go every.Run(ctx, interval, log, "catalogue changes", func(ctx context.Context) error {
		g, err := s.Generation(ctx)
		if err != nil {
			return err
		}
		if last != "" && g != last {
			changed()
		}
		last = g
		return nil
	})
}
