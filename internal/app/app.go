// Package app wires the shop together: it opens the database, builds the
// domain stores and the HTTP server, and runs it until told to stop.
package app

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"os"
	"shop/internal/money"
	"time"

	"shop/internal/account"
	"shop/internal/backup"
	"shop/internal/catalog"
	"shop/internal/config"
	"shop/internal/db"
	"shop/internal/demo"
	"shop/internal/etims"
	"shop/internal/httpapi"
	"shop/internal/httpx"
	"shop/internal/lease"
	"shop/internal/mail"
	"shop/internal/media"
	"shop/internal/metrics"
	"shop/internal/notify"
	"shop/internal/payment"
	"shop/internal/payment/mpesa"
	"shop/internal/receipt"
	"shop/internal/remind"
	"shop/internal/sms"
	"shop/internal/ussd"
)

// App is a running shop.
type App struct {
	cfg      config.Config
	log      *slog.Logger
	DB       *db.DB
	Handler  http.Handler
	web      *httpapi.Server
	Payments *payment.Service
	// ETIMS reports sales and refunds to KRA; off when not configured.
	ETIMS     *etims.Service
	texts     *notify.Texts
	outbox    *mail.Outbox
	stock     *notify.StockAlerts
	Metrics   *metrics.Metrics
	simulator *mpesa.Simulator
	schedule  backup.Schedule
	janitor   *janitor
	// ussd sends the prompts of USSD orders once their sessions have ended.
	ussd *ussd.Service
	// catalog keeps the search index in memory while the shop serves.
	catalog *catalog.Store
	// jobs run under their leases, each on one instance at a time.
	jobs   []lease.Job
	leases *lease.Manager
	// lock is the shared hold on the data directory that keeps a restore
	// out while this shop serves from it (SQLite only).
	lock *backup.DirLock
}

// New opens the database, applies migrations, seeds the demo catalogue in
// dev mode, and builds the HTTP handler.
func New(ctx context.Context, cfg config.Config, log *slog.Logger, webAssets fs.FS) (*App, error) {
	var lock *backup.DirLock
	if _, ok := db.SQLitePath(cfg.DatabaseURL); ok {
		var err error
		if lock, err = backup.Hold(cfg.DataDir); err != nil {
			return nil, err
		}
	}
	a, err := build(ctx, cfg, log, webAssets)
	if err != nil {
		lock.Release()
		return nil, err
	}
	a.lock = lock
	return a, nil
}

