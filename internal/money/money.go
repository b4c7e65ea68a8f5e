// Package money keeps amounts as integer cents and renders them the way the
// API promises: a decimal string with two places ("1500.00").
package money

import (
	"fmt"
	"strconv"
	"strings"
)

// Cents is an amount of Kenya shillings in cents.
type Cents int64

// FromShillings converts whole shillings to cents.
func FromShillings(ksh int64) Cents { return Cents(ksh * 100) }

// String renders "1500.00".
func (c Cents) String() string {
	sign := ""
	v := int64(c)
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, v/100, v%100)
}

// Ksh writes an amount as the shop shows prices to people: "Ksh 1,500",
// or "Ksh 1,500.50" when there are cents.
func (c Cents) Ksh() string {
	whole, frac, _ := strings.Cut(c.String(), ".")
	neg := strings.HasPrefix(whole, "-")
	whole = strings.TrimPrefix(whole, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i := range len(whole) {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(whole[i])
	}
	if frac != "00" {
		b.WriteString("." + frac)
	}
	return "Ksh " + b.String()
}

// Shillings rounds up to whole shillings, as M-Pesa charges them.
func (c Cents) Shillings() int64 { return (int64(c) + 99) / 100 }

// MarshalJSON renders the amount as a JSON string.
func (c Cents) MarshalJSON() ([]byte, error) {
	return strconv.AppendQuote(nil, c.String()), nil
}

// UnmarshalJSON accepts a decimal string or a JSON number.
func (c *Cents) UnmarshalJSON(b []byte) error {
	s := strings.TrimSpace(string(b))
	if u, err := strconv.Unquote(s); err == nil {
		s = u
	}
	v, err := Parse(s)
	if err != nil {
		return err
	}
	*c = v
	return nil
}

// Parse reads "1500", "1500.5" or "1500.00". More than two decimal places,
// signs, exponents and anything else are refused, so no amount is rounded silently.
func Parse(s string) (Cents, error) {
	s = strings.TrimSpace(s)
	whole, frac, hasFrac := strings.Cut(s, ".")
	if whole == "" || !digits(whole) || (hasFrac && (len(frac) == 0 || len(frac) > 2 || !digits(frac))) {
		return 0, fmt.Errorf("%q is not an amount like 1500.00", s)
	}
	if len(whole) > 13 {
		return 0, fmt.Errorf("%q is too large", s)
	}
	w, _ := strconv.ParseInt(whole, 10, 64)
	var f int64
	if hasFrac {
		if len(frac) == 1 {
			frac += "0"
		}
		f, _ = strconv.ParseInt(frac, 10, 64)
	}
	return Cents(w*100 + f), nil
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
