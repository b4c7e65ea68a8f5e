package httpapi_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"os"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/httpx"
	"shop/internal/payment"
	"shop/internal/payment/mpesa"
	"shop/internal/testkit"
)

// The load of docs/benchmarks.md's "Checkout under browsing load": shoppers
// who only browse, and buyers who each add a bag, check out and wait for
// the callback to pay.
const (
	loadBrowsers = 100
	loadBuyers   = 20
	// loadPoll is how often a buyer reads its order while it waits for the
	// callback (the web app reads it every 2 s; sooner here, so each buyer
	// checks out more often in the run).
	loadPoll = 500 * time.Millisecond
)

// BenchmarkCheckoutUnderLoad measures checkout initiation while the
// catalogue is busy: 100 browsing clients (product list pages, product
// pages, categories, search suggestions) and 20 buyers against the real
// HTTP server with the demo catalogue, on each engine, for 15 s
// (SHOP_BENCH_LOAD_TIME, such as 45s). It reports initiate's latency and
// the connection pools' waits (sql.DBStats) over the run. With
// SHOP_BENCH_ONE_ADDRESS=1 every buyer is behind one client address (an
// agrovet's connection, a carrier's gateway), its prompt limit raised.
func BenchmarkCheckoutUnderLoad(b *testing.B) {
	span := 15 * time.Second
	if v := os.Getenv("SHOP_BENCH_LOAD_TIME"); v != "" {
		var err error
		if span, err = time.ParseDuration(v); err != nil || span <= 0 {
			b.Fatalf("SHOP_BENCH_LOAD_TIME=%q: want a duration such as 45s", v)
		}
	}
	p95 := map[db.Dialect]float64{}
	for _, dialect := range dbtest.Engines() {
		b.Run(string(dialect), func(b *testing.B) {
			s := newLoadShop(b, dbtest.New(b, dialect))
			var r loadResult
			for b.Loop() {
				r = s.run(b, span)
			}
			p95[dialect] = r.report(b)
		})
	}
	// The engines side by side, from the same run: PostgreSQL's reads must
	// not starve its writes (docs/deploy.md, "Connection pools"), so its
	// initiation p95 stays within twice SQLite's.
	if sq, pg := p95[db.SQLite], p95[db.Postgres]; sq > 0 && pg > 0 {
		// Printed, not logged: a parent benchmark's log is not shown.
		fmt.Printf("initiate p95: SQLite %.1f ms, PostgreSQL %.1f ms, PostgreSQL / SQLite %.2f (target at most 2)\n", sq, pg, pg/sq)
	}
}

// loadShop is the whole server on a loopback port, behind which each buyer
// is a client address of its own (as behind Caddy), and the Daraja
// simulator, whose phone pays at once.
type loadShop struct {
	url  string
	d    *db.DB
	tr   *http.Transport
	urls []string
	// variants are the sizes buyers pick from: plenty in stock, so no
	// checkout is refused for stock in a run.
	variants []int64
}

// oneAddress puts every buyer behind one client address.
var oneAddress = os.Getenv("SHOP_BENCH_ONE_ADDRESS") == "1"

