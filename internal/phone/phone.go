// Package phone reads Kenyan mobile numbers as people write them into the
// one form the shop stores, compares and sends to M-Pesa and the SMS
// gateway (docs/architecture.md section 4).
package phone

import "strings"

// Normalize reads a Kenyan mobile number as people write it — 0712 345
// 678, 0112-345-678, +254 712 345 678, 254712345678 or 712345678 — and
// returns it as stored and as M-Pesa wants it: 254 and nine digits starting
// with 7 or 1. ok is false for anything else.
func Normalize(s string) (phone string, ok bool) {
	s = strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '.', '(', ')', '\t', '\u00a0':
			return -1
		}
		return r
	}, s)
	if strings.HasPrefix(s, "+") {
		if !strings.HasPrefix(s, "+254") {
			return "", false
		}
		s = s[1:]
	}
	switch {
	case len(s) == 12 && strings.HasPrefix(s, "254"):
		s = s[3:]
	case len(s) == 10 && s[0] == '0':
		s = s[1:]
	case len(s) == 9:
	default:
		return "", false
	}
	if s[0] != '7' && s[0] != '1' {
		return "", false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return "", false
		}
	}
	return "254" + s, true
}
