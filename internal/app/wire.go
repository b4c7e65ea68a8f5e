package app

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"time"

	"shop/internal/account"
	"shop/internal/admin"
	"shop/internal/agent"
	"shop/internal/backup"
	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/catalogcsv"
	"shop/internal/checkout"
	"shop/internal/content"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/etims"
	"shop/internal/httpapi"
	"shop/internal/lease"
	"shop/internal/mail"
	"shop/internal/media"
	"shop/internal/metrics"
	"shop/internal/money"
	"shop/internal/notify"
	"shop/internal/order"
	"shop/internal/payment"
	"shop/internal/payment/mpesa"
	"shop/internal/privacy"
	"shop/internal/ratelimit"
	"shop/internal/receipt"
	"shop/internal/remind"
	"shop/internal/review"
	"shop/internal/rider"
	"shop/internal/sms"
	"shop/internal/stock"
	"shop/internal/storefront"
	"shop/internal/ussd"
	"shop/internal/vat"
	"shop/internal/weight"
)

// Parts are what the shop is built from: the database, the outside systems
// (real, simulated or faked) and the settings. The server fills them from
// its configuration, tests from their fakes; Wire builds the rest the same
// way for both.
type Parts struct {
	DB        *db.DB
	Log       *slog.Logger
	WebAssets fs.FS
	// Media stores the product pictures (SHOP_MEDIA_URL); nil: the folder MediaDir.
	Media    media.Store
	MediaDir string
	// MediaPublicURL is where pages find the pictures (SHOP_MEDIA_PUBLIC_URL); empty: /media/.
	MediaPublicURL string
	PublicURL      string
	// JobLease is how long a background job's lease lasts (SHOP_JOB_LEASE); 0: lease.DefaultTTL.
	JobLease time.Duration
	// ClientIP finds a request's client address (SHOP_TRUSTED_PROXIES); nil: the peer's.
	ClientIP func(*http.Request) string

	// Gateway is M-Pesa; nil answers that payments are unavailable.
	Gateway payment.Gateway
	// Payment configures the payments; its PublicURL is PublicURL.
	Payment payment.Config
	// Simulator is the M-Pesa simulator served under /dev/daraja/ (--dev),
	// reporting Paybill payments straight to this shop; nil: none.
	Simulator *mpesa.Simulator

	// Mailer sends what the mail outbox queues (SMTP, or the log in
	// --dev); nil: no mail is queued, and the log says so for each message.
	Mailer mail.Mailer
	// DevOutbox lists the outbox at /dev/outbox and keeps the reset links
	// in it once sent (--dev).
	DevOutbox bool
	// BusinessEmail gets a copy of the order mail and the stock alerts.
	BusinessEmail string
	// SMS sends text messages; nil sends none.
	SMS sms.Gateway
	// BusinessPhone gets the stock alerts by text (254XXXXXXXXX).
	BusinessPhone string
	// WhatsApp is the number the web app's WhatsApp links open.
	WhatsApp string

	// AuthSecret signs access tokens (SHOP_AUTH_SECRET); empty: a key kept in the database.
	AuthSecret string
	// AuthLimits bounds sign-ins and sign-ups; nil: account.DefaultLimits.
	AuthLimits *account.Limits
	// Now is the clock of the sign-ins and of every rate limit; nil: the wall clock.
	Now func() time.Time
	// RequireMFA makes owners and managers set up two-step sign-in before
	// anything else (SHOP_REQUIRE_MFA); tests leave it off unless under test.
	RequireMFA bool

	LowStockThreshold int
	// RefundApprovalOver: refunds by a manager above it wait for an owner
	// (0: admin's default, Ksh 5,000).
	RefundApprovalOver money.Cents
	Business           receipt.Business
	// MetricsToken serves GET /metrics on the main handler to a request bearing it.
	MetricsToken string
	// Version is the running binary's version, for shop_build_info.
	Version string
	// Backups reads the state of the backups; nil: none.
	Backups func(context.Context) (backup.Status, error)
	// ETIMS is KRA's OSCU (real or the --dev simulator's); nil turns eTIMS
	// off. ETIMSSerial is its device serial, ETIMSVerifyHost KRA's
	// receipt-verification site, ETIMSSim the simulator served under
	// /dev/etims/ (--dev), nil otherwise.
	ETIMS           *etims.Client
	ETIMSSerial     string
	ETIMSVerifyHost string
	ETIMSSim        *etims.Simulator
	// MailQueue and SMSQueue are what the metrics read of the queues (by
	// status); nil reads the mail outbox and the text message queue.
	MailQueue func(context.Context) (map[string]int, error)
	SMSQueue  func(context.Context) (map[string]int, error)

	// USSDSecret is the secret in the USSD callback paths; shorter than
	// ussd.MinSecret: USSD is off. USSDCode is the code farmers dial.
	USSDSecret, USSDCode string
	// USSDPhone serves the feature phone at /dev/ussd (--dev).
	USSDPhone bool
	// PODMax caps the goods an order may pay on delivery (SHOP_POD_MAX):
	// 0 takes delivery.DefaultPODMax, below 0 turns pay on delivery off.
	PODMax money.Cents
	// SMSSecret is the secret in the incoming-SMS callback path; shorter
	// than remind.MinSecret: replies by SMS are off. SMSDevForm puts a
	// reply form in the dev outbox (--dev).
	SMSSecret  string
	SMSDevForm bool
	// ReminderLeadDays is how many days before a bag runs out its reminder
	// goes; 0: remind.DefaultLeadDays.
	ReminderLeadDays int
	// AgentReturnWindow is how long after delivery an agent's commission
	// waits before it is payable (SHOP_AGENT_RETURN_DAYS); tests leave it 0.
	AgentReturnWindow time.Duration
}

