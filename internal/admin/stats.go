package admin

import (
	"net/http"
	"time"

	"shop/internal/account"
	"shop/internal/backup"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
)

// Stats is the dashboard: docs/product.md's four figures, computed from the
// database (docs/architecture.md section 3), and what needs the shop's
// attention. Every back-office role reads it; what a role may not see is
// left out rather than refused: revenue without reports (null), orders
// without orders, the refunds waiting without refunds_approve.
type Stats struct {
	TotalProducts int `json:"totalProducts"`
	TotalOrders   int `json:"totalOrders"`
	TotalUsers    int `json:"totalUsers"`
	// TotalRevenue sums the paid orders (order.PaidStatuses) less their
	// refunds; null for a role without reports.
	TotalRevenue   *money.Cents         `json:"totalRevenue"`
	OrdersByStatus map[order.Status]int `json:"ordersByStatus"`
	// OrdersByChannel counts the orders of the last 30 days by where they
	// were placed (docs/ussd.md): the phone orders and the USSD menu beside
	// the web, every channel listed.
	OrdersByChannel   ChannelOrders `json:"ordersByChannel"`
	AwaitingDispatch  int           `json:"awaitingDispatch"`
	AttentionOrders   int           `json:"attentionOrders"`
	UnhandledMessages int           `json:"unhandledMessages"`
	// UnmatchedPayments counts money that came in for no order yet.
	UnmatchedPayments int `json:"unmatchedPayments"`
	// UnreadablePayments counts Paybill confirmations the shop could not
	// read (kept raw at /api/admin/payments/unreadable/).
	UnreadablePayments int `json:"unreadablePayments"`
	// FailedSMS counts text messages that could not be sent.
	FailedSMS int `json:"failedSms"`
	// ETIMSLate counts KRA invoices unsigned for more than an hour.
	ETIMSLate int `json:"etimsUnsigned"`
	// FailedMail counts mail that could not be sent (refused, or not taken
	// within a day).
	FailedMail  int `json:"failedMail"`
	Subscribers int `json:"subscribers"`
	// PendingReviews counts buyers' reviews waiting for approval.
	PendingReviews    int                       `json:"pendingReviews"`
	LowStockThreshold int                       `json:"lowStockThreshold"`
	LowStock          []catalog.LowStockVariant `json:"lowStock"`
	ToDispatch        []order.Summary           `json:"toDispatch"`
	RecentOrders      []order.Summary           `json:"recentOrders"`
	// Backup is the state of the backups: the last snapshot, and a warning
	// when it is older than twice the interval; null when nobody said.
	Backup *backup.Status `json:"backup"`
	// RefundsWaiting are the refunds waiting for an owner's approval, for
	// those who may approve them ([] for anyone else).
	RefundsWaiting []Approval `json:"refundsWaiting"`
}

// ChannelOrders is how many orders each channel brought in a span of
// Nairobi days, From and To (YYYY-MM-DD) both included: the orders list's
// ?channel=&from=&to= lists the same orders.
type ChannelOrders struct {
	From     string         `json:"from"`
	To       string         `json:"to"`
	Channels []ChannelCount `json:"channels"`
}

// ChannelCount is one channel's orders.
type ChannelCount struct {
	Channel string `json:"channel"`
	Orders  int    `json:"orders"`
}

// DashboardDays is the span of the dashboard's orders by channel, ending
// today: the reports' default span.
const DashboardDays = 30

// ordersByChannel counts the orders of the DashboardDays ending on now's
// Nairobi day. Placed orders only: their money is the reports' (which
// need reports), the counts are everyone's, as the total orders are.
func (h *Handlers) ordersByChannel(r *http.Request, now time.Time) (ChannelOrders, error) {
	today := now.In(db.Nairobi)
	to := time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, db.Nairobi)
	from := to.AddDate(0, 0, 1-DashboardDays)
	sales, err := h.orders.SalesByChannel(r.Context(), order.Span{Start: from, End: to.AddDate(0, 0, 1)})
	if err != nil {
		return ChannelOrders{}, err
	}
	c := ChannelOrders{From: from.Format("2006-01-02"), To: to.Format("2006-01-02"), Channels: make([]ChannelCount, len(sales))}
	for i, s := range sales {
		c.Channels[i] = ChannelCount{Channel: s.Channel, Orders: s.Placed}
	}
	return c, nil
}

// Stats answers GET /api/admin/stats/.
func (h *Handlers) Stats(w http.ResponseWriter, r *http.Request, a Actor) error {
	ctx := r.Context()
	s := Stats{ToDispatch: []order.Summary{}, RecentOrders: []order.Summary{}, RefundsWaiting: []Approval{}}
	var err error
	if s.TotalProducts, err = h.catalog.CountProducts(ctx); err != nil {
		return err
	}
	if s.TotalUsers, err = h.accounts.CountUsers(ctx); err != nil {
		return err
	}
	os, err := h.orders.AdminStats(ctx)
	if err != nil {
		return err
	}
	s.TotalOrders, s.OrdersByStatus = os.Total, os.ByStatus
	if s.OrdersByChannel, err = h.ordersByChannel(r, time.Now()); err != nil {
		return err
	}
	if a.Can(account.PermReports) {
		s.TotalRevenue = &os.Revenue
	}
	s.AwaitingDispatch, s.AttentionOrders = os.AwaitingDispatch, os.Attention
	if s.UnhandledMessages, err = h.content.UnhandledCount(ctx); err != nil {
		return err
	}
	if s.Subscribers, err = h.content.SubscriberCount(ctx); err != nil {
		return err
	}
	if s.ETIMSLate, err = h.etims.Late(ctx); err != nil {
		return err
	}
	if h.payments != nil {
		if s.UnmatchedPayments, err = h.payments.UnmatchedCount(ctx); err != nil {
			return err
		}
		if s.UnreadablePayments, err = h.payments.UnreadableCount(ctx); err != nil {
			return err
		}
	}
	if h.sms.Enabled() {
		if s.FailedSMS, err = h.sms.FailedCount(ctx); err != nil {
			return err
		}
	}
	if h.outbox.Enabled() {
		if s.FailedMail, err = h.outbox.FailedCount(ctx); err != nil {
			return err
		}
	}
	if s.PendingReviews, err = h.reviews.PendingCount(ctx); err != nil {
		return err
	}
	s.LowStockThreshold = h.lowStock
	if s.LowStock, err = h.catalog.LowStock(ctx, h.lowStock, 50); err != nil {
		return err
	}
	if a.Can(account.PermOrders) {
		if s.ToDispatch, err = h.orders.AwaitingDispatch(ctx, 20); err != nil {
			return err
		}
		if s.RecentOrders, err = h.orders.Recent(ctx, 10); err != nil {
			return err
		}
	}
	if a.Can(account.PermRefundsApprove) {
		if s.RefundsWaiting, err = h.waitingApprovals(ctx, 50); err != nil {
			return err
		}
	}
	if h.backups != nil {
		st, err := h.backups(ctx)
		if err != nil {
			return err
		}
		s.Backup = &st
	}
	return writeJSON(w, http.StatusOK, s)
}
