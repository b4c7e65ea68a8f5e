// Package form holds the checks the shop's forms share, whatever their
// domain: required and bounded texts, prices, whole numbers and blank
// fields, with their messages. The back office's product, size, category,
// zone, pickup point and coupon forms, and the review form, read a field
// alike and answer in the same words (web/src/shared/domain/adminRules.ts uses
// them too).
package form

import (
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"shop/internal/money"
)

// The messages several forms share.
const (
	MsgNameRequired  = "Name is required"
	MsgPriceRequired = "Price is required"
	MsgPriceInvalid  = "Price must be a number of 0 or more with at most 2 decimal places"
	MsgWeightInvalid = "Weight must be a number of kg of 0 or more, with at most 3 decimal places"
	// MsgTooLong names a text's label and its limit.
	MsgTooLong = "%s must be at most %d characters"
)

// MsgKRAPIN answers a malformed KRA PIN, at checkout and in My Account.
const MsgKRAPIN = "Enter a KRA PIN like P051234567X: A or P, nine digits and a letter"

// kraPIN is a KRA PIN as eTIMS takes a buyer's: A (a person) or P (a
// business), nine digits, a letter.
var kraPIN = regexp.MustCompile(`^[AP][0-9]{9}[A-Z]$`)

// KRAPIN reads an optional KRA PIN as typed, in any case and with spaces
// around it: the PIN in capitals, "" for none, and whether it is one.
func KRAPIN(typed string) (string, bool) {
	pin := strings.ToUpper(strings.TrimSpace(typed))
	return pin, pin == "" || kraPIN.MatchString(pin)
}

// MaxPrice bounds every price: Ksh 100 million, far above any sack of feed,
// so no typing slip becomes an amount the tables' sums cannot hold.
const MaxPrice money.Cents = 100_000_000_00

// CheckText puts the message for a text field into bad: missing when the
// value is empty (an empty missing makes the field optional), or too long
// past max characters (label names it in the message).
func CheckText(bad map[string]string, field, label, value, missing string, max int) {
	switch n := utf8.RuneCountInString(value); {
	case n == 0:
		if missing != "" {
			bad[field] = missing
		}
	case n > max:
		bad[field] = fmt.Sprintf(MsgTooLong, label, max)
	}
}

// OptionalText trims an optional text field, putting its message into bad
// when it is longer than max characters; nil stays nil, so a form can tell
// a field left out from one emptied.
func OptionalText(bad map[string]string, field, label string, value *string, max int) *string {
	if value == nil {
		return nil
	}
	v := strings.TrimSpace(*value)
	CheckText(bad, field, label, v, "", max)
	return &v
}

// ParsePrice reads a price sent as a JSON string ("1500.00") or number
// (1500.5): required, not negative, at most two decimal places, at most
// MaxPrice. It returns the message when the price is wrong.
func ParsePrice(raw json.RawMessage) (money.Cents, string) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return 0, MsgPriceRequired
	}
	if u, err := strconv.Unquote(s); err == nil {
		s = strings.TrimSpace(u)
		if s == "" {
			return 0, MsgPriceRequired
		}
	}
	c, err := money.Parse(s)
	if err != nil || c > MaxPrice {
		return 0, MsgPriceInvalid
	}
	return c, ""
}

// Price reads a price field as ParsePrice does, putting its message into
// bad when it is wrong.
func Price(bad map[string]string, field string, raw json.RawMessage) money.Cents {
	c, msg := ParsePrice(raw)
	if msg != "" {
		bad[field] = msg
	}
	return c
}

// Blank reports whether an optional JSON field was left out, sent as null
// or as an empty string.
func Blank(raw json.RawMessage) bool {
	s := strings.TrimSpace(string(raw))
	return s == "" || s == "null" || s == `""`
}

var wholeNumber = regexp.MustCompile(`^[0-9]{1,10}$`)

// WholeNumber reads a count typed as a JSON number or a string, from 0 to
// max; a blank field reads as blank. ok is false for anything else: a
// fraction, a sign, an exponent.
func WholeNumber(raw json.RawMessage, blank string, max int) (n int, ok bool) {
	s := strings.TrimSpace(string(raw))
	if u, err := strconv.Unquote(s); err == nil {
		s = strings.TrimSpace(u)
	}
	if s == "" || s == "null" {
		s = blank
	}
	n, err := strconv.Atoi(s)
	return n, wholeNumber.MatchString(s) && err == nil && n <= max
}
