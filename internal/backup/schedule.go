package backup

import (
	"context"
	"log/slog"
	"time"

	"shop/internal/db"
)

// Schedule is the server's own backups (SHOP_BACKUP_DIR, SHOP_BACKUP_INTERVAL,
// SHOP_BACKUP_KEEP). A zero Interval or an empty Dir takes none.
type Schedule struct {
	Dir      string
	Interval time.Duration
	Keep     int
}

// On reports whether the server takes snapshots itself.
func (s Schedule) On() bool { return s.Dir != "" && s.Interval > 0 }

// Status is what the admin dashboard and /metrics say about backups.
type Status struct {
	// Engine is "sqlite" or "postgres"; on PostgreSQL the shop takes no
	// snapshots and the rest is empty.
	Engine string `json:"engine"`
	// Scheduled: the server takes a snapshot every Interval.
	Scheduled       bool  `json:"scheduled"`
	IntervalSeconds int64 `json:"intervalSeconds"`
	// LastAt is when the newest complete snapshot in the backup folder was
	// taken (by the server or by `shop backup` into the same folder).
	LastAt *time.Time `json:"lastAt"`
	// Warning: scheduled, and the newest snapshot is older than twice the
	// interval, or there is none after that long.
	Warning bool `json:"warning"`
	// LastStaleRemoved is how many partial folders of dead backups the
	// newest snapshot's backup removed.
	LastStaleRemoved int `json:"lastStaleRemoved"`
}

// Status reads the backup folder. started is when this server started, so
// a fresh install does not warn before its first snapshot was due.
func (s Schedule) Status(engine db.Dialect, started, now time.Time) (Status, error) {
	st := Status{Engine: string(engine)}
	if engine != db.SQLite {
		return st, nil
	}
	st.Scheduled, st.IntervalSeconds = s.On(), int64(s.Interval/time.Second)
	if s.Dir == "" {
		return st, nil
	}
	last, ok, err := Latest(s.Dir)
	if err != nil {
		return st, err
	}
	since := started
	if ok {
		t := last.TakenAt
		st.LastAt, since, st.LastStaleRemoved = &t, t, last.StaleRemoved
	}
	st.Warning = st.Scheduled && now.Sub(since) > 2*s.Interval
	return st, nil
}

// Run takes a snapshot of d and mediaDir every Interval until ctx ends, and
// keeps the Keep newest. The first comes when the newest snapshot in Dir is
// an Interval old, so restarting the shop does not take one each time.
// Failures are logged and tried again at the next turn; onDone hears of
// every attempt (for the metrics).
func (s Schedule) Run(ctx context.Context, d *db.DB, mediaDir string, log *slog.Logger, onDone func(error)) {
	if !s.On() || d.Dialect != db.SQLite {
		return
	}
	wait := time.Duration(0)
	if last, ok, err := Latest(s.Dir); err == nil && ok {
		wait = max(0, time.Until(last.TakenAt.Add(s.Interval)))
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-timer.C:
		}
		snap, err := Take(ctx, d, mediaDir, s.Dir, time.Now())
		if err == nil {
			log.Info("backup taken", "snapshot", snap.Path, "stale_partials_removed", snap.StaleRemoved)
			if removed, perr := Prune(s.Dir, s.Keep); perr != nil {
				log.Error("backup: pruning old snapshots", "err", perr)
			} else if len(removed) > 0 {
				log.Info("old backups removed", "count", len(removed))
			}
		} else if ctx.Err() == nil {
			log.Error("backup failed", "err", err)
		}
		if onDone != nil && ctx.Err() == nil {
			onDone(err)
		}
		timer.Reset(s.Interval)
	}
}
