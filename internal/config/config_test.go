package config

import (
	"net/netip"
	"slices"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestDefaults(t *testing.T) {
	c, err := FromEnv(env(nil))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	if c.Addr != ":8080" || c.DatabaseURL != "sqlite:data/shop.db" || c.Dev || c.PublicURL != "http://localhost:8080" || c.LogFormat != "json" {
		t.Fatalf("defaults: %+v", c)
	}
	if c.BusinessEmail != "info@mifugobora.co.ke" || c.MailFrom == "" || c.SMTPURL != "" || c.AuthSecret != "" || c.TrustedProxies != nil {
		t.Fatalf("mail and auth defaults: %+v", c)
	}
}

func TestMailAndAuthSettings(t *testing.T) {
	c, err := FromEnv(env(map[string]string{
		"SHOP_SMTP_URL":        "smtps://shop:pa55@mail.example:465",
		"SHOP_MAIL_FROM":       "Mifugo Bora <shop@mifugobora.co.ke>",
		"SHOP_BUSINESS_EMAIL":  "orders@mifugobora.co.ke",
		"SHOP_KRA_PIN":         " p051234567x ",
		"SHOP_AUTH_SECRET":     strings.Repeat("k", 32),
		"SHOP_TRUSTED_PROXIES": "10.0.0.0/8, 192.168.1.7 ,::1",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	want := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("192.168.1.7/32"), netip.MustParsePrefix("::1/128")}
	if !slices.Equal(c.TrustedProxies, want) || c.BusinessEmail != "orders@mifugobora.co.ke" || c.KRAPIN != "P051234567X" {
		t.Fatalf("got %+v", c)
	}
}

func TestFromEnv(t *testing.T) {
	c, err := FromEnv(env(map[string]string{"SHOP_DEV": "1", "SHOP_DATA_DIR": "/tmp/x", "SHOP_PUBLIC_URL": "https://shop.example/"}))
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Finish(); err != nil {
		t.Fatal(err)
	}
	if !c.Dev || c.DatabaseURL != "sqlite:/tmp/x/shop.db" || c.PublicURL != "https://shop.example" || c.LogFormat != "text" || c.MediaDir() != "/tmp/x/media" {
		t.Fatalf("got %+v", c)
	}
}

func TestRejects(t *testing.T) {
	if _, err := FromEnv(env(map[string]string{"SHOP_DEV": "maybe"})); err == nil {
		t.Error("SHOP_DEV=maybe accepted")
	}
	for _, m := range []map[string]string{
		{"SHOP_PUBLIC_URL": "ftp://x"},
		{"SHOP_DATABASE_URL": "mysql://x"},
		{"SHOP_LOG_FORMAT": "xml"},
		{"SHOP_SMTP_URL": "http://mail.example"},
		{"SHOP_SMTP_URL": "smtp://user:s3cret@"},
		{"SHOP_MAIL_FROM": "not an address"},
		{"SHOP_BUSINESS_EMAIL": "Shop <info@mifugobora.co.ke>"},
		{"SHOP_AUTH_SECRET": "too-short"},
		{"SHOP_KRA_PIN": "051234567"},
		{"SHOP_TRUSTED_PROXIES": "10.0.0.0/8,proxy.local"},
		{"SHOP_BACKUP_INTERVAL": "6 hours", "SHOP_BACKUP_DIR": "/b"},
		{"SHOP_BACKUP_INTERVAL": "10s", "SHOP_BACKUP_DIR": "/b"},
		{"SHOP_BACKUP_INTERVAL": "6h"},
		{"SHOP_METRICS_TOKEN": "short"},
		{"SHOP_METRICS_ADDR": ":8080"},
	} {
		c, err := FromEnv(env(m))
		if err == nil {
			err = c.Finish()
		}
		if err == nil {
			t.Errorf("%v accepted", m)
		} else if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%v: the error repeats the password: %v", m, err)
		}
	}
}

func TestOperations(t *testing.T) {
	c, err := FromEnv(env(map[string]string{"SHOP_BACKUP_DIR": "/var/backups/shop", "SHOP_BACKUP_INTERVAL": "6h",
		"SHOP_METRICS_ADDR": "127.0.0.1:9090", "SHOP_METRICS_TOKEN": strings.Repeat("m", 24)}))
	if err == nil {
		err = c.Finish()
	}
	if err != nil || c.BackupDir != "/var/backups/shop" || c.BackupInterval.Hours() != 6 || c.BackupKeep != 28 ||
		c.MetricsAddr != "127.0.0.1:9090" || len(c.MetricsToken) != 24 {
		t.Fatalf("got %+v, %v", c, err)
	}
	d, _ := FromEnv(env(nil))
	if d.BackupInterval != 0 || d.MetricsAddr != "" || d.MetricsToken != "" {
		t.Fatalf("defaults: backups and metrics should be off: %+v", d)
	}
}

func TestRequireMFADefaultsOnOutsideDev(t *testing.T) {
	for _, c := range []struct {
		env  map[string]string
		dev  bool
		want bool
	}{
		{nil, false, true},
		{nil, true, false},
		{map[string]string{"SHOP_REQUIRE_MFA": "0"}, false, false},
		{map[string]string{"SHOP_REQUIRE_MFA": "1"}, true, true},
	} {
		cfg, err := FromEnv(env(c.env))
		if err != nil {
			t.Fatal(err)
		}
		cfg.Dev = c.dev // as the --dev flag sets it, after the environment
		if err := cfg.Finish(); err != nil {
			t.Fatal(err)
		}
		if cfg.RequireMFA != c.want {
			t.Errorf("%v dev=%v: RequireMFA %v", c.env, c.dev, cfg.RequireMFA)
		}
	}
	cfg, _ := FromEnv(env(map[string]string{"SHOP_REQUIRE_MFA": "maybe"}))
	if err := cfg.Finish(); err == nil {
		t.Error("SHOP_REQUIRE_MFA=maybe accepted")
	}
}
