package httpx

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// clock is a test's time, moved by hand, so no test waits for the cache to
// age.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

func newTestCache(fresh time.Duration, maxBytes int) (*MicroCache, *clock) {
	c := NewMicroCache(fresh, maxBytes)
	clk := &clock{t: time.Date(2026, 11, 23, 8, 0, 0, 0, time.UTC)}
	c.now = clk.now
	return c, clk
}

func get(h http.Handler, target, inm string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("GET", target, nil)
	if inm != "" {
		req.Header.Set("If-None-Match", inm)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func TestMicroCache(t *testing.T) {
	var calls atomic.Int32
	next := Handler(func(w http.ResponseWriter, r *http.Request) error {
		n := calls.Add(1)
		if r.URL.Query().Get("fail") != "" {
			WriteJSON(w, 400, map[string]string{"error": "bad"})
			return nil
		}
		answer := map[string]any{"q": r.URL.Query().Encode()}
		if r.URL.Query().Has("a") {
			answer["read"] = n
		}
		return WriteCachedJSON(w, r, 30, answer)
	})
	c, clk := newTestCache(30*time.Second, 1<<20)
	h := c.Wrap(next)
	first := get(h, "/p/?b=2&a=1", "")
	second := get(h, "/p/?a=1&b=2", "")
	if calls.Load() != 1 || first.Body.String() != second.Body.String() || second.Header().Get("ETag") == "" {
		t.Fatalf("same query, reordered: %d calls, %q vs %q", calls.Load(), first.Body, second.Body)
	}
	if rec := get(h, "/p/?a=1&b=2", first.Header().Get("ETag")); rec.Code != 304 || rec.Body.Len() != 0 {
		t.Fatalf("conditional replay: %d %q", rec.Code, rec.Body)
	}
	get(h, "/p/?a=2", "")
	if calls.Load() != 2 {
		t.Fatalf("another query shared the answer: %d calls", calls.Load())
	}
	for range 2 {
		if rec := get(h, "/p/?fail=1", ""); rec.Code != 400 {
			t.Fatalf("error answer: %d", rec.Code)
		}
	}
	if calls.Load() != 4 {
		t.Fatalf("an error answer was cached: %d calls", calls.Load())
	}

	// Past its fresh time an answer is served once more, as it was, while
	// one background read replaces it; the next request sees the new one.
	clk.add(31 * time.Second)
	if rec := get(h, "/p/?a=1&b=2", ""); rec.Body.String() != first.Body.String() {
		t.Fatalf("stale answer: %q, want the old %q", rec.Body, first.Body)
	}
	get(h, "/p/?a=1&b=2", "")
	c.refreshes.Wait()
	if calls.Load() != 5 {
		t.Fatalf("%d calls: want one background read for two stale requests", calls.Load())
	}
	if rec := get(h, "/p/?a=1&b=2", ""); !strings.Contains(rec.Body.String(), `"read":5`) {
		t.Fatalf("after the refresh: %q", rec.Body)
	}

	// Twice its fresh time unread, an answer is too old to serve at all.
	clk.add(61 * time.Second)
	if rec := get(h, "/p/?a=1&b=2", ""); !strings.Contains(rec.Body.String(), `"read":6`) || calls.Load() != 6 {
		t.Fatalf("an answer too old was served: %q after %d calls", rec.Body, calls.Load())
	}

	// A first request that is conditional still fills the cache with the full answer.
	etag := get(h, "/p/?c=1", "").Header().Get("ETag")
	clk.add(61 * time.Second)
	if rec := get(h, "/p/?c=1", etag); rec.Code != 304 {
		t.Fatalf("conditional miss: %d", rec.Code)
	}
	if rec := get(h, "/p/?c=1", ""); rec.Code != 200 || rec.Body.Len() == 0 {
		t.Fatalf("after a conditional miss the cache holds %d %q", rec.Code, rec.Body)
	}
}

func TestMicroCachePurge(t *testing.T) {
	var calls atomic.Int32
	c, clk := newTestCache(30*time.Second, 1<<20)
	gate := make(chan struct{})
	h := c.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := calls.Add(1)
		if n == 3 {
			<-gate
		}
		fmt.Fprintf(w, "read %d", n)
	}))
	// told counts the writes the other instances are told of.
	var told atomic.Int32
	write := c.PurgeAfter(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") == "" {
			w.WriteHeader(http.StatusUnauthorized)
		}
	}), func(context.Context) { told.Add(1) })
	get(h, "/p/", "")
	write.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("PATCH", "/admin/", nil))
	if rec := get(h, "/p/", ""); rec.Body.String() != "read 1" || told.Load() != 0 {
		t.Fatalf("a refused write emptied the cache (%q) or was told of (%d)", rec.Body, told.Load())
	}
	req := httptest.NewRequest("PATCH", "/admin/", nil)
	req.Header.Set("Authorization", "Bearer admin")
	write.ServeHTTP(httptest.NewRecorder(), req)
	get(h, "/p/", "")
	if calls.Load() != 2 || told.Load() != 1 {
		t.Fatalf("after a purge: %d calls, %d told", calls.Load(), told.Load())
	}
	clk.add(31 * time.Second)
	if rec := get(h, "/p/", ""); rec.Body.String() != "read 2" {
		t.Fatalf("stale answer %q", rec.Body)
	}
	// The stale answer's refresh began before a purge and finishes after
	// it: what it read is not kept.
	c.Purge()
	close(gate)
	c.refreshes.Wait()
	if rec := get(h, "/p/", ""); rec.Body.String() != "read 4" {
		t.Fatalf("a read from before the purge was kept: %q", rec.Body)
	}
}

