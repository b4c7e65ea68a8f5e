package config

import "testing"

func TestLowStockThreshold(t *testing.T) {
	read := func(v string) (Config, error) {
		return FromEnv(func(k string) string {
			if k == "SHOP_LOW_STOCK_THRESHOLD" {
				return v
			}
			return ""
		})
	}
	for v, want := range map[string]int{"": 10, "25": 25, " 3 ": 3} {
		c, err := read(v)
		if err != nil || c.LowStockThreshold != want {
			t.Errorf("%q: %d, %v; want %d", v, c.LowStockThreshold, err, want)
		}
	}
	for _, v := range []string{"0", "-1", "ten", "2.5"} {
		if _, err := read(v); err == nil {
			t.Errorf("%q accepted", v)
		}
	}
}
