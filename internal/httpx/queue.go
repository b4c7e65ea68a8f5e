package httpx

import (
	"net/http"

	"golang.org/x/sync/semaphore"
)

// Queue runs at most n of the requests it wraps at once; the others wait
// their turn, first come first served. The catalogue's uncached reads go
// through one sized to the database's read pool: a request then holds a
// connection from its first statement to its last, and never waits for one
// in database/sql's pool, which hands a freed connection to a waiter chosen
// at random. With 16 lists asked at once on one core, that lottery let an
// unlucky list wait through many others' turns: p99 fell from 228–353 ms to
// 164–183 ms with this queue, at the same throughput (docs/benchmarks.md).
type Queue struct{ turns *semaphore.Weighted }

// NewQueue lets n requests run at once (one at least).
func NewQueue(n int) *Queue { return &Queue{turns: semaphore.NewWeighted(int64(max(1, n)))} }

// Wrap runs next in its turn. A request whose client leaves while it waits
// is not run.
func (q *Queue) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Weighted serves its waiters in the order they came.
		if err := q.turns.Acquire(r.Context(), 1); err != nil {
			WriteError(w, r, err)
			return
		}
		defer q.turns.Release(1)
		next.ServeHTTP(w, r)
	})
}
