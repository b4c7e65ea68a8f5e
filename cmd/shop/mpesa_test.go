package main

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"

	"shop/internal/payment/mpesa"
)

// `shop mpesa register-urls` registers the C2B URLs with Daraja (here the
// simulator), and refuses URLs Daraja would refuse, before calling it.
func TestRegisterURLs(t *testing.T) {
	sim := &mpesa.Simulator{ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "600984", Passkey: "p"}
	daraja := httptest.NewServer(sim)
	t.Cleanup(func() { sim.Close(); daraja.Close() })
	const secret = "c2b-secret-0123456789-0123456789-ab"
	env := map[string]string{"SHOP_DATA_DIR": t.TempDir(), "SHOP_MPESA_BASE_URL": daraja.URL, "SHOP_MPESA_CONSUMER_KEY": "k",
		"SHOP_MPESA_CONSUMER_SECRET": "s", "SHOP_MPESA_SHORTCODE": "600984", "SHOP_MPESA_PASSKEY": "p", "SHOP_MPESA_CALLBACK_SECRET": secret,
		"SHOP_PUBLIC_URL": "https://shop.mifugobora.co.ke"}
	ctx := context.Background()
	with := func(k, v string) map[string]string {
		e := map[string]string{}
		for key, val := range env {
			e[key] = val
		}
		e[k] = v
		return e
	}
	for _, tc := range []struct {
		env      map[string]string
		args     []string
		code     int
		out, err string
	}{
		{env, []string{"mpesa"}, 2, "", "usage: shop mpesa register-urls"},
		{env, []string{"mpesa", "register-urls", "--response-type", "Maybe"}, 2, "", "usage: shop mpesa register-urls"},
		{with("SHOP_MPESA_PASSKEY", ""), []string{"mpesa", "register-urls"}, 1, "", "M-Pesa is not configured"},
		{with("SHOP_PUBLIC_URL", "http://shop.mifugobora.co.ke"), []string{"mpesa", "register-urls"}, 1, "", "must be the shop's public https://"},
		{with("SHOP_PUBLIC_URL", "https://mpesa.mifugobora.co.ke"), []string{"mpesa", "register-urls"}, 1, "", "a word Daraja refuses"},
		{env, []string{"mpesa", "register-urls"}, 0, "registered C2B URLs for short code 600984 (Completed, C2B v2)", ""},
	} {
		code, out, errOut := runShop(t, ctx, tc.env, tc.args...)
		if code != tc.code || !strings.Contains(out, tc.out) || !strings.Contains(errOut, tc.err) {
			t.Errorf("shop %v: code %d, stdout %q, stderr %q", tc.args, code, out, errOut)
		}
		if strings.Contains(out+errOut, secret) {
			t.Errorf("shop %v printed the callback secret", tc.args)
		}
	}
	if want := "https://shop.mifugobora.co.ke/api/payments/c2b/confirmation/" + secret + "/"; sim.ConfirmationURL != want {
		t.Fatalf("registered %q, want %q", sim.ConfirmationURL, want)
	}

	// An app with only the v1 product answers v2 with 401.003.01: the
	// command falls back to v1, and the other way round.
	for _, tc := range []struct{ app, asked, out string }{
		{"v1", "", "C2B v1"}, {"v2", "v1", "C2B v2"}, {"v1", "v1", "C2B v1"},
	} {
		sim.C2BVersion, sim.ConfirmationURL = tc.app, ""
		code, out, errOut := runShop(t, ctx, with("SHOP_MPESA_C2B_VERSION", tc.asked), "mpesa", "register-urls")
		if code != 0 || !strings.Contains(out, tc.out) || sim.ConfirmationURL == "" {
			t.Errorf("app %s, asked %q: code %d, stdout %q, stderr %q", tc.app, tc.asked, code, out, errOut)
		}
		if fell := strings.Contains(out, "SHOP_MPESA_C2B_VERSION="+tc.app); fell != (tc.asked != tc.app && !(tc.asked == "" && tc.app == "v2")) {
			t.Errorf("app %s, asked %q: advice %q", tc.app, tc.asked, out)
		}
	}
}
