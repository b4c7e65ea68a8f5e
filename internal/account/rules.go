package account

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"shop/internal/phone"
)

// The validation messages of docs/product.md section 5, shared by the server's
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
	// docs/product.md section 8: the registration form shows this on the email field.
	MsgEmailTaken = "This email is already registered"
	// docs/product.md section 8: the login form's general error, also the API's
	// answer to wrong credentials whether or not the email exists.
	MsgInvalidCredentials = "Invalid email or password. Please try again."
)

// Messages the shop adds where docs/product.md has none.
const (
	MsgEmailTakenError    = "An account with this email already exists."
	MsgPhoneTaken         = "This phone number is already registered"
	MsgPhoneTakenError    = "An account with this phone number already exists. Sign in, or add your email to register."
	MsgIdentifierRequired = "Enter your phone number or email"
	MsgIdentifierInvalid  = "Enter a valid email or Kenyan phone number"
	MsgFirstNameTooLong   = "First name must be at most 100 characters"
	MsgLastNameTooLong    = "Last name must be at most 100 characters"
	MsgPasswordTooLong    = "Password must be at most 128 characters"
	MsgCurrentPassword    = "Please enter your current password"
	MsgCurrentPasswordBad = "Your current password is not correct"
	MsgResetLinkInvalid   = "This reset link is invalid or has expired. Please ask for a new one."
	MsgSessionEnded       = "Your session has ended. Please sign in again."
)

// maxPasswordLen bounds the work a hash does: argon2 reads all of it.
const maxPasswordLen = 128

// CheckEmail returns docs/product.md's message for a bad email, or "".
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

// Identifier is who a sign-in or a reset names: an email, or a phone
// (254XXXXXXXXX) when Phone is set.
type Identifier struct{ Email, Phone string }

// ReadIdentifier reads the one "Phone or email" field: an address when it
// has an @, a Kenyan mobile number otherwise. msg is the field's message
// when it is neither.
func ReadIdentifier(s string) (id Identifier, msg string) {
	s = strings.TrimSpace(s)
	switch {
	case s == "":
		return Identifier{}, MsgIdentifierRequired
	case strings.Contains(s, "@"):
		if m := CheckEmail(s); m != "" {
			return Identifier{}, m
		}
		return Identifier{Email: s}, ""
	}
	p, ok := phone.Normalize(s)
	if !ok {
		return Identifier{}, MsgIdentifierInvalid
	}
	return Identifier{Phone: p}, ""
}

// bucket names the identifier in the sign-in and reset limits.
func (id Identifier) bucket() string {
	if id.Phone != "" {
		return "phone:" + id.Phone
	}
	return "email:" + EmailKey(id.Email)
}

// CheckNewPassword returns docs/product.md's message for a password that may not be
// set at registration (or reset), or "".
func CheckNewPassword(pw string) string {
	if m := checkPasswordLength(pw, 8, MsgPasswordMin8); m != "" {
		return m
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

// CheckLoginPassword returns docs/product.md's message for a password the sign-in
// form may not send, or "". Sign-in only asks for six characters: accounts
// made before the stronger rule still sign in.
func CheckLoginPassword(pw string) string {
	return checkPasswordLength(pw, 6, MsgPasswordMin6)
}

// checkPasswordLength is the message for a password that is missing, shorter
// than min characters (short), or too long to hash cheaply; or "".
func checkPasswordLength(pw string, min int, short string) string {
	switch n := utf8.RuneCountInString(pw); {
	case pw == "":
		return MsgPasswordRequired
	case n < min:
		return short
	case n > maxPasswordLen:
		return MsgPasswordTooLong
	}
	return ""
}

// CheckName returns required when name is blank, tooLong past 100
// characters, or "".
func CheckName(name, required, tooLong string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return required
	}
	if len([]rune(name)) > 100 {
		return tooLong
	}
	return ""
}

// CheckPhone is the one rule every form of the shop applies to a phone
// number: any way people write a Kenyan mobile number (phone.Normalize),
// returned as stored (254XXXXXXXXX), or "" and docs/product.md's message.
func CheckPhone(s string) (normalized, msg string) {
	if strings.TrimSpace(s) == "" {
		return "", MsgPhoneRequired
	}
	n, ok := phone.Normalize(s)
	if !ok {
		return "", MsgPhoneInvalid
	}
	return n, ""
}
