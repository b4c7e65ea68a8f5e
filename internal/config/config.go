// Package config reads the shop's configuration from the environment once,
// checks it, and hands it on explicitly: nothing else reads the environment.
package config

import (
	"fmt"
	"net/mail"
	"net/netip"
	"net/url"
	"path/filepath"
	"regexp"
	"shop/internal/money"
	"strconv"
	"strings"
	"time"

	"shop/internal/db"
)

// Config is everything the shop is told from outside.
type Config struct {
	// Addr is the listen address (SHOP_ADDR).
	Addr string
	// DatabaseURL is sqlite:PATH or postgres://... (SHOP_DATABASE_URL).
	DatabaseURL string
	// DBConns sizes PostgreSQL's two connection pools: reads
	// (SHOP_DB_READ_CONNS, default the machine's cores, 2 at least) and writes, transactions and the
	// reads of carts, checkouts and payments (SHOP_DB_WRITE_CONNS, default
	// 16). SQLite ignores it.
	DBConns db.Conns
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
	// MailFrom is the sender of the shop's mail (SHOP_MAIL_FROM).
	MailFrom string
	// BusinessEmail is the business's own inbox, for notifications (SHOP_BUSINESS_EMAIL).
	BusinessEmail string
	// KRAPIN is the business's KRA tax PIN, printed on receipts (SHOP_KRA_PIN):
	// a letter, nine digits and a letter. Empty: receipts say it is not set.
	KRAPIN string
	// AuthSecret signs access tokens (SHOP_AUTH_SECRET, at least 32 bytes).
	// Empty: a random key is made once and kept in the database, so every
	// instance on that database agrees.
	AuthSecret string
	// RequireMFA makes owners and managers set up two-step sign-in before
	// they can do anything else (SHOP_REQUIRE_MFA: on by default, off by
	// default in --dev, so the demo stays easy to try).
	RequireMFA bool
	// requireMFA is SHOP_REQUIRE_MFA as set, if it was: Finish applies the
	// default once --dev is known.
	requireMFA string
	// TrustedProxies are the addresses (IPs or CIDRs) of reverse proxies whose
	// X-Forwarded-For is believed when finding a client's IP (SHOP_TRUSTED_PROXIES).
	TrustedProxies []netip.Prefix
	// MPesa is the Daraja account (SHOP_MPESA_*).
	MPesa MPesa
	// SMS is the Africa's Talking account and the shop's phones (SHOP_SMS_*).
	SMS SMS
	// ETIMS is KRA's eTIMS (SHOP_ETIMS_*); off when not configured.
	ETIMS ETIMS
	// LogFormat is "json" or "text" (SHOP_LOG_FORMAT); text in dev, json otherwise.
	LogFormat string
	// LogLevel is debug, info, warn or error (SHOP_LOG_LEVEL, default info).
	LogLevel string
	// ShutdownTimeout bounds how long in-flight requests get to finish.
	ShutdownTimeout time.Duration
	// LowStockThreshold: the admin dashboard lists sizes with at most this
	// many in stock, and a size falling to it from above alerts the business
	// (SHOP_LOW_STOCK_THRESHOLD, default 10).
	LowStockThreshold int
	// RefundApprovalOver: a refund by anyone but an owner above this waits
	// for an owner's approval (SHOP_REFUND_APPROVAL_OVER, shillings,
	// default 5000; docs/product.md, "Roles").
	RefundApprovalOver money.Cents
	// PromptsPerPhone and PromptsPerAddress bound the M-Pesa prompts in 10
	// minutes to one phone number and from one client address
	// (SHOP_MPESA_PROMPTS_PER_PHONE, default 3; SHOP_MPESA_PROMPTS_PER_ADDRESS,
	// default 10). SignupsPerAddress bounds new accounts from one address in
	// an hour (SHOP_SIGNUPS_PER_ADDRESS, default 10). A shop whose customers
	// share one address (an agrovet's till, a co-operative's office) raises them.
	PromptsPerPhone, PromptsPerAddress, SignupsPerAddress int
	// BackupDir is where `shop backup` and the server's own backups put their
	// snapshots (SHOP_BACKUP_DIR); empty: the server takes none.
	BackupDir string
	// BackupInterval is how often the server takes a snapshot into BackupDir
	// (SHOP_BACKUP_INTERVAL, such as 6h; 0 or unset: never).
	BackupInterval time.Duration
	// BackupKeep is how many of the server's snapshots it keeps
	// (SHOP_BACKUP_KEEP, default 28: a week at 6h).
	BackupKeep int
	// MetricsAddr is a separate listen address for /metrics, such as
	// 127.0.0.1:9090 (SHOP_METRICS_ADDR).
	MetricsAddr string
	// MetricsToken, when set, serves /metrics on the main address too, to a
	// request with "Authorization: Bearer TOKEN" (SHOP_METRICS_TOKEN). With
	// neither set, /metrics is not served at all.
	MetricsToken string
	// USSDSecret is the secret in Africa's Talking's USSD callback paths
	// (SHOP_USSD_CALLBACK_SECRET); shorter than 32 characters, USSD is off
	// (in --dev a random one serves /dev/ussd).
	USSDSecret string
	// USSDCode is the code farmers dial, such as *384*123# (SHOP_USSD_CODE),
	// shown on the site, in text messages and on receipts; "" for none.
	USSDCode string
	// PODMax caps the goods an order may pay on delivery (SHOP_POD_MAX,
	// whole shillings; default Ksh 10,000).
	PODMax money.Cents
	// SMSSecret is the secret in Africa's Talking's incoming-SMS callback
	// path (SHOP_SMS_CALLBACK_SECRET); shorter than 32 characters, replies
	// by SMS are off (in --dev a random one serves the dev outbox's form).
	SMSSecret string
	// ReminderLeadDays is how many days before a bag runs out its reminder
	// is sent (SHOP_REMINDER_LEAD_DAYS, default 3).
	ReminderLeadDays int
	// SMSLinkOrderHours is how long an order waiting for its money with no
	// M-Pesa prompt on a phone (a staff order sent as an SMS link) keeps its
	// stock (SHOP_SMS_LINK_ORDER_HOURS, default 24; docs/payments.md section 10).
	SMSLinkOrderHours int
	// MediaURL is where product pictures are stored (SHOP_MEDIA_URL):
	// file:PATH, or s3://BUCKET/PREFIX?endpoint=…&region=…&path_style=true.
	// Empty: the media folder of the data directory.
	MediaURL string
	// MediaPublicURL is where pages point for pictures, a CDN or a public
	// bucket (SHOP_MEDIA_PUBLIC_URL); empty: the shop's own /media/.
	MediaPublicURL string
	// JobLease is how long a background job's lease lasts unrenewed: the
	// longest a job waits after its instance died (SHOP_JOB_LEASE).
	JobLease time.Duration
	// AgentReturnDays is how many days after delivery or collection an
	// agent's commission on an order becomes payable: the time a farmer has
	// to bring a bag back (SHOP_AGENT_RETURN_DAYS, default 7; 0 pays at once).
	AgentReturnDays int
	// Version is the binary's version: cmd/shop sets it from its build, it
	// is not read from the environment.
	Version string
}

