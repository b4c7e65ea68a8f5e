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

// codeAlphabet has no look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B): a farmer
// may read a code off a phone screen and type it on another.
const codeAlphabet = "34679ACDEFGHJKMNPQRTUVWXY"

// Code returns n random characters from codeAlphabet, for short links: 10
// of them are about 46 bits, beyond guessing at any rate the shop answers.
func Code(n int) string {
	out := make([]byte, 0, n)
	buf := make([]byte, 2*n)
	for len(out) < n {
		_, _ = rand.Read(buf)
		for _, c := range buf {
			// 250 is the largest multiple of 25 in a byte: no letter is likelier.
			if c < 250 && len(out) < n {
				out = append(out, codeAlphabet[c%25])
			}
		}
	}
	return string(out)
}