func build(ctx context.Context, cfg config.Config, log *slog.Logger, webAssets fs.FS) (*App, error) {
	d, err := db.Open(ctx, cfg.DatabaseURL, cfg.DBConns)
	if err != nil {
		return nil, err
	}
	applied, err := d.Migrate(ctx)
	if err != nil {
		d.Close()
		return nil, err
	}
	if len(applied) > 0 {
		log.Info("migrations applied", "migrations", applied)
	}
	gateway, simulator, secret, err := paymentGateway(cfg)
	if err != nil {
		d.Close()
		return nil, err
	}
	limits := payment.DefaultPushLimits
	limits.PerPhone.Max, limits.PerIP.Max = cfg.PromptsPerPhone, cfg.PromptsPerAddress
	payCfg := payment.Config{CallbackSecret: secret, Limits: &limits, UnpromptedHold: time.Duration(cfg.SMSLinkOrderHours) * time.Hour,
		RefundDailyLimit: cfg.MPesa.RefundDailyLimit, ManualWhy: cfg.MPesa.RefundsWhyManual(), InitiatorPasswordSet: cfg.MPesa.InitiatorPasswordSet}
	if c, ok := gateway.(*mpesa.Client); ok && c.CanSendMoney() {
		payCfg.MoneyOut, payCfg.ManualWhy = c, ""
	}
	switch {
	case cfg.MPesa.Configured():
		payCfg.ShortCode, payCfg.BuyGoods = cfg.MPesa.ShortCode, cfg.MPesa.TransactionType == "CustomerBuyGoodsOnline"
		if payCfg.BuyGoods && cfg.MPesa.PartyB != "" {
			payCfg.ShortCode = cfg.MPesa.PartyB // the till number customers type
		}
	case simulator != nil:
		payCfg.ShortCode = simulator.ShortCode
	}
	if gateway == nil {
		log.Warn("M-Pesa is not configured (SHOP_MPESA_*): checkout will say payments are unavailable")
	}
	mailer, err := newMailSender(cfg, log)
	if err != nil {
		d.Close()
		return nil, err
	}
	smsGateway := newSMSGateway(cfg, log)
	pictures, err := media.Open(ctx, cfg.MediaStoreURL())
	if err != nil {
		d.Close()
		return nil, err
	}
	if err := pictures.Check(ctx); err != nil {
		// Not fatal: pages serve without it and uploads say why.
		log.Warn("the picture store cannot be reached", "store", pictures.String(), "err", err)
	}
	authLimits := account.DefaultLimits
	authLimits.RegisterPerIP.Max = cfg.SignupsPerAddress
	started := time.Now()
	schedule := backup.Schedule{Dir: cfg.BackupDir, Interval: cfg.BackupInterval, Keep: cfg.BackupKeep}
	parts := Parts{
		DB: d, Log: log, WebAssets: webAssets, Media: pictures, MediaDir: cfg.MediaDir(), MediaPublicURL: cfg.MediaPublicURL, JobLease: cfg.JobLease,
		PublicURL: cfg.PublicURL, ClientIP: httpx.ClientIP(cfg.TrustedProxies),
		Gateway: gateway, Payment: payCfg, Simulator: simulator,
		Mailer: mailer, DevOutbox: cfg.Dev, BusinessEmail: cfg.BusinessEmail,
		SMS: smsGateway, BusinessPhone: cfg.SMS.BusinessPhone, WhatsApp: cfg.SMS.WhatsApp,
		AuthSecret: cfg.AuthSecret, AuthLimits: &authLimits, RequireMFA: cfg.RequireMFA,
		LowStockThreshold: cfg.LowStockThreshold, RefundApprovalOver: cfg.RefundApprovalOver, Business: Business(cfg), MetricsToken: cfg.MetricsToken, Version: cfg.Version,
		Backups:    func(context.Context) (backup.Status, error) { return schedule.Status(d.Dialect, started, time.Now()) },
		USSDSecret: cfg.USSDSecret, USSDCode: cfg.USSDCode, PODMax: podMax(cfg.PODMax),
		SMSSecret: cfg.SMSSecret, ReminderLeadDays: cfg.ReminderLeadDays,
		AgentReturnWindow: time.Duration(cfg.AgentReturnDays) * 24 * time.Hour,
	}
	if cfg.Dev {
		// /dev/ussd holds the secret; without one set, a random one serves it.
		if len(parts.USSDSecret) < ussd.MinSecret {
			parts.USSDSecret = randomHex(24)
		}
		parts.USSDPhone = true
		// The dev outbox's reply form holds the SMS secret likewise.
		if len(parts.SMSSecret) < remind.MinSecret {
			parts.SMSSecret = randomHex(24)
		}
		parts.SMSDevForm = true
	} else if cfg.USSDSecret != "" && len(cfg.USSDSecret) < ussd.MinSecret {
		log.Warn("SHOP_USSD_CALLBACK_SECRET is shorter than 32 characters: USSD is off")
	}
	if !cfg.Dev && cfg.SMSSecret != "" && len(cfg.SMSSecret) < remind.MinSecret {
		log.Warn("SHOP_SMS_CALLBACK_SECRET is shorter than 32 characters: replies by SMS are off")
	}
	parts.ETIMS, parts.ETIMSSerial, parts.ETIMSVerifyHost, parts.ETIMSSim = ETIMSParts(cfg)
	w, err := Wire(parts)
	if err != nil {
		d.Close()
		return nil, err
	}
	if parts.ETIMSSim != nil {
		// The simulator starts empty; KRA would remember the shop.
		if err := w.Deps.Invoices.ResumeSimulator(ctx, parts.ETIMSSim); err != nil {
			d.Close()
			return nil, err
		}
	}
	catalogStore, deliveryStore := w.Deps.Catalog, w.Deps.Delivery
	if n, err := catalogStore.RefreshStale(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("refresh the catalogue's cards and search: %w", err)
	} else if n > 0 {
		log.Info("catalogue cards and search refreshed", "products", n)
	}
	// SQLite serves one shop process (docs/deploy.md section 10), so no
	// import can be under way while it starts.
	sweep := w.Deps.CSV.SweepImports
	if d.Dialect == db.SQLite {
		sweep = w.Deps.CSV.DropImports
	}
	if n, err := sweep(ctx); err != nil {
		d.Close()
		return nil, err
	} else if n > 0 {
		log.Info("abandoned product imports swept", "imports", n)
	}
	if cfg.Dev {
		seeded, err := demo.SeedInto(ctx, catalogStore, pictures)
		if err == nil && seeded {
			err = deliveryStore.Replace(ctx, demo.Zones(), demo.PickupPoints())
		}
		if err == nil && seeded {
			err = demo.SeedCoupon(ctx, d)
			if err == nil {
				// Four months of sales, so the back office's reports have
				// something to draw.
				err = demo.SeedHistory(ctx, d, catalogStore, demo.DevHistory(time.Now()))
				if err == nil {
					// A farmer whose bag runs low, for the dev outbox's reply form.
					err = demo.SeedReminder(ctx, d, catalogStore, time.Now())
				}
				if err == nil {
					err = notify.SkipHistory(ctx, d)
				}
			}
		}
		if err != nil {
			d.Close()
			return nil, fmt.Errorf("seed demo catalogue: %w", err)
		}
		if seeded {
			log.Info("demo catalogue loaded", "products", len(demo.Products()), "delivery_zones", len(demo.Zones()))
		}
	}
	if n, err := catalogStore.DeriveWeights(ctx); err != nil {
		d.Close()
		return nil, err
	} else if n > 0 {
		log.Info("shipping weights read from size names", "sizes", n)
	}
	// The signing key is loaded now, so a database that cannot hold one
	// fails at start.
	if err := w.Deps.Auth.Init(ctx); err != nil {
		d.Close()
		return nil, fmt.Errorf("sign-in key: %w", err)
	}
	// Scheduled backups are one more job (SQLite only: one instance).
	w.Jobs = append(w.Jobs, lease.Job{Name: "backups", Run: func(ctx context.Context) { schedule.Run(ctx, d, cfg.MediaDir(), log, w.Deps.Metrics.BackupDone) }})
	return &App{jobs: w.Jobs, leases: w.Leases, cfg: cfg, log: log, DB: d, Handler: w.Server, web: w.Server, Payments: w.Deps.Payments, ETIMS: w.Deps.Invoices, Metrics: w.Deps.Metrics,
		texts: w.texts, outbox: w.Outbox, stock: w.stock, simulator: simulator, schedule: schedule, janitor: w.janitor, ussd: w.Deps.USSD,
		catalog: catalogStore}, nil
}