// A background refresh that panics leaves the stale answer, and the next
// request tries again.
func TestMicroCacheRefreshPanics(t *testing.T) {
	var calls atomic.Int32
	c, clk := newTestCache(30*time.Second, 1<<20)
	h := c.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 2 {
			panic("database gone")
		}
		fmt.Fprintf(w, "read %d", calls.Load())
	}))
	get(h, "/p/", "")
	clk.add(31 * time.Second)
	get(h, "/p/", "")
	c.refreshes.Wait()
	if rec := get(h, "/p/", ""); rec.Body.String() != "read 1" {
		t.Fatalf("after a failed refresh: %q", rec.Body)
	}
	c.refreshes.Wait()
	if rec := get(h, "/p/", ""); rec.Body.String() != "read 3" || calls.Load() != 3 {
		t.Fatalf("the refresh was not tried again: %q after %d reads", rec.Body, calls.Load())
	}
}

// A burst of requests for an address not yet cached costs one read.
func TestMicroCacheOneFirstRead(t *testing.T) {
	var calls atomic.Int32
	release := make(chan struct{})
	c, _ := newTestCache(30*time.Second, 1<<20)
	h := c.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		<-release
		_, _ = w.Write([]byte("page"))
	}))
	var wg sync.WaitGroup
	bodies := make([]string, 20)
	for i := range bodies {
		wg.Go(func() { bodies[i] = get(h, "/p/?page=1", "").Body.String() })
	}
	for calls.Load() == 0 {
		time.Sleep(time.Millisecond) // waits for the first read to start, not for time
	}
	close(release)
	wg.Wait()
	if calls.Load() != 1 {
		t.Fatalf("%d reads for one address", calls.Load())
	}
	for _, b := range bodies {
		if b != "page" {
			t.Fatalf("a waiting request got %q", b)
		}
	}
}

func TestMicroCacheBoundsMemory(t *testing.T) {
	body := make([]byte, 200)
	c, _ := newTestCache(time.Minute, 4000)
	var calls atomic.Int32
	h := c.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.URL.Path == "/big" {
			_, _ = w.Write(make([]byte, 1000))
			return
		}
		_, _ = w.Write(body)
	}))
	for i := range 40 {
		get(h, fmt.Sprintf("/x?i=%d", i), "")
		if c.bytes > 4000 {
			t.Fatalf("cache holds %d bytes, limit 4000", c.bytes)
		}
	}
	// An answer larger than a quarter of the limit is never kept.
	for range 2 {
		get(h, "/big", "")
	}
	if calls.Load() != 42 {
		t.Fatalf("%d calls, want 42", calls.Load())
	}
}

