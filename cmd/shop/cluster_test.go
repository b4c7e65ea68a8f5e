package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/etims"
	"shop/internal/lease"
	"shop/internal/media"
	"shop/internal/media/fakes3"
	"shop/internal/payment/mpesa"
)

// The figures of a run of the three-instance test under load.
type loadFigures struct {
	requests, failed           int
	downRequests, downFailed   int
	checkouts, acknowledged    int
	down, lastFailure, elapsed time.Duration
}

// Three `shop serve` processes behind Caddy on one PostgreSQL database and
// one S3-compatible store, under browsing, carts and checkouts paid by the
// M-Pesa simulator; one instance is killed with SIGKILL mid-load and
// started again. Afterwards nothing is lost or doubled: orders, stock,
// payments, text messages, eTIMS invoices, and each background job ran on
// one instance at a time. A picture uploaded through one instance is
// served by all three, and a catalogue edit on one shows on the others
// within 2 seconds. `make bench` runs it longer (SHOP_CLUSTER_LOAD_TIME)
// for docs/benchmarks.md.
func TestThreeInstancesWithOneKilled(t *testing.T) {
	if dbtest.PostgresURL() == "" {
		t.Skip("SHOP_TEST_POSTGRES_URL is not set: the three-instance test needs PostgreSQL")
	}
	bin := shopBinary(t)
	caddy, err := exec.LookPath("caddy")
	if err != nil {
		t.Fatal("Caddy is not installed: run scripts/ensure-caddy.sh (make test does)")
	}
	loadTime := 20 * time.Second
	if v := os.Getenv("SHOP_CLUSTER_LOAD_TIME"); v != "" {
		if loadTime, err = time.ParseDuration(v); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	c := newCluster(t, bin, caddy)

	// A picture uploaded through the first instance is served by all
	// three (from the bucket; none of them has it on its disk).
	t.Run("a picture uploaded on one is served by all", func(t *testing.T) {
		picture := c.upload(t, 0)
		var want []byte
		for i, s := range c.shops {
			code, body, _ := send(http.DefaultClient, "GET", s.base+picture, "")
			if code != 200 || len(body) < 100 {
				t.Fatalf("instance %d: %s answered %d (%d bytes)", i, picture, code, len(body))
			}
			if want == nil {
				want = []byte(body)
			} else if !bytes.Equal(want, []byte(body)) {
				t.Fatalf("instance %d serves other bytes for %s", i, picture)
			}
		}
	})

	// The catalogue micro-cache of each instance watches the catalogue's
	// generation: an edit on one shows on the others within 2 seconds.
	t.Run("an edit on one shows on the others within 2 s", func(t *testing.T) {
		for _, s := range c.shops { // warm every cache
			if code, _, _ := send(http.DefaultClient, "GET", s.base+"/api/products/1/", ""); code != 200 {
				t.Fatalf("product: %d", code)
			}
		}
		name := fmt.Sprintf("Dairy Meal %d", time.Now().UnixNano()%100000)
		code, body, _ := send(http.DefaultClient, "GET", c.shops[0].base+"/api/admin/products/1/", "", "Authorization", "Bearer "+c.admin)
		var product map[string]any
		if code != 200 || json.Unmarshal([]byte(body), &product) != nil {
			t.Fatalf("admin product: %d %s", code, body)
		}
		product["name"] = name
		edit, _ := json.Marshal(product)
		if code, body, _ := send(http.DefaultClient, "PUT", c.shops[0].base+"/api/admin/products/1/", string(edit),
			"Authorization", "Bearer "+c.admin); code != 200 {
			t.Fatalf("edit: %d %s", code, body)
		}
		edited := time.Now()
		for i, s := range c.shops[1:] {
			for {
				_, body, _ := send(http.DefaultClient, "GET", s.base+"/api/products/1/", "")
				if strings.Contains(body, name) {
					break
				}
				if time.Since(edited) > 2*time.Second {
					t.Fatalf("instance %d still shows the old name 2 s after the edit", i+1)
				}
				time.Sleep(50 * time.Millisecond)
			}
		}
		t.Logf("seen on the others %s after the edit", time.Since(edited).Round(time.Millisecond))
	})

	var f loadFigures
	t.Run("mixed load with one instance killed", func(t *testing.T) {
		f = c.load(t, loadTime)
		c.checkAfterLoad(t, ctx, f)
	})
	t.Logf("load: %d requests in %s, %d failed (%.2f%%); %d checkouts, %d acknowledged",
		f.requests, f.elapsed.Round(time.Second), f.failed, pct(f.failed, f.requests), f.checkouts, f.acknowledged)
	t.Logf("while one instance was down (%s): %d requests, %d failed (%.2f%%), the last %s after the kill",
		f.down.Round(100*time.Millisecond), f.downRequests, f.downFailed, pct(f.downFailed, f.downRequests), f.lastFailure.Round(10*time.Millisecond))
}

func pct(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return 100 * float64(a) / float64(b)
}

type cluster struct {
	bin, caddyBin, front string
	env                  []string
	shops                []*instance
	d                    *db.DB
	sim                  *mpesa.Simulator
	kra                  *etims.Simulator
	texts                *fakeSMS
	admin                string
	pictures             media.Store
	stockBefore          map[int64]int
	logDir               string
	// orders are the numbers of the checkouts answered 201.
	orders []string
	// killedJobs are the jobs the killed instance held when it died.
	killedJobs []string
	killedAt   time.Time
}

// heldBy lists the jobs whose unexpired lease the process pid holds.
func (c *cluster) heldBy(t *testing.T, pid int) []string {
	t.Helper()
	rows, err := c.d.Query(context.Background(), `SELECT job FROM job_leases WHERE holder LIKE $1 AND expires_ms > $2`,
		fmt.Sprintf("%%/%d/%%", pid), time.Now().UnixMilli())
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var jobs []string
	for rows.Next() {
		var j string
		if err := rows.Scan(&j); err != nil {
			t.Fatal(err)
		}
		jobs = append(jobs, j)
	}
	return jobs
}

// instance is one `shop serve` process, restarted on the same address.
type instance struct {
	addr, base, dataDir string
	cmd                 *exec.Cmd
	exited              chan struct{}
}

// fakeSMS is Africa's Talking's messaging endpoint, keeping every message
// it was asked to send.
type fakeSMS struct {
	mu   sync.Mutex
	sent []receivedText
}

type receivedText struct {
	text string // recipient + "\x00" + message
	at   time.Time
}

func (f *fakeSMS) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	f.mu.Lock()
	f.sent = append(f.sent, receivedText{r.Form.Get("to") + "\x00" + r.Form.Get("message"), time.Now()})
	n := len(f.sent)
	f.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"SMSMessageData":{"Message":"Sent to 1/1","Recipients":[{"statusCode":101,"number":%q,"status":"Success","cost":"KES 0.8000","messageId":"ATXid_%d"}]}}`,
		r.Form.Get("to"), n)
}

func (f *fakeSMS) messages() []receivedText {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.sent)
}

func newCluster(t *testing.T, bin, caddyBin string) *cluster {
	ctx := context.Background()
	c := &cluster{bin: bin, caddyBin: caddyBin, texts: &fakeSMS{}, logDir: t.TempDir()}
	dbURL := dbtest.URL(t, db.Postgres)
	c.d = dbtest.Migrated(t, dbURL)

	s3 := fakes3.Start(t, "shop-media")
	mediaURL := s3.URL("shop-media", "live")
	var err error
	if c.pictures, err = media.Open(ctx, mediaURL); err != nil {
		t.Fatal(err)
	}
	store := catalog.NewStore(c.d)
	if _, err := demo.SeedInto(ctx, store, c.pictures); err != nil {
		t.Fatal(err)
	}
	// A limited stock on every size, so checkouts compete for it.
	if _, err := c.d.Exec(ctx, `UPDATE variants SET stock = 60`); err != nil {
		t.Fatal(err)
	}
	c.stockBefore = c.stocks(t)

	const secret = "cluster-callback-secret-0123456789abcdef"
	c.sim = &mpesa.Simulator{ConsumerKey: "cluster-key", ConsumerSecret: "cluster-secret", ShortCode: "174379", Passkey: "cluster-passkey",
		Delay: 300 * time.Millisecond, Mode: mpesa.CallbackOnce, Client: &http.Client{Timeout: 15 * time.Second}}
	daraja := httptest.NewServer(c.sim)
	t.Cleanup(func() { c.sim.Close(); daraja.Close() })
	c.kra = etims.NewSimulator("P051234567X", "SIM-CLUSTER", "ok")
	kra := httptest.NewServer(c.kra)
	t.Cleanup(kra.Close)
	at := httptest.NewServer(c.texts)
	t.Cleanup(at.Close)

	c.front = freeAddr(t)
	c.env = []string{"SHOP_DATABASE_URL=" + dbURL, "SHOP_PUBLIC_URL=http://" + c.front, "SHOP_TRUSTED_PROXIES=127.0.0.1",
		"SHOP_MEDIA_URL=" + mediaURL, "AWS_ACCESS_KEY_ID=cluster", "AWS_SECRET_ACCESS_KEY=cluster-secret",
		"SHOP_MPESA_BASE_URL=" + daraja.URL, "SHOP_MPESA_CONSUMER_KEY=cluster-key", "SHOP_MPESA_CONSUMER_SECRET=cluster-secret",
		"SHOP_MPESA_SHORTCODE=174379", "SHOP_MPESA_PASSKEY=cluster-passkey", "SHOP_MPESA_CALLBACK_SECRET=" + secret,
		"SHOP_MPESA_PROMPTS_PER_ADDRESS=1000000", "SHOP_MPESA_PROMPTS_PER_PHONE=1000",
		"SHOP_SMS_USERNAME=cluster", "SHOP_SMS_API_KEY=cluster-sms-key", "SHOP_SMS_BASE_URL=" + at.URL, "SHOP_BUSINESS_PHONE=254711000111",
		"SHOP_KRA_PIN=P051234567X", "SHOP_ETIMS_URL=" + kra.URL, "SHOP_ETIMS_TIN=P051234567X", "SHOP_ETIMS_DEVICE_SERIAL=SIM-CLUSTER",
		// The test signs in as an owner with a password alone (two-step sign-in is tested on its own).
		"SHOP_REQUIRE_MFA=0", "SHOP_JOB_LEASE=3s", "SHOP_METRICS_TOKEN=cluster-metrics-token-0123456789", "SHOP_LOG_LEVEL=warn", "SHOP_DB_READ_CONNS=6", "SHOP_DB_WRITE_CONNS=8"}
	if out, err := runBinary(bin, c.env, "admin", "create", "--email", "owner@cluster.test", "--password", "Cluster-Owner-2026"); err != nil {
		t.Fatalf("admin create: %v %s", err, out)
	}
	var upstreams []string
	for i := range 3 {
		in := &instance{addr: freeAddr(t), dataDir: t.TempDir()}
		in.base = "http://" + in.addr
		c.shops = append(c.shops, in)
		upstreams = append(upstreams, in.addr)
		c.start(t, i)
	}
	for i := range c.shops {
		c.waitReady(t, i, 60*time.Second)
	}
	c.startCaddy(t, upstreams)
	code, body, _ := send(http.DefaultClient, "POST", "http://"+c.front+"/api/auth/login/", `{"username":"owner@cluster.test","password":"Cluster-Owner-2026"}`)
	var tok struct{ Access string }
	if code != 200 || json.Unmarshal([]byte(body), &tok) != nil || tok.Access == "" {
		t.Fatalf("admin login: %d %s", code, body)
	}
	c.admin = tok.Access
	return c
}

func (c *cluster) start(t *testing.T, i int) {
	t.Helper()
	in := c.shops[i]
	logf, err := os.OpenFile(filepath.Join(c.logDir, fmt.Sprintf("shop-%d.log", i)), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(c.bin, "serve")
	cmd.Env = append(os.Environ(), append(c.env, "SHOP_ADDR="+in.addr, "SHOP_DATA_DIR="+in.dataDir)...)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	in.cmd, in.exited = cmd, make(chan struct{})
	go func() { _ = cmd.Wait(); logf.Close(); close(in.exited) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-in.exited })
}

func (c *cluster) waitReady(t *testing.T, i int, limit time.Duration) {
	t.Helper()
	in := c.shops[i]
	waitUntil(t, limit, fmt.Sprintf("instance %d to be ready", i), func() bool {
		select {
		case <-in.exited:
			log, _ := os.ReadFile(filepath.Join(c.logDir, fmt.Sprintf("shop-%d.log", i)))
			t.Fatalf("instance %d exited: %s", i, log)
		default:
		}
		resp, err := http.Get(in.base + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
}

func (c *cluster) startCaddy(t *testing.T, upstreams []string) {
	t.Helper()
	conf, err := filepath.Abs("../../scripts/cluster/Caddyfile")
	if err != nil {
		t.Fatal(err)
	}
	logf, err := os.Create(filepath.Join(c.logDir, "caddy.log"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(c.caddyBin, "run", "--adapter", "caddyfile", "--config", conf)
	cmd.Env = append(os.Environ(), "CLUSTER_ADDR="+c.front, "CLUSTER_UPSTREAMS="+strings.Join(upstreams, " "),
		"HOME="+c.logDir, "XDG_DATA_HOME="+c.logDir, "XDG_CONFIG_HOME="+c.logDir)
	cmd.Stdout, cmd.Stderr = logf, logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() { _ = cmd.Process.Kill(); <-done; logf.Close() })
	waitUntil(t, 30*time.Second, "Caddy to answer", func() bool {
		select {
		case <-done:
			log, _ := os.ReadFile(logf.Name())
			t.Fatalf("caddy exited: %s", log)
		default:
		}
		resp, err := http.Get("http://" + c.front + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == 200
	})
}

// upload sends a photo to product 1 through instance i and returns the
// stored picture's address.
func (c *cluster) upload(t *testing.T, i int) string {
	t.Helper()
	m := image.NewRGBA(image.Rect(0, 0, 500, 300))
	for x := range 500 {
		for y := range 300 {
			m.Set(x, y, color.RGBA{uint8(x), uint8(y), 90, 255})
		}
	}
	var img, body bytes.Buffer
	if err := png.Encode(&img, m); err != nil {
		t.Fatal(err)
	}
	mw := multipart.NewWriter(&body)
	part, _ := mw.CreateFormFile("image", "maize.png")
	part.Write(img.Bytes())
	mw.Close()
	code, answer, err := send(http.DefaultClient, "POST", c.shops[i].base+"/api/admin/products/1/images/", body.String(),
		"Authorization", "Bearer "+c.admin, "Content-Type", mw.FormDataContentType())
	var got struct{ Image string }
	if err != nil || code != 201 || json.Unmarshal([]byte(answer), &got) != nil || !strings.HasPrefix(got.Image, "/media/") {
		t.Fatalf("upload: %d %s %v", code, answer, err)
	}
	if _, err := os.Stat(filepath.Join(c.shops[i].dataDir, "media", strings.TrimPrefix(got.Image, "/media/"))); err == nil {
		t.Fatal("the picture went to the instance's disk, not the bucket")
	}
	return got.Image
}

func (c *cluster) stocks(t *testing.T) map[int64]int {
	t.Helper()
	rows, err := c.d.Query(context.Background(), `SELECT id, stock FROM variants`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			t.Fatal(err)
		}
		out[id] = n
	}
	return out
}

type outcome struct {
	at     time.Time
	failed bool
}

// load runs shoppers through Caddy for d, kills instance 1 a third of the
// way in and starts it again.
func (c *cluster) load(t *testing.T, d time.Duration) loadFigures {
	var variants []int64
	for id := range c.stockBefore {
		variants = append(variants, id)
	}
	slices.Sort(variants)
	front := "http://" + c.front
	var (
		mu       sync.Mutex
		outcomes []outcome
		orders   []string
		checkout atomic.Int64
		phone    atomic.Int64
	)
	record := func(code int, err error) {
		mu.Lock()
		outcomes = append(outcomes, outcome{at: time.Now(), failed: err != nil || code >= 500})
		mu.Unlock()
	}
	// One round in 60 checks out in make test, one in 30 in the longer
	// make bench: the settling after the load (texts, invoices) grows
	// with the orders.
	every := 60
	if d > 30*time.Second {
		every = 30
	}
	stop := make(chan struct{})
	var wg sync.WaitGroup
	workers := 4 * runtime.NumCPU()
	started := time.Now()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for n := 0; ; n++ {
				select {
				case <-stop:
					return
				default:
				}
				c := buyer()
				code, _, err := send(c, "GET", front+"/api/products/?page=1", "")
				record(code, err)
				code, _, err = send(c, "GET", front+fmt.Sprintf("/api/products/%d/", 1+(n+w)%8), "")
				record(code, err)
				if (n+w)%every != 0 {
					continue
				}
				v := variants[(n*7+w)%len(variants)]
				code, _, err = send(c, "POST", front+"/api/cart/items/", fmt.Sprintf(`{"variant":%d,"quantity":1}`, v))
				record(code, err)
				if code != 201 {
					continue
				}
				p := phone.Add(1)
				checkout.Add(1)
				code, body, err := send(c, "POST", front+"/api/payments/mpesa/initiate/", fmt.Sprintf(`{"phone":"0722%06d",
					"customerInfo":{"name":"Wanjiku Mwangi","email":"wanjiku%d@farm.co.ke","phone":"0722%06d"},
					"shippingAddress":{"address":"Plot 4","city":"Ruiru","county":"Kiambu"}}`, p, p, p))
				record(code, err)
				if code == 201 {
					var got struct {
						OrderID string `json:"orderId"`
					}
					_ = json.Unmarshal([]byte(body), &got)
					number := got.OrderID
					if number == "" {
						t.Errorf("checkout answered 201 without an order number: %s", body)
					}
					mu.Lock()
					orders = append(orders, number)
					mu.Unlock()
				}
			}
		}()
	}
	time.Sleep(d / 3) // the load runs; nothing is asserted on time
	// The instance holding the most jobs dies.
	victim, most := 0, -1
	for i, in := range c.shops {
		if jobs := c.heldBy(t, in.cmd.Process.Pid); len(jobs) > most {
			victim, most, c.killedJobs = i, len(jobs), jobs
		}
	}
	killed := time.Now()
	c.killedAt = killed
	_ = c.shops[victim].cmd.Process.Kill() // SIGKILL: no graceful release of anything
	<-c.shops[victim].exited
	time.Sleep(d / 4)
	c.start(t, victim)
	c.waitReady(t, victim, 60*time.Second)
	back := time.Now()
	time.Sleep(d - time.Since(started))
	close(stop)
	wg.Wait()
	f := loadFigures{elapsed: time.Since(started), down: back.Sub(killed), checkouts: int(checkout.Load()), acknowledged: len(orders)}
	lastFail := killed
	for _, o := range outcomes {
		f.requests++
		if o.failed {
			f.failed++
		}
		if !o.at.Before(killed) && o.at.Before(back) {
			f.downRequests++
			if o.failed {
				f.downFailed++
				lastFail = o.at
			}
		}
	}
	f.lastFailure = lastFail.Sub(killed)
	c.orders = orders
	return f
}

// checkAfterLoad waits for the shop to settle (every acknowledged order
// paid, the queues empty) and checks nothing was lost or done twice.
func (c *cluster) checkAfterLoad(t *testing.T, ctx context.Context, f loadFigures) {
	if len(c.orders) == 0 {
		t.Fatal("no checkout succeeded")
	}
	// The simulator pays every prompt; a callback lost with the killed
	// instance is found by the reconciler's status query.
	waitUntil(t, 3*time.Minute+f.elapsed, "every acknowledged order to be paid", func() bool {
		n, err := c.d.Count(ctx, "unpaid", `SELECT COUNT(*) FROM orders WHERE status = 'pending'`)
		return err == nil && n == 0
	})
	var texts, invoices int
	settle, said := time.Now(), time.Now()
	for {
		var err1, err2 error
		texts, err1 = c.d.Count(ctx, "texts", `SELECT COUNT(*) FROM sms_messages WHERE status IN ('queued', 'sending')`)
		invoices, err2 = c.d.Count(ctx, "invoices", `SELECT COUNT(*) FROM etims_invoices WHERE status = 'pending'`)
		if err1 == nil && err2 == nil && texts == 0 && invoices == 0 {
			break
		}
		if time.Since(said) > 20*time.Second {
			t.Logf("%s after the load: %d text messages and %d eTIMS invoices wait", time.Since(settle).Round(time.Second), texts, invoices)
			said = time.Now()
		}
		if limit := 3*time.Minute + 3*f.elapsed; time.Since(settle) > limit {
			t.Fatalf("after %s %d text messages and %d eTIMS invoices still wait (%v %v)", limit, texts, invoices, err1, err2)
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Logf("settled %s after the load", time.Since(settle).Round(100*time.Millisecond))

	// Every acknowledged order exists once, and every order is paid once.
	for _, number := range c.orders {
		n, err := c.d.Count(ctx, "orders", `SELECT COUNT(*) FROM orders WHERE order_number = $1`, number)
		if err != nil || n != 1 {
			t.Errorf("acknowledged order %s: %d rows (%v)", number, n, err)
		}
	}
	var orders, paid, paidEvents, succeeded, receipts int
	q := func(dst *int, query string) {
		if err := c.d.QueryRow(ctx, query).Scan(dst); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
	}
	q(&orders, `SELECT COUNT(*) FROM orders`)
	q(&paid, `SELECT COUNT(*) FROM orders WHERE status = 'paid'`)
	// Moves into paid; a note on a paid order (a receipt that Pull Transactions reported before
	// the prompt's callback, "counted once") is written with from and to both paid.
	q(&paidEvents, `SELECT COUNT(*) FROM order_events WHERE to_status = 'paid' AND from_status <> 'paid'`)
	q(&succeeded, `SELECT COUNT(*) FROM payments WHERE status = 'succeeded'`)
	q(&receipts, `SELECT COUNT(DISTINCT receipt) FROM payments WHERE status = 'succeeded'`)
	if notes, err := c.d.Count(ctx, "notes", `SELECT COUNT(*) FROM order_events WHERE from_status = 'paid' AND to_status = 'paid'`); err == nil && notes > 0 {
		t.Logf("%d notes on paid orders", notes)
	}
	if paid < len(c.orders) || paidEvents != paid || succeeded != paid || receipts != paid {
		t.Errorf("%d orders (%d acknowledged): %d paid, %d paid events, %d payments succeeded with %d receipts",
			orders, len(c.orders), paid, paidEvents, succeeded, receipts)
	}
	var doubled int
	q(&doubled, `SELECT COUNT(*) FROM (SELECT order_id FROM payments WHERE status = 'succeeded' GROUP BY order_id HAVING COUNT(*) > 1) d`)
	if doubled > 0 {
		t.Errorf("%d orders credited twice", doubled)
	}

	// Stock is conserved: what is left and what orders hold is what there was.
	after := c.stocks(t)
	held := map[int64]int{}
	rows, err := c.d.Query(ctx, `SELECT i.variant_id, SUM(i.quantity) FROM order_items i JOIN orders o ON o.id = i.order_id
		WHERE o.stock_reserved GROUP BY i.variant_id`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			t.Fatal(err)
		}
		held[id] = n
	}
	rows.Close()
	for id, before := range c.stockBefore {
		if after[id]+held[id] != before || after[id] < 0 {
			t.Errorf("variant %d: %d before, %d left and %d held by orders", id, before, after[id], held[id])
		}
	}

	// Every text message was sent once: the gateway saw each once, and as
	// many as the queue says it sent. The gateway takes no idempotency key,
	// so the one message the killed instance had sent and not yet recorded
	// goes out again after the claim's lease (docs/notifications.md): a
	// second copy is allowed only of a message first received before the
	// kill and again after it, and only one instance was killed mid-send.
	seen := map[string][]time.Time{}
	for _, m := range c.texts.messages() {
		seen[m.text] = append(seen[m.text], m.at)
	}
	resent := 0
	for m, at := range seen {
		to, body, _ := strings.Cut(m, "\x00")
		switch {
		case len(at) == 1:
		case len(at) == 2 && at[0].Before(c.killedAt) && at[1].After(c.killedAt):
			resent++
			t.Logf("text to %s sent again after the kill (first at %s before it)", to, c.killedAt.Sub(at[0]).Round(time.Millisecond))
		default:
			var when []string
			for _, a := range at {
				when = append(when, a.Sub(c.killedAt).Round(time.Millisecond).String())
			}
			t.Errorf("text to %s sent %d times (%s from the kill): %q", to, len(at), strings.Join(when, ", "), body)
		}
	}
	if resent > 1 {
		t.Errorf("%d texts sent again after the kill; one sender can have one in flight", resent)
	}
	var textsSent int
	q(&textsSent, `SELECT COUNT(*) FROM sms_messages WHERE status = 'sent'`)
	if textsSent != len(seen) || textsSent < paid {
		t.Errorf("%d texts sent by the queue, %d distinct received by the gateway, %d orders paid", textsSent, len(seen), paid)
	}

	// Every paid order's eTIMS invoice reached KRA once.
	accepted := c.kra.Accepted()
	byNo := map[int64]int{}
	for _, inv := range accepted {
		byNo[inv.InvcNo]++
		if byNo[inv.InvcNo] > 1 {
			t.Errorf("invoice %d signed twice", inv.InvcNo)
		}
	}
	var signed int
	q(&signed, `SELECT COUNT(*) FROM etims_invoices WHERE status = 'signed'`)
	if len(accepted) != signed || signed != paid {
		t.Errorf("%d invoices signed by KRA, %d recorded signed, %d orders paid", len(accepted), signed, paid)
	}

	// Each job ran on one instance at a time, and the killed instance's
	// jobs were taken over.
	history, err := lease.History(ctx, c.d, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if bad := lease.Overlaps(history); len(bad) > 0 {
		t.Errorf("jobs held by two instances at once: %v", bad)
	}
	holders := map[string]map[string]bool{}
	for _, h := range history {
		if holders[h.Job] == nil {
			holders[h.Job] = map[string]bool{}
		}
		holders[h.Job][h.Holder] = true
	}
	for _, job := range []string{"mpesa-reconciler", "sms", "etims", "janitor"} {
		if len(holders[job]) == 0 {
			t.Errorf("job %s never ran", job)
		}
	}
	// The killed instance's jobs were taken by another within the lease
	// (3 s) and a renewal's tick of the taker, give or take a busy machine.
	for _, job := range c.killedJobs {
		var took time.Time
		for _, h := range history {
			if h.Job == job && h.From.After(c.killedAt) {
				took = h.From
				break
			}
		}
		if took.IsZero() {
			t.Errorf("job %s of the killed instance was never taken over", job)
			continue
		}
		t.Logf("job %s handed over %s after the kill", job, took.Sub(c.killedAt).Round(100*time.Millisecond))
	}
	if len(c.killedJobs) == 0 {
		t.Error("the killed instance held no job")
	}
	// Now, each job is held by exactly one of the three (their /metrics).
	waitUntil(t, 30*time.Second, "each job to be held by exactly one instance", func() bool {
		count := map[string]int{}
		for _, s := range c.shops {
			_, body, err := send(http.DefaultClient, "GET", s.base+"/metrics", "", "Authorization", "Bearer cluster-metrics-token-0123456789")
			if err != nil {
				return false
			}
			for _, line := range strings.Split(body, "\n") {
				if rest, ok := strings.CutPrefix(line, `shop_job_held{job="`); ok {
					job, v, _ := strings.Cut(rest, `"} `)
					if v == "1" {
						count[job]++
					} else {
						count[job] += 0
					}
				}
			}
		}
		if len(count) < 5 {
			return false
		}
		for _, n := range count {
			if n != 1 {
				return false
			}
		}
		return true
	})
}
