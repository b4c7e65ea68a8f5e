package config

import (
	"fmt"
	"strings"

	"shop/internal/phone"
)

// SMS is the Africa's Talking account and the phones the shop speaks from.
type SMS struct {
	// Username and APIKey are the Africa's Talking app's (SHOP_SMS_USERNAME,
	// SHOP_SMS_API_KEY); without them no SMS is sent.
	Username, APIKey string
	// SenderID is the registered sender name, or "" (SHOP_SMS_SENDER_ID).
	SenderID string
	// BaseURL is the API host (SHOP_SMS_BASE_URL): Africa's Talking's live
	// one, or its sandbox when the username is "sandbox".
	BaseURL string
	// BusinessPhone is told of each paid order (SHOP_BUSINESS_PHONE,
	// 254XXXXXXXXX); WhatsApp is the number the WhatsApp links open
	// (SHOP_WHATSAPP_NUMBER, the business phone by default).
	BusinessPhone, WhatsApp string
}

// Configured reports whether Africa's Talking credentials are set.
func (s SMS) Configured() bool { return s.Username != "" && s.APIKey != "" }

// defaultBusinessPhone is the shop's phone line, shown on the contact page.
const defaultBusinessPhone = "254722000111"

func smsFromEnv(getenv func(string) string) (SMS, error) {
	s := SMS{Username: strings.TrimSpace(getenv("SHOP_SMS_USERNAME")), APIKey: getenv("SHOP_SMS_API_KEY"),
		SenderID: strings.TrimSpace(getenv("SHOP_SMS_SENDER_ID")), BaseURL: strings.TrimRight(getenv("SHOP_SMS_BASE_URL"), "/")}
	if s.BaseURL == "" {
		s.BaseURL = "https://api.africastalking.com"
		if s.Username == "sandbox" {
			s.BaseURL = "https://api.sandbox.africastalking.com"
		}
	}
	if (s.Username == "") != (s.APIKey == "") {
		return s, fmt.Errorf("SHOP_SMS_USERNAME and SHOP_SMS_API_KEY go together: set both, or neither")
	}
	for _, p := range []struct {
		name string
		to   *string
		def  string
	}{{"SHOP_BUSINESS_PHONE", &s.BusinessPhone, defaultBusinessPhone}, {"SHOP_WHATSAPP_NUMBER", &s.WhatsApp, ""}} {
		v := strings.TrimSpace(getenv(p.name))
		if v == "" {
			*p.to = p.def
			continue
		}
		n, ok := phone.Normalize(v)
		if !ok {
			return s, fmt.Errorf("%s must be a Kenyan mobile number such as 254722000111, not %q", p.name, v)
		}
		*p.to = n
	}
	if s.WhatsApp == "" {
		s.WhatsApp = s.BusinessPhone
	}
	return s, nil
}
