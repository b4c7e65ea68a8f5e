package httpx

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/gzip"

	"shop/internal/i18n"
)

// MicroCache keeps successful GET answers of the catalogue, keyed by path
// and query, so shoppers asking the same list or product cost one database
// read between them. An answer is kept fresh for the cache's lifetime, and a
// little past that the old answer is served once more while one request in
// the background reads the new one, so no shopper waits for a refresh.
// Writes that change what the catalogue shows (admin edits, a checkout
// taking stock) empty it at once on this instance (Purge); the shop also
// empties it when the catalogue's generation moves, which tells of another
// instance's writes and of the background jobs' (catalog.WatchChanges).
// Stock and prices are checked again, uncached, by the cart and the checkout.
//
// Answers are kept gzip-compressed, as nearly every client takes them: a
// 10,000-product catalogue's thousands of list pages then fit in a few MB.
// The few clients that want them plain get them unpacked, and the first
// pages asked for keep a plain copy.
type MicroCache struct {
	fresh    time.Duration
	maxBytes int
	now      func() time.Time

	mu      sync.Mutex
	items   map[string]*cachedAnswer
	bytes   int
	flights map[string]*flight
	// gen counts purges: an answer read before the last purge is not kept.
	gen uint64
	// refreshes counts background refreshes, so tests can wait for them.
	refreshes sync.WaitGroup
}

type cachedAnswer struct {
	key    string
	header http.Header
	// body is the answer, gzip-compressed when gzipped.
	body    []byte
	gzipped bool
	// plainLen is the uncompressed length; plain an uncompressed copy kept
	// for clients that do not take gzip, while there is room.
	plainLen int
	plain    []byte
	stored   time.Time
	// refreshing: a background read of this answer is under way.
	refreshing bool
	// held is the memory the answer takes, as the budget counts it: held(a),
	// and its plain copy once kept.
	held int
}

// flight is a first read of an address that other requests for it wait on,
// so a burst of shoppers on a new page costs one query.
type flight struct {
	done   chan struct{}
	answer *cachedAnswer
}

// NewMicroCache keeps answers fresh for fresh, at most maxBytes of them.
func NewMicroCache(fresh time.Duration, maxBytes int) *MicroCache {
	return &MicroCache{fresh: fresh, maxBytes: maxBytes, now: time.Now,
		items: map[string]*cachedAnswer{}, flights: map[string]*flight{}}
}

// Purge forgets every answer: the catalogue has changed.
func (c *MicroCache) Purge() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.items, c.bytes = map[string]*cachedAnswer{}, 0
	c.gen++
}

// PurgeAfter runs next and then, when it succeeded, empties the cache and
// calls also (when set): for a write whose effect shows in the cached
// answers. A refused request purges nothing, so no one can empty the cache
// by sending writes they may not make.
func (c *MicroCache) PurgeAfter(next http.Handler, also func(context.Context)) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &StatusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r)
		if sw.Status < 400 {
			c.Purge()
			if also != nil {
				also(context.WithoutCancel(r.Context()))
			}
		}
	})
}

// Wrap caches next's 200 answers to GET and HEAD.
func (c *MicroCache) Wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			next.ServeHTTP(w, r)
			return
		}
		// Error texts and page heads follow the language (docs/i18n.md).
		key := string(i18n.From(r.Context())) + " " + r.URL.Path + "?" + r.URL.Query().Encode()
		a, stale, f, leader, gen := c.lookup(key)
		switch {
		case a != nil:
			if stale {
				c.refreshes.Add(1)
				go c.refresh(key, gen, next, r)
			}
			c.replay(a, w, r)
		case !leader:
			<-f.done
			if f.answer != nil {
				c.replay(f.answer, w, r)
				return
			}
			// The first read was not kept (an error, or its client left):
			// this request reads for itself.
			c.answerUncached(next, w, r)
		default:
			c.lead(key, gen, f, next, w, r)
		}
	})
}

