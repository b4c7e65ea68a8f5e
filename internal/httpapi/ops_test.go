package httpapi_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"

	"shop/internal/app"
	"shop/internal/backup"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/httpapi"
	"shop/internal/testkit"
)

const metricsToken = "scrape-token-0123456789abcdef"

// withMetrics counts the shop's requests and serves /metrics behind token
// ("" serves no /metrics route at all).
func withMetrics(token string) testkit.Option {
	return testkit.With(func(p *app.Parts) {
		last := time.Date(2025, 11, 15, 6, 0, 0, 0, time.UTC)
		p.MailQueue = func(context.Context) (map[string]int, error) {
			return map[string]int{"queued": 3, "sending": 1, "sent": 9, "failed": 1}, nil
		}
		p.SMSQueue = func(context.Context) (map[string]int, error) { return map[string]int{"queued": 2, "failed": 1}, nil }
		p.Backups = func(context.Context) (backup.Status, error) {
			return backup.Status{Engine: "sqlite", Scheduled: true, LastAt: &last}, nil
		}
		p.MetricsToken = token
	})
}

func TestMetrics(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d, true, withMetrics(metricsToken))
		number, _ := s.placeOrder(t, "254708374149")
		s.waitForStatus(t, number, "paid")
		s.do(t, "GET", "/api/products/", "")
		s.do(t, "GET", "/api/products/1/", "")
		s.do(t, "GET", "/api/no-such-thing/", "")

		for _, auth := range []string{"", "Bearer wrong-token-0123456789abcdef", metricsToken} {
			code, _ := s.do(t, "GET", "/metrics", "", "Authorization", auth)
			if code != http.StatusUnauthorized {
				t.Errorf("/metrics with Authorization %q: %d, want 401", auth, code)
			}
		}
		req, _ := http.NewRequest("GET", s.url+"/metrics", nil)
		req.Header.Set("Authorization", "Bearer "+metricsToken)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Fatalf("/metrics with the token: %d", resp.StatusCode)
		}
		parser := expfmt.NewTextParser(model.UTF8Validation)
		families, err := parser.TextToMetricFamilies(resp.Body)
		if err != nil {
			t.Fatalf("not Prometheus text: %v", err)
		}
		has := func(name string, labels map[string]string) float64 {
			t.Helper()
			f, ok := families[name]
			if !ok {
				t.Errorf("no series %s", name)
				return -1
			}
		metric:
			for _, m := range f.GetMetric() {
				for k, v := range labels {
					found := false
					for _, l := range m.GetLabel() {
						found = found || (l.GetName() == k && l.GetValue() == v)
					}
					if !found {
						continue metric
					}
				}
				switch {
				case m.Counter != nil:
					return m.Counter.GetValue()
				case m.Gauge != nil:
					return m.Gauge.GetValue()
				case m.Histogram != nil:
					return float64(m.Histogram.GetSampleCount())
				}
			}
			t.Errorf("no %s with %v", name, labels)
			return -1
		}
		if n := has("shop_http_requests_total", map[string]string{"route": "/api/products/", "method": "GET", "status": "200"}); n != 1 {
			t.Errorf("product list requests: %v, want 1", n)
		}
		has("shop_http_requests_total", map[string]string{"route": "/api/products/{id}/", "status": "200"})
		has("shop_http_requests_total", map[string]string{"route": "/api/", "status": "404"})
		has("shop_http_requests_total", map[string]string{"route": "/metrics", "status": "401"})
		if n := has("shop_http_request_duration_seconds", map[string]string{"route": "/api/payments/mpesa/initiate/"}); n != 1 {
			t.Errorf("checkout latency samples: %v", n)
		}
		if n := has("shop_orders", map[string]string{"status": "paid"}); n != 1 {
			t.Errorf("paid orders: %v", n)
		}
		has("shop_orders", map[string]string{"status": "cancelled"})
		if n := has("shop_payments", map[string]string{"status": "succeeded", "result_code": "0"}); n != 1 {
			t.Errorf("succeeded payments: %v", n)
		}
		has("shop_reconciler_backlog", nil)
		has("shop_reconciler_oldest_pending_seconds", nil)
		if n := has("shop_mail_queue_depth", nil); n != 4 {
			t.Errorf("mail queue: %v, want the queued and sending ones", n)
		}
		if n := has("shop_mail_messages", map[string]string{"status": "failed"}); n != 1 {
			t.Errorf("failed mail: %v", n)
		}
		if n := has("shop_sms_messages", map[string]string{"status": "queued"}); n != 2 {
			t.Errorf("sms queue: %v", n)
		}
		if n := has("shop_sms_messages", map[string]string{"status": "failed"}); n != 1 {
			t.Errorf("failed sms: %v", n)
		}
		if n := has("shop_backup_last_success_timestamp_seconds", nil); n != 1763186400 {
			t.Errorf("last backup: %v", n)
		}
		// Each pool by name, on each engine: a wait for the write pool is
		// a checkout waiting (docs/deploy.md, "Connection pools").
		for _, pool := range []string{"read", "write"} {
			has("go_sql_max_open_connections", map[string]string{"db_name": pool})
			has("go_sql_wait_count_total", map[string]string{"db_name": pool})
		}
		if n := has("shop_metrics_read_errors", nil); n != 0 {
			t.Errorf("%v figures could not be read", n)
		}
	})
}

// Without SHOP_METRICS_TOKEN there is no /metrics on the main address: the
// web app answers the path, with no figure in it.
func TestMetricsNotPublicByDefault(t *testing.T) {
	shop := testkit.NewShop(t, dbtest.SQLite(t), withMetrics(""))
	shop.Get("/api/products/")
	rec := shop.Get("/metrics")
	if strings.Contains(rec.Body.String(), "shop_http_requests_total") || rec.Header().Get("Content-Type") == "text/plain; version=0.0.4; charset=utf-8" {
		t.Fatalf("/metrics answered without a token configured: %d %s", rec.Code, rec.Body)
	}
	for _, rt := range shop.Routes() {
		if strings.Contains(rt.Pattern, "/metrics") {
			t.Fatalf("route %s registered without a token", rt.Pattern)
		}
	}
	withToken := testkit.NewShop(t, dbtest.SQLite(t), withMetrics(metricsToken))
	for _, rt := range withToken.Routes() {
		if rt.Pattern == "GET /metrics" && rt.Access != httpapi.Operator {
			t.Fatalf("/metrics has access %v, want Operator", rt.Access)
		}
	}
}

func TestReadyz(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		shop := testkit.NewShop(t, d)
		testkit.WantStatus(t, shop.Get("/readyz"), http.StatusOK)

		// A migration this binary knows and the database lacks: not ready.
		if _, err := d.Exec(context.Background(), `DELETE FROM schema_migrations WHERE version = (SELECT MAX(version) FROM schema_migrations)`); err != nil {
			t.Fatal(err)
		}
		testkit.WantError(t, shop.Get("/readyz"), http.StatusServiceUnavailable, "", "The database is not up to date.")

		// The database gone: not ready, and the answer says nothing internal.
		d.Close()
		rec := shop.Get("/readyz")
		testkit.WantError(t, rec, http.StatusServiceUnavailable, "", "The database is not answering.")
		if strings.Contains(rec.Body.String(), "sql") {
			t.Errorf("readyz leaks: %s", rec.Body)
		}
	})
}
