package app

import (
	"context"
	"log/slog"
	"time"

	"shop/internal/account"
	"shop/internal/catalogcsv"
	"shop/internal/lease"
	"shop/internal/mail"
	"shop/internal/ratelimit"
)

// janitor deletes what has outlived its use, on a schedule: ended sessions
// and expired reset links (account), old rate-limit events (ratelimit), the
// staging rows of abandoned product imports (catalogcsv) and old mail that is
// no longer waiting (mail). Each table's owner does its own deleting;
// several instances running it at once delete the same rows harmlessly.
type janitor struct {
	log   *slog.Logger
	tasks []pruneTask
}

type pruneTask struct {
	what string
	run  func(context.Context) (int64, error)
}

func newJanitor(auth *account.Service, limiter *ratelimit.Limiter, outbox *mail.Outbox, imports *catalogcsv.Store, leases *lease.Manager, log *slog.Logger) *janitor {
	j := &janitor{log: log, tasks: []pruneTask{
		{"sessions and reset links", auth.Prune},
		{"rate-limit events", limiter.Prune},
		{"abandoned product imports", imports.SweepImports},
		{"sent and failed mail", outbox.Prune},
		{"job lease history", leases.Prune},
	}}
	return j
}

// Once runs every task once.
func (j *janitor) Once(ctx context.Context) {
	for _, t := range j.tasks {
		n, err := t.run(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			j.log.Error("pruning "+t.what, "err", err)
		case n > 0:
			j.log.Info("pruned "+t.what, "rows", n)
		}
	}
}

// Run runs the tasks at start and every interval until ctx ends.
func (j *janitor) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		j.Once(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
