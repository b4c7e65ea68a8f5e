package ratelimit_test

import (
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/ratelimit"
)

func TestSlidingWindow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		now := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
		l := ratelimit.New(d, func() time.Time { return now })
		three := ratelimit.Limit{Max: 3, Window: 10 * time.Minute}
		ctx := t.Context()
		reserve := func(bucket string) time.Duration {
			t.Helper()
			_, wait, err := l.Reserve(ctx, ratelimit.Check{Bucket: bucket, Limit: three})
			if err != nil {
				t.Fatal(err)
			}
			return wait
		}
		for i := range 3 {
			if w := reserve("ip:10.0.0.1"); w != 0 {
				t.Fatalf("event %d refused for %v", i+1, w)
			}
			now = now.Add(time.Minute)
		}
		if w := reserve("ip:10.0.0.1"); w != 7*time.Minute {
			t.Fatalf("fourth event: wait %v, want 7m", w)
		}
		if w := reserve("ip:10.0.0.2"); w != 0 {
			t.Fatal("another bucket is limited too")
		}
		now = now.Add(7 * time.Minute)
		if w := reserve("ip:10.0.0.1"); w != 0 {
			t.Fatalf("still refused once the first event left the window: %v", w)
		}
		// A refused reservation records nothing, in any of its buckets.
		_, wait, err := l.Reserve(ctx, ratelimit.Check{Bucket: "ip:10.0.0.1", Limit: three}, ratelimit.Check{Bucket: "ip:10.0.0.9", Limit: three})
		if err != nil || wait == 0 {
			t.Fatalf("wait %v err %v", wait, err)
		}
		var n int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM rate_events WHERE bucket = 'ip:10.0.0.9'`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("%d events in the other bucket (%v)", n, err)
		}
		// Cancel takes an event back; Clear empties a bucket.
		res, _, _ := l.Reserve(ctx, ratelimit.Check{Bucket: "ip:10.0.0.3", Limit: ratelimit.Limit{Max: 1, Window: time.Hour}})
		if err := res.Cancel(ctx); err != nil {
			t.Fatal(err)
		}
		if w := reserve("ip:10.0.0.3"); w != 0 {
			t.Fatalf("a cancelled event still counts: %v", w)
		}
		if err := l.Clear(ctx, "ip:10.0.0.1"); err != nil {
			t.Fatal(err)
		}
		if w := reserve("ip:10.0.0.1"); w != 0 {
			t.Fatalf("cleared bucket still full: %v", w)
		}
	})
}

// Thirty-two reservations at once against a limit of five: exactly five
// are granted, on either engine.
func TestParallelReservations(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		l := ratelimit.New(d, nil)
		five := ratelimit.Limit{Max: 5, Window: time.Minute}
		var mu sync.Mutex
		granted := 0
		var wg sync.WaitGroup
		for range 32 {
			wg.Go(func() {
				_, wait, err := l.Reserve(t.Context(), ratelimit.Check{Bucket: "a", Limit: five}, ratelimit.Check{Bucket: "b", Limit: five})
				if err != nil {
					t.Error(err)
					return
				}
				if wait == 0 {
					mu.Lock()
					granted++
					mu.Unlock()
				}
			})
		}
		wg.Wait()
		if granted != 5 {
			t.Fatalf("%d reservations granted, want 5", granted)
		}
	})
}

func TestIPBucket(t *testing.T) {
	for ip, want := range map[string]string{
		"41.90.1.2":                  "x:41.90.1.2",
		"::ffff:41.90.1.2":           "x:41.90.1.2",
		"2c0f:fe38:2001:1::5":        "x:2c0f:fe38:2001:1::/64",
		"2c0f:fe38:2001:1:aaaa::bbb": "x:2c0f:fe38:2001:1::/64",
		"not-an-ip":                  "x:not-an-ip",
	} {
		if got := ratelimit.IPBucket("x:", ip); got != want {
			t.Errorf("%s: %s, want %s", ip, got, want)
		}
	}
	if ratelimit.Minutes(61*time.Second) != "2 minutes" || ratelimit.Minutes(time.Second) != "1 minute" {
		t.Error("minutes are rounded up")
	}
}
