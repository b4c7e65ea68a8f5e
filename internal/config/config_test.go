package config

import (
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
	} {
		c, err := FromEnv(env(m))
		if err == nil {
			err = c.Finish()
		}
		if err == nil {
			t.Errorf("%v accepted", m)
		}
	}
}
