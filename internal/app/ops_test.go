package app_test

import (
	"context"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/backup"
	"shop/internal/config"
	"shop/internal/testkit"
)

func get(url string) (int, string, error) {
	resp, b, err := testkit.Send(http.DefaultClient, http.MethodGet, url, "")
	if err != nil {
		return 0, "", err
	}
	return resp.StatusCode, string(b), nil
}

// SHOP_METRICS_ADDR: /metrics answers there, and the main address has no
// /metrics. The server also takes its own backups (SHOP_BACKUP_DIR and
// SHOP_BACKUP_INTERVAL) and holds the data directory against a restore.
func TestMetricsAddressAndScheduledBackup(t *testing.T) {
	dir := t.TempDir()
	backups := filepath.Join(t.TempDir(), "backups")
	metricsAddr := testkit.FreeAddr(t)
	env := map[string]string{"SHOP_DATA_DIR": dir, "SHOP_DATABASE_URL": "sqlite:" + filepath.Join(dir, "shop.db"),
		"SHOP_METRICS_ADDR": metricsAddr, "SHOP_BACKUP_DIR": backups, "SHOP_BACKUP_INTERVAL": "1h"}
	cfg, err := config.FromEnv(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if err := cfg.Finish(); err != nil {
		t.Fatal(err)
	}
	a, err := app.New(t.Context(), cfg, testkit.Quiet(), testkit.WebApp)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- a.Serve(ctx, ln) }()
	defer func() { stop(); <-done }()

	if _, err := backup.Lock(dir); err == nil {
		t.Fatal("a restore could lock the data directory of a running shop")
	}
	// No snapshot yet: the first is taken at start.
	testkit.WaitUntil(t, 20*time.Second, "the first scheduled backup", func() bool {
		_, ok, _ := backup.Latest(backups)
		return ok
	})
	main := "http://" + ln.Addr().String()
	testkit.WaitUntil(t, 20*time.Second, "the metrics listener", func() bool {
		code, body, err := get("http://" + metricsAddr + "/metrics")
		return err == nil && code == 200 && strings.Contains(body, "shop_backup_last_success_timestamp_seconds")
	})
	_, _, _ = get(main + "/api/products/")
	code, body, err := get("http://" + metricsAddr + "/metrics")
	if err != nil || code != 200 || !strings.Contains(body, `shop_http_requests_total{method="GET",route="/api/products/",status="200"} 1`) {
		t.Fatalf("metrics address: %d %v\n%s", code, err, body)
	}
	if code, body, _ := get(main + "/metrics"); strings.Contains(body, "shop_http_requests_total") {
		t.Fatalf("the main address serves the metrics: %d", code)
	}
	if code, _, _ := get("http://" + metricsAddr + "/api/products/"); code != http.StatusNotFound {
		t.Fatalf("the metrics address serves the shop: %d", code)
	}
}
