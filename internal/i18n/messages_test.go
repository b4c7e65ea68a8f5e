package i18n

import (
	"context"
	"strings"
	"testing"
)

func TestTranslate(t *testing.T) {
	cases := []struct{ en, sw string }{
		{"Your cart is empty.", "Kikapu chako ni tupu."},
		{"Only 3 left in stock.", "Zimebaki 3 tu dukani."},
		{"Spend Ksh 2,000 or more to use this code", "Nunua bidhaa za Ksh 2,000 au zaidi ili utumie msimbo huu"},
		{"Sorry, there is not enough stock of Dairy Meal (Premium) (70 Kg) left for your order.",
			"Samahani, Dairy Meal (Premium) (70 Kg) iliyobaki dukani haitoshi kwa oda yako."},
		{"Please check the highlighted fields (12).", "Tafadhali angalia sehemu zilizowekwa alama (12)."},
		// The wait inside a 429 is translated too.
		{"Too many sign-in attempts. Please wait 5 minutes and try again.", "Umejaribu kuingia mara nyingi mno. Tafadhali subiri dakika 5 kisha ujaribu tena."},
		{"You have downloaded your data many times in a short while. Please wait 1 minute and try again.",
			"Umepakua data yako mara nyingi kwa muda mfupi. Tafadhali subiri dakika 1 kisha ujaribu tena."},
		{"No such API endpoint: GET /api/nothing/", "Hakuna anwani kama hii ya API: GET /api/nothing/"},
	}
	for _, c := range cases {
		want := c.sw
		if got := T(Kiswahili, c.en); got != want {
			t.Errorf("T(sw, %q) = %q, want %q", c.en, got, want)
		}
		if got := T(English, c.en); got != c.en {
			t.Errorf("T(en, %q) = %q: English must stay as it is", c.en, got)
		}
	}
}

func TestTranslateLeavesTheUnknownAlone(t *testing.T) {
	for _, en := range []string{"", "Dairy Meal", "Only three left in stock.", "Only 3 left in stock", "Only  left in stock.",
		"Please check the highlighted fields ().", "Spend  or more to use this code"} {
		if got := T(Kiswahili, en); got != en {
			t.Errorf("T(sw, %q) = %q, want it unchanged", en, got)
		}
	}
	if got := Text(WithLang(context.Background(), Kiswahili), "Order not found"); got != "Oda haikupatikana" {
		t.Errorf("Text in a Kiswahili context = %q", got)
	}
	if got := Text(context.Background(), "Order not found"); got != "Order not found" {
		t.Errorf("Text without a language = %q, want English", got)
	}
}

func TestPatternRules(t *testing.T) {
	for _, bad := range [][2]string{
		{"Only %d%s left", "{1} {2}"},        // two verbs touch
		{"Only %d left", "Zimebaki tu"},      // a hole not refilled
		{"Only %d left", "Zimebaki {2}"},     // no such hole
		{"Only %x left", "{1}"},              // not a verb of ours
		{"Only three left", "Zimebaki tatu"}, // no verb at all
		{"Only %d left {", "Zimebaki {1"},    // unclosed
		{"At 100%", "Kwa asilimia 100 {1}"},  // a lone %
		{"%s and %s", "{1} na {1}"},          // {2} left out
	} {
		if _, err := compile(bad[0], bad[1]); err == nil {
			t.Errorf("compile(%q, %q) took it", bad[0], bad[1])
		}
	}
	p, err := compile("%d%% of %s", "asilimia {1} ya {2}")
	if err != nil {
		t.Fatal(err)
	}
	if args, ok := p.match("10% of the cart"); !ok || args[0] != "10" || args[1] != "the cart" {
		t.Fatalf("match = %q %v", args, ok)
	}
}

// The catalogue's own rules: every Kiswahili text differs from its English
// (a forgotten copy shows), and every pattern compiles.
func TestCatalogue(t *testing.T) {
	for en, sw := range swTexts {
		if sw == "" || sw == en || strings.TrimSpace(sw) != sw {
			t.Errorf("%q: Kiswahili %q", en, sw)
		}
		if strings.Contains(en, "%") {
			t.Errorf("%q has a verb: make it a pattern", en)
		}
	}
	seen := map[string]bool{}
	for _, p := range swPatterns {
		if _, err := compile(p[0], p[1]); err != nil {
			t.Error(err)
		}
		if seen[p[0]] || swTexts[p[0]] != "" {
			t.Errorf("%q is in the catalogue twice", p[0])
		}
		seen[p[0]] = true
	}
}

func BenchmarkTranslatePattern(b *testing.B) {
	for b.Loop() {
		T(Kiswahili, "Too many sign-in attempts. Please wait 5 minutes and try again.")
	}
}
