package account_test

import (
	"strings"
	"testing"

	"shop/internal/account"
)

// Every validation message of docs/product.md section 5, word for word.
func TestMessagesAreSPECs(t *testing.T) {
	for got, want := range map[string]string{
		account.MsgEmailRequired:      "Email is required",
		account.MsgEmailInvalid:       "Please enter a valid email",
		account.MsgPasswordRequired:   "Password is required",
		account.MsgPasswordMin6:       "Password must be at least 6 characters",
		account.MsgPasswordMin8:       "Password must be at least 8 characters",
		account.MsgPasswordStrength:   "Password must contain at least one uppercase letter, one lowercase letter, and one number",
		account.MsgFirstNameRequired:  "First name is required",
		account.MsgLastNameRequired:   "Last name is required",
		account.MsgPhoneRequired:      "Phone number is required",
		account.MsgPhoneInvalid:       "Please enter a valid Kenyan phone number (254XXXXXXXXX)",
		account.MsgEmailTaken:         "This email is already registered",
		account.MsgInvalidCredentials: "Invalid email or password. Please try again.",
	} {
		if got != want {
			t.Errorf("message %q, SPEC says %q", got, want)
		}
	}
}

func TestLoginAndRegisterRules(t *testing.T) {
	for in, want := range map[string]string{
		"": account.MsgPasswordRequired, "12345": account.MsgPasswordMin6, "123456": "", "abcdef": "",
		strings.Repeat("x", 129): account.MsgPasswordTooLong,
	} {
		if got := account.CheckLoginPassword(in); got != want {
			t.Errorf("CheckLoginPassword(%q) = %q, want %q", in, got, want)
		}
	}
	if got := account.CheckNewPassword("Aa1" + strings.Repeat("x", 126)); got != account.MsgPasswordTooLong {
		t.Errorf("129-character password: %q", got)
	}
	for in, want := range map[string]string{"": account.MsgFirstNameRequired, "   ": account.MsgFirstNameRequired,
		"Wanjiku": "", strings.Repeat("a", 101): account.MsgFirstNameTooLong} {
		if got := account.CheckName(in, account.MsgFirstNameRequired, account.MsgFirstNameTooLong); got != want {
			t.Errorf("CheckName(%q) = %q, want %q", in, got, want)
		}
	}
	type result struct{ phone, msg string }
	for in, want := range map[string]result{
		"":                 {"", account.MsgPhoneRequired},
		"   ":              {"", account.MsgPhoneRequired},
		"254712345678":     {"254712345678", ""},
		"254 712 345 678":  {"254712345678", ""},
		"254\t712345678":   {"254712345678", ""},
		"254112345678":     {"254112345678", ""},
		"0712345678":       {"254712345678", ""},
		"0712 345 678":     {"254712345678", ""},
		"+254 712 345 678": {"254712345678", ""},
		"0202345678":       {"", account.MsgPhoneInvalid},
		"hello":            {"", account.MsgPhoneInvalid},
		"25471234567":      {"", account.MsgPhoneInvalid},
		"2547123456789":    {"", account.MsgPhoneInvalid},
		"254-712-345-678":  {"254712345678", ""},
		"25471234567x":     {"", account.MsgPhoneInvalid},
		"２５４712345678":     {"", account.MsgPhoneInvalid},
	} {
		phone, msg := account.CheckPhone(in)
		if (result{phone, msg}) != want {
			t.Errorf("CheckPhone(%q) = %q %q, want %v", in, phone, msg, want)
		}
	}
}
