package media

import (
	"bytes"
	"container/list"
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"
)

// maxServed bounds a picture read into memory to be served: uploads are
// re-encoded web versions of a few hundred kB.
const maxServed = 16 << 20

// Handler serves GET /media/KEY from s (mounted under /media) with a day
// of browser caching, the object's ETag (304 for a matching If-None-Match)
// and byte ranges. Pictures never change under a key (an upload gets a new
// random name), so what it read is kept in a cache of cacheBytes and served
// from there, and while the store cannot be reached.
func Handler(s Store, cacheBytes int64, log *slog.Logger) http.Handler {
	h := &handler{store: s, log: log, cache: newCache(cacheBytes)}
	if _, local := s.(Dir); local {
		h.cache = nil // the disk is the cache
	}
	return h
}

type handler struct {
	store Store
	log   *slog.Logger
	cache *cache
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	key := strings.TrimPrefix(r.URL.Path, "/")
	if CheckKey(key) != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox")
	if d, ok := h.store.(Dir); ok {
		// A file is served straight from the disk, seeking for ranges.
		o, err := d.Get(r.Context(), key, nil)
		if err != nil {
			h.fail(w, r, key, err)
			return
		}
		defer o.Body.Close()
		h.serve(w, r, key, o.ETag, o.ModTime, o.Body.(io.ReadSeeker))
		return
	}
	if e, ok := h.cache.get(key); ok {
		h.serve(w, r, key, e.etag, e.mod, bytes.NewReader(e.data))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 20*time.Second)
	defer cancel()
	o, err := h.store.Get(ctx, key, nil)
	if err != nil {
		h.fail(w, r, key, err)
		return
	}
	defer o.Body.Close()
	data, err := io.ReadAll(io.LimitReader(o.Body, maxServed+1))
	if err != nil || len(data) > maxServed {
		h.fail(w, r, key, errors.Join(err, errors.New("picture too large to serve")))
		return
	}
	h.cache.put(key, entry{data: data, etag: o.ETag, mod: o.ModTime})
	h.serve(w, r, key, o.ETag, o.ModTime, bytes.NewReader(data))
}

func (h *handler) serve(w http.ResponseWriter, r *http.Request, key, etag string, mod time.Time, body io.ReadSeeker) {
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Content-Type", ContentType(key))
	if etag != "" {
		w.Header().Set("ETag", etag)
	}
	http.ServeContent(w, r, "", mod, body)
}

func (h *handler) fail(w http.ResponseWriter, r *http.Request, key string, err error) {
	if errors.Is(err, ErrNotFound) {
		http.NotFound(w, r)
		return
	}
	if r.Context().Err() == nil {
		h.log.Warn("picture store", "key", key, "err", err)
	}
	w.Header().Set("Retry-After", "10")
	http.Error(w, "The picture store cannot be reached just now.", http.StatusServiceUnavailable)
}

// Forget drops key from the cache (its picture was deleted).
func (h *handler) Forget(key string) { h.cache.del(key) }

type entry struct {
	key  string
	data []byte
	etag string
	mod  time.Time
}

// cache keeps the pictures served last, up to a number of bytes.
type cache struct {
	mu    sync.Mutex
	max   int64
	size  int64
	order *list.List // most recent first
	byKey map[string]*list.Element
}

func newCache(max int64) *cache {
	return &cache{max: max, order: list.New(), byKey: map[string]*list.Element{}}
}

func (c *cache) get(key string) (entry, bool) {
	if c == nil {
		return entry{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.byKey[key]
	if !ok {
		return entry{}, false
	}
	c.order.MoveToFront(el)
	return el.Value.(entry), true
}

func (c *cache) put(key string, e entry) {
	if c == nil || int64(len(e.data)) > c.max/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.byKey[key]; ok {
		return
	}
	e.key = key
	c.byKey[key] = c.order.PushFront(e)
	c.size += int64(len(e.data))
	for c.size > c.max {
		last := c.order.Back()
		old := last.Value.(entry)
		c.order.Remove(last)
		delete(c.byKey, old.key)
		c.size -= int64(len(old.data))
	}
}

func (c *cache) del(key string) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.byKey[key]; ok {
		c.order.Remove(el)
		delete(c.byKey, key)
		c.size -= int64(len(el.Value.(entry).data))
	}
}
