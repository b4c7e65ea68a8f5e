package payment

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shop/internal/apperr"
	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/checkout"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/httpx"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
	"shop/internal/ratelimit"
)

const secret = "test-callback-secret-0123456789abcdef"

type fixture struct {
	d      *db.DB
	svc    *Service
	co     *checkout.Service
	orders *order.Store
	carts  *cart.Store
	sim    *mpesa.Simulator
	// mux serves the shop's callbacks; daraja is the simulator's address,
	// where loseAnswers B2C answers are lost after the simulator took them.
	mux         *http.ServeMux
	shop        string
	daraja      string
	loseAnswers atomic.Int32
}

// newFixture stores one product whose 10 Kg size has stock in stock, and
// runs the simulator and the shop's callback endpoint on loopback.
func newFixture(t *testing.T, d *db.DB, stock int, mode mpesa.CallbackMode, delay time.Duration) *fixture {
	t.Helper()
	ctx := context.Background()
	cat := catalog.NewStore(d)
	if _, err := cat.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"}); err != nil {
		t.Fatal(err)
	}
	if _, err := cat.CreateProduct(ctx, catalog.NewProduct{Name: "Dairy Meal", Slug: "dairy-meal", CategoryID: 1, IsActive: true,
		BasePrice: money.FromShillings(1500), Variants: []catalog.NewVariant{{Size: "10 Kg", SKU: "DM-10", Price: money.FromShillings(1500), Stock: stock}}}); err != nil {
		t.Fatal(err)
	}
	f := &fixture{d: d, orders: order.NewStore(d), carts: cart.NewStore(d)}
	f.sim = &mpesa.Simulator{ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "pass", Delay: delay, Mode: mode, LateBy: delay}
	daraja := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, "/paymentrequest") && f.loseAnswers.Add(-1) >= 0 {
			// M-Pesa took the request; its answer never reaches the shop.
			f.sim.ServeHTTP(httptest.NewRecorder(), r)
			panic(http.ErrAbortHandler)
		}
		f.sim.ServeHTTP(w, r)
	}))
	mux := http.NewServeMux()
	shop := httptest.NewServer(mux)
	f.mux, f.shop, f.daraja = mux, shop.URL, daraja.URL
	t.Cleanup(func() { f.sim.Close(); daraja.Close(); shop.Close() })
	client := mpesa.NewClient(mpesa.Config{BaseURL: daraja.URL, ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "pass"}, nil)
	log := slog.New(slog.NewTextHandler(testWriter{t}, nil))
	f.svc = New(d, f.orders, client, ratelimit.New(d, nil), Config{PublicURL: shop.URL, CallbackSecret: secret, Limits: &unlimited, ShortCode: "174379"}, log)
	f.orders.UsePayments(f.svc)
	f.co = checkout.New(d, f.orders, coupon.NewStore(d), f.svc, log)
	h := &Handlers{Service: f.svc}
	mux.Handle("POST "+CallbackPath+"{secret}/{$}", httpx.Handler(h.Callback))
	mux.Handle("POST "+C2BConfirmationPath+"{secret}/{$}", httpx.Handler(h.C2BConfirmation))
	f.sim.ConfirmationURL, _ = f.svc.C2BURLs()
	return f
}

// cartWith makes a guest cart holding qty of the 10 Kg size.
func (f *fixture) cartWith(t *testing.T, qty int) int64 {
	t.Helper()
	res, err := f.carts.Resolve(context.Background(), cart.Owner{}, true)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.carts.Add(context.Background(), res.CartID, 1, qty); err != nil {
		t.Fatal(err)
	}
	return res.CartID
}

func webCheckout(phone string) order.Checkout {
	return order.Checkout{FirstName: "Wanjiku", LastName: "Mwangi", Email: "wanjiku@farm.co.ke", Phone: "0712345678",
		Address: "Plot 4, Eastern Bypass", City: "Ruiru", County: "Kiambu", PaymentMethod: "mpesa", MpesaPhone: phone}
}

