package weight

import (
	"encoding/json"
	"testing"
)

func TestFromSize(t *testing.T) {
	for size, want := range map[string]Grams{
		"70 Kg": 70000, "10 Kg": 10000, "1 Kg": 1000, "500 ml": 500, "120 ml": 120, "20 ml": 20,
		"1 litre": 1000, "250 grams": 250, "500 grams": 500, "2.5 kg": 2500,
	} {
		if got, ok := FromSize(size); !ok || got != want {
			t.Errorf("FromSize(%q) = %d, %v; want %d", size, got, ok, want)
		}
	}
	for _, size := range []string{"", "Large", "a dozen", "kg"} {
		if _, ok := FromSize(size); ok {
			t.Errorf("FromSize(%q) read a weight", size)
		}
	}
}

func TestParseKgAndJSON(t *testing.T) {
	for in, want := range map[string]Grams{"70": 70000, "0.5": 500, `"0.25"`: 250, "0.001": 1, "10000": 10_000_000, " 3 ": 3000} {
		if got, err := ParseKg(in); err != nil || got != want {
			t.Errorf("ParseKg(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-1", "0.0001", "1e3", "abc", "10000.001", "null"} {
		if _, err := ParseKg(in); err == nil {
			t.Errorf("ParseKg(%q) accepted", in)
		}
	}
	b, _ := json.Marshal(struct{ W Grams }{500})
	if string(b) != `{"W":0.5}` {
		t.Fatalf("json %s", b)
	}
}

func TestWholeKgOver(t *testing.T) {
	for _, c := range []struct {
		g, included Grams
		want        int64
	}{{70000, 5000, 65}, {5000, 5000, 0}, {5001, 5000, 1}, {500, 5000, 0}, {5999, 0, 6}} {
		if got := c.g.WholeKgOver(c.included); got != c.want {
			t.Errorf("%d over %d = %d, want %d", c.g, c.included, got, c.want)
		}
	}
}
