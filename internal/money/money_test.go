package money

import (
	"encoding/json"
	"testing"
)

func TestString(t *testing.T) {
	for _, tc := range []struct {
		in   Cents
		want string
	}{{0, "0.00"}, {150000, "1500.00"}, {5, "0.05"}, {123456, "1234.56"}, {-250, "-2.50"}} {
		if got := tc.in.String(); got != tc.want {
			t.Errorf("%d: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestParse(t *testing.T) {
	ok := map[string]Cents{"1500": 150000, "1500.5": 150050, "1500.00": 150000, "0.01": 1, " 7 ": 700}
	for in, want := range ok {
		got, err := Parse(in)
		if err != nil || got != want {
			t.Errorf("Parse(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-1", "1.234", "abc", "1e3", ".5", "5.", "1,000", "99999999999999"} {
		if _, err := Parse(in); err == nil {
			t.Errorf("Parse(%q) accepted bad input", in)
		}
	}
}

func TestJSON(t *testing.T) {
	b, _ := json.Marshal(struct{ P Cents }{150000})
	if string(b) != `{"P":"1500.00"}` {
		t.Fatalf("got %s", b)
	}
	var v struct{ P Cents }
	if err := json.Unmarshal([]byte(`{"P":"12.30"}`), &v); err != nil || v.P != 1230 {
		t.Fatalf("got %d, %v", v.P, err)
	}
	if err := json.Unmarshal([]byte(`{"P":12}`), &v); err != nil || v.P != 1200 {
		t.Fatalf("number: got %d, %v", v.P, err)
	}
}

func TestShillingsRoundsUp(t *testing.T) {
	if got := Cents(150001).Shillings(); got != 1501 {
		t.Fatalf("got %d", got)
	}
	if got := Cents(150000).Shillings(); got != 1500 {
		t.Fatalf("got %d", got)
	}
}

func TestKsh(t *testing.T) {
	for c, want := range map[Cents]string{0: "Ksh 0", 150000: "Ksh 1,500", 1600000: "Ksh 16,000", 123456789: "Ksh 1,234,567.89",
		50: "Ksh 0.50", 65000: "Ksh 650", -250000: "Ksh -2,500"} {
		if got := c.Ksh(); got != want {
			t.Errorf("%d: %q, want %q", int64(c), got, want)
		}
	}
}
