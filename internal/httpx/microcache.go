package httpx

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MicroCache keeps successful GET answers for a few seconds, keyed by path
// and query, so a burst of shoppers opening the same shop page costs one
// database read. The answers it wraps already tell browsers they may be
// cached for longer, so a few seconds here stay within that promise; stock
// and prices are checked again, uncached, by the cart and the checkout.
// Each instance keeps its own: nothing in it is needed by another instance.
type MicroCache struct {
	ttl      time.Duration
	maxBytes int

	mu    sync.Mutex
	items map[string]*cachedAnswer
	bytes int
}

type cachedAnswer struct {
	header http.Header
	body   []byte
	// gzipped is body compressed once, for the clients that take gzip
	// (every phone browser): compressing per request would cost more than
	// the cached read saves.
	gzipped []byte
	expires time.Time
}

// NewMicroCache keeps answers for ttl, at most maxBytes of bodies in all.
func NewMicroCache(ttl time.Duration, maxBytes int) *MicroCache {
	return &MicroCache{ttl: ttl, maxBytes: maxBytes, items: map[string]*cachedAnswer{}}
}

// Wrap caches next's 200 answers to GET and HEAD.
func (c *MicroCache) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		key := r.URL.Path + "?" + r.URL.Query().Encode()
		if a := c.get(key); a != nil {
			a.replay(w, r)
			return
		}
		rec := &recorder{header: http.Header{}}
		// The recorded answer must be the full one, whatever this client holds.
		inner := r.Clone(r.Context())
		inner.Header.Del("If-None-Match")
		inner.Method = http.MethodGet
		next.ServeHTTP(rec, inner)
		if rec.status == 0 {
			// Nothing was written: the client went away mid-query.
			return
		}
		if rec.status != http.StatusOK || rec.header.Get("Content-Encoding") != "" {
			for k, v := range rec.header {
				w.Header()[k] = v
			}
			w.WriteHeader(rec.status)
			_, _ = w.Write(rec.body.Bytes())
			return
		}
		a := &cachedAnswer{header: rec.header, body: rec.body.Bytes(), gzipped: gzipBytes(rec.body.Bytes()), expires: time.Now().Add(c.ttl)}
		c.put(key, a)
		a.replay(w, r)
	})
}

func (a *cachedAnswer) replay(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range a.header {
		h[k] = v
	}
	h.Add("Vary", "Accept-Encoding")
	body := a.body
	etag := a.header.Get("ETag")
	if a.gzipped != nil && AcceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip") {
		body = a.gzipped
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.Itoa(len(body)))
		if etag != "" {
			// The compressed bytes are another representation: another tag.
			etag = strings.TrimSuffix(etag, `"`) + `-gzip"`
			h.Set("ETag", etag)
		}
	}
	if etag != "" && etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Length")
		h.Del("Content-Type")
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func gzipBytes(b []byte) []byte {
	if len(b) < 1024 {
		return nil
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	_, _ = zw.Write(b)
	_ = zw.Close()
	return buf.Bytes()
}

// AcceptsEncoding reads an Accept-Encoding header for token, honouring q=0.
func AcceptsEncoding(header, token string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), token) {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

func (c *MicroCache) get(key string) *cachedAnswer {
	c.mu.Lock()
	defer c.mu.Unlock()
	a := c.items[key]
	if a == nil {
		return nil
	}
	if time.Now().After(a.expires) {
		c.bytes -= a.size()
		delete(c.items, key)
		return nil
	}
	return a
}

func (c *MicroCache) put(key string, a *cachedAnswer) {
	if len(a.body)+len(a.gzipped) > c.maxBytes/4 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := c.items[key]; old != nil {
		c.bytes -= old.size()
	}
	if c.bytes+a.size() > c.maxBytes {
		// Full: drop what has expired, and if that is not enough, everything.
		now := time.Now()
		for k, v := range c.items {
			if now.After(v.expires) {
				c.bytes -= v.size()
				delete(c.items, k)
			}
		}
		if c.bytes+a.size() > c.maxBytes {
			c.items, c.bytes = map[string]*cachedAnswer{}, 0
		}
	}
	c.items[key] = a
	c.bytes += a.size()
}

func (a *cachedAnswer) size() int { return len(a.body) + len(a.gzipped) }

// recorder captures an answer to replay it.
type recorder struct {
	header http.Header
	status int
	body   bytes.Buffer
}

func (r *recorder) Header() http.Header { return r.header }
func (r *recorder) WriteHeader(code int) {
	if r.status == 0 {
		r.status = code
	}
}
func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	return r.body.Write(b)
}
