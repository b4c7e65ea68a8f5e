package httpx

import (
	"context"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"testing/synctest"
)

// TestQueueTakesRequestsInTurn holds the queue's two turns, lines up four
// more requests one after another (synctest.Wait lets each reach the queue
// before the next comes), sends one of them away, and frees the turns: the
// rest run in the order they came, never more than two at once, and the one
// whose client left never runs and is answered nothing.
func TestQueueTakesRequestsInTurn(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := NewQueue(2)
		var mu sync.Mutex
		var ran []string
		running, most := 0, 0
		release := make(chan struct{})
		h := q.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			ran = append(ran, r.URL.Query().Get("n"))
			running++
			most = max(most, running)
			mu.Unlock()
			<-release
			mu.Lock()
			running--
			mu.Unlock()
			w.WriteHeader(http.StatusNoContent)
		}))
		answers := map[string]*httptest.ResponseRecorder{}
		var wg sync.WaitGroup
		ask := func(n string, ctx context.Context) {
			rec := httptest.NewRecorder()
			answers[n] = rec
			wg.Go(func() { h.ServeHTTP(rec, httptest.NewRequestWithContext(ctx, "GET", "/?n="+n, nil)) })
			synctest.Wait()
		}
		leaving, leave := context.WithCancel(context.Background())
		for _, n := range []string{"a", "b", "c", "d"} {
			ask(n, context.Background())
		}
		ask("gone", leaving)
		ask("e", context.Background())
		if want := []string{"a", "b"}; !slices.Equal(ran, want) {
			t.Errorf("ran %v before any turn was freed, want %v", ran, want)
		}
		leave()
		synctest.Wait()
		close(release)
		wg.Wait()
		if want := []string{"a", "b", "c", "d", "e"}; !slices.Equal(ran, want) {
			t.Errorf("ran %v, want %v", ran, want)
		}
		if most != 2 {
			t.Errorf("%d ran at once, want 2", most)
		}
		for n, rec := range answers {
			want := http.StatusNoContent
			if n == "gone" {
				want = http.StatusOK // the recorder's default: nothing was written
			}
			if rec.Code != want || (n == "gone" && rec.Body.Len() != 0) {
				t.Errorf("%s answered %d %q, want %d", n, rec.Code, rec.Body.String(), want)
			}
		}
	})
}