// Wired is the shop built from its Parts: the HTTP handler, what it was
// given, and the background jobs Serve runs.
type Wired struct {
	Server *httpapi.Server
	// Deps are the stores and services the handler was built on.
	Deps    httpapi.Deps
	texts   *notify.Texts
	stock   *notify.StockAlerts
	janitor *janitor
	// Outbox is the mail queue, which Serve sends from and tests drain.
	Outbox *mail.Outbox
	// Jobs are the background jobs, each run by one instance at a time
	// under its lease (Leases); Serve runs them.
	Jobs   []lease.Job
	Leases *lease.Manager
}

// Wire builds every store, service and limiter of the shop on p, and the
// HTTP handler on them. It does no I/O.
func Wire(p Parts) (*Wired, error) {
	d, log := p.DB, p.Log
	limiter := ratelimit.New(d, p.Now)
	catalogStore, carts, orders, coupons := catalog.NewStore(d), cart.NewStore(d), order.NewStore(d), coupon.NewStore(d)
	contents := content.NewStore(d)
	catalogCSV := catalogcsv.NewStore(d, catalogStore)

	invoices := etims.New(d, p.ETIMS, p.ETIMSSerial, log)
	if p.ETIMSVerifyHost != "" {
		invoices.VerifyHost = p.ETIMSVerifyHost
	}
	payCfg := p.Payment
	payCfg.PublicURL = p.PublicURL
	payCfg.Invoices = invoices
	payments := payment.New(d, orders, p.Gateway, limiter, payCfg, log)
	// The order store reads payments, which write orders: one of the two
	// is handed the other once both exist.
	orders.UsePayments(payments)
	orders.UseInvoices(invoices)
	outbox := mail.NewOutbox(d, p.Mailer, log)
	outbox.KeepSecrets = p.DevOutbox
	// The order mail is queued with the payment, so it is never lost. With
	// eTIMS on it waits (notify.InvoiceHold) for KRA's signature and goes
	// with the signed receipt as soon as the sender has it, or with the
	// receipt saying the invoice is pending when the wait ends (the order
	// page and the receipt download show the signed one).
	notices := notify.Orders{Mail: outbox, Log: log, BusinessEmail: p.BusinessEmail, PublicURL: p.PublicURL, Receipt: receipt.Attachment(p.Business),
		Orders: orders}
	if invoices.Enabled() {
		notices.HoldForInvoice = notify.InvoiceHold
		invoices.OnSigned = notices.InvoiceSigned
	}
	payments.OnPaidTx, payments.OnUnpaidTx = notices.PaidTx, notices.UnpaidTx
	var daraja, paybill http.Handler
	if p.Simulator != nil {
		// As if `shop mpesa register-urls` had run.
		p.Simulator.ConfirmationURL, p.Simulator.ValidationURL = payments.C2BURLs()
		daraja, paybill = p.Simulator, p.Simulator.PaybillHandler()
	}

	authLimits := account.DefaultLimits
	if p.AuthLimits != nil {
		authLimits = *p.AuthLimits
	}
	auth := account.NewService(d, account.NewStore(d), limiter, account.Options{Mailer: outbox, Log: log, PublicURL: p.PublicURL, Secret: p.AuthSecret, Now: p.Now, Limits: &authLimits,
		RequireMFA: p.RequireMFA, Issuer: p.Business.Name, Audit: admin.RecordTx})
	texts := &notify.Texts{DB: d, Orders: orders, Queue: sms.NewQueue(d, p.SMS, log), PublicURL: p.PublicURL, BusinessPhone: p.BusinessPhone, Log: log}
	ledger := stock.NewLedger(d, catalogStore)
	lowStock := &notify.StockAlerts{DB: d, Ledger: ledger, Mail: outbox, Queue: texts.Queue, Threshold: p.LowStockThreshold,
		BusinessEmail: p.BusinessEmail, BusinessPhone: p.BusinessPhone, PublicURL: p.PublicURL, Log: log}
	unsubscribe := &content.Unsubscribe{Store: contents, PublicURL: p.PublicURL,
		Key: func(ctx context.Context) ([]byte, error) { return auth.DerivedKey(ctx, "newsletter-unsubscribe") }}
	leases := lease.New(d, p.JobLease, log)
	// The job list is made below and may grow after Wire (scheduled
	// backups): the metrics read it from what Wire returns.
	wired := &Wired{Leases: leases}
	msrc := metrics.Sources{Jobs: func() (all, held []string) { return lease.Names(wired.Jobs), leases.Held() }, DB: d, Orders: orders, Payments: payments, Backup: p.Backups, MailQueue: p.MailQueue, SMSQueue: p.SMSQueue, Version: p.Version, Log: log}
	if msrc.MailQueue == nil && outbox.Enabled() {
		msrc.MailQueue = outbox.ByStatus
	}
	var devOutbox *mail.Outbox
	if p.DevOutbox {
		devOutbox = outbox
	}
	if msrc.SMSQueue == nil && texts.Queue.Enabled() {
		msrc.SMSQueue = texts.Queue.ByStatus
	}
	meter := metrics.New(msrc)

	podMax := p.PODMax
	switch {
	case podMax == 0:
		podMax = delivery.DefaultPODMax
	case podMax < 0:
		podMax = 0
	}
	placing := checkout.New(d, orders, coupons, payments, log)
	placing.PODMax = podMax
	riders := rider.New(d, orders, auth.Store, payments, p.Now, log)
	// The dispatch text carries the delivery code the rider asks for.
	texts.DeliveryCode = riders.Code
	agents := agent.New(d, auth.Store, orders, payments, p.AgentReturnWindow, log)
	agents.Now = p.Now
	placing.UseAgents(agents)
	deliveries := delivery.NewStore(d)
	menu := ussd.New(ussd.Deps{DB: d, Catalog: catalogStore, Delivery: deliveries, Orders: orders, Accounts: auth.Store,
		Checkout: placing, Payments: payments, Limiter: limiter, Log: log})
	reminders := &remind.Service{DB: d, Orders: orders, Queue: texts.Queue, Checkout: placing, Limiter: limiter, Log: log,
		LeadDays: p.ReminderLeadDays, OrdersPerPhone: remind.DefaultOrdersPerPhone, BusinessPhone: p.BusinessPhone, PublicURL: p.PublicURL, Now: p.Now}
	if reminders.LeadDays <= 0 {
		reminders.LeadDays = remind.DefaultLeadDays
	}
	var phone http.Handler
	if p.USSDPhone {
		phone = &ussd.Phone{MenuURL: "/api/ussd/" + p.USSDSecret + "/", ServiceCode: or(p.USSDCode, "*384*123#")}
	}
	pictures := p.Media
	if pictures == nil {
		pictures = media.Dir(p.MediaDir)
	}
	shareCards := storefront.NewShareCards(d, catalogStore, pictures, log)
	deps := httpapi.Deps{
		DB: d, Log: log, Catalog: catalogStore, CSV: catalogCSV, Stock: ledger, Cart: carts, Content: contents, Orders: orders, Payments: payments,
		Checkout: placing, Delivery: deliveries, Agents: agents,
		Daraja: daraja, Paybill: paybill, WebAssets: p.WebAssets, Media: p.Media, MediaDir: p.MediaDir, MediaPublicURL: p.MediaPublicURL, PublicURL: p.PublicURL,
		Auth: auth, ClientIP: p.ClientIP, SMS: texts.Queue, WhatsApp: p.WhatsApp, Outbox: devOutbox, Mail: outbox,
		LowStockThreshold: p.LowStockThreshold, RefundApprovalOver: p.RefundApprovalOver, Metrics: meter, MetricsToken: p.MetricsToken, Backups: p.Backups, Business: p.Business,
		Coupons: coupons, Reviews: review.NewStore(d, catalogStore), VAT: vat.NewStore(d),
		Privacy: &privacy.Service{DB: d, Accounts: auth, Orders: orders, Payments: payments, Content: contents, SMS: texts.Queue, Mail: outbox,
			Forget: admin.ForgetUserTx, Agents: agents},
		Unsubscribe: unsubscribe, Limiter: limiter, CartTotals: cartTotals(carts, coupons),
		USSD: menu, USSDSecret: p.USSDSecret, USSDCode: p.USSDCode, USSDPhone: phone,
		ETIMS: etimsHandler(p.ETIMSSim), Invoices: invoices,
		Riders: riders, PODMax: podMax,
		Remind: reminders, SMSSecret: p.SMSSecret, SMSDevForm: p.SMSDevForm, ShareCards: shareCards,
	}
	srv, err := httpapi.New(deps)
	if err != nil {
		return nil, err
	}
	janitor := newJanitor(auth, limiter, outbox, catalogCSV, leases, log)
	// Every background job, one line each, so a new one is added (and run
	// once across instances) by a line here. Jobs that claim rows keep
	// doing so: the lease is what keeps the others from trying.
	jobs := []lease.Job{
		{Name: "mpesa-reconciler", Run: func(ctx context.Context) { payments.Reconcile(ctx, 5*time.Second) }},
		{Name: "janitor", Run: func(ctx context.Context) { janitor.Run(ctx, time.Hour) }},
		{Name: "low-stock", Run: func(ctx context.Context) { lowStock.Run(ctx, 10*time.Second) }},
		{Name: "ussd-prompts", Run: func(ctx context.Context) { menu.Run(ctx, time.Second) }},
		{Name: "etims", Run: func(ctx context.Context) { invoices.Run(ctx, 5*time.Second) }},
		{Name: "share-cards", Run: func(ctx context.Context) { shareCards.Run(ctx, 2*time.Second) }},
	}
	if texts.Queue.Enabled() {
		jobs = append(jobs, lease.Job{Name: "sms", Run: func(ctx context.Context) { texts.Run(ctx, 3*time.Second) }},
			lease.Job{Name: "reminders", Run: func(ctx context.Context) { reminders.Run(ctx, time.Minute) }})
	}
	if outbox.Enabled() {
		jobs = append(jobs, lease.Job{Name: "mail", Run: func(ctx context.Context) { outbox.Run(ctx, 3*time.Second) }})
	}
	wired.Server, wired.Deps, wired.texts, wired.stock, wired.janitor, wired.Outbox, wired.Jobs = srv, deps, texts, lowStock, janitor, outbox, jobs
	return wired, nil
}

// cartTotals is a cart's weight and its subtotal after the cart's
// discount: free delivery looks at what the customer pays, as checkout does.
func cartTotals(carts *cart.Store, coupons *coupon.Store) func(context.Context, int64) (weight.Grams, money.Cents, error) {
	return func(ctx context.Context, cartID int64) (weight.Grams, money.Cents, error) {
		lines, err := carts.Lines(ctx, cartID)
		if err != nil {
			return 0, 0, err
		}
		w, subtotal := cart.Totals(lines)
		if cartID == 0 {
			return w, subtotal, nil
		}
		c, err := coupons.ForCart(ctx, cartID, coupon.Lines(lines))
		return w, subtotal - c.Discount, err
	}
}

// etimsHandler is the simulator as a route, or none: a nil *Simulator in
// the interface would not be nil.
func etimsHandler(sim *etims.Simulator) http.Handler {
	if sim == nil {
		return nil
	}
	return sim
}
