package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/url"

	"shop/internal/config"
	"shop/internal/payment"
	"shop/internal/payment/mpesa"
)

// mpesaCmd runs `shop mpesa register-urls`: it tells Daraja where to send
// the confirmations of Paybill (or Buy Goods) payments to the short code.
func mpesaCmd(ctx context.Context, cfg config.Config, args []string, stdout, stderr io.Writer) error {
	const use = "usage: shop mpesa register-urls [--response-type Completed|Cancelled]"
	if len(args) == 0 || args[0] != "register-urls" {
		return usageError(use)
	}
	fs := flag.NewFlagSet("mpesa register-urls", flag.ContinueOnError)
	fs.SetOutput(stderr)
	responseType := fs.String("response-type", "Completed",
		"what M-Pesa does with a payment when the shop's validation URL cannot be reached: Completed (accept) or Cancelled")
	if err := fs.Parse(args[1:]); err != nil {
		return usageError(err.Error())
	}
	if *responseType != "Completed" && *responseType != "Cancelled" {
		return usageError(use)
	}
	m := cfg.MPesa
	if !m.Configured() {
		return fmt.Errorf("M-Pesa is not configured: set SHOP_MPESA_CONSUMER_KEY, SHOP_MPESA_CONSUMER_SECRET, SHOP_MPESA_SHORTCODE and SHOP_MPESA_PASSKEY")
	}
	confirmation, validation := payment.C2BURLs(cfg.PublicURL, m.CallbackSecret)
	if u, err := url.Parse(cfg.PublicURL); err != nil || u.Scheme != "https" {
		return fmt.Errorf("SHOP_PUBLIC_URL must be the shop's public https:// address: Daraja only calls https URLs")
	}
	if mpesa.HasForbiddenWord(confirmation) || mpesa.HasForbiddenWord(validation) {
		return fmt.Errorf("the shop's URLs contain a word Daraja refuses (mpesa, m-pesa, safaricom, sql, query, exe, cmd): change SHOP_PUBLIC_URL or SHOP_MPESA_CALLBACK_SECRET")
	}
	client := mpesa.NewClient(mpesa.Config{BaseURL: m.BaseURL, ConsumerKey: m.ConsumerKey, ConsumerSecret: m.ConsumerSecret,
		ShortCode: m.ShortCode, Passkey: m.Passkey, TransactionType: m.TransactionType, PartyB: m.PartyB}, nil)
	// The register call's version must be the Daraja app's C2B product:
	// SHOP_MPESA_C2B_VERSION first, the other when Daraja says "no
	// apiproduct match".
	version, err := client.RegisterURLsVersion(ctx, m.C2BVersion, confirmation, validation, *responseType)
	if err != nil {
		return fmt.Errorf("register C2B URLs for %s: %w", m.ShortCode, err)
	}
	// The secret is the URLs' last segment: print the paths without it.
	fmt.Fprintf(stdout, "registered C2B URLs for short code %s (%s, C2B %s): %s…/ and %s…/\n", m.ShortCode, *responseType, version,
		cfg.PublicURL+payment.C2BConfirmationPath, cfg.PublicURL+payment.C2BValidationPath)
	if version != m.C2BVersion {
		fmt.Fprintf(stdout, "Daraja has no C2B %s product for this app: set SHOP_MPESA_C2B_VERSION=%s\n", m.C2BVersion, version)
	}
	return nil
}
