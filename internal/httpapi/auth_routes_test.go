package httpapi_test

import (
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/db/dbtest"
	"shop/internal/httpapi"
	"shop/internal/mail"
	"shop/internal/testkit"
)

func TestAuthRoutesAccess(t *testing.T) {
	srv := testkit.NewShop(t, dbtest.SQLite(t))
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
	d := dbtest.SQLite(t)
	prod := testkit.NewShop(t, d)
	if body := prod.Get("/dev/outbox").Body.String(); strings.Contains(body, "Dev outbox") {
		t.Fatal("the outbox answers without --dev")
	}

	dev := testkit.NewShop(t, d, testkit.With(func(p *app.Parts) { p.Mailer, p.DevOutbox = mail.DevLog{Log: p.Log}, true }))
	rec := dev.Get("/dev/outbox")
	if rec.Code != 200 || !strings.Contains(rec.Body.String(), "Dev outbox") || rec.Header().Get("Content-Security-Policy") == "" {
		t.Fatalf("dev outbox: %d %v %s", rec.Code, rec.Header(), rec.Body)
	}
}
