package httpapi_test

import (
	"bytes"
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/httpapi"
	"shop/internal/testkit"
)

// lockedBuffer keeps every log line the shop writes, from any goroutine.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

const callbackSecret = "cb-secret-0123456789-0123456789-xyz"

// Every route that declares a secret in its path is sent one, real or
// wrong, and the order token and bearer tokens go in their headers: no log
// line holds any of them, and every such route is covered.
func TestNoSecretInAnyLogLine(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		logs := &lockedBuffer{}
		s := newShop(t, d, true, testkit.With(func(p *app.Parts) {
			p.Log = slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
		}))
		ctx := context.Background()
		number, orderToken := s.placeOrder(t, "254708374149")
		s.waitForStatus(t, number, "paid", "X-Order-Token", orderToken)
		var orderID int64
		if err := d.QueryRow(ctx, `SELECT id FROM orders WHERE order_number = $1`, number).Scan(&orderID); err != nil {
			t.Fatal(err)
		}
		code, err := s.kit.Deps.Orders.ShortCode(ctx, orderID)
		if err != nil {
			t.Fatal(err)
		}
		admin, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
		s.do(t, "POST", "/api/newsletter/", `{"email":"juma@farm.co.ke"}`)
		resp, body := s.raw(t, "GET", "/api/admin/subscribers/", "", testkit.Bearer(admin)...)
		_, link, ok := strings.Cut(string(body), "/unsubscribe/")
		if resp.StatusCode != 200 || !ok {
			t.Fatalf("subscribers: %d %s", resp.StatusCode, body)
		}
		unsubscribe, _, _ := strings.Cut(link, `"`)

		secrets := map[string]string{"order token": orderToken, "short link code": code, "unsubscribe token": unsubscribe,
			"callback secret": callbackSecret, "admin's access token": admin}
		sent := map[string]bool{}
		send := func(method, path string, header ...string) {
			t.Helper()
			s.raw(t, method, path, `{}`, header...)
			for _, rt := range s.kit.Routes() {
				if p := httpapi.SecretPrefix(rt); p != "" && strings.HasPrefix(path, p) {
					sent[p] = true
				}
			}
		}
		send("GET", "/o/"+code)
		send("GET", "/o/"+code+"/more")
		send("GET", "/pay/"+code)
		send("POST", "/pay/"+code, "Content-Type", "application/x-www-form-urlencoded")
		send("GET", "/unsubscribe/"+unsubscribe)
		send("POST", "/unsubscribe/"+unsubscribe, "Content-Type", "application/x-www-form-urlencoded")
		for _, rt := range s.kit.Routes() {
			if p := httpapi.SecretPrefix(rt); strings.HasPrefix(p, "/api/payments/") || strings.HasPrefix(p, "/api/ussd/") || strings.HasPrefix(p, "/api/sms/") {
				send("POST", p+callbackSecret+"/", "Content-Type", "application/json")
				send("POST", p+callbackSecret+"/extra/", "Content-Type", "application/json")
				send("GET", p+callbackSecret+"/")
			}
		}
		send("GET", "/api/orders/"+number+"/", "X-Order-Token", orderToken)
		send("GET", "/api/orders/"+number+"/?token="+orderToken)
		send("GET", "/api/orders/"+number+"/receipt.pdf", "X-Order-Token", orderToken)
		send("GET", "/api/admin/orders/"+number+"/", testkit.Bearer(admin)...)

		for _, rt := range s.kit.Routes() {
			if p := httpapi.SecretPrefix(rt); p != "" && !sent[p] {
				t.Errorf("no request was sent to %s, which declares a secret", rt.Pattern)
			}
		}
		lines := logs.String()
		for what, secret := range secrets {
			if secret == "" {
				t.Fatalf("no %s to look for", what)
			}
			if strings.Contains(lines, secret) {
				t.Errorf("a log line holds the %s:\n%s", what, lines)
			}
		}
		for _, want := range []string{`"path":"/o/[masked]"`, `"path":"/unsubscribe/[masked]"`, `"path":"/api/payments/c2b/confirmation/[masked]/"`} {
			if !strings.Contains(lines, want) {
				t.Errorf("the log lacks %s:\n%s", want, lines)
			}
		}
	})
}
