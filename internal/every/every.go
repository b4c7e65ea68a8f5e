// Package every runs the shop's background jobs: one step, repeated at an
// interval until the shop stops. Each job keeps its state in the database,
// so a restart, or another instance, picks up where it stopped.
package every

import (
	"context"
	"log/slog"
	"time"
)

// Run calls step now and then every interval until ctx is done. A failed
// step is logged under what and tried again at the next tick.
func Run(ctx context.Context, interval time.Duration, log *slog.Logger, what string, step func(context.Context) error) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if err := step(ctx); err != nil && ctx.Err() == nil {
			log.ErrorContext(ctx, what, "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
