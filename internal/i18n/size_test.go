package i18n

import "testing"

func TestSizeInKiswahili(t *testing.T) {
	for in, want := range map[string]string{
		"250 grams":   "gramu 250",
		"1 litre":     "lita 1",
		"70 Kg":       "kilo 70",
		"120 ml":      "mililita 120",
		"1L":          "lita 1",
		"1.5 litres":  "lita 1.5",
		"500g":        "gramu 500",
		"Large":       "Large",
		"2 x 1 litre": "2 x 1 litre",
		"10 bags":     "10 bags",
	} {
		if got := Size(Kiswahili, in); got != want {
			t.Errorf("Size(sw, %q) = %q, want %q", in, got, want)
		}
		if got := Size(English, in); got != in {
			t.Errorf("Size(en, %q) = %q, want it unchanged", in, got)
		}
	}
}
