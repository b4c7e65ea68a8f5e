// Package metrics is the shop's /metrics in the Prometheus text format:
// requests by route pattern and status with their latency, and figures read
// from the database at each scrape (orders by status, payments by outcome,
// the reconciler's backlog, the mail outbox, the last backup) plus the
// connection pools' statistics. /metrics is never public: it is served on
// its own address (SHOP_METRICS_ADDR) or behind a token (SHOP_METRICS_TOKEN).
package metrics

import (
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"shop/internal/backup"
	"shop/internal/db"
	"shop/internal/order"
	"shop/internal/payment"
)

// Sources are what the scrape-time figures are read from. A nil source
// leaves its series out.
type Sources struct {
	DB       *db.DB
	Orders   *order.Store
	Payments *payment.Service
	// MailQueue counts the mail outbox's messages by status (queued,
	// sending, sent, failed); nil when the shop sends no mail.
	MailQueue func(context.Context) (map[string]int, error)
	// SMSQueue counts text messages by status (queued, sending, sent,
	// failed); nil when the shop sends no SMS.
	SMSQueue func(context.Context) (map[string]int, error)
	// Backup reads the state of the backups.
	Backup func(context.Context) (backup.Status, error)
	// Jobs names the background jobs and those whose lease this instance
	// holds (package lease); nil leaves shop_job_held out.
	Jobs func() (all, held []string)
	// Version is the running binary's version ("" reads dev).
	Version string
	Log     *slog.Logger
}

// Metrics holds the shop's registry and its request series.
type Metrics struct {
	reg            *prometheus.Registry
	requests       *prometheus.CounterVec
	duration       *prometheus.HistogramVec
	backupFailures prometheus.Counter
}

// New registers every series on a registry of the shop's own.
func New(src Sources) *Metrics {
	reg := prometheus.NewRegistry()
	m := &Metrics{
		reg: reg,
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "shop_http_requests_total", Help: "HTTP requests answered, by route pattern, method and status.",
		}, []string{"route", "method", "status"}),
		duration: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name:    "shop_http_request_duration_seconds",
			Help:    "How long HTTP requests took to answer, by route pattern.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10},
		}, []string{"route"}),
		backupFailures: prometheus.NewCounter(prometheus.CounterOpts{
			Name: "shop_backup_failures_total", Help: "Scheduled backups that failed since the shop started.",
		}),
	}
	version := src.Version
	if version == "" {
		version = "dev"
	}
	build := prometheus.NewGauge(prometheus.GaugeOpts{Name: "shop_build_info", Help: "Always 1: the running binary's version, as a label.",
		ConstLabels: prometheus.Labels{"version": version}})
	build.Set(1)
	reg.MustRegister(build, m.requests, m.duration, m.backupFailures,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	if src.DB != nil {
		for name, pool := range src.DB.Pools() {
			reg.MustRegister(collectors.NewDBStatsCollector(pool, name))
		}
	}
	if src.Log == nil {
		src.Log = slog.Default()
	}
	reg.MustRegister(&scrape{src: src})
	if src.Jobs != nil {
		reg.MustRegister(jobsHeld(src.Jobs))
	}
	return m
}

// Observe counts one answered request. route is the pattern that matched
// ("GET /api/products/{id}/{$}" is "/api/products/{id}/"), never the path
// itself, so the series stay few.
func (m *Metrics) Observe(pattern, method string, status int, d time.Duration) {
	route := routeOf(pattern)
	m.requests.WithLabelValues(route, method, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(route).Observe(d.Seconds())
}

// BackupDone counts a scheduled backup's outcome.
func (m *Metrics) BackupDone(err error) {
	if err != nil {
		m.backupFailures.Inc()
	}
}

func routeOf(pattern string) string {
	if pattern == "" {
		return "unmatched"
	}
	if _, path, ok := strings.Cut(pattern, " "); ok {
		pattern = path
	}
	return strings.TrimSuffix(pattern, "{$}")
}

// Handler serves the registry. With a token, only a request carrying
// "Authorization: Bearer TOKEN" gets an answer; others get 401.
func (m *Metrics) Handler(token string) http.Handler {
	h := promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Timeout: 10 * time.Second})
	if token == "" {
		return h
	}
	want := []byte("Bearer " + token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if subtle.ConstantTimeCompare([]byte(r.Header.Get("Authorization")), want) != 1 {
			w.Header().Set("WWW-Authenticate", `Bearer realm="metrics"`)
			http.Error(w, "metrics need the token (SHOP_METRICS_TOKEN)", http.StatusUnauthorized)
			return
		}
		h.ServeHTTP(w, r)
	})
}