// Business is who the shop's receipts say issued them.
func Business(cfg config.Config) receipt.Business {
	phone := cfg.SMS.BusinessPhone
	if len(phone) == 12 {
		phone = "+" + phone[:3] + " " + phone[3:6] + " " + phone[6:9] + " " + phone[9:]
	}
	return receipt.Business{Name: "Mifugo Bora Feeds", Address: "Eastern Bypass, Ruiru, Kenya", Phone: phone,
		Email: cfg.BusinessEmail, KRAPIN: cfg.KRAPIN, USSDCode: cfg.USSDCode}
}

// newSMSGateway picks the SMS gateway: Africa's Talking when configured,
// the dev outbox in --dev, and none otherwise (said once, here).
func newSMSGateway(cfg config.Config, log *slog.Logger) sms.Gateway {
	switch {
	case cfg.SMS.Configured():
		return sms.NewClient(sms.Config{BaseURL: cfg.SMS.BaseURL, Username: cfg.SMS.Username, APIKey: cfg.SMS.APIKey, SenderID: cfg.SMS.SenderID}, nil)
	case cfg.Dev:
		return &sms.DevGateway{Log: log}
	default:
		log.Warn("SMS is not configured (SHOP_SMS_USERNAME, SHOP_SMS_API_KEY): no text messages are sent")
		return nil
	}
}

