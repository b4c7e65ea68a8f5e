// Package remind brings the farmer back: "Order again" puts a past order's
// lines into the cart, a text a few days before a bag runs out offers the
// same size again, and a reply of 1 orders it through the one checkout
// (channel sms), while STOP, START and anything else a farmer texts are
// answered (docs/notifications.md, "Reminders and replies"). It owns the
// reminders and sms_inbound tables; what a phone consented to is the sms
// package's.
package remind

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"shop/internal/catalog"
	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/every"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/ratelimit"
	"shop/internal/sms"
	"shop/internal/weight"
)

// Service sends the reminders and answers the replies.
type Service struct {
	DB       *db.DB
	Orders   *order.Store
	Queue    *sms.Queue
	Checkout *checkout.Service
	Limiter  *ratelimit.Limiter
	Log      *slog.Logger
	// LeadDays is how many days before the bag runs out the reminder goes
	// (SHOP_REMINDER_LEAD_DAYS).
	LeadDays int
	// OrdersPerPhone bounds the orders one phone places by SMS.
	OrdersPerPhone ratelimit.Limit
	// BusinessPhone and PublicURL are how to reach the shop, in the answer
	// to a text no rule understands.
	BusinessPhone, PublicURL string
	Now                      func() time.Time
}

// Defaults. Three SMS orders a day is more than a farmer places and fewer
// than a loop between two autoresponders would.
var DefaultOrdersPerPhone = ratelimit.Limit{Max: 3, Window: 24 * time.Hour}

const DefaultLeadDays = 3

// Safaricom's window for promotional texts, in Nairobi time (docs/notifications.md).
const (
	windowStart = 8
	windowEnd   = 18
)

// stale is how long after a bag ran out its reminder is still worth
// sending; an older purchase (say, when reminders are first switched on)
// is not texted about.
const stale = 7 * 24 * time.Hour

// history is how far back purchases are read.
const history = 400 * 24 * time.Hour

func (s *Service) now() time.Time {
	if s.Now != nil {
		return s.Now().UTC()
	}
	return time.Now().UTC()
}

// InWindow reports whether t is within the hours promotional texts may go.
func InWindow(t time.Time) bool {
	h := t.In(db.Nairobi).Hour()
	return h >= windowStart && h < windowEnd
}

// purchase is a line of a past order of a phone that said yes.
type purchase struct {
	orderID   int64
	phone     string
	at        time.Time
	lang      string
	status    order.Status
	variantID int64
	quantity  int
	lastsDays sql.NullInt64
}

// Due is a reminder whose time has come: the latest purchase of a size by
// a phone, and when that bag runs out.
type Due struct {
	OrderID, VariantID int64
	Phone              string
	Quantity           int
	Lang               i18n.Lang
	RunsOut            time.Time
}

// dueAt picks, from one phone's purchases of one size (oldest first), the
// reminder due at now, if any. The customer's own rhythm (the mean time
// between their purchases) wins once they have bought the size twice;
// before that the size's lasts_days, times the quantity bought.
func dueAt(list []purchase, now time.Time, lead time.Duration) (Due, bool) {
	var bought []purchase
	for _, p := range list {
		if p.status == order.Cancelled || p.status == order.PaymentFailed || p.status == order.Refunded {
			continue
		}
		if !slices.Contains(order.PaidStatuses, p.status) {
			// A newer order of the size waits for its payment: the farmer
			// is buying already.
			bought = nil
			break
		}
		bought = append(bought, p)
	}
	if len(bought) == 0 {
		return Due{}, false
	}
	last := bought[len(bought)-1]
	var lasts time.Duration
	switch {
	case len(bought) >= 2:
		lasts = last.at.Sub(bought[0].at) / time.Duration(len(bought)-1)
	case last.lastsDays.Valid:
		lasts = time.Duration(last.lastsDays.Int64) * 24 * time.Hour * time.Duration(last.quantity)
	default:
		return Due{}, false
	}
	runsOut := last.at.Add(lasts)
	if now.Before(runsOut.Add(-lead)) || now.After(runsOut.Add(stale)) {
		return Due{}, false
	}
	return Due{OrderID: last.orderID, VariantID: last.variantID, Phone: last.phone, Quantity: last.quantity,
		Lang: i18n.Parse(last.lang), RunsOut: runsOut}, true
}

