package deploy

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"shop/internal/app"
	"shop/internal/backup"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

// exportedSeries are the names the shop's /metrics answers, as a test shop
// serves them after a request, with its queues and backups set up.
func exportedSeries(t *testing.T) map[string]bool {
	t.Helper()
	const token = "monitoring-token-0123456789"
	last := time.Date(2026, 3, 2, 3, 0, 0, 0, time.UTC)
	d := dbtest.SQLite(t)
	// One paid order, so the orders' and payments' series have a row.
	for _, q := range []string{`INSERT INTO orders (id, order_number, access_token_hash, status, stock_reserved, subtotal_cents, shipping_cents,
			total_cents, first_name, last_name, email, phone, address, city, county, payment_method)
		VALUES (1, 'ORDER-1', 'h', 'paid', FALSE, 100, 0, 100, 'A', 'B', 'a@b.co', '254700000000', 'x', 'y', 'z', 'mpesa')`,
		`INSERT INTO payments (order_id, status, phone, amount_cents, result_code) VALUES (1, 'succeeded', '254700000000', 100, 0)`} {
		if _, err := d.Exec(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
	shop := testkit.NewShop(t, d, testkit.With(func(p *app.Parts) {
		p.MetricsToken, p.Version = token, "v1.2.3"
		p.MailQueue = func(context.Context) (map[string]int, error) { return map[string]int{"queued": 1}, nil }
		p.SMSQueue = func(context.Context) (map[string]int, error) { return map[string]int{"queued": 1}, nil }
		p.Backups = func(context.Context) (backup.Status, error) {
			return backup.Status{Engine: "sqlite", Scheduled: true, LastAt: &last}, nil
		}
	}))
	shop.Get("/api/products/")
	rec := shop.Get("/metrics", testkit.Bearer(token)...)
	testkit.WantStatus(t, rec, 200)
	names := map[string]bool{}
	for _, line := range strings.Split(rec.Body.String(), "\n") {
		if name, ok := strings.CutPrefix(line, "# TYPE "); ok {
			name, kind, _ := strings.Cut(name, " ")
			names[name] = true
			if kind == "histogram" {
				for _, suffix := range []string{"_bucket", "_sum", "_count"} {
					names[name+suffix] = true
				}
			}
		}
	}
	if !strings.Contains(rec.Body.String(), `shop_build_info{version="v1.2.3"} 1`) {
		t.Errorf("/metrics lacks the version:\n%s", rec.Body)
	}
	return names
}

// seriesIn names the shop's series an expression reads (Prometheus's own
// up aside).
var seriesIn = regexp.MustCompile(`\b(?:shop|go_sql)_[a-z_]+\b`)

// The alerting rules and the dashboard read only series the shop exports,
// and promtool, where installed, accepts the rules.
func TestMonitoringReadsTheShopsSeries(t *testing.T) {
	exported := exportedSeries(t)
	var rules struct {
		Groups []struct {
			Rules []struct {
				Alert string `yaml:"alert"`
				Expr  string `yaml:"expr"`
			} `yaml:"rules"`
		} `yaml:"groups"`
	}
	b, err := os.ReadFile("shop-rules.yml")
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, &rules); err != nil {
		t.Fatalf("shop-rules.yml: %v", err)
	}
	var exprs []string
	alerts := map[string]bool{}
	for _, g := range rules.Groups {
		for _, r := range g.Rules {
			alerts[r.Alert] = true
			exprs = append(exprs, r.Expr)
		}
	}
	for _, want := range []string{"ShopBackupStale", "ShopPaymentsStuck", "ShopSMSQueueBacklog", "ShopMailQueueBacklog", "ShopMailFailing",
		"ShopErrorRate", "ShopSlowAnswers"} {
		if !alerts[want] {
			t.Errorf("shop-rules.yml has no %s alert", want)
		}
	}
	var dash struct {
		Panels []struct {
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
	}
	if b, err = os.ReadFile("shop-dashboard.json"); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &dash); err != nil {
		t.Fatalf("shop-dashboard.json: %v", err)
	}
	for _, p := range dash.Panels {
		for _, target := range p.Targets {
			exprs = append(exprs, target.Expr)
		}
	}
	if len(dash.Panels) < 10 {
		t.Errorf("the dashboard has %d panels", len(dash.Panels))
	}
	for _, e := range exprs {
		for _, name := range seriesIn.FindAllString(e, -1) {
			if !exported[name] {
				t.Errorf("%s reads %s, which the shop does not export", strings.TrimSpace(e), name)
			}
		}
	}

	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Log("promtool is not installed: the rules' series checked, their syntax not")
		return
	}
	if out, err := exec.Command(promtool, "check", "rules", "shop-rules.yml").CombinedOutput(); err != nil {
		t.Fatalf("promtool check rules: %v\n%s", err, out)
	}
}