// paymentGateway picks Daraja: the real one when credentials are set, the
// built-in simulator (served by this process under /dev/daraja/) in dev
// mode, and none otherwise. Never a simulator without --dev. The client
// sends refunds when an initiator is configured; the simulator has its own
// initiator and certificate.
func paymentGateway(cfg config.Config) (payment.Gateway, *mpesa.Simulator, string, error) {
	m := cfg.MPesa
	if m.Configured() {
		var initiator mpesa.Initiator
		if m.RefundsWhyManual() == "" {
			cert, err := os.ReadFile(m.Certificate)
			if err == nil {
				err = mpesa.CheckCertificate(cert)
			}
			if err != nil {
				return nil, nil, "", fmt.Errorf("SHOP_MPESA_CERTIFICATE: %w", err)
			}
			initiator = mpesa.Initiator{Name: m.InitiatorName, Password: m.InitiatorPassword, Certificate: cert, ShortCode: m.B2CShortCode}
		}
		client := mpesa.NewClient(mpesa.Config{BaseURL: m.BaseURL, ConsumerKey: m.ConsumerKey, ConsumerSecret: m.ConsumerSecret,
			ShortCode: m.ShortCode, Passkey: m.Passkey, TransactionType: m.TransactionType, PartyB: m.PartyB, Initiator: initiator}, nil)
		return client, nil, m.CallbackSecret, nil
	}
	if !cfg.Dev {
		return nil, nil, "", nil
	}
	key, secret, passkey, callback := randomHex(16), randomHex(16), randomHex(32), randomHex(24)
	sim := &mpesa.Simulator{ConsumerKey: key, ConsumerSecret: secret, ShortCode: "174379", Passkey: passkey,
		Delay: m.SimDelay, Mode: mpesa.CallbackMode(m.SimCallback), LateBy: 40 * time.Second,
		InitiatorName: "shopdev", InitiatorPassword: randomHex(8) + "#", B2COutcome: m.SimB2C}
	cert, err := sim.Certificate()
	if err != nil {
		return nil, nil, "", err
	}
	client := mpesa.NewClient(mpesa.Config{BaseURL: cfg.PublicURL + "/dev/daraja", ConsumerKey: key, ConsumerSecret: secret,
		ShortCode: "174379", Passkey: passkey,
		Initiator: mpesa.Initiator{Name: sim.InitiatorName, Password: sim.InitiatorPassword, Certificate: cert}}, nil)
	return client, sim, callback, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// Close releases the database and the data directory.
func (a *App) Close() error { return errors.Join(a.DB.Close(), a.lock.Release()) }

// Serve answers HTTP on ln until ctx is done, then lets in-flight requests
// finish within the shutdown timeout.
func (a *App) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           a.Handler,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    64 << 10,
		ErrorLog:          slog.NewLogLogger(a.log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	reconcileCtx, stopReconcile := context.WithCancel(ctx)
	defer stopReconcile()
	jobsDone := make(chan struct{})
	go func() { defer close(jobsDone); a.leases.Run(reconcileCtx, a.jobs) }()
	// Each instance watches the catalogue for its own micro-cache, and keeps
	// its own search index in memory.
	a.web.WatchCatalogue(reconcileCtx)
	a.catalog.StartSearchIndex(reconcileCtx, a.log)
	if a.cfg.MetricsAddr != "" {
		stopMetrics, err := a.serveMetrics(ctx)
		if err != nil {
			_ = srv.Close()
			return err
		}
		defer stopMetrics()
	}
	if a.simulator != nil {
		defer a.simulator.Close()
	}
	a.log.Info("shop listening", "addr", ln.Addr().String(), "public_url", a.cfg.PublicURL, "dev", a.cfg.Dev)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	a.log.Info("shutting down: finishing requests in flight")
	sctx, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	// The jobs stop and their leases are let go, so another instance
	// takes them at once.
	stopReconcile()
	select {
	case <-jobsDone:
	case <-sctx.Done():
	}
	if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// serveMetrics answers /metrics, and only that, on SHOP_METRICS_ADDR (with
// SHOP_METRICS_TOKEN too when it is set) until the returned stop is called.
func (a *App) serveMetrics(ctx context.Context) (stop func(), err error) {
	ln, err := net.Listen("tcp", a.cfg.MetricsAddr)
	if err != nil {
		return nil, fmt.Errorf("metrics: listen on %s: %w", a.cfg.MetricsAddr, err)
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", a.Metrics.Handler(a.cfg.MetricsToken))
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second,
		ErrorLog: slog.NewLogLogger(a.log.Handler(), slog.LevelWarn), BaseContext: func(net.Listener) context.Context { return context.WithoutCancel(ctx) }}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.log.Error("metrics listener stopped", "err", err)
		}
	}()
	a.log.Info("metrics listening", "addr", ln.Addr().String())
	return func() { _ = srv.Close() }, nil
}

func or(v, def string) string {
	if v != "" {
		return v
	}
	return def
}

// ETIMSParts picks KRA's eTIMS: the configured OSCU, the built-in
// simulator (served under /dev/etims/) in dev mode, and none otherwise.
func ETIMSParts(cfg config.Config) (client *etims.Client, serial, verifyHost string, sim *etims.Simulator) {
	e := cfg.ETIMS
	if e.Configured() {
		client = etims.NewClient(etims.ClientConfig{BaseURL: e.URL, Style: e.Style, ConsumerKey: e.ConsumerKey, ConsumerSecret: e.ConsumerSecret,
			TIN: e.TIN, Branch: e.Branch}, nil)
		return client, e.DeviceSerial, etims.VerifyHostFor(e.URL), nil
	}
	if !cfg.Dev {
		return nil, "", "", nil
	}
	tin := cfg.KRAPIN
	if tin == "" {
		tin = "P051234567X"
	}
	serial = "SIM-" + randomHex(6)
	base := cfg.PublicURL + "/dev/etims"
	return etims.NewClient(etims.ClientConfig{BaseURL: base, Style: "direct", TIN: tin, Branch: e.Branch}, nil), serial,
		etims.VerifyHostFor(base), etims.NewSimulator(tin, serial, e.Sim)
}

// podMax is SHOP_POD_MAX as Parts take it: 0 (off) below zero.
func podMax(c money.Cents) money.Cents {
	if c == 0 {
		return -1
	}
	return c
}
