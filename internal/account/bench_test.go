package account_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"shop/internal/account"
	"shop/internal/db/dbtest"
	"shop/internal/ratelimit"
	"shop/internal/testkit"
)

// BenchmarkAuthenticate is what a signed-in request pays before its handler:
// the token's signature, then the one primary-key read of its session and
// the user's stored role. No cache stands between a sign-out and its effect,
// so this is the whole price of that guarantee.
func BenchmarkAuthenticate(b *testing.B) {
	d := dbtest.SQLite(b)
	ctx := context.Background()
	svc := account.NewService(d, account.NewStore(d), ratelimit.New(d, nil), account.Options{Log: testkit.Quiet()})
	if _, err := account.NewStore(d).EnsureAdmin(ctx, "owner@mifugobora.co.ke", "Ruiru2026Feeds"); err != nil {
		b.Fatal(err)
	}
	tk, err := svc.Login(ctx, account.LoginInput{Username: "owner@mifugobora.co.ke", Password: "Ruiru2026Feeds"}, "192.0.2.1")
	if err != nil {
		b.Fatal(err)
	}
	h := svc.Authenticate(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p, ok := account.PrincipalFrom(r.Context()); !ok || !p.IsAdmin() {
			b.Fatal("not signed in")
		}
	}))
	req := httptest.NewRequest("GET", "/api/auth/me/", nil)
	req.Header.Set("Authorization", "Bearer "+tk.Access)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			h.ServeHTTP(httptest.NewRecorder(), req)
		}
	})
}