// lookup finds key's answer. A stale one is returned with stale set when
// this request is to refresh it; without an answer, the request either
// leads a first read (leader) or waits on f. gen is the purge count as the
// read begins: what a read finds is kept only if no purge came since.
func (c *MicroCache) lookup(key string) (a *cachedAnswer, stale bool, f *flight, leader bool, gen uint64) {
	c.mu.Lock()
	defer c.mu.Unlock()
	gen = c.gen
	if a = c.items[key]; a != nil {
		age := c.now().Sub(a.stored)
		switch {
		case age < c.fresh:
			return a, false, nil, false, gen
		case age < 2*c.fresh:
			stale = !a.refreshing
			a.refreshing = true
			return a, stale, nil, false, gen
		}
		c.drop(key, a)
	}
	if f = c.flights[key]; f != nil {
		return nil, false, f, false, gen
	}
	f = &flight{done: make(chan struct{})}
	c.flights[key] = f
	return nil, false, f, true, gen
}

// lead reads key's answer for itself and for the requests waiting on f.
func (c *MicroCache) lead(key string, gen uint64, f *flight, next http.Handler, w http.ResponseWriter, r *http.Request) {
	defer func() {
		c.mu.Lock()
		delete(c.flights, key)
		c.mu.Unlock()
		close(f.done)
	}()
	rec := record(next, r)
	if rec.status == 0 {
		// Nothing was written: the client went away mid-query.
		return
	}
	if f.answer = c.keep(key, rec, gen); f.answer == nil {
		rec.writeTo(w)
		return
	}
	c.replay(f.answer, w, r)
}

// refresh reads a stale answer anew, detached from the request that found
// it stale, which has already been answered.
func (c *MicroCache) refresh(key string, gen uint64, next http.Handler, r *http.Request) {
	defer c.refreshes.Done()
	kept := false
	defer func() {
		// No request's panic handler runs here: a failing read must not
		// take the shop down. Not kept: a later request tries again.
		recover()
		if !kept {
			c.mu.Lock()
			if a := c.items[key]; a != nil {
				a.refreshing = false
			}
			c.mu.Unlock()
		}
	}()
	ctx, cancel := context.WithTimeout(context.WithoutCancel(r.Context()), 30*time.Second)
	defer cancel()
	kept = c.keep(key, record(next, r.WithContext(ctx)), gen) != nil
}

func (c *MicroCache) answerUncached(next http.Handler, w http.ResponseWriter, r *http.Request) {
	if rec := record(next, r); rec.status != 0 {
		rec.writeTo(w)
	}
}

// record runs next for the full answer to r, whatever the client holds.
func record(next http.Handler, r *http.Request) *recorder {
	rec := &recorder{header: http.Header{}}
	inner := r.Clone(r.Context())
	inner.Header.Del("If-None-Match")
	inner.Method = http.MethodGet
	next.ServeHTTP(rec, inner)
	return rec
}

// keep stores rec's answer under key when it may be cached and no purge came
// since gen, and returns it; nil when it is not kept.
func (c *MicroCache) keep(key string, rec *recorder, gen uint64) *cachedAnswer {
	if rec.status != http.StatusOK || rec.header.Get("Content-Encoding") != "" {
		return nil
	}
	plain := rec.body.Bytes()
	a := &cachedAnswer{key: key, header: rec.header, plainLen: len(plain), stored: c.now()}
	if len(plain) >= 1024 {
		a.body, a.gzipped = gzipBytes(plain), true
	} else {
		// The recorder's buffer has grown past the answer by up to twice.
		a.body = bytes.Clone(plain)
	}
	a.held = held(a)
	if a.held > c.maxBytes/4 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if gen != c.gen {
		return a
	}
	if old := c.items[key]; old != nil {
		c.drop(key, old)
	}
	c.evict(a.held)
	c.items[key] = a
	c.bytes += a.held
	return a
}

// evict makes room for n more bytes: first the answers too old to serve,
// then others at random (Go's map order), down to three quarters full, so a
// full cache is not emptied one answer at a time.
func (c *MicroCache) evict(n int) {
	if c.bytes+n <= c.maxBytes {
		return
	}
	now := c.now()
	for k, v := range c.items {
		if now.Sub(v.stored) >= 2*c.fresh {
			c.drop(k, v)
		}
	}
	for k, v := range c.items {
		if c.bytes+n <= c.maxBytes*3/4 {
			break
		}
		c.drop(k, v)
	}
}

func (c *MicroCache) drop(key string, a *cachedAnswer) {
	c.bytes -= a.held
	delete(c.items, key)
}

