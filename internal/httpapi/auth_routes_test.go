package httpapi_test

import (
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/httpapi"
	"shop/internal/mail"
)

func TestAuthRoutesAccess(t *testing.T) {
	srv, err := httpapi.New(httpapi.Deps{DB: dbtest.New(t, db.SQLite), Log: slog.New(slog.DiscardHandler),
		WebAssets: fstest.MapFS{"index.html": {Data: []byte("<!doctype html>")}}, MediaDir: t.TempDir(), PublicURL: "http://localhost"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]httpapi.Access{
		"POST /api/auth/register/{$}":        httpapi.Public,
		"POST /api/auth/login/{$}":           httpapi.Public,
		"POST /api/auth/token/refresh/{$}":   httpapi.Public,
		"POST /api/auth/logout/{$}":          httpapi.Public,
		"POST /api/auth/password/forgot/{$}": httpapi.Public,
		"POST /api/auth/password/reset/{$}":  httpapi.Public,
		"GET /api/auth/me/{$}":               httpapi.SignedIn,
		"PATCH /api/auth/me/{$}":             httpapi.SignedIn,
		"POST /api/auth/password/change/{$}": httpapi.SignedIn,
	}
	for _, rt := range srv.Routes() {
		if a, ok := want[rt.Pattern]; ok {
			if rt.Access != a {
				t.Errorf("%s: access %v, want %v", rt.Pattern, rt.Access, a)
			}
			delete(want, rt.Pattern)
		}
		if strings.HasPrefix(rt.Pattern, "GET /dev/outbox") {
			t.Errorf("the dev outbox is served without --dev")
		}
	}
	for p := range want {
		t.Errorf("no route %s", p)
	}
}

func TestDevOutboxOnlyInDev(t *testing.T) {
	d := dbtest.New(t, db.SQLite)
	log := slog.New(slog.DiscardHandler)
	deps := httpapi.Deps{DB: d, Log: log, WebAssets: fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>app</title>")}},
		MediaDir: t.TempDir(), PublicURL: "http://localhost"}
	prod, err := httpapi.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	prod.ServeHTTP(rec, httptest.NewRequest("GET", "/dev/outbox", nil))
	if body, _ := io.ReadAll(rec.Body); strings.Contains(string(body), "Dev outbox") {
		t.Fatal("the outbox answers without --dev")
	}

	deps.Outbox = mail.NewOutbox(d, log)
	dev, err := httpapi.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	rec = httptest.NewRecorder()
	dev.ServeHTTP(rec, httptest.NewRequest("GET", "/dev/outbox", nil))
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "Dev outbox") || rec.Header().Get("Content-Security-Policy") == "" {
		t.Fatalf("dev outbox: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
}
