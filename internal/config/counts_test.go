package config

import "testing"

// The whole-number settings: a default, a value, and a clear error for
// anything that is not a whole number of 1 or more.
func TestCounts(t *testing.T) {
	for name, field := range map[string]func(Config) int{
		"SHOP_LOW_STOCK_THRESHOLD":       func(c Config) int { return c.LowStockThreshold },
		"SHOP_MPESA_PROMPTS_PER_PHONE":   func(c Config) int { return c.PromptsPerPhone },
		"SHOP_MPESA_PROMPTS_PER_ADDRESS": func(c Config) int { return c.PromptsPerAddress },
		"SHOP_SIGNUPS_PER_ADDRESS":       func(c Config) int { return c.SignupsPerAddress },
		"SHOP_BACKUP_KEEP":               func(c Config) int { return c.BackupKeep },
		"SHOP_DB_READ_CONNS":             func(c Config) int { return c.DBConns.Read },
		"SHOP_DB_WRITE_CONNS":            func(c Config) int { return c.DBConns.Write },
	} {
		read := func(v string) (Config, error) {
			return FromEnv(func(k string) string {
				if k == name {
					return v
				}
				return ""
			})
		}
		def, err := read("")
		if err != nil || field(def) < 1 {
			t.Errorf("%s default: %d, %v", name, field(def), err)
		}
		for v, want := range map[string]int{"25": 25, " 3 ": 3} {
			c, err := read(v)
			if err != nil || field(c) != want {
				t.Errorf("%s=%q: %d, %v; want %d", name, v, field(c), err, want)
			}
		}
		for _, v := range []string{"0", "-1", "ten", "2.5"} {
			if _, err := read(v); err == nil {
				t.Errorf("%s=%q accepted", name, v)
			}
		}
	}
}
