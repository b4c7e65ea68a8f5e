package httpapi_test

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

// A guest and a signed-in customer each fill a cart and check out, and
// Daraja's callbacks pay both orders, while the catalogue's reads hold
// every connection of the read pool: nothing on the way to a payment waits
// for it (docs/deploy.md, "Connection pools").
func TestCheckoutWhileReadsHoldEveryConnection(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		jar, _ := cookiejar.New(nil)
		// Timeouts only guard against a hang: each request waits for nothing.
		guest := &shop{url: s.url, client: &http.Client{Jar: jar, Timeout: 30 * time.Second}}
		s.client.Timeout = 30 * time.Second
		me := s.signIn(t, "wanjiku@farm.co.ke")

		dbtest.HoldReads(t, s.d)
		for _, buyer := range []struct {
			s      *shop
			header []string
		}{{guest, nil}, {s, me}} {
			if code, body := buyer.s.do(t, "POST", "/api/cart/items/", `{"variant":1}`, buyer.header...); code != 201 {
				t.Fatalf("add to cart: %d %v", code, body)
			}
			if code, body := buyer.s.do(t, "POST", "/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", "0708374149", 1), buyer.header...); code != 201 {
				t.Fatalf("initiate: %d %v", code, body)
			}
		}
		testkit.WaitUntil(t, 30*time.Second, "both callbacks answered", func() bool { return s.sim.Delivered() == 2 })
		var paid int
		err := s.d.Tx(context.Background(), func(tx *sql.Tx) error {
			var err error
			paid, err = db.CountTx(context.Background(), tx, "paid orders", `SELECT COUNT(*) FROM orders WHERE status = 'paid'`)
			return err
		})
		if err != nil || paid != 2 {
			t.Fatalf("paid orders: %d, %v", paid, err)
		}
	})
}

// Every route that takes stock or pays is a Money route, and no GET is one
// (onWritePool looks only at the other methods).
func TestMoneyRoutes(t *testing.T) {
	for _, rt := range testkit.NewShop(t, dbtest.SQLite(t)).Routes() {
		if rt.TakesStock && !rt.Money {
			t.Errorf("%s takes stock but reads on the read pool", rt.Pattern)
		}
		if rt.Money && !strings.Contains(rt.Pattern, " ") || strings.HasPrefix(rt.Pattern, "GET ") && rt.Money {
			t.Errorf("%s: a Money route must name a method other than GET", rt.Pattern)
		}
	}
}
