package payment

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/checkout"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
	"shop/internal/ratelimit"
)

// benchShop is a catalogue of one size with plenty of stock, the Daraja
// simulator on loopback, and the payment service on SQLite.
func benchShop(b *testing.B) (*checkout.Service, *cart.Store, *db.DB) {
	b.Helper()
	d := dbtest.SQLite(b)
	ctx := context.Background()
	cat := catalog.NewStore(d)
	if _, err := cat.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"}); err != nil {
		b.Fatal(err)
	}
	if _, err := cat.CreateProduct(ctx, catalog.NewProduct{Name: "Dairy Meal", Slug: "dairy-meal", CategoryID: 1, IsActive: true,
		BasePrice: money.FromShillings(1500), Variants: []catalog.NewVariant{{Size: "10 Kg", SKU: "DM-10", Price: money.FromShillings(1500), Stock: 1_000_000}}}); err != nil {
		b.Fatal(err)
	}
	sim := &mpesa.Simulator{ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p", Delay: time.Hour, Mode: mpesa.CallbackNever}
	daraja := httptest.NewServer(sim)
	b.Cleanup(daraja.Close)
	client := mpesa.NewClient(mpesa.Config{BaseURL: daraja.URL, ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p"},
		&http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 64}})
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	orders := order.NewStore(d)
	svc := New(d, orders, client, ratelimit.New(d, nil), Config{PublicURL: "http://127.0.0.1:1", CallbackSecret: "x"}, log)
	orders.UsePayments(svc)
	return checkout.New(d, orders, coupon.NewStore(d), svc, log), cart.NewStore(d), d
}

// BenchmarkCheckout is checkout initiation as a shopper meets it: the prompt
// limits, the order from a two-line cart, the stock reservation, and the STK
// push to the simulator over HTTP, 32 shoppers at once, each with their own
// phone and address as real customers have.
func BenchmarkCheckout(b *testing.B) {
	svc, carts, _ := benchShop(b)
	ctx := context.Background()
	c := webCheckout("254708374149")
	if err := c.Validate(); err != nil {
		b.Fatal(err)
	}
	ids := make(chan int64, b.N+64)
	for range b.N + 64 {
		res, err := carts.Resolve(ctx, cart.Owner{}, true)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := carts.Add(ctx, res.CartID, 1, 2); err != nil {
			b.Fatal(err)
		}
		ids <- res.CartID
	}
	var mu sync.Mutex
	var lat []time.Duration
	var shopper atomic.Int64
	b.SetParallelism(16) // 2 cores × 16 = 32 shoppers
	b.ResetTimer()
	start := time.Now()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			n := shopper.Add(1)
			c := c
			c.MpesaPhone = fmt.Sprintf("2547%08d", n)
			ip := fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
			t0 := time.Now()
			st, err := (*fixture)(nil).place(svc, c, <-ids, ip)
			if err != nil || st.PushErr != nil {
				b.Errorf("checkout: %v %v", err, st.PushErr)
				return
			}
			mine = append(mine, time.Since(t0))
		}
		mu.Lock()
		lat = append(lat, mine...)
		mu.Unlock()
	})
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "orders/s")
	reportP99(b, lat)
}

// BenchmarkCartChange adds to and updates a cart line, 32 shoppers at once
// each on their own cart.
func BenchmarkCartChange(b *testing.B) {
	_, carts, _ := benchShop(b)
	ctx := context.Background()
	var mu sync.Mutex
	var lat []time.Duration
	b.SetParallelism(16)
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		res, err := carts.Resolve(ctx, cart.Owner{}, true)
		if err != nil {
			b.Error(err)
			return
		}
		var mine []time.Duration
		var line int64
		for i := 0; pb.Next(); i++ {
			t0 := time.Now()
			if i%2 == 0 {
				line, err = carts.Add(ctx, res.CartID, 1, 1)
			} else {
				_, err = carts.SetQuantity(ctx, res.CartID, line, 1+i%5)
			}
			if err != nil {
				b.Error(err)
				return
			}
			mine = append(mine, time.Since(t0))
		}
		mu.Lock()
		lat = append(lat, mine...)
		mu.Unlock()
	})
	reportP99(b, lat)
}

func reportP99(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	p := func(q float64) float64 { return float64(lat[int(q*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(p(0.50), "p50-ms")
	b.ReportMetric(p(0.99), "p99-ms")
}
