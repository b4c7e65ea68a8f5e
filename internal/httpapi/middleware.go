package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"net/url"
	"runtime/debug"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/httpx"
	"shop/internal/i18n"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	patternKey
)

// matched is where a route notes the pattern it was registered under, for
// the metrics: the request the mux sees is a copy the outer layers never get.
type matched struct{ pattern string }

// notePattern records pattern as the route that answered.
func notePattern(pattern string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if m, ok := r.Context().Value(patternKey).(*matched); ok {
			m.pattern = pattern
		}
		next.ServeHTTP(w, r)
	})
}

// Observer hears of every answered request: its route pattern ("" when no
// route matched), method, status and duration.
type Observer func(pattern, method string, status int, d time.Duration)

// RequestID returns the id the request is logged under.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// logRequests gives each request an id and logs one line when it ends. Only
// the path is logged, never a header: query strings can carry order tokens
// and search text, and the paths that carry secrets are masked (redact.go).
func logRequests(log *slog.Logger, observe Observer, secrets redaction, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		id := r.Header.Get("X-Request-ID")
		if id == "" || len(id) > 64 {
			b := make([]byte, 8)
			_, _ = rand.Read(b)
			id = hex.EncodeToString(b)
		}
		w.Header().Set("X-Request-ID", id)
		ctx := context.WithValue(r.Context(), requestIDKey, id)
		route := &matched{}
		ctx = context.WithValue(ctx, patternKey, route)
		sw := &httpx.StatusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r.WithContext(ctx))
		if sw.Status == 0 {
			sw.Status = http.StatusOK
		}
		status, level := sw.Status, slog.LevelInfo
		if sw.Status >= 500 {
			level = slog.LevelError
		}
		attrs := []slog.Attr{slog.String("method", r.Method), slog.String("path", secrets.mask(r.URL.Path))}
		if sw.Err != nil {
			// The body broke off: logged as failed with what was sent,
			// never as the status its header carried.
			status, level = statusFailed, slog.LevelWarn
			attrs = append(attrs, slog.Int("status", status), slog.Int("sent_status", sw.Status), slog.String("error", sw.Err.Error()))
		} else {
			attrs = append(attrs, slog.Int("status", status))
		}
		if observe != nil {
			observe(route.pattern, r.Method, status, time.Since(start))
		}
		log.LogAttrs(ctx, level, "request", append(attrs,
			slog.Duration("duration", time.Since(start)),
			slog.Int("bytes", sw.Bytes),
			slog.String("request_id", id),
		)...)
	})
}

// statusFailed is the status an answer whose body could not be written all
// is logged and counted with: nginx's "client closed request", as no HTTP
// status says it.
const statusFailed = 499

// callbackPaths are Daraja's addresses, whose next segment is the callback
// secret.
var callbackPaths = []string{"/api/payments/mpesa/callback/", "/api/payments/callback/", "/api/payments/c2b/confirmation/", "/api/payments/c2b/validation/"}

// onWritePool puts every read of a request to a Money route on the write
// pool, from the first: a signed-in buyer's session is read before the
// route's handler runs. Reads (GET) are never money routes and skip the
// look-up.
func onWritePool(mux *http.ServeMux, money map[string]bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			if _, pattern := mux.Handler(r); money[pattern] {
				r = r.WithContext(db.OnWritePool(r.Context()))
			}
		}
		next.ServeHTTP(w, r)
	})
}

// recoverPanics turns a panic into a logged 500 so one bad request cannot
// take the shop down.
func recoverPanics(log *slog.Logger, secrets redaction, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.ErrorContext(r.Context(), "panic", "path", secrets.mask(r.URL.Path), "panic", v, "stack", string(debug.Stack()),
					"request_id", RequestID(r.Context()))
				// Outside i18n.Middleware: the language is negotiated here.
				httpx.WriteJSON(w, http.StatusInternalServerError, map[string]string{"error": i18n.T(i18n.Negotiate(r), httpx.MsgInternal)})
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// contentSecurityPolicy allows only the shop's own scripts, styles, images
// and API: no inline script, no other host, no framing of the shop. The one
// page it may frame is OpenStreetMap's map of the shop's location.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; frame-src 'self' https://www.openstreetmap.org; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"

func securityHeaders(https bool, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", contentSecurityPolicy)
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Cross-Origin-Opener-Policy", "same-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if https {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		next.ServeHTTP(w, r)
	})
}