func (f *fixture) stock(t *testing.T) int {
	t.Helper()
	var n int
	if err := f.d.QueryRow(context.Background(), `SELECT stock FROM variants WHERE id = 1`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// waitFor polls the order until cond holds: callbacks arrive on their own time.
func (f *fixture) waitFor(t *testing.T, number string, cond func(order.Order) bool) order.Order {
	t.Helper()
	// Long enough for a busy CI machine; a passing run waits only as long
	// as the condition takes.
	deadline := time.Now().Add(30 * time.Second)
	for {
		o, err := f.orders.ByNumber(context.Background(), number)
		if err != nil {
			t.Fatal(err)
		}
		if cond(o) {
			return o
		}
		if time.Now().After(deadline) {
			t.Fatalf("order %s stuck at %s (payment %+v)", number, o.Status, o.Payment)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// place places the web checkout's order for c from cart cartID, as the
// checkout handler does.
func (f *fixture) place(co *checkout.Service, c order.Checkout, cartID int64, ip string) (order.PaymentStart, error) {
	return co.Place(context.Background(), checkout.Request{Channel: order.ChannelWeb, CartID: cartID, ClientIP: ip,
		Customer:       checkout.Customer{FirstName: c.FirstName, LastName: c.LastName, Phone: c.Phone, Email: c.Email},
		Address:        checkout.Address{Address: c.Address, City: c.City, County: c.County, PostalCode: c.PostalCode},
		DeliveryOption: c.DeliveryOption, Payer: c.MpesaPhone})
}

func (f *fixture) start(t *testing.T, phone string, qty int) order.PaymentStart {
	t.Helper()
	c := webCheckout(phone)
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	cartID := f.cartWith(t, qty)
	st, err := f.place(f.co, c, cartID, "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	if st.PushErr != nil {
		t.Fatal(st.PushErr)
	}
	return st
}

func isStatus(s order.Status) func(order.Order) bool {
	return func(o order.Order) bool { return o.Status == s }
}

func TestPaidByCallback(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 20*time.Millisecond)
		var mailed []string
		var mu sync.Mutex
		f.svc.OnPaidTx = func(_ context.Context, _ *sql.Tx, o order.Order) error {
			mu.Lock()
			defer mu.Unlock()
			mailed = append(mailed, o.Number)
			return nil
		}
		st := f.start(t, "0708374149", 2)
		if st.Order.Total.String() != "3500.00" || st.Order.Subtotal.String() != "3000.00" || !strings.HasPrefix(st.Order.Number, "ORDER-") {
			t.Fatalf("order %+v", st.Order)
		}
		if f.stock(t) != 8 {
			t.Fatalf("stock %d after ordering 2 of 10", f.stock(t))
		}
		o := f.waitFor(t, st.Order.Number, isStatus(order.Paid))
		if o.Payment == nil || o.Payment.Status != "succeeded" || len(o.Payment.Receipt) != 10 || o.Payment.Message != "Payment received" {
			t.Fatalf("payment %+v", o.Payment)
		}
		if f.stock(t) != 8 {
			t.Fatalf("stock %d after payment", f.stock(t))
		}
		items, _ := f.carts.Items(context.Background(), o.CartID)
		if len(items) != 0 {
			t.Fatalf("cart not emptied: %+v", items)
		}
		// OnPaidTx ran inside the payment's transaction, once: before the
		// order read as paid.
		mu.Lock()
		defer mu.Unlock()
		if len(mailed) != 1 || mailed[0] != o.Number {
			t.Fatalf("OnPaid ran for %v", mailed)
		}
	})
}

func TestFailedPaymentReleasesStockAndRetries(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 20*time.Millisecond)
		for phone, msg := range map[string]string{
			"254700000001": "You cancelled the payment on your phone",
			"254700000002": "Not enough money in your M-Pesa account",
			"254700000003": "Your phone did not answer: is it on and in signal?",
			"254700000004": "The M-Pesa PIN was wrong",
		} {
			st := f.start(t, phone, 3)
			o := f.waitFor(t, st.Order.Number, isStatus(order.PaymentFailed))
			if o.Payment.Message != msg || !o.CanRetryPayment {
				t.Fatalf("%s: %+v retry %v", phone, o.Payment, o.CanRetryPayment)
			}
			if f.stock(t) != 10 {
				t.Fatalf("%s: stock %d, want it released to 10", phone, f.stock(t))
			}
			again, err := f.svc.Retry(context.Background(), o, "254708374149", "192.0.2.1")
			if err != nil || again.PushErr != nil {
				t.Fatalf("retry: %v %v", err, again.PushErr)
			}
			if f.stock(t) != 7 {
				t.Fatalf("retry did not take the stock again: %d", f.stock(t))
			}
			paid := f.waitFor(t, st.Order.Number, isStatus(order.Paid))
			if paid.Payment.Status != "succeeded" {
				t.Fatalf("after retry: %+v", paid.Payment)
			}
			if _, err := f.svc.Retry(context.Background(), paid, "254708374149", "192.0.2.1"); err == nil {
				t.Fatal("a paid order was pushed again")
			}
			if _, err := d.Exec(context.Background(), `UPDATE variants SET stock = 10`); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func TestDuplicateCallbackMakesOnePayment(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackTwice, 20*time.Millisecond)
		paidCount := 0
		f.svc.OnPaidTx = func(context.Context, *sql.Tx, order.Order) error { paidCount++; return nil }
		st := f.start(t, "254708374149", 1)
		f.waitFor(t, st.Order.Number, isStatus(order.Paid))
		for deadline := time.Now().Add(5 * time.Second); f.sim.Delivered() < 2 && time.Now().Before(deadline); {
			time.Sleep(5 * time.Millisecond) // the second callback lands after the first
		}
		var events, succeeded int
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM order_events WHERE to_status = 'paid'`).Scan(&events)
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM payments WHERE status = 'succeeded'`).Scan(&succeeded)
		if events != 1 || succeeded != 1 || paidCount != 1 || f.stock(t) != 9 {
			t.Fatalf("events %d succeeded %d mails %d stock %d", events, succeeded, paidCount, f.stock(t))
		}
	})
}

