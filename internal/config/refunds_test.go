package config

import (
	"strings"
	"testing"
	"time"

	"shop/internal/money"
)

// The settings of refunds by M-Pesa: defaults, values, and a clear error
// for each wrong one.
func TestRefundSettings(t *testing.T) {
	read := func(env map[string]string) (Config, error) {
		return FromEnv(func(k string) string { return env[k] })
	}
	c, err := read(nil)
	if err != nil || c.MPesa.RefundDailyLimit != money.FromShillings(50_000) || c.MPesa.SimB2C != "ok" || c.MPesa.C2BVersion != "v2" ||
		!c.MPesa.InitiatorPasswordSet.IsZero() {
		t.Fatalf("defaults %+v %v", c.MPesa, err)
	}
	c, err = read(map[string]string{"SHOP_REFUND_DAILY_LIMIT": "20000", "SHOP_MPESA_SIM_B2C": "fail:2001", "SHOP_MPESA_C2B_VERSION": "v1",
		"SHOP_MPESA_INITIATOR_PASSWORD_SET": "2026-10-01"})
	if err != nil || c.MPesa.RefundDailyLimit != money.FromShillings(20_000) || c.MPesa.SimB2C != "fail:2001" || c.MPesa.C2BVersion != "v1" ||
		!c.MPesa.InitiatorPasswordSet.Equal(time.Date(2026, 10, 1, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("values %+v %v", c.MPesa, err)
	}
	for k, v := range map[string]string{"SHOP_REFUND_DAILY_LIMIT": "0", "SHOP_MPESA_SIM_B2C": "sometimes", "SHOP_MPESA_C2B_VERSION": "v3",
		"SHOP_MPESA_INITIATOR_PASSWORD_SET": "1 October"} {
		if _, err := read(map[string]string{k: v}); err == nil || !strings.Contains(err.Error(), k) {
			t.Errorf("%s=%q: %v", k, v, err)
		}
	}
	if why := c.MPesa.RefundsWhyManual(); !strings.Contains(why, "not configured") {
		t.Errorf("without M-Pesa: %q", why)
	}
	c.MPesa.ConsumerKey, c.MPesa.ConsumerSecret, c.MPesa.ShortCode, c.MPesa.Passkey = "k", "s", "174379", "p"
	if why := c.MPesa.RefundsWhyManual(); !strings.Contains(why, "SHOP_MPESA_INITIATOR_NAME") {
		t.Errorf("without an initiator: %q", why)
	}
	c.MPesa.InitiatorName, c.MPesa.InitiatorPassword, c.MPesa.Certificate = "op", "pw", "/etc/shop/cert.cer"
	if why := c.MPesa.RefundsWhyManual(); why != "" {
		t.Errorf("configured: %q", why)
	}
}