// maxDrain is how much of a body its handler began to read but left unread
// (past the limit, or after a refusal half-way) the shop still reads and
// throws away before it answers. Many clients (Python's urllib, a simple
// callback sender) send the whole body before they read the answer. A
// connection closed with part of its body unread is reset, and such a
// client sees the reset instead of the 413 or the 400. Past maxDrain the
// connection is simply closed. A body the handler never began to read is
// left to the server: a client that waits before sending (Expect:
// 100-continue) is not invited to send a body already refused.
const maxDrain = 8 << 20

// limitBody caps how much of a request body a handler may read, and reads
// the rest of a body the handler began (up to maxDrain) before the answer
// goes out.
func limitBody(limit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body == nil || r.Body == http.NoBody {
			next.ServeHTTP(w, r)
			return
		}
		// A copy of the request carries the limited body, as
		// http.MaxBytesHandler does: the server goes on seeing the body it
		// made, which tells it whether the client was asked to send it.
		body := &bodyRead{ReadCloser: r.Body}
		limited := *r
		limited.Body = http.MaxBytesReader(w, body, limit)
		next.ServeHTTP(w, &limited)
		if body.begun {
			_, _ = io.CopyN(io.Discard, body.ReadCloser, maxDrain)
		}
	})
}

// bodyRead is a request body that knows whether its handler began to read it.
type bodyRead struct {
	io.ReadCloser
	begun bool
}

func (b *bodyRead) Read(p []byte) (int, error) {
	b.begun = true
	return b.ReadCloser.Read(p)
}

// requireBody answers 415 to a write whose body is not declared as the
// route takes it. A cross-site HTML form can post only form and text bodies
// without the browser asking first, so a JSON-only endpoint is out of its
// reach even where an old browser ignores SameSite cookies.
func requireBody(kind BodyKind, next http.Handler) http.Handler {
	if kind == AnyBody {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.Method {
		case http.MethodPost, http.MethodPut, http.MethodPatch:
			ct := r.Header.Get("Content-Type")
			if ct == "" && r.ContentLength == 0 {
				break // no body to declare: signing out with only a token
			}
			mt, _, _ := mime.ParseMediaType(ct)
			switch {
			case kind == MultipartBody && mt != "multipart/form-data":
				httpx.WriteError(w, r, errNotMultipart)
				return
			case kind == CSVBody && mt != "text/csv":
				httpx.WriteError(w, r, errNotCSV)
				return
			case kind == JSONBody && !httpx.IsJSON(ct):
				httpx.WriteError(w, r, httpx.ErrNotJSON)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

var (
	errNotMultipart = apperr.UnsupportedMediaType("Send the file as a form upload (Content-Type: multipart/form-data).")
	errNotCSV       = apperr.UnsupportedMediaType("Send the file as CSV (Content-Type: text/csv).")
)

// newCrossOriginCheck refuses state changes that a browser says come from
// another site (Sec-Fetch-Site, or an Origin that is neither this host nor
// the public URL). Requests without either header are not from a browser
// page and carry no ambient cookie risk; Daraja's callbacks are among them.
func newCrossOriginCheck(publicURL string) (*http.CrossOriginProtection, error) {
	c := http.NewCrossOriginProtection()
	if publicURL != "" {
		u, err := url.Parse(publicURL)
		if err != nil {
			return nil, fmt.Errorf("public URL: %w", err)
		}
		if err := c.AddTrustedOrigin(u.Scheme + "://" + u.Host); err != nil {
			return nil, fmt.Errorf("public URL as a trusted origin: %w", err)
		}
	}
	c.SetDenyHandler(httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		return apperr.Forbidden("This request came from another website and was refused.")
	}))
	return c, nil
}

// checkAPIRequest guards every /api/ request before its route: a path or
// query with text no person types (a NUL, a control character, broken
// UTF-8) is a 400 rather than a database error, and a state change from
// another site is a 403. Outside /api/ such a path names no page, file or
// link: a 404 before any lookup of it.
func checkAPIRequest(crossOrigin *http.CrossOriginProtection, next http.Handler) http.Handler {
	checked := crossOrigin.Handler(next)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, "/api/") {
			if !httpx.CleanText(r.URL.Path) {
				http.NotFound(w, r)
				return
			}
			next.ServeHTTP(w, r)
			return
		}
		if err := httpx.CheckAddress(r); err != nil {
			httpx.WriteError(w, r, err)
			return
		}
		checked.ServeHTTP(w, r)
	})
}
