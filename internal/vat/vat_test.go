package vat_test

import (
	"context"
	"database/sql"
	"math/big"
	"math/rand/v2"
	"testing"

	"shop/internal/apperr"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/vat"
)

func TestOfRoundsHalfUp(t *testing.T) {
	for _, tc := range []struct {
		amount money.Cents
		rate   int
		want   money.Cents
	}{
		{11600, 1600, 1600}, // Ksh 116 holds exactly Ksh 16
		{150000, 1600, 20690},
		{29, 1600, 4}, // 4.0 cents
		{25, 1600, 3}, // 3.448… → 3
		{3625, 1600, 500},
		{145, 1600, 20}, // 20.0
		{87, 1600, 12},  // 12.0
		{21, 1600, 3},   // 2.896… → 3
		{100000, 0, 0},
		{0, 1600, 0},
		{1_000_000_000_000_000, 1600, 137_931_034_482_759}, // past int64 in the product
	} {
		if got := vat.Of(tc.amount, tc.rate); got != tc.want {
			t.Errorf("Of(%d, %d) = %d, want %d", tc.amount, tc.rate, got, tc.want)
		}
	}
}

// Many orders of many lines in mixed classes, with a discount shared among
// some lines: each line's VAT is its exact share rounded (never off by half
// a cent or more), and per rate the VAT and the amount without it add up to
// what the lines cost after the discount, so a receipt's figures add up to
// its total.
func TestVATOverManyLinesAddsUp(t *testing.T) {
	rates := map[string]int{vat.Standard: 1600, vat.Zero: 0, vat.Exempt: 0, vat.Reduced: 800}
	classes := []string{vat.Standard, vat.Zero, vat.Exempt, vat.Reduced}
	r := rand.New(rand.NewPCG(7, 16))
	half := big.NewRat(1, 2)
	for range 500 {
		n := 1 + r.IntN(40)
		lines := make([]coupon.Line, n)
		in := make([]bool, n)
		class := make([]string, n)
		var eligible, subtotal money.Cents
		for i := range lines {
			lines[i] = coupon.Line{ProductID: int64(i), Total: money.Cents(1+r.Int64N(20_000)) * money.Cents(1+r.IntN(50))}
			in[i], class[i] = r.IntN(2) == 0, classes[r.IntN(len(classes))]
			subtotal += lines[i].Total
			if in[i] {
				eligible += lines[i].Total
			}
		}
		discount := money.Cents(r.Int64N(int64(eligible) + 1))
		shares := coupon.Allocate(discount, lines, in)
		gross := map[string]money.Cents{}
		tax := map[string]money.Cents{}
		var paid money.Cents
		for i, l := range lines {
			amount := l.Total - shares[i]
			v := vat.Of(amount, rates[class[i]])
			exact := new(big.Rat).SetFrac64(int64(amount)*int64(rates[class[i]]), int64(10000+rates[class[i]]))
			diff := new(big.Rat).Sub(exact, new(big.Rat).SetInt64(int64(v)))
			if diff.Abs(diff).Cmp(half) > 0 {
				t.Fatalf("line %d: VAT %d for %d at %d", i, v, amount, rates[class[i]])
			}
			gross[class[i]] += amount
			tax[class[i]] += v
			paid += amount
		}
		var sum money.Cents
		for c := range gross {
			net := gross[c] - tax[c]
			if net < 0 || net+tax[c] != gross[c] {
				t.Fatalf("class %s: net %d + vat %d != %d", c, net, tax[c], gross[c])
			}
			sum += net + tax[c]
		}
		if sum != subtotal-discount || paid != subtotal-discount {
			t.Fatalf("lines add to %d, want %d", sum, subtotal-discount)
		}
	}
}

func TestParseRate(t *testing.T) {
	for in, want := range map[string]int{"16": 1600, "16.00": 1600, "8.5": 850, "0": 0, "100": 10000, "0.01": 1} {
		if got, ok := vat.ParseRate(in); !ok || got != want {
			t.Errorf("ParseRate(%q) = %d, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "-1", "100.01", "1.234", "abc", "+5", "1.-5", "."} {
		if _, ok := vat.ParseRate(in); ok {
			t.Errorf("ParseRate(%q) accepted", in)
		}
	}
}

func TestRatesAreData(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := vat.NewStore(d)
		list, err := s.List(ctx)
		if err != nil || len(list) != 5 || list[1].Code != vat.Standard || list[1].Rate != "16.00" || list[4].Rate != "8.00" {
			t.Fatalf("classes: %+v %v", list, err)
		}
		err = d.Tx(ctx, func(tx *sql.Tx) error {
			before, after, err := vat.SetRateTx(ctx, tx, vat.Standard, "14")
			if err != nil || before.RateBP != 1600 || after.RateBP != 1400 {
				t.Errorf("set 14: %+v %+v %v", before, after, err)
			}
			for _, b := range []string{vat.Exempt, vat.Zero, vat.NonVAT} {
				if _, _, err := vat.SetRateTx(ctx, tx, b, "5"); err == nil {
					t.Errorf("band %s took a rate", b)
				}
			}
			if _, _, err := vat.SetRateTx(ctx, tx, "luxury", "30"); !errorsIsNotFound(err) {
				t.Errorf("unknown class: %v", err)
			}
			rates, err := vat.RatesTx(ctx, tx)
			if rates[vat.Standard] != 1400 || rates[vat.Zero] != 0 {
				t.Errorf("rates %v", rates)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	})
}

func errorsIsNotFound(err error) bool {
	e, ok := apperr.From(err)
	return ok && e.Kind == apperr.KindNotFound
}

func TestParseBandTakesLettersAndTheOldClasses(t *testing.T) {
	for in, want := range map[string]string{"A": "A", "b": "B", " E ": "E", "standard": "B", "Zero": "C", "zero-rated": "C", "exempt": "A", "d": "D"} {
		if got, ok := vat.ParseBand(in); !ok || got != want {
			t.Errorf("ParseBand(%q) = %q, %v", in, got, ok)
		}
	}
	for _, in := range []string{"", "F", "AB", "luxury", "16"} {
		if _, ok := vat.ParseBand(in); ok {
			t.Errorf("ParseBand(%q) accepted", in)
		}
	}
}
