package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"shop/internal/httpx"
)

type ctxKey int

const requestIDKey ctxKey = iota

// RequestID returns the id the request is logged under.
func RequestID(ctx context.Context) string {
	id, _ := ctx.Value(requestIDKey).(string)
	return id
}

// statusWriter remembers the status and size of an answer for the log.
type statusWriter struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (w *statusWriter) WriteHeader(code int) {
	if w.status == 0 {
		w.status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *statusWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.bytes += n
	return n, err
}

func (w *statusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// logRequests gives each request an id and logs one line when it ends. Only
// the path is logged: query strings can carry order tokens and search text,
// and the paths that carry secrets are masked.
func logRequests(log *slog.Logger, next http.Handler) http.Handler {
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
		sw := &statusWriter{ResponseWriter: w}
		next.ServeHTTP(sw, r.WithContext(ctx))
		if sw.status == 0 {
			sw.status = http.StatusOK
		}
		level := slog.LevelInfo
		if sw.status >= 500 {
			level = slog.LevelError
		}
		log.LogAttrs(ctx, level, "request",
			slog.String("method", r.Method),
			slog.String("path", MaskPath(r.URL.Path)),
			slog.Int("status", sw.status),
			slog.Duration("duration", time.Since(start)),
			slog.Int("bytes", sw.bytes),
			slog.String("request_id", id),
		)
	})
}

// secretPaths are path prefixes whose next segment is a secret.
var secretPaths = []string{"/api/payments/mpesa/callback/", "/api/payments/callback/"}

// MaskPath hides the secret segment of the paths that carry one.
func MaskPath(p string) string {
	for _, prefix := range secretPaths {
		if strings.HasPrefix(p, prefix) {
			return prefix + "[masked]/"
		}
	}
	return p
}

// recoverPanics turns a panic into a logged 500 so one bad request cannot
// take the shop down.
func recoverPanics(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				log.ErrorContext(r.Context(), "panic", "path", MaskPath(r.URL.Path), "panic", v, "stack", string(debug.Stack()),
					"request_id", RequestID(r.Context()))
				httpx.WriteJSON(w, http.StatusInternalServerError, map[string]string{"error": "Something went wrong on our side. Please try again."})
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

// limitBody caps how much of a request body a handler may read.
func limitBody(limit int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil {
			r.Body = http.MaxBytesReader(w, r.Body, limit)
		}
		next.ServeHTTP(w, r)
	})
}
