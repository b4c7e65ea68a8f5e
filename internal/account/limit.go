package account

import (
	"context"
	"database/sql"
	"fmt"
	"net/netip"
	"time"

	"shop/internal/apperr"
)

// The rate limits count events in the database, so they hold however many
// instances of the shop answer, and in a sliding window, so nobody is ever
// locked out for good: an old event leaving the window frees a try.

// retryAfter returns how long until bucket has room for one more event under
// l, or 0 when it has room now.
func (s *Service) retryAfter(ctx context.Context, bucket string, l Limit) (time.Duration, error) {
	now := s.clock()
	rows, err := s.db.Query(ctx, `SELECT at FROM auth_attempts WHERE bucket = $1 AND at > $2 ORDER BY at DESC LIMIT $3`,
		bucket, now.Add(-l.Window), l.Max)
	if err != nil {
		return 0, fmt.Errorf("count attempts: %w", err)
	}
	defer rows.Close()
	var ats []time.Time
	for rows.Next() {
		var at time.Time
		if err := rows.Scan(&at); err != nil {
			return 0, fmt.Errorf("count attempts: %w", err)
		}
		ats = append(ats, at)
	}
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("count attempts: %w", err)
	}
	if len(ats) < l.Max {
		return 0, nil
	}
	// Room comes when the oldest of the last Max events leaves the window.
	wait := ats[len(ats)-1].Add(l.Window).Sub(now)
	return max(wait, time.Second), nil
}

// longestWindow is how long an attempt is worth keeping.
const longestWindow = 24 * time.Hour

// record notes one event in each bucket, and forgets events older than any
// window.
func (s *Service) record(ctx context.Context, buckets ...string) error {
	now := s.clock()
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		for _, b := range buckets {
			if _, err := tx.ExecContext(ctx, `INSERT INTO auth_attempts (bucket, at) VALUES ($1, $2)`, b, now); err != nil {
				return fmt.Errorf("record attempt: %w", err)
			}
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM auth_attempts WHERE at < $1`, now.Add(-longestWindow)); err != nil {
			return fmt.Errorf("forget old attempts: %w", err)
		}
		return nil
	})
}

// dbExec runs a write outside a transaction, as an execer.
func (s *Service) dbExec() execer { return dbExecer{s} }

type dbExecer struct{ s *Service }

func (e dbExecer) ExecContext(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return e.s.db.Exec(ctx, q, args...)
}

func (s *Service) clearBucket(ctx context.Context, tx execer, bucket string) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM auth_attempts WHERE bucket = $1`, bucket); err != nil {
		return fmt.Errorf("clear attempts: %w", err)
	}
	return nil
}

// firstLimited checks each bucket against its limit and returns the longest
// wait, or 0.
func (s *Service) firstLimited(ctx context.Context, checks map[string]Limit) (time.Duration, error) {
	var wait time.Duration
	for bucket, l := range checks {
		w, err := s.retryAfter(ctx, bucket, l)
		if err != nil {
			return 0, err
		}
		wait = max(wait, w)
	}
	return wait, nil
}

// tooMany is the 429 answer, in whole minutes rounded up.
func tooMany(what string, wait time.Duration) error {
	mins := int((wait + time.Minute - 1) / time.Minute)
	unit := "minutes"
	if mins == 1 {
		unit = "minute"
	}
	return apperr.TooManyRequests(fmt.Sprintf("Too many %s. Please wait %d %s and try again.", what, mins, unit), wait)
}

// ipBucket names the client's address for a rate limit. An IPv6 client is
// counted by its /64, which one subscriber usually holds whole.
func ipBucket(prefix, ip string) string {
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