// The budget bounds the heap the cache's answers take, not only their
// bodies: filled with list-like answers (a few KB of JSON compressing to
// about 2 KB, with their headers) far past its budget, the cache's live
// memory stays within the budget, and fills at least half of it.
func TestMicroCacheHoldsItsBudget(t *testing.T) {
	const budget = 1 << 20
	c, _ := newTestCache(time.Minute, budget)
	words := strings.Fields("dairy meal layers mash kienyeji chick dewormer albendazole mineral premix dicalcium phosphate 10kg 70kg 1litre")
	h := c.Wrap(Handler(func(w http.ResponseWriter, r *http.Request) error {
		seed, _ := strconv.Atoi(r.URL.Query().Get("i"))
		rng := rand.New(rand.NewPCG(uint64(seed), 38))
		cards := make([]map[string]any, 20)
		for i := range cards {
			name := words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))]
			cards[i] = map[string]any{"id": rng.IntN(10_000), "name": name, "slug": strings.ReplaceAll(name, " ", "-"),
				"price": rng.IntN(1_000_000), "in_stock": rng.IntN(2) == 1, "rating": rng.IntN(50)}
		}
		return WriteCachedJSON(w, r, 30, map[string]any{"products": cards, "count": 4380})
	}))
	live := func() uint64 {
		var m runtime.MemStats
		// Twice: a pooled compressor outlives one collection.
		runtime.GC()
		runtime.GC()
		runtime.ReadMemStats(&m)
		return m.HeapAlloc
	}
	before := live()
	for i := range 2000 {
		req := httptest.NewRequest("GET", fmt.Sprintf("/api/products/?page=1&i=%d", i), nil)
		req.Header.Set("Accept-Encoding", "gzip")
		h.ServeHTTP(httptest.NewRecorder(), req)
	}
	after := live()
	runtime.KeepAlive(c)
	if c.bytes < budget/2 {
		t.Fatalf("the cache holds %d bytes of its %d", c.bytes, budget)
	}
	t.Logf("%d answers, %d bytes counted, heap grown %d", len(c.items), c.bytes, int64(after)-int64(before))
	if grown := int64(after) - int64(before); grown > budget*11/10 {
		t.Fatalf("the cache's %d answers take %d bytes of the heap, budget %d", len(c.items), grown, budget)
	}
}

func TestMicroCacheKeepsGzip(t *testing.T) {
	var calls atomic.Int32
	c, _ := newTestCache(time.Minute, 1<<20)
	h := c.Wrap(Handler(func(w http.ResponseWriter, r *http.Request) error {
		calls.Add(1)
		return WriteCachedJSON(w, r, 30, map[string]string{"text": strings.Repeat("dairy meal ", 500)})
	}))
	req := httptest.NewRequest("GET", "/p/", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	gz := httptest.NewRecorder()
	h.ServeHTTP(gz, req)
	kept := c.bytes
	plain := get(h, "/p/", "")
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Body.Len() >= plain.Body.Len()/4 {
		t.Fatalf("gzip answer: %q, %d bytes vs %d", gz.Header().Get("Content-Encoding"), gz.Body.Len(), plain.Body.Len())
	}
	if kept >= plain.Body.Len()/4 {
		t.Fatalf("the cache holds %d bytes for a %d-byte answer: not compressed", kept, plain.Body.Len())
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if string(unzipped) != plain.Body.String() || plain.Header().Get("Content-Length") != fmt.Sprint(len(unzipped)) {
		t.Fatalf("plain answer differs from the gzip one (Content-Length %s)", plain.Header().Get("Content-Length"))
	}
	if again := get(h, "/p/", ""); again.Body.String() != plain.Body.String() {
		t.Fatal("the kept plain copy differs")
	}
	if gz.Header().Get("ETag") == plain.Header().Get("ETag") {
		t.Fatal("gzip and plain answers share an ETag")
	}
	req.Header.Set("If-None-Match", gz.Header().Get("ETag"))
	again := httptest.NewRecorder()
	h.ServeHTTP(again, req)
	if again.Code != 304 || calls.Load() != 1 {
		t.Fatalf("conditional gzip: %d, %d calls", again.Code, calls.Load())
	}
}

// A client that goes away mid-query gets nothing written, and nothing is
// cached; the next client gets a real answer.
func TestMicroCacheClientGone(t *testing.T) {
	var calls atomic.Int32
	c, _ := newTestCache(time.Minute, 1<<20)
	h := c.Wrap(Handler(func(w http.ResponseWriter, r *http.Request) error {
		calls.Add(1)
		if err := r.Context().Err(); err != nil {
			return err
		}
		return WriteCachedJSON(w, r, 30, []int{1})
	}))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	gone := httptest.NewRecorder()
	h.ServeHTTP(gone, httptest.NewRequest("GET", "/p/", nil).WithContext(ctx))
	if gone.Body.Len() != 0 {
		t.Fatalf("answered a client that went away: %d %q", gone.Code, gone.Body)
	}
	rec := get(h, "/p/", "")
	if rec.Code != 200 || calls.Load() != 2 {
		t.Fatalf("next client: %d after %d calls", rec.Code, calls.Load())
	}
}