func callbackBody(checkoutID string, code int, amount float64, receipt string) []byte {
	meta := ""
	if code == 0 {
		meta = fmt.Sprintf(`,"CallbackMetadata":{"Item":[{"Name":"Amount","Value":%v},{"Name":"MpesaReceiptNumber","Value":"%s"},{"Name":"PhoneNumber","Value":254708374149}]}`, amount, receipt)
	}
	return []byte(fmt.Sprintf(`{"Body":{"stkCallback":{"MerchantRequestID":"m","CheckoutRequestID":"%s","ResultCode":%d,"ResultDesc":"x"%s}}}`, checkoutID, code, meta))
}

func TestCallbacksThatChangeNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		st := f.start(t, "254708374149", 2)
		ctx := context.Background()
		err := f.svc.HandleCallback(ctx, "wrong-secret", callbackBody(st.CheckoutRequestID, 0, 3500, "AAAAAAAAA1"))
		if e, ok := apperr.From(err); !ok || e.Kind != apperr.KindNotFound {
			t.Fatalf("wrong secret: %v", err)
		}
		for name, body := range map[string][]byte{
			"wrong amount":        callbackBody(st.CheckoutRequestID, 0, 1, "AAAAAAAAA2"),
			"unknown checkout id": callbackBody("ws_CO_nobody", 0, 3500, "AAAAAAAAA3"),
			"garbage":             []byte("{not json"),
		} {
			if err := f.svc.HandleCallback(ctx, secret, body); err != nil {
				t.Errorf("%s: %v", name, err)
			}
		}
		o, _ := f.orders.ByNumber(ctx, st.Order.Number)
		if o.Status != order.PendingPayment || o.Payment.Status != "pending" || f.stock(t) != 8 {
			t.Fatalf("something changed: %s %+v stock %d", o.Status, o.Payment, f.stock(t))
		}
		// The right callback still works afterwards.
		if err := f.svc.HandleCallback(ctx, secret, callbackBody(st.CheckoutRequestID, 0, 3500, "RIGHT00001")); err != nil {
			t.Fatal(err)
		}
		if o, _ := f.orders.ByNumber(ctx, st.Order.Number); o.Status != order.Paid || o.Payment.Receipt != "RIGHT00001" {
			t.Fatalf("right callback: %s %+v", o.Status, o.Payment)
		}
	})
}

func TestReconcilerResolvesMissingCallback(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		// The phone answers at once; only the callback is missing.
		f := newFixture(t, d, 10, mpesa.CallbackNever, 0)
		ctx := context.Background()
		st := f.start(t, "254708374149", 1)
		if n, _ := f.svc.ReconcileOnce(ctx); n != 0 {
			t.Fatalf("queried %d pushes before they were due", n)
		}
		f.svc.now = func() time.Time { return time.Now().Add(firstQueryAfter + time.Second) }
		if n, err := f.svc.ReconcileOnce(ctx); err != nil || n != 1 {
			t.Fatalf("reconcile: %d %v", n, err)
		}
		o, _ := f.orders.ByNumber(ctx, st.Order.Number)
		if o.Status != order.Paid || o.Payment.Status != "succeeded" {
			t.Fatalf("after query: %s %+v", o.Status, o.Payment)
		}
		// The callback that finally comes brings the receipt.
		if err := f.svc.HandleCallback(ctx, secret, callbackBody(st.CheckoutRequestID, 0, 1500+500, "LATE000001")); err != nil {
			t.Fatal(err)
		}
		if o, _ := f.orders.ByNumber(ctx, st.Order.Number); o.Payment.Receipt != "LATE000001" {
			t.Fatalf("receipt %q", o.Payment.Receipt)
		}
	})
}

