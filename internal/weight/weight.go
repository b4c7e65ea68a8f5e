// Package weight holds shipping weights as whole grams, written in the API
// as kg ("weight_kg": 0.5): a size's weight, a zone's included weight, an
// order's total. Like money, no float is kept or added up.
package weight

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// Grams is a weight in whole grams.
type Grams int64

// PerKg is how many grams make a kg.
const PerKg Grams = 1000

// Max is the heaviest weight the shop takes for one size or zone: 10 tonnes.
const Max = 10_000 * PerKg

// Kg is the weight in kg (0.5 for 500 g).
func (g Grams) Kg() float64 { return float64(g) / float64(PerKg) }

// WholeKgOver is how many kg, each part of one counting as a whole, g is
// above included: what a zone charges its per-kg fee for.
func (g Grams) WholeKgOver(included Grams) int64 {
	extra := max(0, g-included)
	return int64((extra + PerKg - 1) / PerKg)
}

// String writes the weight as people read it: "70 kg", "0.5 kg".
func (g Grams) String() string { return strconv.FormatFloat(g.Kg(), 'f', -1, 64) + " kg" }

// MarshalJSON writes the weight in kg: 70, 0.5, 0.25.
func (g Grams) MarshalJSON() ([]byte, error) {
	return []byte(strconv.FormatFloat(g.Kg(), 'f', -1, 64)), nil
}

var kgPattern = regexp.MustCompile(`^[0-9]{1,6}(\.[0-9]{1,3})?$`)

// ErrInvalid is a weight that is not a number of kg of 0 or more with at
// most three decimals (whole grams), or is above Max.
var ErrInvalid = errors.New("invalid weight")

// ParseKg reads a weight in kg written as "70", "0.5" or "0.25", or as a JSON
// number or string holding one.
func ParseKg(s string) (Grams, error) {
	s = strings.TrimSpace(s)
	if u, err := strconv.Unquote(s); err == nil {
		s = strings.TrimSpace(u)
	}
	if !kgPattern.MatchString(s) {
		return 0, ErrInvalid
	}
	whole, frac, _ := strings.Cut(s, ".")
	kg, _ := strconv.ParseInt(whole, 10, 64)
	g := Grams(kg) * PerKg
	if frac != "" {
		n, _ := strconv.ParseInt((frac + "00")[:3], 10, 64)
		g += Grams(n)
	}
	if g > Max {
		return 0, ErrInvalid
	}
	return g, nil
}

var sizePattern = regexp.MustCompile(`(?i)^\s*([0-9]+(?:\.[0-9]+)?)\s*(kg|kgs|kilograms?|g|grams?|gm|l|litres?|liters?|ltrs?|ml|millilitres?|milliliters?)\s*$`)

// FromSize reads the weight a size name gives: "70 Kg" → 70 kg, "500 ml" →
// 0.5 kg, "250 grams" → 0.25 kg, "1 litre" → 1 kg (a litre of the shop's
// liquids weighs about a kg). It reports false for a size it cannot read.
func FromSize(size string) (Grams, bool) {
	m := sizePattern.FindStringSubmatch(size)
	if m == nil {
		return 0, false
	}
	n, err := strconv.ParseFloat(m[1], 64)
	if err != nil {
		return 0, false
	}
	unit := strings.ToLower(m[2])
	perUnit := 1.0 // grams and millilitres
	if strings.HasPrefix(unit, "k") || strings.HasPrefix(unit, "l") {
		perUnit = float64(PerKg)
	}
	g := Grams(n*perUnit + 0.5)
	return g, g <= Max
}
