package mpesa

import (
	"strconv"
	"testing"
)

// Amounts are read exactly, in the forms Daraja sends; anything else is
// refused rather than guessed (docs/payments.md section 10).
func TestParseAmountForms(t *testing.T) {
	good := map[string]int64{"730.00": 73000, "730.0": 73000, "730": 73000, " 730.50 ": 73050, "729.9": 72990, "1": 100, "0.01": 1,
		"100000000.00": 10_000_000_000}
	for in, want := range good {
		if got, err := ParseAmount(in); err != nil || got != want {
			t.Errorf("ParseAmount(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"7.30e2", "730.00.00", "729.999", "730.", ".50", "-730.00", "+730", "0", "0.00", "", "abc", "NaN",
		"Infinity", "1e3", "1,460.00", "730 00", "99999999999999999999", "100000000.01", "0x2DA", "٧٣٠", "730\x00"} {
		if got, err := ParseAmount(in); err == nil {
			t.Errorf("ParseAmount(%q) = %d, want an error", in, got)
		}
	}
}

// A confirmation's number form (730, 730.0) reads the same as its text.
func TestConfirmationAmountAsNumber(t *testing.T) {
	for raw, want := range map[string]int64{`730`: 73000, `730.0`: 73000, `"730.00"`: 73000, `7.30e2`: -1, `"730.00.00"`: -1, `true`: -1} {
		p, err := ParseConfirmation([]byte(`{"TransID":"TKM0000001","TransAmount":` + raw + `}`))
		if want < 0 {
			if err == nil {
				t.Errorf("TransAmount %s read as %d, want refused", raw, p.AmountCents)
			}
			continue
		}
		if err != nil || p.AmountCents != want {
			t.Errorf("TransAmount %s: %d, %v; want %d", raw, p.AmountCents, err, want)
		}
	}
}

// Whatever the text, ParseAmount never panics, and an amount it accepts
// prints back as the same shillings and cents.
func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"730.00", "730", "730.0", "7.30e2", "730.00.00", "729.999", "", " ", "-1", "0.01", "٧٣٠", "\xff\xfe", "1e400"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseAmount(s)
		if err != nil {
			return
		}
		if c <= 0 {
			t.Fatalf("ParseAmount(%q) = %d", s, c)
		}
		back, err := ParseAmount(strconv.FormatInt(c/100, 10) + "." + strconv.FormatInt(100+c%100, 10)[1:])
		if err != nil || back != c {
			t.Fatalf("ParseAmount(%q) = %d does not read back (%d, %v)", s, c, back, err)
		}
	})
}
