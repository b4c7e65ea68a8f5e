package config

import (
	"fmt"
	"strings"
	"time"
)

// MPesa is the Daraja account the shop is paid through.
type MPesa struct {
	// BaseURL is Daraja's host: SHOP_MPESA_ENV=sandbox or production picks
	// Safaricom's; SHOP_MPESA_BASE_URL overrides it.
	BaseURL         string
	ConsumerKey     string // SHOP_MPESA_CONSUMER_KEY
	ConsumerSecret  string // SHOP_MPESA_CONSUMER_SECRET
	ShortCode       string // SHOP_MPESA_SHORTCODE
	Passkey         string // SHOP_MPESA_PASSKEY
	TransactionType string // SHOP_MPESA_TRANSACTION_TYPE: CustomerPayBillOnline (default) or CustomerBuyGoodsOnline
	PartyB          string // SHOP_MPESA_PARTY_B: the till number for buy goods
	// CallbackSecret is the long random secret in the callback URL
	// (SHOP_MPESA_CALLBACK_SECRET, at least 32 characters).
	CallbackSecret string
	// SimDelay is how long the dev simulator's phone takes to answer (SHOP_MPESA_SIM_DELAY).
	SimDelay time.Duration
	// SimCallback is how the dev simulator sends callbacks: once, twice, late or never (SHOP_MPESA_SIM_CALLBACK).
	SimCallback string
}

// Configured reports whether real Daraja credentials are set.
func (m MPesa) Configured() bool {
	return m.ConsumerKey != "" && m.ConsumerSecret != "" && m.ShortCode != "" && m.Passkey != ""
}

func mpesaFromEnv(getenv func(string) string) (MPesa, error) {
	m := MPesa{
		BaseURL:         strings.TrimRight(getenv("SHOP_MPESA_BASE_URL"), "/"),
		ConsumerKey:     getenv("SHOP_MPESA_CONSUMER_KEY"),
		ConsumerSecret:  getenv("SHOP_MPESA_CONSUMER_SECRET"),
		ShortCode:       getenv("SHOP_MPESA_SHORTCODE"),
		Passkey:         getenv("SHOP_MPESA_PASSKEY"),
		TransactionType: or(getenv("SHOP_MPESA_TRANSACTION_TYPE"), "CustomerPayBillOnline"),
		PartyB:          getenv("SHOP_MPESA_PARTY_B"),
		CallbackSecret:  getenv("SHOP_MPESA_CALLBACK_SECRET"),
		SimCallback:     or(getenv("SHOP_MPESA_SIM_CALLBACK"), "once"),
		SimDelay:        3 * time.Second,
	}
	if m.BaseURL == "" {
		switch env := or(getenv("SHOP_MPESA_ENV"), "sandbox"); env {
		case "sandbox":
			m.BaseURL = "https://sandbox.safaricom.co.ke"
		case "production":
			m.BaseURL = "https://api.safaricom.co.ke"
		default:
			return m, fmt.Errorf("SHOP_MPESA_ENV must be sandbox or production, not %q", env)
		}
	}
	if v := getenv("SHOP_MPESA_SIM_DELAY"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return m, fmt.Errorf("SHOP_MPESA_SIM_DELAY must be a duration like 3s, not %q", v)
		}
		m.SimDelay = d
	}
	switch m.SimCallback {
	case "once", "twice", "late", "never":
	default:
		return m, fmt.Errorf("SHOP_MPESA_SIM_CALLBACK must be once, twice, late or never, not %q", m.SimCallback)
	}
	if m.TransactionType != "CustomerPayBillOnline" && m.TransactionType != "CustomerBuyGoodsOnline" {
		return m, fmt.Errorf("SHOP_MPESA_TRANSACTION_TYPE must be CustomerPayBillOnline or CustomerBuyGoodsOnline")
	}
	if m.Configured() && len(m.CallbackSecret) < 32 {
		return m, fmt.Errorf("SHOP_MPESA_CALLBACK_SECRET must be set to a random string of at least 32 characters when M-Pesa is configured")
	}
	return m, nil
}
