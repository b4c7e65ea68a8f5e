// Package httpapi is the shop's HTTP surface: every route in one list, the
// middleware every request passes through, and the serving of the web app.
package httpapi

import (
	"compress/gzip"
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/klauspost/compress/gzhttp"

	"shop/internal/account"
	"shop/internal/admin"
	"shop/internal/agent"
	"shop/internal/apperr"
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
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/mail"
	"shop/internal/media"
	"shop/internal/metrics"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/paylink"
	"shop/internal/payment"
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

// Deps is what the HTTP layer needs from the rest of the shop.
type Deps struct {
	DB      *db.DB
	Log     *slog.Logger
	Catalog *catalog.Store
	// CSV exports and imports the catalogue as a spreadsheet.
	CSV      *catalogcsv.Store
	Stock    *stock.Ledger
	Cart     *cart.Store
	Orders   *order.Store
	Payments *payment.Service
	// Checkout places orders (the web checkout goes through it).
	Checkout *checkout.Service
	// Agents are the shop's agents: the owner's screen and the agents' own
	// page and orders; nil answers 404.
	Agents   *agent.Service
	Delivery *delivery.Store
	// Daraja is the M-Pesa simulator served under /dev/daraja/ in dev mode; nil otherwise.
	Daraja http.Handler
	// ETIMS is KRA's eTIMS simulator served under /dev/etims/ in dev mode; nil otherwise.
	ETIMS http.Handler
	// Invoices is KRA's eTIMS queue, for the back office; nil reads as off.
	Invoices *etims.Service
	// Paybill is the simulator's customer paying by Paybill, served at
	// POST /dev/mpesa/paybill/ in dev mode; nil otherwise.
	Paybill   http.Handler
	Content   *content.Store
	WebAssets fs.FS
	// Media stores the product pictures; nil: the folder MediaDir.
	Media    media.Store
	MediaDir string
	// ShareCards serves the link previews' cards, which its job draws.
	ShareCards *storefront.ShareCards
	// MediaPublicURL, when set, is where /media/KEY sends browsers (a CDN
	// or a public bucket): KEY below it.
	MediaPublicURL string
	PublicURL      string

	// Auth signs users in and checks their access tokens.
	Auth *account.Service
	// ClientIP finds a request's client address (SHOP_TRUSTED_PROXIES); nil: the peer's.
	ClientIP func(*http.Request) string
	// SMS is the text message queue (nil or disabled: no SMS), listed in the
	// dev outbox and the admin's order view.
	SMS *sms.Queue
	// WhatsApp is the number the web app's WhatsApp links open (254XXXXXXXXX).
	WhatsApp string
	// Outbox is the mail queue listed at /dev/outbox; nil outside --dev.
	Outbox *mail.Outbox
	// Mail is the mail queue the admin's order view lists and resends; nil:
	// no mail listed.
	Mail *mail.Outbox
	// LowStockThreshold is the dashboard's low-stock level (0: admin's default).
	LowStockThreshold int
	// RefundApprovalOver: refunds by a manager above it wait for an owner
	// (0: admin's default).
	RefundApprovalOver money.Cents

	// Metrics counts every request; nil counts nothing.
	Metrics *metrics.Metrics
	// MetricsToken, when set with Metrics, serves GET /metrics on this
	// handler to a request bearing it (SHOP_METRICS_TOKEN). Without it
	// /metrics is not a route here (it may have an address of its own).
	MetricsToken string
	// Backups reads the state of the backups for the admin dashboard; nil: none.
	Backups func(context.Context) (backup.Status, error)
	// Business is who receipts say issued them.
	Business receipt.Business

	Coupons *coupon.Store
	Reviews *review.Store
	VAT     *vat.Store
	// Privacy exports and erases a customer's data.
	Privacy *privacy.Service
	// Unsubscribe makes and reads the newsletter's unsubscribe links.
	Unsubscribe *content.Unsubscribe
	// Limiter counts what costs money or sends a message: contact forms,
	// subscriptions, order tracking, coupons, reviews, data exports.
	Limiter *ratelimit.Limiter
	// CartTotals is a cart's weight and its subtotal after its discount,
	// which delivery quotes look at.
	CartTotals func(ctx context.Context, cartID int64) (weight.Grams, money.Cents, error)
	// USSDCode is the shop's USSD code (SHOP_USSD_CODE), "" for none.
	USSDCode string
	// USSD answers the USSD menu, on when USSDSecret is long enough
	// (ussd.MinSecret); nil: off.
	USSD       *ussd.Service
	USSDSecret string
	// USSDPhone is the feature phone served at /dev/ussd in dev mode; nil otherwise.
	USSDPhone http.Handler
	// Riders keeps the riders' deliveries (the rider's screen and the back
	// office's assignments); PODMax caps pay on delivery (SHOP_POD_MAX).
	Riders *rider.Service
	PODMax money.Cents
	// Remind sends reminders and answers replies by SMS; SMSSecret is the
	// secret of the incoming-SMS callback (remind.MinSecret or longer, else
	// replies are off); SMSDevForm puts a reply form under each text of the
	// dev outbox (--dev).
	Remind     *remind.Service
	SMSSecret  string
	SMSDevForm bool
}

// Server is the shop's http.Handler.
type Server struct {
	db       *db.DB
	log      *slog.Logger
	catalog  *catalog.Handlers
	cart     *cart.Handlers
	orders   *order.Handlers
	pay      *payment.Handlers
	checkout *checkout.Handlers
	deliver  *delivery.Handlers
	riders   *rider.Handlers
	coupons  *coupon.Handlers
	receipt  *receipt.Handlers
	reviews  *review.Handlers
	daraja   http.Handler
	etimsSim http.Handler
	paybill  http.Handler
	content  *content.Handlers
	app      *appHandler
	media    http.Handler
	pictures media.Store
	// picturesDown is the picture store's last check, for /readyz.
	picturesDown picturesCheck
	handler      http.Handler
	// microcache holds catalogue answers for a few seconds.
	microcache *httpx.MicroCache

	// The storefront's routes: share cards, robots.txt, the sitemap.
	shares          http.Handler
	robots, sitemap http.HandlerFunc

	auth    *account.Handlers
	outbox  http.Handler
	admin   *admin.Handlers
	metrics http.Handler
	privacy *privacy.Handlers
	// unsubscribe serves the newsletter's unsubscribe links.
	unsubscribe *content.Unsubscribe
	// methods knows which methods each address takes, for the catch-alls.
	methods methodTable
	// paylink serves the payment links sent by SMS.
	paylink *paylink.Handlers
	// ussd answers Africa's Talking's USSD requests; ussdPhone is /dev/ussd.
	ussd      *ussd.Handlers
	ussdPhone http.Handler
	// remind serves "Order again", the reminders switch, incoming SMS and
	// the back office's replies.
	remind *remind.Handlers
	// agent serves a signed-in agent's page and orders.
	agent *agent.Handlers
}

// catalogueCacheLifetime is how long the micro-cache keeps an answer fresh;
// it serves it up to twice as long while a refresh reads it again.
const catalogueCacheLifetime = 150 * time.Second

// New builds the handler with every route and middleware, on what d
// gives it: it builds no store, service or limiter of its own.
func New(d Deps) (*Server, error) {
	app, err := newAppHandler(d.WebAssets)
	if err != nil {
		return nil, err
	}
	pictures := d.Media
	if pictures == nil {
		pictures = media.Dir(d.MediaDir)
	}
	s := &Server{
		db:       d.DB,
		log:      d.Log,
		catalog:  &catalog.Handlers{Store: d.Catalog},
		cart:     &cart.Handlers{Store: d.Cart, SecureCookies: strings.HasPrefix(d.PublicURL, "https://")},
		orders:   &order.Handlers{Store: d.Orders},
		content:  &content.Handlers{Store: d.Content, ClientIP: d.ClientIP},
		app:      app,
		media:    mediaHandler(pictures, d.MediaPublicURL, d.Log),
		pictures: pictures,
		// This instance's own writes empty it at once (TakesStock, admin
		// writes), and WatchCatalogue others' within a second; the lifetime
		// only bounds what a change made past both (by hand in the database)
		// would leave. 12 MB hold every address of the mixed workload; the
		// search index in memory has the rest of the process's budget
		// (docs/architecture.md section 9).
		microcache: httpx.NewMicroCache(catalogueCacheLifetime, 12<<20),
	}
	front := storefront.New(d.Catalog, d.PublicURL, d.ShareCards, d.WebAssets, d.Log)
	front.WhatsApp, front.Delivery, front.USSDCode = d.WhatsApp, d.Delivery, d.USSDCode
	s.shares, s.robots, s.sitemap = http.HandlerFunc(front.ShareCard), front.Robots, front.Sitemap
	if d.Catalog != nil {
		app.front = front
	}
	s.content.Limiter = d.Limiter
	s.content.SubscribeLimit, s.content.ContactLimit = content.DefaultLimits()
	s.pay = &payment.Handlers{Service: d.Payments}
	s.ussd, s.ussdPhone = &ussd.Handlers{Service: d.USSD, Secret: d.USSDSecret}, d.USSDPhone
	s.paylink = &paylink.Handlers{Orders: d.Orders, Payments: d.Payments, Limiter: d.Limiter, ClientIP: d.ClientIP, USSDCode: d.USSDCode}
	s.checkout = &checkout.Handlers{Service: d.Checkout, Payments: d.Payments, Orders: d.Orders, Carts: s.cart, ClientIP: d.ClientIP}
	s.agent = &agent.Handlers{Service: d.Agents, Checkout: d.Checkout, Accounts: d.Auth.Store, Orders: d.Orders, Limiter: d.Limiter}
	s.orders.Carts = s.cart
	s.receipt = &receipt.Handlers{Orders: s.orders, Business: d.Business}
	s.orders.Limiter, s.orders.ClientIP = d.Limiter, d.ClientIP
	s.coupons = &coupon.Handlers{Store: d.Coupons, Carts: s.cart, Limiter: d.Limiter, ClientIP: d.ClientIP}
	s.deliver = &delivery.Handlers{Store: d.Delivery, Carts: s.cart, CartTotals: d.CartTotals, PODMax: d.PODMax}
	s.riders = &rider.Handlers{Service: d.Riders, ClientIP: d.ClientIP}
	if d.Daraja != nil {
		s.daraja = http.StripPrefix("/dev/daraja", d.Daraja)
	}
	if d.ETIMS != nil {
		s.etimsSim = http.StripPrefix("/dev/etims", d.ETIMS)
	}
	s.paybill = d.Paybill
	authSvc := d.Auth
	s.auth = &account.Handlers{Svc: authSvc, ClientIP: d.ClientIP}
	s.reviews = &review.Handlers{Store: d.Reviews, Name: func(ctx context.Context, id int64) (string, error) {
		u, err := authSvc.Store.UserByID(ctx, id)
		return account.ReviewName(u), err
	}, Limiter: d.Limiter}
	if d.Orders != nil {
		s.reviews.Bought = d.Orders.Bought
	}
	s.unsubscribe = d.Unsubscribe
	s.privacy = &privacy.Handlers{Svc: d.Privacy, Limiter: d.Limiter}
	s.admin = admin.New(d.DB, admin.Stores{Catalog: d.Catalog, CSV: d.CSV, Stock: d.Stock, Orders: d.Orders, Content: d.Content, Accounts: authSvc.Store, Delivery: d.Delivery,
		Coupons: d.Coupons, Reviews: d.Reviews, VAT: d.VAT},
		admin.Options{Media: pictures, LowStockThreshold: d.LowStockThreshold, RefundApprovalOver: d.RefundApprovalOver, Log: d.Log, Payments: d.Payments, SMS: d.SMS, Mail: d.Mail, Backups: d.Backups,
			Privacy: d.Privacy, Unsubscribe: d.Unsubscribe, Limiter: d.Limiter, Checkout: d.Checkout, USSD: d.USSD, ETIMS: d.Invoices, Riders: d.Riders, Agents: d.Agents})

	s.remind = &remind.Handlers{Service: d.Remind, Secret: d.SMSSecret, Orders: s.orders, Carts: s.cart, Accounts: authSvc.Store}
	replyURL := ""
	if d.SMSDevForm && s.remind.Enabled() {
		s.remind.Shop, replyURL = s, devReplyPath
	}
	if d.Outbox != nil {
		s.outbox = mail.OutboxPage(d.Outbox, smsKept(d.SMS, replyURL))
	}
	if d.Metrics != nil && d.MetricsToken != "" {
		s.metrics = d.Metrics.Handler(d.MetricsToken)
	}
	mux := http.NewServeMux()
	routes := s.routes()
	s.methods = newMethodTable(routes)
	app.otherMethods = s.methods.allow
	money := map[string]bool{}
	for _, rt := range routes {
		money[rt.Pattern] = rt.Money
		limit := rt.MaxBody
		if limit == 0 {
			limit = DefaultMaxBody
		}
		h := guard(rt.Access, rt.Perm, rt.Handler)
		// Only routes of one method take a body; "/" and "/api/" answer
		// every method with a page or a 404.
		if strings.Contains(rt.Pattern, " ") {
			h = guard(rt.Access, rt.Perm, requireBody(rt.Body, rt.Handler))
		}
		if rt.Access != Operator {
			h = mfaGate(rt, h)
		}
		// A change of stock tells the other instances itself (its stock
		// movement); a back-office write tells them by the catalogue's
		// generation.
		switch {
		case rt.Access.backOffice() && !strings.HasPrefix(rt.Pattern, "GET "):
			h = s.microcache.PurgeAfter(h, s.catalogueChanged)
		case rt.TakesStock:
			h = s.microcache.PurgeAfter(h, nil)
		}
		mux.Handle(rt.Pattern, notePattern(rt.Pattern, limitBody(limit, h)))
	}
	crossOrigin, err := newCrossOriginCheck(d.PublicURL)
	if err != nil {
		return nil, err
	}
	// BestSpeed: JSON compresses well even at the fastest level, and a
	// small server has CPU to spare for little else.
	compress, err := gzhttp.NewWrapper(gzhttp.MinSize(1024), gzhttp.CompressionLevel(gzip.BestSpeed), gzhttp.SuffixETag("-gzip"))
	if err != nil {
		return nil, fmt.Errorf("gzip middleware: %w", err)
	}
	var h http.Handler = compress(checkAPIRequest(crossOrigin, mux))
	h = i18n.Middleware(strings.HasPrefix(d.PublicURL, "https://"), h)
	// Reads the bearer token, so every guard and handler sees the principal.
	h = authSvc.Authenticate(h)
	h = onWritePool(mux, money, h)
	h = securityHeaders(strings.HasPrefix(d.PublicURL, "https://"), h)
	secrets := newRedaction(routes)
	h = recoverPanics(d.Log, secrets, h)
	var observe Observer
	if d.Metrics != nil {
		observe = d.Metrics.Observe
	}
	h = logRequests(d.Log, observe, secrets, h)
	s.handler = h
	return s, nil
}

// WatchCatalogue empties the catalogue cache whenever the catalogue's
// generation moves (another instance's write, or a background job's change
// of stock), looking every second in the background until ctx ends.
func (s *Server) WatchCatalogue(ctx context.Context) {
	if s.catalog.Store != nil {
		s.catalog.Store.WatchChanges(ctx, time.Second, s.log, s.microcache.Purge)
	}
}

// catalogueChanged tells the other instances of a back-office write.
func (s *Server) catalogueChanged(ctx context.Context) {
	if s.catalog.Store == nil {
		return
	}
	if err := s.catalog.Store.Changed(ctx); err != nil {
		s.log.ErrorContext(ctx, "tell the other instances of a catalogue change", "err", err)
	}
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.handler.ServeHTTP(w, r) }

// Routes returns the route list, for tests that walk it.
func (s *Server) Routes() []Route { return s.routes() }

func (s *Server) healthz(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := s.db.Ping(ctx); err != nil {
		s.log.ErrorContext(ctx, "health check: database", "err", err)
		return apperr.Unavailable("The database is not answering.")
	}
	return httpx.WritePrivate(w, http.StatusOK, map[string]string{"status": "ok"})
}

// readyz answers 200 only when the database answers and its schema is the
// one this binary expects: a load balancer sends nothing to an instance
// that cannot serve. /healthz stays the liveness check.
func (s *Server) readyz(w http.ResponseWriter, r *http.Request) error {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	w.Header().Set("Cache-Control", "no-store")
	if err := s.db.Ping(ctx); err != nil {
		s.log.ErrorContext(ctx, "readiness: database", "err", err)
		return apperr.Unavailable("The database is not answering.")
	}
	pending, err := s.db.Pending(ctx)
	if err != nil {
		s.log.ErrorContext(ctx, "readiness: migrations", "err", err)
		return apperr.Unavailable("The database is not answering.")
	}
	if len(pending) > 0 {
		s.log.WarnContext(ctx, "readiness: migrations not applied", "pending", pending)
		return apperr.Unavailable("The database is not up to date.")
	}
	// An unreachable picture store leaves the instance in service: the
	// others cannot reach it either, pages serve the pictures cached, and
	// checkout needs none. It says so, and uploads fail with a message.
	if err := s.picturesDown.check(ctx, s.pictures); err != nil {
		s.log.WarnContext(ctx, "readiness: picture store", "err", err)
		httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ready", "pictures": "The picture store cannot be reached: new pictures cannot be uploaded."})
		return nil
	}
	httpx.WriteJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	return nil
}

// devReplyPath is the dev outbox's form that answers a text as the
// farmer would.
const devReplyPath = "/dev/sms/reply"

// smsKept lists the text messages for the dev outbox, beside the mail.
func smsKept(q *sms.Queue, replyURL string) func(context.Context) ([]mail.Kept, error) {
	return func(ctx context.Context) ([]mail.Kept, error) {
		if !q.Enabled() {
			return nil, nil
		}
		list, err := q.Latest(ctx, 200)
		out := make([]mail.Kept, len(list))
		for i, m := range list {
			out[i] = mail.Kept{Channel: "sms", To: "+" + m.To, Subject: m.Kind, Body: m.Body, CreatedAt: m.CreatedAt}
			if m.To != "" {
				out[i].ReplyURL = replyURL
			}
		}
		return out, err
	}
}
