package lease

import (
	"context"
	"log/slog"
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
)

// ttl is short so handovers happen within the test; nothing below asserts
// a duration shorter than the generous waits.
const ttl = 900 * time.Millisecond

func quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

func waitUntil(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %s waiting for %s", limit, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// counted is a job that counts how many instances run each job at once.
type counted struct {
	mu        sync.Mutex
	now, most map[string]int
}

func newCounted() *counted { return &counted{now: map[string]int{}, most: map[string]int{}} }

func (c *counted) running(job string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now[job]
}

func (c *counted) mostAtOnce() map[string]int {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := map[string]int{}
	for k, v := range c.most {
		out[k] = v
	}
	return out
}

func (c *counted) job(name string) Job {
	return Job{Name: name, Run: func(ctx context.Context) {
		c.mu.Lock()
		c.now[name]++
		c.most[name] = max(c.most[name], c.now[name])
		c.mu.Unlock()
		<-ctx.Done()
		c.mu.Lock()
		c.now[name]--
		c.mu.Unlock()
	}}
}

func (c *counted) checkOnce(t *testing.T) {
	t.Helper()
	for job, n := range c.mostAtOnce() {
		if n != 1 {
			t.Errorf("job %s ran on %d instances at once", job, n)
		}
	}
}

type instance struct {
	m    *Manager
	stop context.CancelFunc
	done chan struct{}
}

func start(d *db.DB, c *counted, names ...string) *instance {
	m := New(d, ttl, quiet())
	ctx, cancel := context.WithCancel(context.Background())
	in := &instance{m: m, stop: cancel, done: make(chan struct{})}
	var jobs []Job
	for _, n := range names {
		jobs = append(jobs, c.job(n))
	}
	go func() { defer close(in.done); m.Run(ctx, jobs) }()
	return in
}

func (in *instance) halt() { in.stop(); <-in.done }

// kill ends the instance without releasing its leases, as kill -9 does.
func (in *instance) kill() { in.m.dies = true; in.stop(); <-in.done }

func holderOf(t *testing.T, d *db.DB, job string) string {
	var h string
	var exp int64
	if err := d.QueryRow(context.Background(), `SELECT holder, expires_ms FROM job_leases WHERE job = $1`, job).Scan(&h, &exp); err != nil {
		return ""
	}
	if exp < time.Now().UnixMilli() {
		return ""
	}
	return h
}

func TestHandoverWhenTheHolderStops(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		c := newCounted()
		a := start(d, c, "sms", "reconciler")
		waitUntil(t, 10*time.Second, "the first instance to hold both jobs", func() bool { return len(a.m.Held()) == 2 })
		b := start(d, c, "sms", "reconciler")
		defer b.halt()
		// b keeps trying while a holds: it must not take them.
		waitUntil(t, 10*time.Second, "the second instance to try a few times", func() bool {
			n, _ := d.Count(context.Background(), "takings", `SELECT COUNT(*) FROM job_lease_history`)
			return n == 2 && len(b.m.Held()) == 0 && holderOf(t, d, "sms") == a.m.Holder()
		})
		stopped := time.Now()
		a.halt()
		waitUntil(t, 10*time.Second, "the second instance to take both jobs", func() bool { return len(b.m.Held()) == 2 })
		// A graceful stop releases at once: the next tick takes them,
		// well before the lease would have run out.
		if took := time.Since(stopped); took > 5*time.Second {
			t.Errorf("handover took %s", took)
		}
		c.checkOnce(t)
		checkHistory(t, d)
	})
}

func TestHandoverWhenTheHolderIsKilled(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		// The dead instance took the lease and never renewed it or let
		// go, as after kill -9.
		dead := New(d, ttl, quiet())
		if ok, err := dead.take(context.Background(), "etims"); err != nil || !ok {
			t.Fatalf("take: %v %v", ok, err)
		}
		taken := time.Now()
		c := newCounted()
		b := start(d, c, "etims")
		defer b.halt()
		waitUntil(t, 15*time.Second, "the live instance to take the dead one's job", func() bool { return len(b.m.Held()) == 1 })
		if waited := time.Since(taken); waited < ttl {
			t.Fatalf("taken after %s, before the lease of %s ran out", waited, ttl)
		}
		waitUntil(t, 10*time.Second, "the job to run", func() bool { return c.running("etims") == 1 })
		checkHistory(t, d)
	})
}

// Instances started and stopped, gracefully or by a lapsed lease, while
// others compete: never two running one job, and the history agrees.
func TestOneHolderAtATime(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		c := newCounted()
		live := []*instance{start(d, c, "a", "b"), start(d, c, "a", "b"), start(d, c, "a", "b")}
		for round := range 4 {
			waitUntil(t, 15*time.Second, "both jobs held and running", func() bool {
				n := 0
				for _, in := range live {
					n += len(in.m.Held())
				}
				return n == 2 && c.running("a") == 1 && c.running("b") == 1
			})
			// The holder of job "a" stops, gracefully or killed, and a
			// fresh instance joins.
			for i, in := range live {
				if h := in.m.Held(); len(h) > 0 && h[0] == "a" {
					if round%2 == 1 {
						in.kill()
					} else {
						in.halt()
					}
					live[i] = start(d, c, "a", "b")
					break
				}
			}
		}
		for _, in := range live {
			in.halt()
		}
		c.checkOnce(t)
		checkHistory(t, d)
	})
}

func checkHistory(t *testing.T, d *db.DB) {
	t.Helper()
	h, err := History(context.Background(), d, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if len(h) == 0 {
		t.Fatal("no history")
	}
	if bad := Overlaps(h); len(bad) > 0 {
		t.Fatalf("overlapping takings: %v", bad)
	}
}

// A lease another holder took (this instance's renewals were late) stops
// the job here at the next renewal, and this instance never renews it.
func TestALeaseTakenAwayStopsTheJob(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		c := newCounted()
		a := start(d, c, "reminders")
		defer a.halt()
		waitUntil(t, 10*time.Second, "the job to run", func() bool { return c.running("reminders") == 1 })
		far := time.Now().Add(time.Hour).UnixMilli()
		if _, err := d.Exec(context.Background(), `UPDATE job_leases SET holder = 'another', epoch = epoch + 1, expires_ms = $1`, far); err != nil {
			t.Fatal(err)
		}
		waitUntil(t, 10*time.Second, "the job to stop", func() bool { return c.running("reminders") == 0 && len(a.m.Held()) == 0 })
		var holder string
		var exp int64
		if err := d.QueryRow(context.Background(), `SELECT holder, expires_ms FROM job_leases`).Scan(&holder, &exp); err != nil || holder != "another" || exp != far {
			t.Fatalf("lease now %s until %d (%v)", holder, exp, err)
		}
	})
}