func newLoadShop(b *testing.B, d *db.DB) *loadShop {
	ts := httptest.NewUnstartedServer(nil)
	public := "http://" + ts.Listener.Addr().String()
	// The phone answers a tenth of a second after the push: after the shop
	// has stored the push, as a real phone's answer (seconds) always is.
	sim := &mpesa.Simulator{ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p", Delay: 100 * time.Millisecond}
	srv := testkit.NewShop(b, d, testkit.With(func(p *app.Parts) {
		p.Gateway = mpesa.NewClient(mpesa.Config{BaseURL: public + "/dev/daraja", ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p"},
			&http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: loadBuyers}})
		cfg := payment.Config{CallbackSecret: "cb-secret-0123456789-0123456789-xyz", ShortCode: "174379"}
		if oneAddress {
			limits := payment.DefaultPushLimits
			limits.PerIP.Max = 1 << 30
			cfg.Limits = &limits
		}
		p.Payment, p.Simulator, p.PublicURL = cfg, sim, public
		p.ClientIP = httpx.ClientIP([]netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")})
	}), testkit.Demo)
	// The catalogue's lists answered from the index in memory, as
	// app.Serve starts it (docs/architecture.md section 9).
	ctx, cancel := context.WithCancel(context.Background())
	srv.Deps.Catalog.StartSearchIndex(ctx, slog.New(slog.DiscardHandler))
	ts.Config.Handler = srv
	ts.Start()
	b.Cleanup(func() { cancel(); sim.Close(); ts.Close() })
	s := &loadShop{url: public, d: d, tr: &http.Transport{MaxIdleConnsPerHost: loadBrowsers + 2*loadBuyers}}
	b.Cleanup(s.tr.CloseIdleConnections)
	s.urls = browseURLs()
	rows, err := d.Query(context.Background(), `SELECT id FROM variants WHERE stock >= 100 ORDER BY id`)
	if err != nil {
		b.Fatal(err)
	}
	if s.variants, err = db.Collect(rows, func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) }); err != nil || len(s.variants) < 20 {
		b.Fatalf("sizes with stock: %d, %v", len(s.variants), err)
	}
	return s
}

// browseURLs are what a browsing shopper asks for: list pages (by
// category, sorted, paged), product pages, the categories, and search
// suggestions as a name is typed.
func browseURLs() []string {
	urls := []string{"/api/categories/", "/api/products/?page=1", "/api/products/?page=2", "/api/products/?page=1&sort=price-low",
		"/api/products/?page=1&collection=best-sellers", "/api/products/?page=1&search=dairy"}
	for _, c := range demo.Categories() {
		urls = append(urls, "/api/products/?page=1&category="+c.Slug, "/api/products/?page=1&sort=price-high&category="+c.Slug)
	}
	for _, p := range demo.Products() {
		urls = append(urls, "/api/products/"+p.Slug+"/")
		for _, n := range []int{3, 5} {
			if q := strings.ToLower(p.Name); len(q) >= n {
				urls = append(urls, "/api/search/suggest/?q="+url.QueryEscape(q[:n]))
			}
		}
	}
	return urls
}

// loadResult is what one run measured.
type loadResult struct {
	initiate []time.Duration // how long each checkout took to answer 201
	paid     int             // orders the callback paid while their buyer waited
	browsed  int64
	span     time.Duration
	// waits are the pools' WaitCount and WaitDuration over the run, by name.
	waits map[string]sql.DBStats
}

