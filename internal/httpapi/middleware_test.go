package httpapi

import (
	"bytes"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"shop/internal/httpx"
)

func TestPanicBecomesLogged500(t *testing.T) {
	var logs bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&logs, nil))
	h := logRequests(log, nil, redaction{}, recoverPanics(log, redaction{}, http.HandlerFunc(func(http.ResponseWriter, *http.Request) {
		panic("boom")
	})))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/api/x/", nil))
	if rec.Code != 500 || strings.Contains(rec.Body.String(), "boom") {
		t.Fatalf("status %d body %s", rec.Code, rec.Body)
	}
	if !strings.Contains(logs.String(), `"panic":"boom"`) || !strings.Contains(logs.String(), `"status":500`) {
		t.Fatalf("log: %s", logs.String())
	}
}

func TestBodyLimit(t *testing.T) {
	h := limitBody(10, httpx.Handler(func(w http.ResponseWriter, r *http.Request) error {
		var v map[string]any
		return httpx.DecodeJSON(r, &v)
	}))
	rec := httptest.NewRecorder()
	req := httptest.NewRequest("POST", "/", strings.NewReader(`{"name":"`+strings.Repeat("x", 100)+`"}`))
	req.Header.Set("Content-Type", "application/json")
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusRequestEntityTooLarge || !strings.Contains(rec.Body.String(), `"error"`) {
		t.Fatalf("status %d body %s", rec.Code, rec.Body)
	}
}

func TestLogNeverHoldsSecretsOrQueries(t *testing.T) {
	var logs bytes.Buffer
	secrets := newRedaction([]Route{{Pattern: "POST /api/payments/mpesa/callback/{secret}/{$}", Secret: "secret"}})
	h := logRequests(slog.New(slog.NewJSONHandler(&logs, nil)), nil, secrets, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, "ok")
	}))
	for _, target := range []string{"/api/payments/mpesa/callback/s3cretvalue/", "/api/payments/mpesa/callback/s3cretvalue", "/api/orders/ORDER-1/?token=tok3n"} {
		h.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("POST", target, nil))
	}
	for _, secret := range []string{"s3cretvalue", "tok3n"} {
		if strings.Contains(logs.String(), secret) {
			t.Errorf("log holds %q: %s", secret, logs.String())
		}
	}
	for _, want := range []string{`"method":"POST"`, `"status":200`, `"request_id"`, `"duration"`, `"path":"/api/payments/mpesa/callback/[masked]/"`} {
		if !strings.Contains(logs.String(), want) {
			t.Errorf("log lacks %s: %s", want, logs.String())
		}
	}
}
