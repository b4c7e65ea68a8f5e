package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
)

// fastDaraja accepts every STK push at once, answers every query "still
// processing" and has no Paybill payments, so only the test's callbacks
// settle anything.
type fastDaraja struct {
	n      atomic.Int64
	mu     sync.Mutex
	pushes map[string]map[string]any // by CheckoutRequestID
}

func (d *fastDaraja) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case strings.HasPrefix(r.URL.Path, "/oauth/"):
		fmt.Fprint(w, `{"access_token":"fast-token","expires_in":"3599"}`)
	case strings.HasPrefix(r.URL.Path, "/mpesa/stkpush/"):
		var push map[string]any
		_ = json.NewDecoder(r.Body).Decode(&push)
		id := fmt.Sprintf("ws_CO_two%04d", d.n.Add(1))
		d.mu.Lock()
		d.pushes[id] = push
		d.mu.Unlock()
		fmt.Fprintf(w, `{"MerchantRequestID":"m-%s","CheckoutRequestID":"%s","ResponseCode":"0","ResponseDescription":"Success","CustomerMessage":"Success"}`, id, id)
	case strings.HasPrefix(r.URL.Path, "/mpesa/stkpushquery/"):
		fmt.Fprint(w, `{"ResponseCode":"0","ResultDesc":"The transaction is being processed"}`)
	default:
		fmt.Fprint(w, `{"ResponseCode":"1000","ResponseMessage":"Success","Response":[[]]}`)
	}
}

