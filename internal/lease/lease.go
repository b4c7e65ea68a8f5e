// Package lease runs each background job on one instance at a time across
// several `shop serve` processes on one database (docs/deploy.md section
// 10, "Background jobs"). An instance takes a job's lease when it has
// expired, renews every lease it holds in one statement a tick, and runs
// the job only while its lease is unexpired by its own clock; a holder that
// dies (kill -9, a lost machine) stops renewing, and another instance takes
// the job within the lease's length. A graceful stop hands the leases over
// at once. It owns job_leases and job_lease_history.
package lease

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"shop/internal/db"
)

// DefaultTTL is how long a lease lasts unrenewed: the longest a job stays
// unrun after its holder died.
const DefaultTTL = 15 * time.Second

// Job is a background job: Run works until its context ends.
type Job struct {
	Name string
	Run  func(ctx context.Context)
}

// Names lists the jobs' names.
func Names(jobs []Job) []string {
	out := make([]string, len(jobs))
	for i, j := range jobs {
		out[i] = j.Name
	}
	return out
}

// Manager holds and renews the leases of one instance.
type Manager struct {
	db     *db.DB
	log    *slog.Logger
	holder string
	ttl    time.Duration
	now    func() time.Time

	mu   sync.Mutex
	held map[string]time.Time // job → when its lease ends, by this clock
	// dies makes Run end without releasing, as a killed process does
	// (tests).
	dies bool
}

// New makes the manager of this instance; ttl 0 is DefaultTTL. The holder
// name is the host, the process and a random part, so a restarted process
// never mistakes its predecessor's leases for its own.
func New(d *db.DB, ttl time.Duration, log *slog.Logger) *Manager {
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	host, _ := os.Hostname()
	b := make([]byte, 4)
	_, _ = rand.Read(b)
	return &Manager{db: d, log: log, ttl: ttl, now: time.Now, held: map[string]time.Time{},
		holder: fmt.Sprintf("%s/%d/%s", host, os.Getpid(), hex.EncodeToString(b))}
}

// Holder is this instance's name in the lease tables.
func (m *Manager) Holder() string { return m.holder }

// Held lists the jobs this instance holds now.
func (m *Manager) Held() []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	var jobs []string
	for j, until := range m.held {
		if now.Before(until) {
			jobs = append(jobs, j)
		}
	}
	sort.Strings(jobs)
	return jobs
}

// tick is how often leases are renewed and free ones tried: a third of the
// lease, so two renewals can fail before it runs out.
func (m *Manager) tick() time.Duration { return m.ttl / 3 }

// Run runs each job whenever this instance holds its lease, until ctx
// ends; then it stops the jobs and releases their leases.
func (m *Manager) Run(ctx context.Context, jobs []Job) {
	running := map[string]*runningJob{}
	// A job told to stop is not waited for here: one slow to return (a
	// message being sent) must not hold up the renewal of the others. It
	// is not started again until it has returned.
	stopping := map[string]*runningJob{}
	t := time.NewTicker(m.tick())
	defer t.Stop()
	for {
		m.renew(ctx)
		// A job whose lease would run out before the next renewal stops,
		// whether the renewal was refused or the database could not be
		// reached: another instance may take it once it has.
		next := m.now().Add(m.tick())
		for name, r := range running {
			if until, ok := m.heldUntil(name); !ok || !next.Before(until) {
				m.log.Warn("job lease lost: job stopped", "job", name)
				r.cancel()
				stopping[name] = r
				delete(running, name)
				m.drop(name)
			}
		}
		for name, r := range stopping {
			select {
			case <-r.done:
				delete(stopping, name)
			default:
			}
		}
		for _, j := range jobs {
			if running[j.Name] != nil || stopping[j.Name] != nil || ctx.Err() != nil {
				continue
			}
			ok, err := m.take(ctx, j.Name)
			if err != nil {
				if ctx.Err() == nil {
					m.log.Warn("take job lease", "job", j.Name, "err", err)
				}
				continue
			}
			if ok {
				jctx, cancel := context.WithCancel(ctx)
				r := &runningJob{cancel: cancel, done: make(chan struct{})}
				running[j.Name] = r
				go func(run func(context.Context)) {
					defer close(r.done)
					run(jctx)
				}(j.Run)
			}
		}
		select {
		case <-ctx.Done():
			for _, r := range running {
				r.cancel()
				<-r.done
			}
			for _, r := range stopping {
				<-r.done
			}
			if !m.dies {
				m.releaseAll()
			}
			return
		case <-t.C:
		}
	}
}

// drop forgets a lease this instance no longer counts on.
func (m *Manager) drop(job string) {
	m.mu.Lock()
	delete(m.held, job)
	m.mu.Unlock()
}

type runningJob struct {
	cancel context.CancelFunc
	done   chan struct{}
}

func (m *Manager) heldUntil(job string) (time.Time, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	t, ok := m.held[job]
	return t, ok
}

