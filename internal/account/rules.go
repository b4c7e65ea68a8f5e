package account

import (
	"net/mail"
	"strings"
	"unicode"
)

// The validation messages of SPEC.md section 5, shared by the server's
// checks and (in the same words) the web forms.
const (
	MsgEmailRequired     = "Email is required"
	MsgEmailInvalid      = "Please enter a valid email"
	MsgPasswordRequired  = "Password is required"
	MsgPasswordMin6      = "Password must be at least 6 characters"
	MsgPasswordMin8      = "Password must be at least 8 characters"
	MsgPasswordStrength  = "Password must contain at least one uppercase letter, one lowercase letter, and one number"
	MsgFirstNameRequired = "First name is required"
	MsgLastNameRequired  = "Last name is required"
	MsgPhoneRequired     = "Phone number is required"
	MsgPhoneInvalid      = "Please enter a valid Kenyan phone number (254XXXXXXXXX)"
)

// CheckEmail returns SPEC.md's message for a bad email, or "".
func CheckEmail(email string) string {
	email = strings.TrimSpace(email)
	if email == "" {
		return MsgEmailRequired
	}
	a, err := mail.ParseAddress(email)
	if err != nil || a.Address != email || len(email) > 254 || !strings.Contains(email[strings.LastIndex(email, "@"):], ".") {
		return MsgEmailInvalid
	}
	return ""
}

// CheckNewPassword returns SPEC.md's message for a password that may not be
// set at registration (or reset), or "".
func CheckNewPassword(pw string) string {
	if pw == "" {
		return MsgPasswordRequired
	}
	if len([]rune(pw)) < 8 {
		return MsgPasswordMin8
	}
	var upper, lower, digit bool
	for _, r := range pw {
		upper = upper || unicode.IsUpper(r)
		lower = lower || unicode.IsLower(r)
		digit = digit || unicode.IsDigit(r)
	}
	if !upper || !lower || !digit {
		return MsgPasswordStrength
	}
	return ""
}

// EmailKey is the case-folded address that makes an email unique.
func EmailKey(email string) string { return strings.ToLower(strings.TrimSpace(email)) }
