package sms

import "strings"

// The GSM 03.38 alphabet: a message written only in it travels as 7-bit
// text, 160 characters to a segment; any other character makes the whole
// message UCS-2, 70 to a segment, and a farmer's phone bill twice as long.
const (
	gsmBasic = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?" +
		"¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà"
	// gsmExtended characters take two septets each.
	gsmExtended = "^{}\\[~]|€\f"
)

// Segments says how many SMS segments text takes and whether it is GSM-7.
func Segments(text string) (segments int, gsm7 bool) {
	septets, gsm7 := 0, true
	for _, r := range text {
		switch {
		case strings.ContainsRune(gsmBasic, r):
			septets++
		case strings.ContainsRune(gsmExtended, r):
			septets += 2
		default:
			gsm7 = false
		}
	}
	if !gsm7 {
		n := len([]rune(text)) // UCS-2 units, for the shop's text
		if n <= 70 {
			return 1, false
		}
		return (n + 66) / 67, false
	}
	if septets <= 160 {
		return 1, true
	}
	return (septets + 152) / 153, true
}