// DueNow lists the reminders due at the service's now for the phones
// that said yes and not STOP, whether or not they were sent already.
func (s *Service) DueNow(ctx context.Context) ([]Due, error) {
	now := s.now()
	rows, err := db.QueryAll(ctx, s.DB, "purchases to remind", func(r db.Scanner) (p purchase, err error) {
		var st string
		err = r.Scan(&p.orderID, &p.phone, &p.at, &p.lang, &st, &p.variantID, &p.quantity, &p.lastsDays)
		p.status = order.Status(st)
		return p, err
	}, `SELECT o.id, o.phone, o.created_at, o.lang, o.status, i.variant_id, i.quantity, v.lasts_days
		FROM orders o
		JOIN sms_phones c ON c.phone = o.phone AND c.reminders AND NOT c.stopped
		JOIN order_items i ON i.order_id = o.id
		JOIN variants v ON v.id = i.variant_id
		WHERE o.created_at >= $1
		ORDER BY o.phone, i.variant_id, o.created_at, o.id`, s.DB.TimeArg(now.Add(-history)))
	if err != nil {
		return nil, err
	}
	lead := time.Duration(s.LeadDays) * 24 * time.Hour
	var out []Due
	for start := 0; start < len(rows); {
		end := start
		for end < len(rows) && rows[end].phone == rows[start].phone && rows[end].variantID == rows[start].variantID {
			end++
		}
		if d, ok := dueAt(rows[start:end], now, lead); ok {
			out = append(out, d)
		}
		start = end
	}
	return out, nil
}

// Once sends the reminders due now, if now is within the window, and
// reports how many it queued. Each is claimed by its row (one per purchase
// of a size), so instances running it at once text a farmer once.
func (s *Service) Once(ctx context.Context) (int, error) {
	if !s.Queue.Enabled() || !InWindow(s.now()) {
		return 0, nil
	}
	due, err := s.DueNow(ctx)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, d := range due {
		ok, err := s.send(ctx, d)
		if err != nil {
			return sent, err
		}
		if ok {
			sent++
		}
	}
	return sent, nil
}

// send claims and queues one reminder; false when it was sent already, the
// phone said STOP meanwhile, or the size cannot be ordered again now.
func (s *Service) send(ctx context.Context, d Due) (bool, error) {
	var n int
	if err := s.DB.QueryRow(ctx, `SELECT COUNT(*) FROM reminders WHERE order_id = $1 AND variant_id = $2`, d.OrderID, d.VariantID).Scan(&n); err != nil || n > 0 {
		return false, err
	}
	o, err := s.Orders.ByID(ctx, d.OrderID)
	if err != nil {
		return false, err
	}
	queued := false
	err = s.DB.Tx(ctx, func(tx *sql.Tx) error {
		if err := sms.LockPhoneTx(ctx, tx, s.DB.Dialect, d.Phone); err != nil {
			return err
		}
		c, err := sms.ConsentTx(ctx, tx, d.Phone)
		if err != nil || !c.Wants() {
			return err
		}
		q, ok, err := quoteTx(ctx, tx, o, d.VariantID, d.Quantity, d.Lang)
		if err != nil || !ok {
			return err
		}
		var id int64
		err = tx.QueryRowContext(ctx, `INSERT INTO reminders (order_id, variant_id, phone, quantity, lang, quoted_cents, sent_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (order_id, variant_id) DO NOTHING RETURNING id`,
			d.OrderID, d.VariantID, d.Phone, d.Quantity, string(d.Lang), int64(q.total), s.DB.TimeArg(s.now())).Scan(&id)
		if db.NoRows(err) {
			return nil // another instance sent it
		}
		if err != nil {
			return fmt.Errorf("claim reminder: %w", err)
		}
		body := ReminderText(d.Lang, q.name, d.Quantity, q.total)
		queued, err = s.Queue.EnqueueTx(ctx, tx, fmt.Sprintf("reminder:%d", id), d.OrderID, sms.KindReminder, d.Phone, body)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("reminder for order %d: %w", d.OrderID, err)
	}
	return queued, nil
}

// quoted is what ordering a size again costs today.
type quoted struct {
	name  string // "Dairy Meal 70 Kg"
	total money.Cents
}

// quoteTx prices quantity of size variantID today with the delivery o
// chose, named in l; ok false when the size is no longer sold or short of stock, or
// the delivery no longer serves it.
func quoteTx(ctx context.Context, tx *sql.Tx, o order.Order, variantID int64, quantity int, l i18n.Lang) (quoted, bool, error) {
	sizes, err := catalog.OrderSizesTx(ctx, tx, []int64{variantID})
	if err != nil {
		return quoted{}, false, err
	}
	v, found := sizes[variantID]
	if !found || !v.Active {
		return quoted{}, false, nil
	}
	var stock int
	if err := tx.QueryRowContext(ctx, `SELECT stock FROM variants WHERE id = $1`, variantID).Scan(&stock); err != nil {
		return quoted{}, false, err
	}
	if stock < quantity {
		return quoted{}, false, nil
	}
	subtotal := v.Price * money.Cents(quantity)
	q, err := delivery.QuoteTx(ctx, tx, o.ShippingAddress.County, o.Delivery.Option, v.Weight*weight.Grams(quantity), subtotal)
	if err != nil {
		return quoted{}, false, nil // the option closed: the reply could not order it either
	}
	name := v.ProductName
	if l == i18n.Kiswahili && v.ProductNameSW != "" {
		name = v.ProductNameSW
	}
	return quoted{name: name + " " + i18n.Size(l, v.Size), total: subtotal + q.Fee}, true, nil
}

// Run sends the due reminders every interval until ctx is done.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	every.Run(ctx, interval, s.Log, "reminders", func(ctx context.Context) error {
		_, err := s.Once(ctx)
		return err
	})
}
