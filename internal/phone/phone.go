// Package phone reads Kenyan mobile numbers as people write them into the
// one form the shop stores, compares and sends to M-Pesa and the SMS
// gateway (docs/architecture.md section 4).
package phone

import (
	"strings"

	"github.com/nyaruka/phonenumbers"
)

// Normalize reads a Kenyan mobile number as people write it — 0712 345
// 678, 0112-345-678, +254 712 345 678, 254712345678 or 712345678 — and
// returns it as stored and as M-Pesa wants it: 254 and nine digits. ok is
// false for anything else, a Kenyan landline or a foreign number included.
//
// Parsing and the numbering plan are libphonenumber's (the nyaruka port),
// so a range the regulator opens is learnt by updating the library rather
// than by editing a pattern here.
func Normalize(s string) (phone string, ok bool) {
	s = strings.TrimSpace(s)
	if s == "" || len(s) > 32 {
		return "", false
	}
	// Bare digits are what the USSD gateway and many forms send: without a
	// leading 0 or +, a number starting 254 is already international and
	// nine digits are the national number without its trunk 0.
	digits := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.', '(', ')', '\t', '\u00a0':
			return -1
		}
		return r
	}, s)
	switch {
	case len(digits) == 12 && strings.HasPrefix(digits, "254"):
		s = "+" + digits
	case len(digits) == 9 && digits[0] != '0':
		s = "0" + digits
	case strings.HasPrefix(digits, "+"):
		if strings.Count(digits, "+") != 1 {
			return "", false
		}
	default:
		if len(digits) == 0 || digits[0] != '0' {
			return "", false
		}
	}
	for _, r := range digits {
		if (r < '0' || r > '9') && r != '+' {
			return "", false
		}
	}
	n, err := phonenumbers.Parse(s, "KE")
	if err != nil || n.GetCountryCode() != 254 || n.GetExtension() != "" || !phonenumbers.IsValidNumberForRegion(n, "KE") {
		return "", false
	}
	if phonenumbers.GetNumberType(n) != phonenumbers.MOBILE {
		return "", false
	}
	return strings.TrimPrefix(phonenumbers.Format(n, phonenumbers.E164), "+"), true
}