func (c *MicroCache) replay(a *cachedAnswer, w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	for k, v := range a.header {
		h[k] = v
	}
	etag := a.header.Get("ETag")
	gz := a.gzipped && AcceptsEncoding(r.Header.Get("Accept-Encoding"), "gzip")
	if a.gzipped {
		h.Add("Vary", "Accept-Encoding")
	}
	if gz {
		h.Set("Content-Encoding", "gzip")
		h.Set("Content-Length", strconv.Itoa(len(a.body)))
		if etag != "" {
			// The compressed bytes are another representation: another tag.
			etag = strings.TrimSuffix(etag, `"`) + `-gzip"`
			h.Set("ETag", etag)
		}
	} else {
		h.Set("Content-Length", strconv.Itoa(a.plainLen))
	}
	if etag != "" && etagMatches(r.Header.Get("If-None-Match"), etag) {
		h.Del("Content-Length")
		h.Del("Content-Type")
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodHead {
		return
	}
	switch {
	case gz || !a.gzipped:
		_, _ = w.Write(a.body)
	default:
		_, _ = w.Write(c.plainOf(a))
	}
}

// plainOf is a's answer unpacked, kept with it while the cache is at most
// an eighth full: enough for the hottest pages, whatever few clients ask.
func (c *MicroCache) plainOf(a *cachedAnswer) []byte {
	c.mu.Lock()
	p := a.plain
	c.mu.Unlock()
	if p != nil {
		return p
	}
	p = gunzipBytes(a.body, a.plainLen)
	c.mu.Lock()
	defer c.mu.Unlock()
	if a.plain == nil && c.items[a.key] == a && c.bytes+cap(p) <= c.maxBytes/8 {
		a.plain = p
		a.held += cap(p)
		c.bytes += cap(p)
	}
	return p
}

// answerOverhead is what an answer takes besides its bytes, key and header
// texts: the answer itself, its entry in the cache's map and its header map
// with the slices of its values (measured by TestMicroCacheHoldsItsBudget).
const answerOverhead = 640

// held is the memory a takes without its plain copy: its bytes' capacity,
// key, header texts and answerOverhead. Counting the body's length alone let
// a full cache take two to three times its budget of the heap, as small
// compressed answers come with a header map and a buffer's spare room
// (docs/benchmarks.md, "28 November 2026, evening").
func held(a *cachedAnswer) int {
	n := answerOverhead + len(a.key) + cap(a.body)
	for k, vs := range a.header {
		n += len(k)
		for _, v := range vs {
			n += len(v)
		}
	}
	return n
}

var (
	gzipWriters = sync.Pool{New: func() any {
		w, _ := gzip.NewWriterLevel(io.Discard, gzip.DefaultCompression)
		return w
	}}
	gzipBuffers = sync.Pool{New: func() any { return new(bytes.Buffer) }}
	gzipReaders sync.Pool
)

// gzipBytes compresses b with a pooled writer and buffer: a new writer
// allocates about a megabyte, and the default level is ten times faster than
// the best for 5 % more bytes on a product list. The result is a copy of
// its own length, without the buffer's spare room.
func gzipBytes(b []byte) []byte {
	buf := gzipBuffers.Get().(*bytes.Buffer)
	buf.Reset()
	zw := gzipWriters.Get().(*gzip.Writer)
	zw.Reset(buf)
	_, _ = zw.Write(b)
	_ = zw.Close()
	gzipWriters.Put(zw)
	out := bytes.Clone(buf.Bytes())
	gzipBuffers.Put(buf)
	return out
}

// gunzipBytes unpacks b, whose plain length is n, into a slice of that
// length exactly.
func gunzipBytes(b []byte, n int) []byte {
	var zr *gzip.Reader
	if v := gzipReaders.Get(); v != nil {
		zr = v.(*gzip.Reader)
		if zr.Reset(bytes.NewReader(b)) != nil {
			return nil
		}
	} else {
		var err error
		if zr, err = gzip.NewReader(bytes.NewReader(b)); err != nil {
			return nil
		}
	}
	out := make([]byte, n)
	read, _ := io.ReadFull(zr, out)
	gzipReaders.Put(zr)
	return out[:read]
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

// writeTo passes a recorded answer on as it is.
func (r *recorder) writeTo(w http.ResponseWriter) {
	for k, v := range r.header {
		w.Header()[k] = v
	}
	w.WriteHeader(r.status)
	_, _ = w.Write(r.body.Bytes())
}
