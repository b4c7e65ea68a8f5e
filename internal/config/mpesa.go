package config

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"shop/internal/money"
	"shop/internal/payment/mpesa"
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
	// SimB2C is how the dev simulator's B2C payments end: ok, fail:<code>,
	// late or never (SHOP_MPESA_SIM_B2C).
	SimB2C string

	// Refunds by M-Pesa (docs/payments.md section 12): the API operator
	// (SHOP_MPESA_INITIATOR_NAME, SHOP_MPESA_INITIATOR_PASSWORD), the path
	// of Safaricom's certificate its password is encrypted with
	// (SHOP_MPESA_CERTIFICATE), and the short code that pays
	// (SHOP_MPESA_B2C_SHORTCODE, default the short code).
	InitiatorName     string
	InitiatorPassword string
	Certificate       string
	B2CShortCode      string
	// InitiatorPasswordSet is when the initiator's password was set
	// (SHOP_MPESA_INITIATOR_PASSWORD_SET, YYYY-MM-DD): it expires after 90
	// days, and the dashboard says when. Zero when not given.
	InitiatorPasswordSet time.Time
	// C2BVersion is the C2B register call `shop mpesa register-urls` tries
	// first, v2 or v1 (SHOP_MPESA_C2B_VERSION, default v2).
	C2BVersion string
	// RefundDailyLimit bounds the refunds sent by M-Pesa in a Nairobi day
	// (SHOP_REFUND_DAILY_LIMIT, shillings, default 50000).
	RefundDailyLimit money.Cents
}

// RefundsWhyManual says why refunds stay manual, "" when the shop can
// send them.
func (m MPesa) RefundsWhyManual() string {
	switch {
	case !m.Configured():
		return "M-Pesa is not configured (SHOP_MPESA_CONSUMER_KEY, SHOP_MPESA_CONSUMER_SECRET, SHOP_MPESA_SHORTCODE, SHOP_MPESA_PASSKEY)."
	case m.InitiatorName == "" || m.InitiatorPassword == "" || m.Certificate == "":
		return "Refunds by M-Pesa need an API initiator: set SHOP_MPESA_INITIATOR_NAME, SHOP_MPESA_INITIATOR_PASSWORD and SHOP_MPESA_CERTIFICATE."
	}
	return ""
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
		SimB2C:          or(getenv("SHOP_MPESA_SIM_B2C"), "ok"),

		InitiatorName:     getenv("SHOP_MPESA_INITIATOR_NAME"),
		InitiatorPassword: getenv("SHOP_MPESA_INITIATOR_PASSWORD"),
		Certificate:       getenv("SHOP_MPESA_CERTIFICATE"),
		B2CShortCode:      getenv("SHOP_MPESA_B2C_SHORTCODE"),
		RefundDailyLimit:  money.FromShillings(50_000),
		C2BVersion:        or(getenv("SHOP_MPESA_C2B_VERSION"), "v2"),
	}
	if m.C2BVersion != "v1" && m.C2BVersion != "v2" {
		return m, fmt.Errorf("SHOP_MPESA_C2B_VERSION must be v1 or v2, not %q", m.C2BVersion)
	}
	if v := strings.TrimSpace(getenv("SHOP_MPESA_INITIATOR_PASSWORD_SET")); v != "" {
		t, err := time.ParseInLocation("2006-01-02", v, time.UTC)
		if err != nil {
			return m, fmt.Errorf("SHOP_MPESA_INITIATOR_PASSWORD_SET must be a date like 2026-01-31, not %q", v)
		}
		m.InitiatorPasswordSet = t
	}
	if v := strings.TrimSpace(getenv("SHOP_REFUND_DAILY_LIMIT")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 {
			return m, fmt.Errorf("SHOP_REFUND_DAILY_LIMIT must be a whole number of shillings of 1 or more, not %q", v)
		}
		m.RefundDailyLimit = money.FromShillings(n)
	}
	if err := mpesa.ParseB2COutcome(m.SimB2C); err != nil {
		return m, err
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
