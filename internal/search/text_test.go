package search_test

import (
	"slices"
	"testing"

	"shop/internal/db"
	"shop/internal/search"
)

// TestWordsAndStems: what a shopper types and what the shop indexes are cut
// into the same words, whatever the punctuation, case or accents.
func TestWordsAndStems(t *testing.T) {
	for _, tc := range []struct {
		typed string
		want  []string
	}{
		{"DCP 18%", []string{"dcp", "18"}},
		{"MB-ALB10-120ML", []string{"mb", "alb10", "120ml"}},
		{"Chakula cha ng'ombe", []string{"chakula", "cha", "ngombe"}},
		{"Café  crème", []string{"cafe", "creme"}},
		{"  ", nil},
	} {
		if got := search.Words(tc.typed); !slices.Equal(got, tc.want) {
			t.Errorf("Words(%q) = %q, want %q", tc.typed, got, tc.want)
		}
	}
	for w, want := range map[string]string{"feeds": "feed", "dewormers": "dewormer", "grass": "grass", "cows": "cow", "bus": "bus"} {
		if got := search.Stem(w); got != want {
			t.Errorf("Stem(%q) = %q, want %q", w, got, want)
		}
	}
	if got := search.IndexText("Dairy Meal", "70kg"); got != "dairy meal 70kg 70 kg" {
		t.Errorf("IndexText = %q", got)
	}
}

// TestMatches: a name satisfies a query when every group is met by one of
// its alternatives, a prefix term by the start of a word.
func TestMatches(t *testing.T) {
	q := db.TextQuery{{{{Word: "dairy", Prefix: true}}}, {{{Word: "meal"}}, {{Word: "cubes"}}}}
	for name, want := range map[string]bool{"Dairy Meal": true, "dairymix cubes": true, "Dairy": false, "Layers Meal": false} {
		if got := search.Matches(q, search.Words(name)); got != want {
			t.Errorf("Matches(%q) = %v, want %v", name, got, want)
		}
	}
}
