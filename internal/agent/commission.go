package agent

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment"
)

// Link ways: the agent placed the order, or a shopper typed their code.
const (
	ViaAgent = "agent"
	ViaCode  = "code"
)

// LinkTx counts order o for the agent ref names, inside the checkout's
// transaction: the commission its goods earn at the agent's rates now,
// none when the order goes to (or is paid from) the agent's own phone. An
// unknown or paused agent's code is refused on the field agentCode.
func (s *Service) LinkTx(ctx context.Context, tx *sql.Tx, ref checkout.AgentRef, o order.Order, farmer, payer string) error {
	var id int64
	var tel string
	var err error
	via := ViaAgent
	if ref.ID != 0 {
		err = tx.QueryRowContext(ctx, `SELECT id, phone FROM agents WHERE id = $1 AND active`, ref.ID).Scan(&id, &tel)
	} else {
		via = ViaCode
		err = tx.QueryRowContext(ctx, `SELECT id, phone FROM agents WHERE code = $1 AND active`, NormalizeCode(ref.Code)).Scan(&id, &tel)
	}
	if db.NoRows(err) {
		if ref.ID != 0 {
			return apperr.Forbidden(MsgNotAgent)
		}
		return apperr.InvalidField("agentCode", checkout.MsgAgentCode)
	}
	if err != nil {
		return fmt.Errorf("find agent: %w", err)
	}
	own := farmer == tel || payer == tel
	var commission money.Cents
	if !own {
		if commission, err = commissionTx(ctx, tx, id, o.Items); err != nil {
			return err
		}
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO agent_orders (order_id, agent_id, via, farmer_phone, commission_cents, own_phone, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, o.ID, id, via, farmer, int64(commission), own, s.now())
	if err != nil {
		return fmt.Errorf("link order %s to agent %d: %w", o.Number, id, err)
	}
	return nil
}

// commissionTx is what items earn agent id: each line's goods after its
// share of the discount, at the rate of its product's category. Delivery
// earns nothing.
func commissionTx(ctx context.Context, tx *sql.Tx, id int64, items []order.Item) (money.Cents, error) {
	rows, err := tx.QueryContext(ctx, `SELECT p.id, r.rate_bp FROM agent_rates r JOIN products p ON p.category_id = r.category_id
		WHERE r.agent_id = $1`, id)
	if err != nil {
		return 0, fmt.Errorf("rates of agent %d: %w", id, err)
	}
	type rate struct {
		product int64
		bp      int
	}
	list, err := db.Collect(rows, func(r db.Scanner) (x rate, err error) { return x, r.Scan(&x.product, &x.bp) })
	if err != nil {
		return 0, err
	}
	bp := make(map[int64]int, len(list))
	for _, x := range list {
		bp[x.product] = x.bp
	}
	var total money.Cents
	for _, it := range items {
		goods := it.UnitPrice*money.Cents(it.Quantity) - it.Discount
		total += commissionOf(max(goods, 0), bp[it.ProductID])
	}
	return total, nil
}

// Commission states of one order.
const (
	// StateNone: the order earns nothing (the agent's own phone, or refunded in full).
	StateNone = "none"
	// StateUnpaid: the order is not paid (yet).
	StateUnpaid = "unpaid"
	// StateEarned: paid, waiting for delivery and the return window.
	StateEarned = "earned"
	// StatePayable: delivered or collected and past the window, not paid.
	StatePayable = "payable"
	// StatePaying: in a payout M-Pesa has not answered yet.
	StatePaying = "paying"
	// StatePaid: paid to the agent.
	StatePaid = "paid"
)

// Linked is one order that counts for an agent, with its commission.
type Linked struct {
	OrderID     int64        `json:"-"`
	Number      string       `json:"orderId"`
	Status      order.Status `json:"status"`
	CreatedAt   time.Time    `json:"created_at"`
	Total       money.Cents  `json:"total"`
	Refunded    money.Cents  `json:"refunded"`
	FarmerName  string       `json:"farmer_name"`
	FarmerPhone string       `json:"farmer_phone"`
	Via         string       `json:"via"`
	OwnPhone    bool         `json:"own_phone"`
	// Commission is what the goods earned when the order was placed;
	// Net the same less the refunds' share.
	Commission money.Cents `json:"commission"`
	Net        money.Cents `json:"net"`
	State      string      `json:"state"`
	// DeliveredAt is when it was delivered or collected; PayableAt when its
	// return window ends.
	DeliveredAt *time.Time `json:"delivered_at"`
	PayableAt   *time.Time `json:"payable_at"`
	PayoutID    string     `json:"payout_id"`
	payout      string
}

// Figures sum an agent's commission by state.
type Figures struct {
	Orders  int         `json:"orders"`
	Farmers int         `json:"farmers"`
	Earned  money.Cents `json:"earned"`
	Payable money.Cents `json:"payable"`
	Paying  money.Cents `json:"paying"`
	Paid    money.Cents `json:"paid"`
}

// linked reads the orders of agent id, newest first, each with its state at now.
func (s *Service) linked(ctx context.Context, q interface {
	QueryContext(context.Context, string, ...any) (*sql.Rows, error)
}, id int64, now time.Time) ([]Linked, error) {
	rows, err := q.QueryContext(ctx, `SELECT ao.order_id, o.order_number, o.status, o.created_at, o.total_cents, o.refunded_cents,
		o.first_name, o.last_name, ao.farmer_phone, ao.via, ao.own_phone, ao.commission_cents, COALESCE(ao.payout_id, ''), COALESCE(p.status, '')
		FROM agent_orders ao JOIN orders o ON o.id = ao.order_id LEFT JOIN payouts p ON p.public_id = ao.payout_id
		WHERE ao.agent_id = $1 ORDER BY o.created_at DESC, o.id DESC`, id)
	if err != nil {
		return nil, fmt.Errorf("orders of agent %d: %w", id, err)
	}
	list, err := db.Collect(rows, func(r db.Scanner) (l Linked, err error) {
		var first, last string
		err = r.Scan(&l.OrderID, &l.Number, &l.Status, &l.CreatedAt, &l.Total, &l.Refunded, &first, &last, &l.FarmerPhone, &l.Via,
			&l.OwnPhone, &l.Commission, &l.PayoutID, &l.payout)
		l.FarmerName, l.CreatedAt = strings.TrimSpace(first+" "+last), l.CreatedAt.UTC()
		return l, err
	})
	if err != nil {
		return nil, err
	}
	// When each was delivered or collected: the first such step of its history.
	rows, err = q.QueryContext(ctx, `SELECT e.order_id, e.created_at FROM order_events e JOIN agent_orders ao ON ao.order_id = e.order_id
		WHERE ao.agent_id = $1 AND e.to_status IN ($2, $3) ORDER BY e.id`, id, string(order.Delivered), string(order.Collected))
	if err != nil {
		return nil, fmt.Errorf("deliveries of agent %d: %w", id, err)
	}
	type step struct {
		order int64
		at    time.Time
	}
	steps, err := db.Collect(rows, func(r db.Scanner) (x step, err error) { return x, r.Scan(&x.order, &x.at) })
	if err != nil {
		return nil, err
	}
	delivered := map[int64]time.Time{}
	for _, st := range steps {
		if _, seen := delivered[st.order]; !seen {
			delivered[st.order] = st.at.UTC()
		}
	}
	for i := range list {
		l := &list[i]
		if at, ok := delivered[l.OrderID]; ok {
			due := at.Add(s.ReturnWindow)
			l.DeliveredAt, l.PayableAt = &at, &due
		}
		l.Net = net(l.Commission, l.Total, l.Refunded)
		l.State = l.state(now)
		if l.State != StatePaid && l.State != StatePaying {
			l.PayoutID = ""
		}
	}
	return list, nil
}

// net is commission less the refunds' share of the order: a refund of a
// quarter of the order takes a quarter of its commission.
func net(commission, total, refunded money.Cents) money.Cents {
	if total <= 0 || refunded >= total {
		return 0
	}
	return commission * (total - refunded) / total
}

func (l Linked) state(now time.Time) string {
	switch {
	case l.OwnPhone || (l.Commission > 0 && l.Net == 0):
		return StateNone
	case !slices.Contains(order.PaidStatuses, l.Status):
		return StateUnpaid
	case l.payout == payment.PayoutSent:
		return StatePaid
	case l.payout == payment.PayoutSending || l.payout == payment.PayoutUnknown:
		return StatePaying
	case l.PayableAt != nil && !now.Before(*l.PayableAt):
		return StatePayable
	}
	return StateEarned
}

// sum adds up list's commission by state.
func sum(list []Linked) Figures {
	var f Figures
	farmers := map[string]bool{}
	for _, l := range list {
		f.Orders++
		if l.FarmerPhone != "" {
			farmers[l.FarmerPhone] = true
		}
		switch l.State {
		case StateEarned:
			f.Earned += l.Net
		case StatePayable:
			f.Earned += l.Net
			f.Payable += l.Net
		case StatePaying:
			f.Earned += l.Net
			f.Paying += l.Net
		case StatePaid:
			f.Earned += l.Net
			f.Paid += l.Net
		}
	}
	f.Farmers = len(farmers)
	return f
}

// Flags are what the owner should look at in an agent's orders, the
// frauds that froze other shops' agents.
type Flags struct {
	// SharedPhones are farmers' phones other agents ordered for too.
	SharedPhones []string `json:"shared_phones"`
	// BusyDays are a farmer's phone and a Nairobi day with many orders.
	BusyDays []BusyDay `json:"busy_days"`
	// FailedPayments counts the agent's orders whose payment failed or
	// that were cancelled unpaid.
	FailedPayments int `json:"failed_payments"`
	// ManyFailed is up from failedOrders of them.
	ManyFailed bool `json:"many_failed"`
	// OwnPhoneOrders counts orders to the agent's own phone (no commission).
	OwnPhoneOrders int `json:"own_phone_orders"`
	// Any is true when one of the flags is up.
	Any bool `json:"any"`
}

// BusyDay is a farmer with many orders from one agent in one day.
type BusyDay struct {
	Phone  string `json:"phone"`
	Day    string `json:"day"`
	Orders int    `json:"orders"`
}

// Thresholds of the flags.
const (
	// busyDayOrders orders to one farmer in one day look like splitting.
	busyDayOrders = 3
	// failedOrders unpaid orders look like prompts sent to strangers.
	failedOrders = 3
)

// flags reads agent id's flags from list, its orders.
func (s *Service) flags(ctx context.Context, id int64, list []Linked) (Flags, error) {
	f := Flags{SharedPhones: []string{}, BusyDays: []BusyDay{}}
	shared, err := db.QueryAll(ctx, s.db, "shared phones", func(r db.Scanner) (p string, err error) { return p, r.Scan(&p) },
		`SELECT DISTINCT a.farmer_phone FROM agent_orders a JOIN agent_orders b ON b.farmer_phone = a.farmer_phone AND b.agent_id <> a.agent_id
		WHERE a.agent_id = $1 AND a.farmer_phone <> '' ORDER BY a.farmer_phone`, id)
	if err != nil {
		return f, err
	}
	f.SharedPhones = shared
	days := map[[2]string]int{}
	for _, l := range list {
		if l.OwnPhone {
			f.OwnPhoneOrders++
		}
		if l.Status == order.PaymentFailed || l.Status == order.Cancelled {
			f.FailedPayments++
		}
		if l.FarmerPhone != "" {
			days[[2]string{l.FarmerPhone, l.CreatedAt.In(db.Nairobi).Format("2006-01-02")}]++
		}
	}
	for k, n := range days {
		if n >= busyDayOrders {
			f.BusyDays = append(f.BusyDays, BusyDay{Phone: k[0], Day: k[1], Orders: n})
		}
	}
	slices.SortFunc(f.BusyDays, func(a, b BusyDay) int { return strings.Compare(b.Day+a.Phone, a.Day+b.Phone) })
	// A few failed prompts are a farmer without float, not a pattern.
	f.ManyFailed = f.FailedPayments >= failedOrders
	f.Any = len(f.SharedPhones) > 0 || len(f.BusyDays) > 0 || f.ManyFailed || f.OwnPhoneOrders > 0
	return f, nil
}
