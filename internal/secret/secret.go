// Package secret makes the shop's bearer secrets (sign-in, password-reset,
// order and guest-cart tokens) and the one form the database keeps of them.
package secret

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// Token returns a URL-safe secret of n random bytes.
func Token(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	return base64.RawURLEncoding.EncodeToString(b)
}

// Hash is what the database keeps of a token: a stolen database gives away
// no live session, reset link, order or cart. SHA-256 is enough, since a
// token is random and long, unlike a password.
func Hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
