package httpx

import (
	"compress/gzip"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func TestMicroCache(t *testing.T) {
	var calls atomic.Int32
	next := Handler(func(w http.ResponseWriter, r *http.Request) error {
		calls.Add(1)
		if r.URL.Query().Get("fail") != "" {
			WriteJSON(w, 400, map[string]string{"error": "bad"})
			return nil
		}
		return WriteCachedJSON(w, r, 30, map[string]any{"q": r.URL.Query().Encode()})
	})
	c := NewMicroCache(50*time.Millisecond, 1<<20)
	h := c.Wrap(next)
	do := func(target, inm string) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", target, nil)
		if inm != "" {
			req.Header.Set("If-None-Match", inm)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	first := do("/p/?b=2&a=1", "")
	second := do("/p/?a=1&b=2", "")
	if calls.Load() != 1 || first.Body.String() != second.Body.String() || second.Header().Get("ETag") == "" {
		t.Fatalf("same query, reordered: %d calls, %q vs %q", calls.Load(), first.Body, second.Body)
	}
	if rec := do("/p/?a=1&b=2", first.Header().Get("ETag")); rec.Code != 304 || rec.Body.Len() != 0 {
		t.Fatalf("conditional replay: %d %q", rec.Code, rec.Body)
	}
	do("/p/?a=2", "")
	if calls.Load() != 2 {
		t.Fatalf("another query shared the answer: %d calls", calls.Load())
	}
	for range 2 {
		if rec := do("/p/?fail=1", ""); rec.Code != 400 {
			t.Fatalf("error answer: %d", rec.Code)
		}
	}
	if calls.Load() != 4 {
		t.Fatalf("an error answer was cached: %d calls", calls.Load())
	}
	time.Sleep(60 * time.Millisecond)
	do("/p/?a=1&b=2", "")
	if calls.Load() != 5 {
		t.Fatalf("an expired answer was served: %d calls", calls.Load())
	}
	// A first request that is conditional still fills the cache with the full answer.
	etag := do("/p/?c=1", "").Header().Get("ETag")
	time.Sleep(60 * time.Millisecond)
	if rec := do("/p/?c=1", etag); rec.Code != 304 {
		t.Fatalf("conditional miss: %d", rec.Code)
	}
	if rec := do("/p/?c=1", ""); rec.Code != 200 || rec.Body.Len() == 0 {
		t.Fatalf("after a conditional miss the cache holds %d %q", rec.Code, rec.Body)
	}
}

func TestMicroCacheBoundsMemory(t *testing.T) {
	body := make([]byte, 200)
	mc := NewMicroCache(time.Minute, 1000)
	var calls atomic.Int32
	h := mc.Wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		if r.URL.Path == "/big" {
			_, _ = w.Write(make([]byte, 300))
			return
		}
		_, _ = w.Write(body)
	}))
	for i := range 20 {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/x?i="+string(rune('a'+i)), nil))
		if mc.bytes > 1000 {
			t.Fatalf("cache holds %d bytes, limit 1000", mc.bytes)
		}
	}
	// An answer larger than a quarter of the limit is never kept.
	for range 2 {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", "/big", nil))
	}
	if calls.Load() != 22 {
		t.Fatalf("%d calls, want 22", calls.Load())
	}
}

func TestMicroCacheServesGzipOnce(t *testing.T) {
	var calls atomic.Int32
	h := NewMicroCache(time.Minute, 1<<20).Wrap(Handler(func(w http.ResponseWriter, r *http.Request) error {
		calls.Add(1)
		return WriteCachedJSON(w, r, 30, map[string]string{"text": strings.Repeat("dairy meal ", 500)})
	}))
	plain := httptest.NewRecorder()
	h.ServeHTTP(plain, httptest.NewRequest("GET", "/p/", nil))
	req := httptest.NewRequest("GET", "/p/", nil)
	req.Header.Set("Accept-Encoding", "gzip, br")
	gz := httptest.NewRecorder()
	h.ServeHTTP(gz, req)
	if gz.Header().Get("Content-Encoding") != "gzip" || gz.Body.Len() >= plain.Body.Len()/4 {
		t.Fatalf("gzip answer: %q, %d bytes vs %d", gz.Header().Get("Content-Encoding"), gz.Body.Len(), plain.Body.Len())
	}
	zr, err := gzip.NewReader(gz.Body)
	if err != nil {
		t.Fatal(err)
	}
	unzipped, _ := io.ReadAll(zr)
	if string(unzipped) != plain.Body.String() {
		t.Fatal("gzip body differs from the plain one")
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
	h := NewMicroCache(time.Minute, 1<<20).Wrap(Handler(func(w http.ResponseWriter, r *http.Request) error {
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
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/p/", nil))
	if rec.Code != 200 || calls.Load() != 2 {
		t.Fatalf("next client: %d after %d calls", rec.Code, calls.Load())
	}
}