func (s *loadShop) run(b *testing.B, span time.Duration) loadResult {
	before := s.poolStats()
	end := time.Now().Add(span)
	var r loadResult
	var mu sync.Mutex
	var wg sync.WaitGroup
	var browsed atomic.Int64
	var failure atomic.Pointer[string]
	fail := func(format string, args ...any) {
		msg := fmt.Sprintf(format, args...)
		failure.CompareAndSwap(nil, &msg)
	}
	client := &http.Client{Transport: s.tr}
	for range loadBrowsers {
		wg.Go(func() {
			for time.Now().Before(end) && failure.Load() == nil {
				path := s.urls[rand.IntN(len(s.urls))]
				resp, body, err := testkit.Send(client, "GET", s.url+path, "")
				if err != nil || resp.StatusCode != http.StatusOK {
					fail("browse %s: %v %v %s", path, err, resp, body)
					return
				}
				browsed.Add(1)
			}
		})
	}
	var shopper atomic.Int64
	for range loadBuyers {
		wg.Go(func() {
			for time.Now().Before(end) && failure.Load() == nil {
				took, ok, err := s.buy(shopper.Add(1), end)
				if err != nil {
					fail("%v", err)
					return
				}
				mu.Lock()
				r.initiate = append(r.initiate, took)
				if ok {
					r.paid++
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if msg := failure.Load(); msg != nil {
		b.Fatal(*msg)
	}
	r.browsed, r.span = browsed.Load(), span
	r.waits = map[string]sql.DBStats{}
	for name, st := range s.poolStats() {
		r.waits[name] = sql.DBStats{WaitCount: st.WaitCount - before[name].WaitCount, WaitDuration: st.WaitDuration - before[name].WaitDuration,
			MaxOpenConnections: st.MaxOpenConnections}
	}
	return r
}

// buy is one shopper of their own (a new cart, phone and client address):
// a bag into the cart, checkout, then the order read until the callback
// has paid it. took is how long initiate took to answer 201 (any other
// answer is an error: no limit or stock stands in the way); paid says the
// order was paid before the run's end and a grace of 30 s.
func (s *loadShop) buy(n int64, end time.Time) (took time.Duration, paid bool, err error) {
	jar, _ := cookiejar.New(nil)
	c := &http.Client{Transport: s.tr, Jar: jar}
	addr := fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
	if oneAddress {
		addr = "10.0.0.1"
	}
	hdr := []string{"X-Forwarded-For", addr, "Origin", s.url}
	v := s.variants[rand.IntN(len(s.variants))]
	if resp, body, err := testkit.Send(c, "POST", s.url+"/api/cart/items/", fmt.Sprintf(`{"variant":%d}`, v), hdr...); err != nil || resp.StatusCode != http.StatusCreated {
		return 0, false, fmt.Errorf("add size %d: %v %v %s", v, err, resp, body)
	}
	start := time.Now()
	resp, body, err := testkit.Send(c, "POST", s.url+"/api/payments/mpesa/initiate/", strings.Replace(checkoutBody, "%s", fmt.Sprintf("2547%08d", 10_000_000+n), 1), hdr...)
	took = time.Since(start)
	if err != nil || resp.StatusCode != http.StatusCreated {
		return 0, false, fmt.Errorf("initiate: %v %v %s", err, resp, body)
	}
	var out struct{ OrderID, OrderToken string }
	if err := json.Unmarshal(body, &out); err != nil {
		return 0, false, err
	}
	for deadline := end.Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(loadPoll) {
		resp, body, err := testkit.Send(c, "GET", s.url+"/api/orders/"+out.OrderID+"/", "", "X-Order-Token", out.OrderToken)
		if err != nil || resp.StatusCode != http.StatusOK {
			return 0, false, fmt.Errorf("order %s: %v %v %s", out.OrderID, err, resp, body)
		}
		if strings.Contains(string(body), `"status":"paid"`) {
			return took, true, nil
		}
	}
	return took, false, nil
}

func (s *loadShop) poolStats() map[string]sql.DBStats {
	out := map[string]sql.DBStats{}
	for name, p := range s.d.Pools() {
		out[name] = p.Stats()
	}
	return out
}

// report puts the run's figures beside ns/op: initiate's percentiles in
// milliseconds, the counts, and each pool's waits. It returns the p95.
func (r loadResult) report(b *testing.B) float64 {
	if len(r.initiate) == 0 {
		b.Fatal("no checkout in the run")
	}
	slices.Sort(r.initiate)
	at := func(p float64) float64 {
		return float64(r.initiate[min(len(r.initiate)-1, int(p*float64(len(r.initiate))))].Microseconds()) / 1000
	}
	b.ReportMetric(at(0.50), "initiate-p50-ms")
	b.ReportMetric(at(0.95), "initiate-p95-ms")
	b.ReportMetric(at(0.99), "initiate-p99-ms")
	b.ReportMetric(float64(len(r.initiate)), "initiates")
	b.ReportMetric(float64(r.paid), "paid")
	b.ReportMetric(float64(r.browsed)/r.span.Seconds(), "browse/s")
	for name, st := range r.waits {
		b.ReportMetric(float64(st.MaxOpenConnections), name+"-conns")
		b.ReportMetric(float64(st.WaitCount), name+"-waits")
		b.ReportMetric(st.WaitDuration.Seconds(), name+"-wait-s")
	}
	return at(0.95)
}