// MediaDir is where product images live on this machine: the folder of a
// file: SHOP_MEDIA_URL, the data directory's media folder otherwise (what
// `shop backup` copies; empty of uploads when they go to a bucket).
func (c Config) MediaDir() string {
	if p, ok := strings.CutPrefix(c.MediaURL, "file:"); ok && p != "" {
		return p
	}
	return filepath.Join(c.DataDir, "media")
}

// MediaStoreURL is SHOP_MEDIA_URL, or the media folder as a file: URL.
func (c Config) MediaStoreURL() string {
	if c.MediaURL != "" {
		return c.MediaURL
	}
	return "file:" + c.MediaDir()
}

// kraPIN is the form of a KRA PIN: P (a company) or A (a person), nine digits, a letter.
var kraPIN = regexp.MustCompile(`^[A-Z][0-9]{9}[A-Z]$`)

// ussdCode is the form of a USSD code: a star, digits and stars, a hash.
var ussdCode = regexp.MustCompile(`^\*[0-9][0-9*]*#$`)

// FromEnv reads the configuration with getenv (os.Getenv in production).
func FromEnv(getenv func(string) string) (Config, error) {
	c := Config{
		Addr:            or(getenv("SHOP_ADDR"), ":8080"),
		DataDir:         or(getenv("SHOP_DATA_DIR"), "data"),
		PublicURL:       strings.TrimRight(getenv("SHOP_PUBLIC_URL"), "/"),
		SMTPURL:         getenv("SHOP_SMTP_URL"),
		MailFrom:        or(getenv("SHOP_MAIL_FROM"), "Mifugo Bora Feeds <no-reply@mifugobora.co.ke>"),
		BusinessEmail:   or(getenv("SHOP_BUSINESS_EMAIL"), "info@mifugobora.co.ke"),
		KRAPIN:          strings.ToUpper(strings.TrimSpace(getenv("SHOP_KRA_PIN"))),
		AuthSecret:      getenv("SHOP_AUTH_SECRET"),
		LogFormat:       getenv("SHOP_LOG_FORMAT"),
		LogLevel:        or(getenv("SHOP_LOG_LEVEL"), "info"),
		ShutdownTimeout: 20 * time.Second,
		BackupDir:       getenv("SHOP_BACKUP_DIR"),
		MetricsAddr:     strings.TrimSpace(getenv("SHOP_METRICS_ADDR")),
		MetricsToken:    getenv("SHOP_METRICS_TOKEN"),
		USSDSecret:      strings.TrimSpace(getenv("SHOP_USSD_CALLBACK_SECRET")),
		USSDCode:        strings.TrimSpace(getenv("SHOP_USSD_CODE")),
		SMSSecret:       strings.TrimSpace(getenv("SHOP_SMS_CALLBACK_SECRET")),
		MediaURL:        strings.TrimSpace(getenv("SHOP_MEDIA_URL")),
		MediaPublicURL:  strings.TrimRight(strings.TrimSpace(getenv("SHOP_MEDIA_PUBLIC_URL")), "/"),
		requireMFA:      strings.ToLower(strings.TrimSpace(getenv("SHOP_REQUIRE_MFA"))),
	}
	c.DatabaseURL = or(getenv("SHOP_DATABASE_URL"), "sqlite:"+filepath.Join(c.DataDir, "shop.db"))
	var err error
	if c.MPesa, err = mpesaFromEnv(getenv); err != nil {
		return c, err
	}
	if c.SMS, err = smsFromEnv(getenv); err != nil {
		return c, err
	}
	if c.ETIMS, err = etimsFromEnv(getenv); err != nil {
		return c, err
	}
	switch v := strings.ToLower(getenv("SHOP_DEV")); v {
	case "", "0", "false", "no":
	case "1", "true", "yes":
		c.Dev = true
	default:
		return c, fmt.Errorf("SHOP_DEV must be 1 or 0, not %q", v)
	}
	for _, n := range []struct {
		name string
		to   *int
		def  int
	}{
		{"SHOP_LOW_STOCK_THRESHOLD", &c.LowStockThreshold, 10},
		{"SHOP_MPESA_PROMPTS_PER_PHONE", &c.PromptsPerPhone, 3},
		{"SHOP_MPESA_PROMPTS_PER_ADDRESS", &c.PromptsPerAddress, 10},
		{"SHOP_SIGNUPS_PER_ADDRESS", &c.SignupsPerAddress, 10},
		{"SHOP_BACKUP_KEEP", &c.BackupKeep, 28},
		{"SHOP_REMINDER_LEAD_DAYS", &c.ReminderLeadDays, 3},
		{"SHOP_SMS_LINK_ORDER_HOURS", &c.SMSLinkOrderHours, 24},
		{"SHOP_DB_READ_CONNS", &c.DBConns.Read, db.DefaultConns.Read},
		{"SHOP_DB_WRITE_CONNS", &c.DBConns.Write, db.DefaultConns.Write},
	} {
		*n.to = n.def
		if v := strings.TrimSpace(getenv(n.name)); v != "" {
			i, err := strconv.Atoi(v)
			if err != nil || i < 1 || i > 1_000_000 {
				return c, fmt.Errorf("%s must be a whole number of 1 or more, not %q", n.name, v)
			}
			*n.to = i
		}
	}
	c.RefundApprovalOver = money.FromShillings(5_000)
	if v := strings.TrimSpace(getenv("SHOP_REFUND_APPROVAL_OVER")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 1 || n > 100_000_000 {
			return c, fmt.Errorf("SHOP_REFUND_APPROVAL_OVER must be a whole number of shillings of 1 or more, not %q", v)
		}
		c.RefundApprovalOver = money.FromShillings(n)
	}
	c.PODMax = money.FromShillings(10_000)
	if v := strings.TrimSpace(getenv("SHOP_POD_MAX")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n < 0 || n > 10_000_000 {
			return c, fmt.Errorf("SHOP_POD_MAX must be a whole number of shillings (0 turns pay on delivery off), not %q", v)
		}
		c.PODMax = money.FromShillings(n)
	}
	c.AgentReturnDays = 7
	if v := strings.TrimSpace(getenv("SHOP_AGENT_RETURN_DAYS")); v != "" {
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 || i > 365 {
			return c, fmt.Errorf("SHOP_AGENT_RETURN_DAYS must be a whole number of days from 0 to 365, not %q", v)
		}
		c.AgentReturnDays = i
	}
	if v := strings.TrimSpace(getenv("SHOP_BACKUP_INTERVAL")); v != "" && v != "0" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Minute {
			return c, fmt.Errorf("SHOP_BACKUP_INTERVAL must be a duration of a minute or more, such as 6h, not %q", v)
		}
		c.BackupInterval = d
	}
	c.JobLease = 15 * time.Second
	if v := strings.TrimSpace(getenv("SHOP_JOB_LEASE")); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Second || d > time.Hour {
			return c, fmt.Errorf("SHOP_JOB_LEASE must be a duration between 1s and 1h, such as 15s, not %q", v)
		}
		c.JobLease = d
	}
	if v := c.MediaURL; v != "" && !strings.HasPrefix(v, "file:") && !strings.HasPrefix(v, "s3://") {
		return c, fmt.Errorf("SHOP_MEDIA_URL must be file:PATH or s3://BUCKET/PREFIX, not %q", v)
	}
	for _, p := range strings.Split(getenv("SHOP_TRUSTED_PROXIES"), ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		prefix, err := netip.ParsePrefix(p)
		if err != nil {
			addr, aerr := netip.ParseAddr(p)
			if aerr != nil {
				return c, fmt.Errorf("SHOP_TRUSTED_PROXIES: %q is not an IP address or CIDR range", p)
			}
			prefix = netip.PrefixFrom(addr.Unmap(), addr.Unmap().BitLen())
		}
		c.TrustedProxies = append(c.TrustedProxies, prefix.Masked())
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
	switch c.requireMFA {
	case "":
		c.RequireMFA = !c.Dev
	case "1", "true", "yes":
		c.RequireMFA = true
	case "0", "false", "no":
		c.RequireMFA = false
	default:
		return fmt.Errorf("SHOP_REQUIRE_MFA must be 1 or 0, not %q", c.requireMFA)
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
	if c.SMTPURL != "" {
		// The URL holds a password: the messages never repeat it.
		u, err := url.Parse(c.SMTPURL)
		if err != nil || (u.Scheme != "smtp" && u.Scheme != "smtps") || u.Hostname() == "" {
			return fmt.Errorf("SHOP_SMTP_URL must look like smtp://user:password@host:587 or smtps://user:password@host:465")
		}
	}
	if _, err := mail.ParseAddress(c.MailFrom); err != nil {
		return fmt.Errorf("SHOP_MAIL_FROM must be an email address, as Name <address>, not %q", c.MailFrom)
	}
	if c.KRAPIN != "" && !kraPIN.MatchString(c.KRAPIN) {
		return fmt.Errorf("SHOP_KRA_PIN must be a KRA PIN such as P051234567X, not %q", c.KRAPIN)
	}
	if a, err := mail.ParseAddress(c.BusinessEmail); err != nil || a.Name != "" {
		return fmt.Errorf("SHOP_BUSINESS_EMAIL must be a plain email address, not %q", c.BusinessEmail)
	}
	if c.AuthSecret != "" && len(c.AuthSecret) < 32 {
		return fmt.Errorf("SHOP_AUTH_SECRET must be at least 32 bytes long (try: openssl rand -base64 48)")
	}
	if c.BackupInterval > 0 && c.BackupDir == "" {
		return fmt.Errorf("SHOP_BACKUP_INTERVAL needs SHOP_BACKUP_DIR: the folder the snapshots go to")
	}
	if c.MetricsToken != "" && len(c.MetricsToken) < 16 {
		return fmt.Errorf("SHOP_METRICS_TOKEN must be at least 16 characters long (try: openssl rand -hex 24)")
	}
	if c.MetricsAddr != "" && c.MetricsAddr == c.Addr {
		return fmt.Errorf("SHOP_METRICS_ADDR must differ from SHOP_ADDR; to serve /metrics on the main address, set SHOP_METRICS_TOKEN instead")
	}
	if c.USSDCode != "" && !ussdCode.MatchString(c.USSDCode) {
		return fmt.Errorf("SHOP_USSD_CODE must be a USSD code such as *384*123#, not %q", c.USSDCode)
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
