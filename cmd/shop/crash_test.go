package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shop/internal/catalog"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/testkit"
)

// slowDaraja takes STK pushes and never answers them, so the shop can be
// killed while it waits: Daraja has accepted the push, the customer's phone
// rings, and the shop has not stored the CheckoutRequestID.
type slowDaraja struct {
	pushed chan map[string]any
}

func (d *slowDaraja) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/oauth/") {
		fmt.Fprint(w, `{"access_token":"slow-token","expires_in":"3599"}`)
		return
	}
	if !strings.HasPrefix(r.URL.Path, "/mpesa/stkpush/") {
		// The reconciler's Pull Transactions: no Paybill payments.
		fmt.Fprint(w, `{"ResponseCode":"1000","ResponseMessage":"Success","Response":[[]]}`)
		return
	}
	var push map[string]any
	_ = json.NewDecoder(r.Body).Decode(&push)
	d.pushed <- push
	<-r.Context().Done()
}

// A kill -9 between Daraja accepting a push and the shop storing its answer,
// then the customer's payment arriving: the order ends paid (matched by
// phone and amount) or flagged for a person, never silently failed.
func TestKilledDuringPushPaymentIsNotLost(t *testing.T) {
	bin := shopBinary(t)
	dir := t.TempDir()
	dbURL := "sqlite:" + filepath.Join(dir, "shop.db")
	ctx := context.Background()
	d := dbtest.Migrated(t, dbURL)
	if _, err := demo.Seed(ctx, catalog.NewStore(d), filepath.Join(dir, "media")); err != nil {
		t.Fatal(err)
	}

	daraja := &slowDaraja{pushed: make(chan map[string]any, 1)}
	ds := httptest.NewServer(daraja)
	defer ds.Close()
	addr := freeAddr(t)
	const secret = "crash-test-callback-secret-0123456789"
	env := append(os.Environ(), "SHOP_ADDR="+addr, "SHOP_DATABASE_URL="+dbURL, "SHOP_DATA_DIR="+dir,
		"SHOP_PUBLIC_URL=http://"+addr, "SHOP_MPESA_BASE_URL="+ds.URL, "SHOP_MPESA_CONSUMER_KEY=k", "SHOP_MPESA_CONSUMER_SECRET=s",
		"SHOP_MPESA_SHORTCODE=174379", "SHOP_MPESA_PASSKEY=p", "SHOP_MPESA_CALLBACK_SECRET="+secret, "SHOP_LOG_LEVEL=error")
	start := func() *exec.Cmd {
		t.Helper()
		cmd := exec.Command(bin, "serve")
		cmd.Env = env
		cmd.Stderr = io.Discard
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
		waitUntil(t, 20*time.Second, "the shop to answer", func() bool {
			resp, err := http.Get("http://" + addr + "/healthz")
			if err != nil {
				return false
			}
			resp.Body.Close()
			return resp.StatusCode == 200
		})
		return cmd
	}
	base := "http://" + addr
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	post := func(c *http.Client, path, body string) (*http.Response, error) {
		req, _ := http.NewRequest("POST", base+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		return c.Do(req)
	}

	shop := start()
	if resp, err := post(browser, "/api/cart/items/", `{"variant":1,"quantity":2}`); err != nil || resp.StatusCode != 201 {
		t.Fatalf("add to cart: %v %v", resp, err)
	}
	go func() {
		resp, err := post(browser, "/api/payments/mpesa/initiate/", `{"phone":"0708374149","customerInfo":{"name":"Wanjiku Mwangi",
			"email":"wanjiku@farm.co.ke","phone":"0712345678"},"shippingAddress":{"address":"Plot 4","city":"Ruiru","county":"Kiambu"}}`)
		if err == nil {
			resp.Body.Close()
		}
	}()
	var push map[string]any
	select {
	case push = <-daraja.pushed:
	case <-time.After(20 * time.Second):
		t.Fatal("no push reached Daraja")
	}
	if err := shop.Process.Kill(); err != nil { // SIGKILL: no shutdown, no deferred work
		t.Fatal(err)
	}
	_ = shop.Wait()

	// The phone was paid; Daraja's callback reaches the restarted shop.
	shop = start()
	callback := fmt.Sprintf(`{"Body":{"stkCallback":{"MerchantRequestID":"m-crash","CheckoutRequestID":"ws_CO_crash0001","ResultCode":0,
		"ResultDesc":"The service request is processed successfully.","CallbackMetadata":{"Item":[{"Name":"Amount","Value":%v},
		{"Name":"MpesaReceiptNumber","Value":"CRASH00001"},{"Name":"PhoneNumber","Value":%v}]}}}}`, push["Amount"], push["PhoneNumber"])
	resp, err := post(http.DefaultClient, "/api/payments/callback/"+secret+"/", callback)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("callback: %v %v", resp, err)
	}
	resp.Body.Close()
	var status, attention string
	if err := d.QueryRow(ctx, `SELECT status, attention FROM orders`).Scan(&status, &attention); err != nil || status != "pending_payment" {
		t.Fatalf("order right after the crash: %q %q %v", status, attention, err)
	}
	// Later: the push's own answer can no longer come. Moving the payment's
	// time back stands in for waiting the minutes that takes.
	if _, err := d.Exec(ctx, `UPDATE payments SET created_at = $1`, time.Now().UTC().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, 30*time.Second, "the order to be paid or flagged", func() bool {
		err := d.QueryRow(ctx, `SELECT status, attention FROM orders`).Scan(&status, &attention)
		return err == nil && (status == "paid" || attention != "")
	})
	var receipt string
	_ = d.QueryRow(ctx, `SELECT COALESCE(receipt, '') FROM payments`).Scan(&receipt)
	if status != "paid" || receipt != "CRASH00001" {
		t.Fatalf("order %s (attention %q), receipt %q", status, attention, receipt)
	}
	_ = shop.Process.Signal(os.Interrupt)
}

func freeAddr(t *testing.T) string { return testkit.FreeAddr(t) }

func waitUntil(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	testkit.WaitUntil(t, limit, what, cond)
}
