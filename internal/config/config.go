// Package config reads the shop's configuration from the environment once,
// checks it, and hands it on explicitly: nothing else reads the environment.
package config

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"time"
)

// Config is everything the shop is told from outside.
type Config struct {
	// Addr is the listen address (SHOP_ADDR).
	Addr string
	// DatabaseURL is sqlite:PATH or postgres://... (SHOP_DATABASE_URL).
	DatabaseURL string
	// PublicURL is the shop's public base URL, for links in mail and the
	// M-Pesa callback (SHOP_PUBLIC_URL).
	PublicURL string
	// Dev seeds the demo catalogue, simulates M-Pesa and keeps mail in an
	// outbox (SHOP_DEV or --dev). Never on in production.
	Dev bool
	// DataDir holds the SQLite file by default and uploaded media (SHOP_DATA_DIR).
	DataDir string
	// SMTPURL sends mail; empty keeps mail in the log and the dev outbox (SHOP_SMTP_URL).
	SMTPURL string
	// LogFormat is "json" or "text" (SHOP_LOG_FORMAT); text in dev, json otherwise.
	LogFormat string
	// LogLevel is debug, info, warn or error (SHOP_LOG_LEVEL, default info).
	LogLevel string
	// ShutdownTimeout bounds how long in-flight requests get to finish.
	ShutdownTimeout time.Duration
}

// MediaDir is where product images live.
func (c Config) MediaDir() string { return filepath.Join(c.DataDir, "media") }

// FromEnv reads the configuration with getenv (os.Getenv in production).
func FromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		Addr:            or(getenv("SHOP_ADDR"), ":8080"),
		DataDir:         or(getenv("SHOP_DATA_DIR"), "data"),
		PublicURL:       strings.TrimRight(getenv("SHOP_PUBLIC_URL"), "/"),
		SMTPURL:         getenv("SHOP_SMTP_URL"),
		LogFormat:       getenv("SHOP_LOG_FORMAT"),
		LogLevel:        or(getenv("SHOP_LOG_LEVEL"), "info"),
		ShutdownTimeout: 20 * time.Second,
	}
	c.DatabaseURL = or(getenv("SHOP_DATABASE_URL"), "sqlite:"+filepath.Join(c.DataDir, "shop.db"))
	switch v := strings.ToLower(getenv("SHOP_DEV")); v {
	case "", "0", "false", "no":
	case "1", "true", "yes":
		c.Dev = true
	default:
		return c, fmt.Errorf("SHOP_DEV must be 1 or 0, not %q", v)
	}
	return c, nil
}

// Finish fills the defaults that depend on other settings and checks the
// whole, after flags have had their say.
func (c *Config) Finish() error {
	if c.PublicURL == "" {
		host := c.Addr
		if strings.HasPrefix(host, ":") {
			host = "localhost" + host
		}
		c.PublicURL = "http://" + host
	}
	u, err := url.Parse(c.PublicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("SHOP_PUBLIC_URL must be an http(s) URL, not %q", c.PublicURL)
	}
	if c.LogFormat == "" {
		c.LogFormat = "json"
		if c.Dev {
			c.LogFormat = "text"
		}
	}
	if c.LogFormat != "json" && c.LogFormat != "text" {
		return fmt.Errorf("SHOP_LOG_FORMAT must be json or text, not %q", c.LogFormat)
	}
	switch c.LogLevel {
	case "debug", "info", "warn", "error":
	default:
		return fmt.Errorf("SHOP_LOG_LEVEL must be debug, info, warn or error, not %q", c.LogLevel)
	}
	if !strings.HasPrefix(c.DatabaseURL, "sqlite:") && !strings.HasPrefix(c.DatabaseURL, "postgres://") && !strings.HasPrefix(c.DatabaseURL, "postgresql://") {
		return fmt.Errorf("SHOP_DATABASE_URL must start with sqlite: or postgres://")
	}
	return nil
}

func or(v, def string) string {
	if v == "" {
		return def
	}
	return v
}
