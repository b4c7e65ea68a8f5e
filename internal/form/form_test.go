package form_test

import (
	"encoding/json"
	"strings"
	"testing"

	"shop/internal/form"
	"shop/internal/money"
)

func TestCheckText(t *testing.T) {
	for _, tc := range []struct {
		value, missing string
		want           string
	}{
		{"", "Town is required", "Town is required"},
		{"", "", ""}, // optional and left empty
		{"Ruiru", "Town is required", ""},
		{strings.Repeat("é", 10), "", ""},
		{strings.Repeat("é", 11), "", "Town must be at most 10 characters"},
	} {
		bad := map[string]string{}
		form.CheckText(bad, "town", "Town", tc.value, tc.missing, 10)
		if got, set := bad["town"]; got != tc.want || set != (tc.want != "") {
			t.Errorf("CheckText(%q, %q) = %q (set %v), want %q", tc.value, tc.missing, got, set, tc.want)
		}
	}
	bad := map[string]string{}
	if got := form.OptionalText(bad, "name_sw", "Name", nil, 5); got != nil || len(bad) > 0 {
		t.Errorf("OptionalText(nil) = %v %v", got, bad)
	}
	blank := "  "
	if got := form.OptionalText(bad, "name_sw", "Name", &blank, 5); got == nil || *got != "" || len(bad) > 0 {
		t.Errorf("OptionalText(blank) = %v %v", got, bad)
	}
}

func TestParsePrice(t *testing.T) {
	for raw, want := range map[string]struct {
		c   money.Cents
		msg string
	}{
		`"1500.00"`: {money.FromShillings(1500), ""}, `1500.5`: {150050, ""}, `" 0 "`: {0, ""},
		`"100000000"`: {form.MaxPrice, ""},
		``:            {0, form.MsgPriceRequired}, `null`: {0, form.MsgPriceRequired}, `" "`: {0, form.MsgPriceRequired},
		`"-1"`: {0, form.MsgPriceInvalid}, `1.005`: {0, form.MsgPriceInvalid}, `"1e3"`: {0, form.MsgPriceInvalid},
		`"100000000.01"`: {0, form.MsgPriceInvalid}, `"abc"`: {0, form.MsgPriceInvalid},
	} {
		c, msg := form.ParsePrice(json.RawMessage(raw))
		if c != want.c || msg != want.msg {
			t.Errorf("ParsePrice(%s) = %d %q, want %d %q", raw, c, msg, want.c, want.msg)
		}
		bad := map[string]string{}
		form.Price(bad, "fee", json.RawMessage(raw))
		if bad["fee"] != want.msg {
			t.Errorf("Price(%s) put %q, want %q", raw, bad["fee"], want.msg)
		}
	}
}

func TestBlankAndWholeNumber(t *testing.T) {
	for raw, want := range map[string]bool{``: true, ` null `: true, `""`: true, `0`: false, `"0"`: false, `" "`: false} {
		if got := form.Blank(json.RawMessage(raw)); got != want {
			t.Errorf("Blank(%q) = %v, want %v", raw, got, want)
		}
	}
	for _, tc := range []struct {
		raw, blank string
		n          int
		ok         bool
	}{
		{`5`, "", 5, true}, {`"5"`, "", 5, true}, {` " 0 " `, "", 0, true}, {``, "0", 0, true}, {`null`, "0", 0, true},
		{``, "", 0, false}, {`6`, "", 6, false}, {`4.5`, "", 0, false}, {`-1`, "", -1, false}, {`"+3"`, "", 3, false}, {`1e1`, "", 0, false},
	} {
		n, ok := form.WholeNumber(json.RawMessage(tc.raw), tc.blank, 5)
		if ok != tc.ok || (ok && n != tc.n) {
			t.Errorf("WholeNumber(%q, %q) = %d %v, want %d %v", tc.raw, tc.blank, n, ok, tc.n, tc.ok)
		}
	}
}