// scrape reads the database's figures at each scrape.
type scrape struct{ src Sources }

var (
	descOrders = prometheus.NewDesc("shop_orders", "Orders by status.", []string{"status"}, nil)
	descPay    = prometheus.NewDesc("shop_payments", "M-Pesa payments (STK pushes) by outcome and Daraja result code.",
		[]string{"status", "result_code"}, nil)
	descBacklog = prometheus.NewDesc("shop_reconciler_backlog", "Payments still waiting for M-Pesa's answer.", nil, nil)
	descDue     = prometheus.NewDesc("shop_reconciler_due", "Waiting payments due to be asked about (STK Query) now.", nil, nil)
	descOldest  = prometheus.NewDesc("shop_reconciler_oldest_pending_seconds", "How long the oldest waiting payment has waited.", nil, nil)
	descMail    = prometheus.NewDesc("shop_mail_queue_depth", "Mail waiting in the outbox to be sent (queued or sending).", nil, nil)
	descMailBy  = prometheus.NewDesc("shop_mail_messages", "Mail in the outbox by status: failed ones need a person.", []string{"status"}, nil)
	descSMS     = prometheus.NewDesc("shop_sms_messages", "Text messages by status: queued and sending are the queue's depth.", []string{"status"}, nil)
	descBackup  = prometheus.NewDesc("shop_backup_last_success_timestamp_seconds",
		"When the newest complete snapshot in SHOP_BACKUP_DIR was taken (Unix time).", nil, nil)
	descBackupWarn = prometheus.NewDesc("shop_backup_stale", "1 when the newest backup is older than twice SHOP_BACKUP_INTERVAL.", nil, nil)
	descScrapeErr  = prometheus.NewDesc("shop_metrics_read_errors", "Figures this scrape could not read from the database.", nil, nil)
)

func (s *scrape) Describe(ch chan<- *prometheus.Desc) {
	for _, d := range []*prometheus.Desc{descOrders, descPay, descBacklog, descDue, descOldest, descMail, descMailBy, descSMS, descBackup, descBackupWarn, descScrapeErr} {
		ch <- d
	}
}

func (s *scrape) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	failed := 0
	fail := func(what string, err error) bool {
		if err == nil {
			return false
		}
		failed++
		s.src.Log.Warn("metrics: reading "+what, "err", err)
		return true
	}
	gauge := func(d *prometheus.Desc, v float64, labels ...string) {
		ch <- prometheus.MustNewConstMetric(d, prometheus.GaugeValue, v, labels...)
	}
	if s.src.Orders != nil {
		if st, err := s.src.Orders.AdminStats(ctx); !fail("orders", err) {
			for status, n := range st.ByStatus {
				gauge(descOrders, float64(n), string(status))
			}
		}
	}
	if p := s.src.Payments; p != nil {
		if outcomes, err := p.Outcomes(ctx); !fail("payments", err) {
			for _, o := range outcomes {
				gauge(descPay, float64(o.Count), o.Status, o.ResultCode)
			}
		}
		if b, err := p.Backlog(ctx, time.Now()); !fail("reconciler backlog", err) {
			gauge(descBacklog, float64(b.Pending))
			gauge(descDue, float64(b.Due))
			gauge(descOldest, b.OldestAge.Seconds())
		}
	}
	if s.src.MailQueue != nil {
		if byStatus, err := s.src.MailQueue(ctx); !fail("mail queue", err) {
			gauge(descMail, float64(byStatus["queued"]+byStatus["sending"]))
			for _, status := range []string{"queued", "sending", "sent", "failed"} {
				gauge(descMailBy, float64(byStatus[status]), status)
			}
		}
	} else {
		gauge(descMail, 0)
	}
	if s.src.SMSQueue != nil {
		if byStatus, err := s.src.SMSQueue(ctx); !fail("sms queue", err) {
			for _, status := range []string{"queued", "sending", "sent", "failed"} {
				gauge(descSMS, float64(byStatus[status]), status)
			}
		}
	}
	if s.src.Backup != nil {
		if st, err := s.src.Backup(ctx); !fail("backups", err) {
			if st.LastAt != nil {
				gauge(descBackup, float64(st.LastAt.Unix()))
			}
			if st.Scheduled {
				warn := 0.0
				if st.Warning {
					warn = 1
				}
				gauge(descBackupWarn, warn)
			}
		}
	}
	gauge(descScrapeErr, float64(failed))
}