// take claims job's lease if it is free or has expired. The conditional
// upsert is one statement, so of two instances trying at once one gets
// it: PostgreSQL re-checks the condition on the row the other wrote,
// SQLite has one writer.
func (m *Manager) take(ctx context.Context, job string) (bool, error) {
	start := m.now()
	nowMS := start.UnixMilli()
	until := nowMS + m.ttl.Milliseconds()
	var took bool
	err := m.db.Tx(ctx, func(tx *sql.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO job_leases (job, holder, epoch, taken_ms, expires_ms) VALUES ($1, $2, 1, $3, $4)
			ON CONFLICT (job) DO UPDATE SET holder = excluded.holder, epoch = job_leases.epoch + 1,
				taken_ms = excluded.taken_ms, expires_ms = excluded.expires_ms
			WHERE job_leases.expires_ms < $3`, job, m.holder, nowMS, until)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return err
		}
		var epoch int64
		if err := tx.QueryRowContext(ctx, `SELECT epoch FROM job_leases WHERE job = $1`, job).Scan(&epoch); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO job_lease_history (job, epoch, holder, taken_ms, until_ms) VALUES ($1, $2, $3, $4, $5)`,
			job, epoch, m.holder, nowMS, until); err != nil {
			return err
		}
		took = true
		return nil
	})
	if err != nil || !took {
		return false, err
	}
	m.mu.Lock()
	// Counted from before the statement: the database's expiry is never
	// earlier than this clock's.
	m.held[job] = start.Add(m.ttl)
	m.mu.Unlock()
	m.log.Info("job lease taken", "job", job, "holder", m.holder)
	return true, nil
}

// renew moves every lease this instance still holds on by the lease's
// length. A lease that expired and was taken by another is no longer
// this holder's, so the update skips it and the job is dropped.
func (m *Manager) renew(ctx context.Context) {
	m.mu.Lock()
	mine := make([]string, 0, len(m.held))
	for j := range m.held {
		mine = append(mine, j)
	}
	m.mu.Unlock()
	if len(mine) == 0 {
		return
	}
	start := m.now()
	nowMS, until := start.UnixMilli(), start.Add(m.ttl).UnixMilli()
	// Only the jobs this instance runs: one it stopped is left to expire.
	args := []any{until, m.holder, nowMS}
	marks := make([]string, len(mine))
	for i, j := range mine {
		args = append(args, j)
		marks[i] = fmt.Sprintf("$%d", len(args))
	}
	var still []string
	err := m.db.Tx(ctx, func(tx *sql.Tx) error {
		still = still[:0]
		// Only an unexpired lease is renewed: an expired one may be
		// taken by another at any moment, and this instance already
		// stopped its job.
		if _, err := tx.ExecContext(ctx, `UPDATE job_leases SET expires_ms = $1 WHERE holder = $2 AND expires_ms >= $3
			AND job IN (`+strings.Join(marks, ", ")+`)`, args...); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE job_lease_history SET until_ms = $1
			WHERE holder = $2 AND EXISTS (SELECT 1 FROM job_leases l WHERE l.job = job_lease_history.job
				AND l.epoch = job_lease_history.epoch AND l.holder = $2 AND l.expires_ms = $1)`, until, m.holder); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT job FROM job_leases WHERE holder = $1 AND expires_ms = $2`, m.holder, until)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var j string
			if err := rows.Scan(&j); err != nil {
				return err
			}
			still = append(still, j)
		}
		return rows.Err()
	})
	if err != nil {
		if ctx.Err() == nil {
			m.log.Warn("renew job leases", "err", err)
		}
		return // the held deadlines stay as they were and run out
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	kept := map[string]time.Time{}
	for _, j := range still {
		if _, ok := m.held[j]; ok {
			kept[j] = start.Add(m.ttl)
		}
	}
	m.held = kept
}

// releaseAll ends this instance's leases now, so another takes the jobs at
// its next tick instead of after the lease's length.
func (m *Manager) releaseAll() {
	m.mu.Lock()
	m.held = map[string]time.Time{}
	m.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	nowMS := m.now().UnixMilli()
	err := m.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `UPDATE job_lease_history SET until_ms = $1
			WHERE holder = $2 AND until_ms > $1`, nowMS, m.holder); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE job_leases SET expires_ms = $1 - 1 WHERE holder = $2 AND expires_ms >= $1`, nowMS, m.holder)
		return err
	})
	if err != nil {
		m.log.Warn("release job leases", "err", err)
	}
}

// Prune deletes the history of takings older than a week.
func (m *Manager) Prune(ctx context.Context) (int64, error) {
	res, err := m.db.Exec(ctx, `DELETE FROM job_lease_history WHERE until_ms < $1`, m.now().Add(-7*24*time.Hour).UnixMilli())
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// Taking is one holding of a job, from the history.
type Taking struct {
	Job, Holder string
	Epoch       int64
	From, Until time.Time
}

// History lists every taking since from, by job and epoch.
func History(ctx context.Context, d *db.DB, from time.Time) ([]Taking, error) {
	rows, err := d.Query(ctx, `SELECT job, epoch, holder, taken_ms, until_ms FROM job_lease_history WHERE until_ms >= $1 ORDER BY job, epoch`, from.UnixMilli())
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Taking
	for rows.Next() {
		var t Taking
		var f, u int64
		if err := rows.Scan(&t.Job, &t.Epoch, &t.Holder, &f, &u); err != nil {
			return nil, err
		}
		t.From, t.Until = time.UnixMilli(f), time.UnixMilli(u)
		out = append(out, t)
	}
	return out, rows.Err()
}

// Overlaps says which takings of one job overlap the one before: none
// should.
func Overlaps(ts []Taking) []string {
	var bad []string
	for i := 1; i < len(ts); i++ {
		a, b := ts[i-1], ts[i]
		if a.Job == b.Job && b.From.Before(a.Until) {
			bad = append(bad, fmt.Sprintf("%s: epoch %d (%s, until %s) and %d (%s, from %s)", a.Job, a.Epoch, a.Holder,
				a.Until.Format(time.StampMilli), b.Epoch, b.Holder, b.From.Format(time.StampMilli)))
		}
	}
	return bad
}
