// Package ratelimit counts events per named bucket in the database, so a
// limit holds however many instances of the shop answer, and in a sliding
// window, so nobody is locked out for good. It owns the rate_events table.
//
// A limit is reserved, not read: Reserve counts the bucket and records the
// event in one transaction that holds the bucket's lock, so sixteen parallel
// wrong passwords cannot all pass a count of four (docs/architecture.md,
// "Rate limits").
package ratelimit

import (
	"context"
	"database/sql"
	"fmt"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"time"

	"shop/internal/db"
)

// Limit allows Max events per sliding Window.
type Limit struct {
	Max    int
	Window time.Duration
}

// Check is one bucket held to one limit.
type Check struct {
	Bucket string
	Limit  Limit
}

// Limiter reserves events in the database.
type Limiter struct {
	db  *db.DB
	now func() time.Time
}

// New returns a Limiter on d; now may be nil (the wall clock).
func New(d *db.DB, now func() time.Time) *Limiter {
	if now == nil {
		now = time.Now
	}
	return &Limiter{db: d, now: now}
}

// Reservation is the events one Reserve recorded.
type Reservation struct {
	l   *Limiter
	ids []int64
}

// keepFor is how long an event is worth keeping: the longest window in use.
const keepFor = 24 * time.Hour

// pruneEvery: one reservation in this many forgets the events older than keepFor.
const pruneEvery = 64

// Reserve records one event in every bucket if each has room, all in one
// transaction that holds the buckets' locks. When one is full it records
// nothing and returns how long until it has room (at least a second).
func (l *Limiter) Reserve(ctx context.Context, checks ...Check) (Reservation, time.Duration, error) {
	var res Reservation
	var wait time.Duration
	err := l.db.Tx(ctx, func(tx *sql.Tx) (err error) {
		res, wait, err = l.ReserveTx(ctx, tx, checks...)
		return err
	})
	if err != nil {
		return Reservation{}, 0, err
	}
	return res, wait, nil
}

// ReserveTx is Reserve inside tx, for a limit that must stand or fall with
// the work it guards (an order and its prompt).
func (l *Limiter) ReserveTx(ctx context.Context, tx *sql.Tx, checks ...Check) (Reservation, time.Duration, error) {
	now := l.now().UTC()
	// A fixed lock order keeps two reservations of the same buckets from
	// waiting on each other on PostgreSQL.
	checks = slices.Clone(checks)
	slices.SortFunc(checks, func(a, b Check) int { return strings.Compare(a.Bucket, b.Bucket) })
	res := Reservation{l: l}
	var wait time.Duration
	for _, c := range checks {
		if err := db.LockKey(ctx, tx, l.db.Dialect, "rate:"+c.Bucket); err != nil {
			return Reservation{}, 0, fmt.Errorf("rate limit: %w", err)
		}
		w, err := retryAfter(ctx, tx, c, now)
		if err != nil {
			return Reservation{}, 0, fmt.Errorf("rate limit: %w", err)
		}
		wait = max(wait, w)
	}
	if wait > 0 {
		return Reservation{}, wait, nil
	}
	for _, c := range checks {
		var id int64
		if err := tx.QueryRowContext(ctx, `INSERT INTO rate_events (bucket, at) VALUES ($1, $2) RETURNING id`, c.Bucket, now).
			Scan(&id); err != nil {
			return Reservation{}, 0, fmt.Errorf("rate limit: record event: %w", err)
		}
		res.ids = append(res.ids, id)
	}
	// Old events are forgotten now and then rather than on every event: the
	// reservation sits in a checkout's transaction, where every statement
	// counts on SQLite's single writer.
	if res.ids[len(res.ids)-1]%pruneEvery == 0 {
		if _, err := tx.ExecContext(ctx, `DELETE FROM rate_events WHERE at < $1`, now.Add(-keepFor)); err != nil {
			return Reservation{}, 0, fmt.Errorf("rate limit: forget old events: %w", err)
		}
	}
	return res, 0, nil
}

// retryAfter returns how long until c's bucket has room for one more event,
// or 0 when it has room now.
func retryAfter(ctx context.Context, tx *sql.Tx, c Check, now time.Time) (time.Duration, error) {
	rows, err := tx.QueryContext(ctx, `SELECT at FROM rate_events WHERE bucket = $1 AND at > $2 ORDER BY at DESC LIMIT $3`,
		c.Bucket, now.Add(-c.Limit.Window), c.Limit.Max)
	if err != nil {
		return 0, fmt.Errorf("count events: %w", err)
	}
	ats, err := db.Collect(rows, func(r db.Scanner) (at time.Time, err error) { return at, r.Scan(&at) })
	if err != nil {
		return 0, fmt.Errorf("count events: %w", err)
	}
	if len(ats) < c.Limit.Max {
		return 0, nil
	}
	// Room comes when the oldest of the last Max events leaves the window.
	wait := ats[len(ats)-1].Add(c.Limit.Window).Sub(now)
	return max(wait, time.Second), nil
}

// Cancel takes back the reservation's events: for limits that count only
// failures, a success is not one.
func (r Reservation) Cancel(ctx context.Context) error {
	if len(r.ids) == 0 {
		return nil
	}
	cond, arg := r.l.db.InIDs("id", 1, r.ids)
	if _, err := r.l.db.Exec(ctx, `DELETE FROM rate_events WHERE `+cond, arg); err != nil {
		return fmt.Errorf("cancel rate events: %w", err)
	}
	return nil
}

// Execer is a transaction or the database: what ClearTx writes through.
type Execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

// ClearTx empties bucket inside tx: a correct password lifts the lock-out
// that wrong ones built up.
func ClearTx(ctx context.Context, tx Execer, bucket string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM rate_events WHERE bucket = $1`, bucket); err != nil {
		return fmt.Errorf("clear rate bucket: %w", err)
	}
	return nil
}

// Clear empties bucket.
func (l *Limiter) Clear(ctx context.Context, bucket string) error {
	return l.db.Tx(ctx, func(tx *sql.Tx) error { return ClearTx(ctx, tx, bucket) })
}

// IPBucket names a client address for a limit. An IPv6 client is counted by
// its /64, which one subscriber usually holds whole.
func IPBucket(prefix, ip string) string {
	addr, err := netip.ParseAddr(ip)
	if err != nil {
		return prefix + ip
	}
	addr = addr.Unmap()
	if addr.Is6() {
		p, _ := addr.Prefix(64)
		return prefix + p.String()
	}
	return prefix + addr.String()
}

// Minutes says wait in whole minutes rounded up, for a person: "3 minutes".
func Minutes(wait time.Duration) string {
	mins := int((wait + time.Minute - 1) / time.Minute)
	if mins == 1 {
		return "1 minute"
	}
	return strconv.Itoa(mins) + " minutes"
}

// Prune forgets the events older than the longest window in use, and
// reports how many went. Reservations do it now and then too; the shop's
// janitor does it on a schedule, so a quiet shop forgets as well.
func (l *Limiter) Prune(ctx context.Context) (int64, error) {
	res, err := l.db.Exec(ctx, `DELETE FROM rate_events WHERE at < $1`, l.now().UTC().Add(-keepFor))
	if err != nil {
		return 0, fmt.Errorf("forget old rate events: %w", err)
	}
	return res.RowsAffected()
}