func TestLateSuccessAfterGivingUpIsRecorded(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 3, mpesa.CallbackNever, time.Hour) // the phone never answers a query
		ctx := context.Background()
		st := f.start(t, "254708374149", 2)
		f.svc.now = func() time.Time { return time.Now().Add(giveUpAfter + time.Minute) }
		if _, err := f.svc.ReconcileOnce(ctx); err != nil {
			t.Fatal(err)
		}
		o, _ := f.orders.ByNumber(ctx, st.Order.Number)
		if o.Status != order.PaymentFailed || o.Payment.Message != "The payment request expired" || f.stock(t) != 3 {
			t.Fatalf("after giving up: %s %+v stock %d", o.Status, o.Payment, f.stock(t))
		}
		if err := f.svc.HandleCallback(ctx, secret, callbackBody(st.CheckoutRequestID, 0, 3500, "LATE000002")); err != nil {
			t.Fatal(err)
		}
		o, _ = f.orders.ByNumber(ctx, st.Order.Number)
		if o.Status != order.Paid || o.Payment.Receipt != "LATE000002" || o.Attention != "" || f.stock(t) != 1 {
			t.Fatalf("late success: %s %+v attention %q stock %d", o.Status, o.Payment, o.Attention, f.stock(t))
		}
		// Again, but the stock was sold meanwhile: paid all the same, and flagged.
		f.svc.now = time.Now
		st2 := f.start(t, "254708374149", 1)
		f.svc.now = func() time.Time { return time.Now().Add(giveUpAfter + time.Minute) }
		_, _ = f.svc.ReconcileOnce(ctx)
		if _, err := d.Exec(ctx, `UPDATE variants SET stock = 0`); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.HandleCallback(ctx, secret, callbackBody(st2.CheckoutRequestID, 0, 2000, "LATE000003")); err != nil {
			t.Fatal(err)
		}
		o, _ = f.orders.ByNumber(ctx, st2.Order.Number)
		if o.Status != order.Paid || o.Payment.Receipt != "LATE000003" || o.Attention == "" || f.stock(t) != 0 {
			t.Fatalf("late success without stock: %s %+v attention %q stock %d", o.Status, o.Payment, o.Attention, f.stock(t))
		}
	})
}

// Fifty shoppers check out at once for a size with ten in stock: exactly ten
// orders hold stock, stock never goes below zero, and nobody sees a 5xx.
func TestContentionNeverOversells(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		carts := make([]int64, 50)
		for i := range carts {
			carts[i] = f.cartWith(t, 1)
		}
		c := webCheckout("254708374149")
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		made, refused := 0, 0
		var other []error
		for _, id := range carts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := f.place(f.co, c, id, "192.0.2.1")
				mu.Lock()
				defer mu.Unlock()
				if e, ok := apperr.From(err); ok && e.Kind == apperr.KindInvalid {
					refused++
				} else if err != nil {
					other = append(other, err)
				} else {
					made++
				}
			}()
		}
		wg.Wait()
		if made != 10 || refused != 40 || len(other) != 0 || f.stock(t) != 0 {
			t.Fatalf("made %d refused %d errors %v stock %d", made, refused, other, f.stock(t))
		}
		var held int
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM orders WHERE stock_reserved = TRUE`).Scan(&held)
		if held != 10 {
			t.Fatalf("%d orders hold stock", held)
		}
	})
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(b []byte) (int, error) {
	w.t.Log(strings.TrimSpace(string(b)))
	return len(b), nil
}

// racingGateway delivers the callback before its push returns, as a busy
// server may see it: the callback beats the checkout id into the database.
type racingGateway struct {
	svc *Service
	t   *testing.T
}

func (g racingGateway) STKPush(ctx context.Context, p mpesa.PushRequest) (mpesa.PushResponse, error) {
	body := callbackBody("ws_CO_early", 0, float64(p.Amount), "EARLY00001")
	if err := g.svc.HandleCallback(ctx, secret, body); err != nil {
		g.t.Errorf("early callback: %v", err)
	}
	return mpesa.PushResponse{MerchantRequestID: "m", CheckoutRequestID: "ws_CO_early"}, nil
}

func (g racingGateway) STKQuery(context.Context, string) (mpesa.QueryResult, error) {
	return mpesa.QueryResult{Pending: true}, nil
}

func TestCallbackBeforeCheckoutIDIsKept(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		f.svc.gateway = racingGateway{svc: f.svc, t: t}
		st := f.start(t, "254708374149", 1)
		o, _ := f.orders.ByNumber(context.Background(), st.Order.Number)
		if o.Status != order.Paid || o.Payment.Receipt != "EARLY00001" {
			t.Fatalf("early callback lost: %s %+v", o.Status, o.Payment)
		}
		var parked int
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM payment_callbacks`).Scan(&parked)
		if parked != 0 {
			t.Fatalf("%d callbacks still parked", parked)
		}
	})
}

// unlimited lifts the prompt limits for tests that make many orders from
// one phone; the limits have tests of their own.
var unlimited = PushLimits{
	PerPhone: ratelimit.Limit{Max: 1 << 20, Window: time.Minute},
	PerIP:    ratelimit.Limit{Max: 1 << 20, Window: time.Minute},
}