// Two `shop serve` processes on one PostgreSQL database: a checkout rush
// across both sells no more than the stock, a callback and its duplicate
// delivered one to each settle the payment once, and the sign-in limit
// counts the attempts made at both.
func TestTwoInstancesOnOnePostgres(t *testing.T) {
	if dbtest.PostgresURL() == "" {
		t.Skip("SHOP_TEST_POSTGRES_URL is not set")
	}
	bin := shopBinary(t)
	ctx := context.Background()
	url := dbtest.URL(t, db.Postgres)
	d := dbtest.Migrated(t, url)
	if _, err := demo.Seed(ctx, catalog.NewStore(d), t.TempDir()); err != nil {
		t.Fatal(err)
	}
	const stock = 5
	if _, err := d.Exec(ctx, `UPDATE variants SET stock = $1 WHERE id = 1`, stock); err != nil {
		t.Fatal(err)
	}
	daraja := &fastDaraja{pushes: map[string]map[string]any{}}
	ds := httptest.NewServer(daraja)
	defer ds.Close()
	const secret = "two-instances-callback-secret-0123456789"
	shops := make([]*started, 2)
	for i := range shops {
		addr := freeAddr(t)
		shops[i] = startShop(t, bin, addr, []string{"SHOP_DATABASE_URL=" + url, "SHOP_DATA_DIR=" + t.TempDir(),
			"SHOP_PUBLIC_URL=http://" + addr, "SHOP_MPESA_BASE_URL=" + ds.URL, "SHOP_MPESA_CONSUMER_KEY=k", "SHOP_MPESA_CONSUMER_SECRET=s",
			"SHOP_MPESA_SHORTCODE=174379", "SHOP_MPESA_PASSKEY=p", "SHOP_MPESA_CALLBACK_SECRET=" + secret,
			"SHOP_MPESA_PROMPTS_PER_ADDRESS=1000", "SHOP_LOG_LEVEL=error"})
	}

	t.Run("checkout rush oversells nothing", func(t *testing.T) {
		const buyers = 16
		var wg sync.WaitGroup
		codes := make([]int, buyers)
		start := make(chan struct{})
		for i := range buyers {
			c, base := buyer(), shops[i%2].base
			if code, body, err := send(c, "POST", base+"/api/cart/items/", `{"variant":1,"quantity":1}`); err != nil || code != 201 {
				t.Fatalf("add to cart: %d %s %v", code, body, err)
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				codes[i], _, _ = send(c, "POST", base+"/api/payments/mpesa/initiate/", fmt.Sprintf(`{"phone":"07083741%02d",
					"customerInfo":{"name":"Wanjiku Mwangi","email":"wanjiku@farm.co.ke","phone":"0712345678"},
					"shippingAddress":{"address":"Plot 4","city":"Ruiru","county":"Kiambu"}}`, i))
			}()
		}
		close(start)
		wg.Wait()
		sold := 0
		for i, c := range codes {
			switch {
			case c == 201:
				sold++
			case c >= 500 || c < 400:
				t.Errorf("buyer %d: %d", i, c)
			}
		}
		var left, held int
		if err := d.QueryRow(ctx, `SELECT stock FROM variants WHERE id = 1`).Scan(&left); err != nil {
			t.Fatal(err)
		}
		if err := d.QueryRow(ctx, `SELECT COALESCE(SUM(i.quantity), 0) FROM order_items i JOIN orders o ON o.id = i.order_id
			WHERE i.variant_id = 1 AND o.stock_reserved`).Scan(&held); err != nil {
			t.Fatal(err)
		}
		if sold != stock || left != 0 || held != stock {
			t.Fatalf("sold %d of %d, %d left, %d held by orders (answers %v)", sold, stock, left, held, codes)
		}
	})

	t.Run("a callback and its duplicate settle once", func(t *testing.T) {
		var checkoutID, number string
		if err := d.QueryRow(ctx, `SELECT p.checkout_request_id, o.order_number FROM payments p JOIN orders o ON o.id = p.order_id
			WHERE p.status = 'pending' ORDER BY p.id LIMIT 1`).Scan(&checkoutID, &number); err != nil {
			t.Fatal(err)
		}
		daraja.mu.Lock()
		push := daraja.pushes[checkoutID]
		daraja.mu.Unlock()
		callback := fmt.Sprintf(`{"Body":{"stkCallback":{"MerchantRequestID":"m-%s","CheckoutRequestID":"%s","ResultCode":0,
			"ResultDesc":"The service request is processed successfully.","CallbackMetadata":{"Item":[{"Name":"Amount","Value":%v},
			{"Name":"MpesaReceiptNumber","Value":"TWO0000001"},{"Name":"PhoneNumber","Value":%v}]}}}}`, checkoutID, checkoutID, push["Amount"], push["PhoneNumber"])
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i := range shops {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i], _, _ = send(http.DefaultClient, "POST", shops[i].base+"/api/payments/callback/"+secret+"/", callback)
			}()
		}
		wg.Wait()
		if codes[0] != 200 || codes[1] != 200 {
			t.Fatalf("callbacks answered %v", codes)
		}
		var status string
		var paidEvents, succeeded int
		if err := d.QueryRow(ctx, `SELECT status FROM orders WHERE order_number = $1`, number).Scan(&status); err != nil {
			t.Fatal(err)
		}
		paidEvents, _ = d.Count(ctx, "events", `SELECT COUNT(*) FROM order_events e JOIN orders o ON o.id = e.order_id
			WHERE o.order_number = $1 AND e.to_status = 'paid'`, number)
		succeeded, _ = d.Count(ctx, "payments", `SELECT COUNT(*) FROM payments WHERE receipt = 'TWO0000001' AND status = 'succeeded'`)
		if status != "paid" || paidEvents != 1 || succeeded != 1 {
			t.Fatalf("order %s: %s, %d paid events, %d succeeded payments", number, status, paidEvents, succeeded)
		}
	})

	t.Run("the sign-in limit counts both", func(t *testing.T) {
		c := buyer()
		if code, body, _ := send(c, "POST", shops[0].base+"/api/auth/register/", `{"first_name":"Juma","last_name":"Otieno",
			"email":"juma@farm.co.ke","phone":"254722000111","password":"Shamba2026"}`); code != 201 {
			t.Fatalf("register: %d %s", code, body)
		}
		for i := range 5 { // the limit: 5 failures per account in 15 minutes
			code, body, _ := send(c, "POST", shops[i%2].base+"/api/auth/login/", `{"username":"juma@farm.co.ke","password":"Wrong2026x"}`)
			if code == http.StatusTooManyRequests {
				t.Fatalf("attempt %d already limited: %s", i+1, body)
			}
		}
		for i, s := range shops {
			if code, _, _ := send(c, "POST", s.base+"/api/auth/login/", `{"username":"juma@farm.co.ke","password":"Shamba2026"}`); code != http.StatusTooManyRequests {
				t.Fatalf("instance %d after 5 failures spread over both: %d, want 429", i, code)
			}
		}
	})
}
