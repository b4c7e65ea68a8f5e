// Package vat keeps KRA's eTIMS tax bands and their rates (table tax_bands),
// which the admin edits as Finance Acts change them, and works out the VAT
// held in a VAT-inclusive amount, the one rounding rule for every order
// line (docs/architecture.md section 11).
package vat

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
)

// The tax bands a product may have, KRA's letters (docs/etims.md): a
// product's VAT class is its band.
const (
	Exempt   = "A"
	Standard = "B"
	Zero     = "C"
	NonVAT   = "D"
	Reduced  = "E"
)

// Bands lists the bands in KRA's order.
var Bands = []string{Exempt, Standard, Zero, NonVAT, Reduced}

// oldClasses are the words the shop used before the bands, still accepted
// where a person or an old CSV file types a class.
var oldClasses = map[string]string{"standard": Standard, "zero": Zero, "zero-rated": Zero, "exempt": Exempt}

// ParseBand reads a band's letter in either case, or one of the old class
// words (standard, zero, zero-rated, exempt), as a band.
func ParseBand(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if b, ok := oldClasses[strings.ToLower(s)]; ok {
		return b, true
	}
	b := strings.ToUpper(s)
	return b, len(b) == 1 && strings.Contains("ABCDE", b)
}

// NoVAT reports whether band never carries VAT, whatever its rate row says.
func NoVAT(band string) bool { return band == Exempt || band == Zero || band == NonVAT }

// Of is the VAT held in amount, a price that includes VAT at rate basis
// points: amount × rate / (10000 + rate), rounded to the nearest cent, a
// half cent up. Each order line's VAT is worked out once with it, from the
// line's total after its share of any discount, and stored.
func Of(amount money.Cents, rateBP int) money.Cents {
	if amount <= 0 || rateBP <= 0 {
		return 0
	}
	// big.Int: amount × rate may pass int64 for the largest totals.
	num := new(big.Int).Mul(big.NewInt(int64(amount)), big.NewInt(int64(2*rateBP)))
	den := big.NewInt(int64(2 * (10000 + rateBP)))
	num.Add(num, big.NewInt(int64(10000+rateBP)))
	return money.Cents(num.Quo(num, den).Int64())
}

// Class is a tax band and its rate now.
type Class struct {
	Code string `json:"code"`
	Name string `json:"name"`
	// RateBP is the rate in basis points (1600); Rate the same as a
	// percentage with two decimals ("16.00").
	RateBP int    `json:"-"`
	Rate   string `json:"rate"`
}

// Percent writes basis points as a percentage: "16.00".
func Percent(bp int) string { return fmt.Sprintf("%d.%02d", bp/100, bp%100) }

// Store reads and writes the bands.
type Store struct{ db *db.DB }

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

func scanClass(r db.Scanner) (c Class, err error) {
	err = r.Scan(&c.Code, &c.Name, &c.RateBP)
	c.Rate = Percent(c.RateBP)
	return c, err
}

// List returns the bands in KRA's order.
func (s *Store) List(ctx context.Context) ([]Class, error) {
	return db.QueryAll(ctx, s.db, "vat classes", scanClass,
		`SELECT code, name, rate_bp FROM tax_bands ORDER BY code`)
}

// RatesTx returns each band's rate in basis points, inside tx: checkout
// reads them with the order it prices.
func RatesTx(ctx context.Context, tx *sql.Tx) (map[string]int, error) {
	rows, err := tx.QueryContext(ctx, `SELECT code, name, rate_bp FROM tax_bands`)
	if err != nil {
		return nil, fmt.Errorf("read vat rates: %w", err)
	}
	list, err := db.Collect(rows, scanClass)
	rates := map[string]int{}
	for _, c := range list {
		rates[c.Code] = c.RateBP
	}
	return rates, err
}

// Messages of the rate form.
const (
	MsgRate       = "Give a rate from 0 to 100 with at most two decimals, like 16 or 8.5."
	MsgExemptRate = "Bands A, C and D carry no VAT: their rate stays 0."
)

// ParseRate reads a percentage ("16", "8.5", "16.00") as basis points.
func ParseRate(s string) (int, bool) {
	s = strings.TrimSpace(s)
	whole, frac, _ := strings.Cut(s, ".")
	if whole == "" || len(frac) > 2 {
		return 0, false
	}
	w, err := strconv.Atoi(whole)
	if err != nil || w < 0 || strings.HasPrefix(whole, "+") {
		return 0, false
	}
	f := 0
	if frac != "" {
		if f, err = strconv.Atoi(frac + strings.Repeat("0", 2-len(frac))); err != nil || f < 0 || strings.HasPrefix(frac, "-") {
			return 0, false
		}
	}
	bp := w*100 + f
	return bp, bp <= 10000
}

// SetRateTx changes band code's rate inside tx and returns the class
// before and after. Orders keep the rate they were placed at.
func SetRateTx(ctx context.Context, tx *sql.Tx, code, rate string) (before, after Class, err error) {
	before, err = scanClass(tx.QueryRowContext(ctx, `SELECT code, name, rate_bp FROM tax_bands WHERE code = $1`, code))
	if db.NoRows(err) {
		return before, after, apperr.NotFound("Tax band not found")
	}
	if err != nil {
		return before, after, err
	}
	bp, ok := ParseRate(rate)
	switch {
	case !ok:
		return before, after, apperr.InvalidField("rate", MsgRate)
	case NoVAT(code) && bp != 0:
		return before, after, apperr.InvalidField("rate", MsgExemptRate)
	}
	if _, err = tx.ExecContext(ctx, `UPDATE tax_bands SET rate_bp = $1, updated_at = CURRENT_TIMESTAMP WHERE code = $2`, bp, code); err != nil {
		return before, after, fmt.Errorf("set vat rate of %s: %w", code, err)
	}
	after = before
	after.RateBP, after.Rate = bp, Percent(bp)
	return before, after, nil
}
