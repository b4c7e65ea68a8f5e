package app_test

import (
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"shop/internal/app"
	"shop/internal/config"
	"shop/internal/httpapi"
	"shop/internal/testkit"
)

func newApp(t *testing.T, dev bool) *app.App {
	t.Helper()
	dir := t.TempDir()
	cfg, err := config.FromEnv(func(k string) string {
		return map[string]string{"SHOP_DATA_DIR": dir, "SHOP_DATABASE_URL": "sqlite:" + filepath.Join(dir, "shop.db")}[k]
	})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Dev = dev
	a, err := app.New(t.Context(), cfg, testkit.Quiet(), testkit.WebApp)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// Without --dev no development route exists: not the Daraja simulator, not
// the mail outbox. A typed nil once made /dev/daraja/ a live route that
// panicked on every request.
func TestNoDevRoutesInProduction(t *testing.T) {
	a := newApp(t, false)
	for _, rt := range a.Handler.(*httpapi.Server).Routes() {
		if strings.Contains(rt.Pattern, "/dev/") {
			t.Errorf("production serves %s", rt.Pattern)
		}
	}
	for _, path := range []string{"/dev/daraja/x", "/dev/daraja/mpesa/stkpush/v1/processrequest", "/dev/outbox", "/dev/mpesa/paybill/", "/dev/mpesa/statement.csv"} {
		rec := httptest.NewRecorder()
		a.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodPost, path, strings.NewReader("{}")))
		if rec.Code >= 500 {
			t.Errorf("POST %s: %d", path, rec.Code)
		}
		rec = httptest.NewRecorder()
		a.Handler.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", path, rec.Code)
		}
	}
}

// In --dev the simulator and the outbox are there.
func TestDevRoutesInDev(t *testing.T) {
	a := newApp(t, true)
	want := map[string]bool{"/dev/daraja/": false, "GET /dev/outbox": false, "POST /dev/mpesa/paybill/{$}": false, "GET /dev/mpesa/statement.csv": false}
	for _, rt := range a.Handler.(*httpapi.Server).Routes() {
		if _, ok := want[rt.Pattern]; ok {
			want[rt.Pattern] = true
		}
	}
	for p, found := range want {
		if !found {
			t.Errorf("dev mode lacks %s", p)
		}
	}
	// The shop sends refunds through the simulator, with its certificate.
	if ok, why := a.Payments.RefundsBySending(); !ok {
		t.Errorf("dev mode keeps refunds manual: %s", why)
	}
}

// Without an initiator refunds stay manual, and the back office is told why.
func TestRefundsStayManualWithoutMPesa(t *testing.T) {
	a := newApp(t, false)
	if ok, why := a.Payments.RefundsBySending(); ok || !strings.Contains(why, "SHOP_MPESA_") {
		t.Errorf("refunds by M-Pesa %v: %q", ok, why)
	}
}
