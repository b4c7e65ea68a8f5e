// Package httpx holds what every handler shares: the handler type that
// returns an error, JSON encoding and decoding, and the one place where an
// error becomes an HTTP answer.
package httpx

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"strings"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/i18n"
)

// Handler is an http.Handler that returns its error instead of writing it.
type Handler func(w http.ResponseWriter, r *http.Request) error

func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if err := h(w, r); err != nil {
		WriteError(w, r, err)
	}
}

// errorBody is the JSON error shape of the API.
type errorBody struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields,omitempty"`
	Code   string            `json:"code,omitempty"`
}

var kindStatus = map[apperr.Kind]int{
	apperr.KindInvalid:         http.StatusBadRequest,
	apperr.KindNotFound:        http.StatusNotFound,
	apperr.KindConflict:        http.StatusConflict,
	apperr.KindUnauthorized:    http.StatusUnauthorized,
	apperr.KindForbidden:       http.StatusForbidden,
	apperr.KindTooManyRequests: http.StatusTooManyRequests,
	apperr.KindUnavailable:     http.StatusServiceUnavailable,

	apperr.KindUnsupportedMediaType: http.StatusUnsupportedMediaType,
	apperr.KindMethodNotAllowed:     http.StatusMethodNotAllowed,
}

// Messages of answers no domain gives.
const (
	MsgInternal = "Something went wrong on our side. Please try again."
	MsgTooLarge = "The request is too large (limit %d bytes)."
)

// WriteError answers err: an apperr.Error with its status and message, a
// body too large with 413, anything else with a 500 that says nothing
// internal while the details go to the log. The texts are in the request's
// language (i18n.T; docs/i18n.md, "Messages from the server").
func WriteError(w http.ResponseWriter, r *http.Request, err error) {
	lang := i18n.From(r.Context())
	if e, ok := apperr.From(err); ok {
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(int((e.RetryAfter+999_999_999)/1_000_000_000)))
		}
		body := errorBody{Error: e.Message, Fields: e.Fields, Code: e.Code}
		if lang != i18n.English {
			body.Error, body.Fields = e.Translated(func(s string) string { return i18n.T(lang, s) })
		}
		WriteJSON(w, kindStatus[e.Kind], body)
		return
	}
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		WriteJSON(w, http.StatusRequestEntityTooLarge, errorBody{Error: i18n.T(lang, fmt.Sprintf(MsgTooLarge, tooBig.Limit))})
		return
	}
	if errors.Is(err, r.Context().Err()) && r.Context().Err() != nil {
		// The client went away; nobody reads the answer.
		return
	}
	slog.ErrorContext(r.Context(), "request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	WriteJSON(w, http.StatusInternalServerError, errorBody{Error: i18n.T(lang, MsgInternal)})
}

// WriteJSON writes v as JSON with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		slog.Error("encode json", "err", err)
		http.Error(w, `{"error":"Something went wrong on our side. Please try again."}`, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(b)
	_, _ = w.Write([]byte{'\n'})
}

// WritePrivate writes v as JSON with the given status, kept by no cache:
// for answers about one person or one cart, or true only now. It returns
// nil, so a handler can end with it.
func WritePrivate(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Cache-Control", "no-store")
	WriteJSON(w, status, v)
	return nil
}

// WriteCachedJSON writes v with a strong ETag and a short public cache
// lifetime, answering 304 when the client already has this version.
func WriteCachedJSON(w http.ResponseWriter, r *http.Request, maxAgeSeconds int, v any) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	if err := enc.Encode(v); err != nil {
		return fmt.Errorf("encode json: %w", err)
	}
	sum := sha256.Sum256(buf.Bytes())
	etag := `"` + base64.RawURLEncoding.EncodeToString(sum[:16]) + `"`
	h := w.Header()
	h.Set("ETag", etag)
	h.Set("Cache-Control", "public, max-age="+strconv.Itoa(maxAgeSeconds))
	if r.URL.Query().Get("lang") == "" {
		// The answer's language came from the cookie or Accept-Language
		// (docs/i18n.md): a cache must not hand it to the other language.
		h.Set("Vary", "Accept-Language, Cookie")
	}
	if etagMatches(r.Header.Get("If-None-Match"), etag) {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(buf.Len()))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		_, _ = w.Write(buf.Bytes())
	}
	return nil
}

func etagMatches(header, etag string) bool {
	for _, part := range strings.Split(header, ",") {
		part = strings.TrimSpace(part)
		// A compressing proxy or middleware may have marked the tag weak or
		// suffixed it; compare the opaque part.
		part = strings.TrimPrefix(part, "W/")
		if part == "*" || part == etag || strings.TrimSuffix(part, `-gzip"`)+`"` == etag {
			return true
		}
	}
	return false
}

// ErrNotJSON answers a body that is not declared as JSON. Refusing it keeps
// a cross-site HTML form, which can only send form or text bodies without a
// preflight, from reaching a cookie-authenticated endpoint.
var ErrNotJSON = apperr.UnsupportedMediaType("Send the request body as JSON (Content-Type: application/json).")

// IsJSON reports whether a Content-Type header declares JSON, with or
// without parameters such as charset.
func IsJSON(contentType string) bool {
	mt, _, err := mime.ParseMediaType(contentType)
	return err == nil && mt == "application/json"
}

// DecodeJSON reads one JSON object into v, then checks every text in it
// (CheckText). A body that is not UTF-8 is refused too: the decoder would
// quietly store U+FFFD for its bytes. Unknown fields are allowed: clients
// send fields docs/product.md defines (amount, items) that the server
// deliberately ignores.
func DecodeJSON(r *http.Request, v any) error {
	if !IsJSON(r.Header.Get("Content-Type")) {
		return ErrNotJSON
	}
	body, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return err
	}
	if err != nil {
		return apperr.Invalid("The request body is not valid JSON.", nil)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if err := dec.Decode(v); err != nil {
		if errors.Is(err, io.EOF) {
			return apperr.Invalid("The request body is empty.", nil)
		}
		var typeErr *json.UnmarshalTypeError
		if errors.As(err, &typeErr) && typeErr.Field != "" {
			return apperr.Invalid("Some fields have the wrong type.", map[string]string{typeErr.Field: "This value has the wrong type."})
		}
		return apperr.Invalid("The request body is not valid JSON.", nil)
	}
	if dec.More() {
		return apperr.Invalid("The request body must hold one JSON object.", nil)
	}
	if !utf8.Valid(body) {
		return brokenFields(v)
	}
	return CheckText(v)
}

// StatusWriter remembers the status and size of an answer, for the request
// log and for middleware that acts on success, and the first write that
// failed (Err): a client gone mid-body, so the answer was not delivered
// whatever its status said.
type StatusWriter struct {
	http.ResponseWriter
	Status int
	Bytes  int
	Err    error
}

func (w *StatusWriter) WriteHeader(code int) {
	if w.Status == 0 {
		w.Status = code
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w *StatusWriter) Write(b []byte) (int, error) {
	if w.Status == 0 {
		w.Status = http.StatusOK
	}
	n, err := w.ResponseWriter.Write(b)
	w.Bytes += n
	if err != nil && w.Err == nil {
		w.Err = err
	}
	return n, err
}

// Unwrap lets http.ResponseController reach the connection's writer.
func (w *StatusWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }
