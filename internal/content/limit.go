package content

import (
	"sync"
	"time"
)

// Limiter caps how often one address may post a form: the contact form and
// the newsletter are open to anyone, and a script should not be able to fill
// the shop's inbox or list. It counts in memory, per instance of the shop: a
// speed bump for abuse, not an exact quota.
type Limiter struct {
	Max    int
	Window time.Duration

	mu    sync.Mutex
	seen  map[string][]time.Time
	swept time.Time
	now   func() time.Time
}

// NewLimiter allows max events per window for each key.
func NewLimiter(max int, window time.Duration) *Limiter {
	return &Limiter{Max: max, Window: window, seen: map[string][]time.Time{}, now: time.Now}
}

// Allow records an event for key and reports whether it is within the limit;
// when it is not, it says how long until it would be.
func (l *Limiter) Allow(key string) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	cutoff := now.Add(-l.Window)
	if now.Sub(l.swept) > l.Window {
		// Forget addresses that have been quiet for a whole window.
		for k, ts := range l.seen {
			if len(ts) == 0 || !ts[len(ts)-1].After(cutoff) {
				delete(l.seen, k)
			}
		}
		l.swept = now
	}
	ts := l.seen[key]
	i := 0
	for i < len(ts) && !ts[i].After(cutoff) {
		i++
	}
	ts = ts[i:]
	if len(ts) >= l.Max {
		l.seen[key] = ts
		return false, ts[0].Add(l.Window).Sub(now)
	}
	l.seen[key] = append(ts, now)
	return true, 0
}
