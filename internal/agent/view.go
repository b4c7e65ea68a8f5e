package agent

import (
	"context"
	"database/sql"
	"fmt"
	"regexp"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment"
)

// Overview is an agent with their orders, farmers, commission and
// payouts: the owner's page of one agent, and an agent's own page (which
// leaves out the flags).
type Overview struct {
	Agent   Agent            `json:"agent"`
	Figures Figures          `json:"figures"`
	Flags   *Flags           `json:"flags,omitempty"`
	Farmers []Farmer         `json:"farmers"`
	Orders  []Linked         `json:"orders"`
	Payouts []payment.Payout `json:"payouts"`
	// ReturnDays is the return window after delivery, in days.
	ReturnDays int `json:"return_days"`
}

// Farmer is a person an agent ordered for (or who used their code), by
// phone, as their latest order names them.
type Farmer struct {
	Name  string `json:"name"`
	Phone string `json:"phone"`
	// Place is their village (the delivery town) or pickup point.
	Place    string         `json:"place"`
	Delivery FarmerDelivery `json:"delivery"`
	// Orders are their latest orders that count for the agent, newest first.
	Orders []FarmerOrder `json:"orders"`
}

// FarmerDelivery is a farmer's last delivery choice, for a new order.
type FarmerDelivery struct {
	County     string `json:"county"`
	Address    string `json:"address"`
	City       string `json:"city"`
	PostalCode string `json:"postalCode"`
	Option     string `json:"option"`
	Kind       string `json:"kind"`
	Name       string `json:"name"`
}

// FarmerOrder is one of a farmer's orders as their agent sees it.
type FarmerOrder struct {
	Number     string       `json:"orderId"`
	Status     order.Status `json:"status"`
	CreatedAt  time.Time    `json:"created_at"`
	Total      money.Cents  `json:"total"`
	Commission money.Cents  `json:"commission"`
	State      string       `json:"state"`
	Items      []FarmerItem `json:"items"`
}

// FarmerItem is a line of a farmer's order, with its size for "Order again".
type FarmerItem struct {
	Variant     int64  `json:"variant"`
	ProductName string `json:"product_name"`
	Size        string `json:"size"`
	Quantity    int    `json:"quantity"`
}

// Limits of an agent's page: the farmers listed and each one's orders.
const (
	maxFarmers        = 100
	ordersPerFarmer   = 3
	maxOrdersInASheet = 200
)

// Overview reads agent id's page; withFlags adds the owner's flags.
func (s *Service) Overview(ctx context.Context, id int64, withFlags bool) (Overview, error) {
	a, err := s.Get(ctx, id)
	if err != nil {
		return Overview{}, err
	}
	out := Overview{Agent: a, ReturnDays: int(s.ReturnWindow / (24 * time.Hour))}
	var list []Linked
	err = s.db.ReadTx(ctx, func(tx *sql.Tx) error {
		list, err = s.linked(ctx, tx, id, s.now())
		return err
	})
	if err != nil {
		return Overview{}, err
	}
	out.Figures = sum(list)
	if withFlags {
		f, err := s.flags(ctx, id, list)
		if err != nil {
			return Overview{}, err
		}
		out.Flags = &f
	}
	if out.Farmers, err = s.farmers(ctx, list); err != nil {
		return Overview{}, err
	}
	out.Orders = list[:min(len(list), maxOrdersInASheet)]
	out.Payouts = []payment.Payout{}
	if s.payouts != nil {
		if out.Payouts, err = s.payouts.Payouts(ctx, payment.PayoutAgent, id); err != nil {
			return Overview{}, err
		}
	}
	return out, nil
}

// farmers groups list (newest first) by the farmer's phone.
func (s *Service) farmers(ctx context.Context, list []Linked) ([]Farmer, error) {
	out := []Farmer{}
	at := map[string]int{}
	for _, l := range list {
		if l.FarmerPhone == "" || l.OwnPhone {
			continue
		}
		i, seen := at[l.FarmerPhone]
		if !seen {
			if len(out) >= maxFarmers {
				continue
			}
			i = len(out)
			at[l.FarmerPhone] = i
			out = append(out, Farmer{Name: l.FarmerName, Phone: l.FarmerPhone, Orders: []FarmerOrder{}})
		}
		f := &out[i]
		if len(f.Orders) >= ordersPerFarmer {
			continue
		}
		o, err := s.orders.ByID(ctx, l.OrderID)
		if err != nil {
			return nil, err
		}
		if len(f.Orders) == 0 {
			f.Delivery = FarmerDelivery{County: o.ShippingAddress.County, Address: o.ShippingAddress.Address, City: o.ShippingAddress.City,
				PostalCode: o.ShippingAddress.PostalCode, Option: o.Delivery.Option, Kind: o.Delivery.Kind, Name: o.Delivery.Name}
			f.Place = o.ShippingAddress.City
			if o.Delivery.Kind == "pickup" || f.Place == "" {
				f.Place = o.Delivery.Name
			}
		}
		fo := FarmerOrder{Number: o.Number, Status: o.Status, CreatedAt: o.CreatedAt.UTC(), Total: o.Total, Commission: l.Net, State: l.State,
			Items: []FarmerItem{}}
		for _, it := range o.Items {
			fo.Items = append(fo.Items, FarmerItem{Variant: it.VariantID, ProductName: it.ProductName, Size: it.Size, Quantity: it.Quantity})
		}
		f.Orders = append(f.Orders, fo)
	}
	return out, nil
}

// Summary is one agent in the owner's list, with their figures and flags.
type Summary struct {
	Agent
	Figures Figures `json:"figures"`
	Flags   Flags   `json:"flags"`
}

// Summaries lists every agent with their figures and flags.
func (s *Service) Summaries(ctx context.Context) ([]Summary, error) {
	agents, err := s.List(ctx)
	if err != nil {
		return nil, err
	}
	out := make([]Summary, len(agents))
	now := s.now()
	for i, a := range agents {
		var list []Linked
		err := s.db.ReadTx(ctx, func(tx *sql.Tx) (err error) {
			list, err = s.linked(ctx, tx, a.ID, now)
			return err
		})
		if err != nil {
			return nil, err
		}
		out[i] = Summary{Agent: a, Figures: sum(list)}
		if out[i].Flags, err = s.flags(ctx, a.ID, list); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// MaySee reports whether the agent with account userID may read order
// number: only orders that count for them.
func (s *Service) MaySee(ctx context.Context, userID int64, number string) (bool, error) {
	n, err := s.db.Count(ctx, "agent's order", `SELECT COUNT(*) FROM agent_orders ao JOIN agents a ON a.id = ao.agent_id
		JOIN orders o ON o.id = ao.order_id WHERE a.user_id = $1 AND a.active AND o.order_number = $2`, userID, number)
	return n > 0, err
}

// PayInput is the owner paying an agent's payable commission.
type PayInput struct {
	// Period names what is paid, a Nairobi month such as 2026-11 (the
	// current one when empty): one payout per agent and period.
	Period string `json:"period"`
	// Method is mpesa (B2C to the agent's phone) or manual (paid by hand,
	// with its Reference).
	Method    string `json:"method"`
	Reference string `json:"reference"`
	Note      string `json:"note"`
}

// Messages of paying an agent (the back office's).
const (
	MsgPeriod     = "A period is a month, like 2026-11."
	MsgNothingDue = "Nothing is payable to this agent now."
)

var periodForm = regexp.MustCompile(`^20[0-9]{2}-(0[1-9]|1[0-2])$`)

// PayTx pays agent id what is payable now inside tx (the caller's audit
// entry shares it): the payout is stored, and every order it pays names it,
// so a second payout of the same orders is impossible; one payout per
// agent and period. An M-Pesa payout is sent with Send once tx has
// committed. M-Pesa sends whole shillings: the cents below one are left out.
func (s *Service) PayTx(ctx context.Context, tx *sql.Tx, id int64, in PayInput, actor string) (payment.Payout, []string, error) {
	if s.payouts == nil {
		return payment.Payout{}, nil, apperr.NotFound("Not found")
	}
	in.Period = strings.TrimSpace(in.Period)
	if in.Period == "" {
		in.Period = s.now().In(db.Nairobi).Format("2006-01")
	}
	if !periodForm.MatchString(in.Period) {
		return payment.Payout{}, nil, apperr.InvalidField("period", MsgPeriod)
	}
	a, err := getTx(ctx, tx, id)
	if err != nil {
		return payment.Payout{}, nil, err
	}
	// Two payouts at once for one agent: the second waits here, then finds
	// the orders taken (and the period paid).
	if err := db.LockKey(ctx, tx, s.db.Dialect, fmt.Sprintf("agent:pay:%d", id)); err != nil {
		return payment.Payout{}, nil, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE agents SET active = active WHERE id = $1`, id); err != nil {
		return payment.Payout{}, nil, fmt.Errorf("lock agent %d: %w", id, err)
	}
	list, err := s.linked(ctx, tx, id, s.now())
	if err != nil {
		return payment.Payout{}, nil, err
	}
	var amount money.Cents
	var ids []int64
	var numbers []string
	for _, l := range list {
		if l.State == StatePayable && l.Net > 0 {
			amount += l.Net
			ids, numbers = append(ids, l.OrderID), append(numbers, l.Number)
		}
	}
	if in.Method == payment.PayoutMpesa {
		amount -= amount % 100
	}
	if amount <= 0 {
		return payment.Payout{}, nil, apperr.Conflict(MsgNothingDue)
	}
	p, err := s.payouts.PayoutTx(ctx, tx, payment.PayoutInput{Kind: payment.PayoutAgent, PayeeID: id, Period: in.Period, Method: in.Method,
		Amount: amount, Phone: a.Phone, Reference: in.Reference, Note: in.Note, Actor: actor})
	if err != nil {
		return payment.Payout{}, nil, err
	}
	cond, arg := s.db.InIDs("order_id", 2, ids)
	if _, err := tx.ExecContext(ctx, `UPDATE agent_orders SET payout_id = $1 WHERE `+cond, p.ID, arg); err != nil {
		return payment.Payout{}, nil, fmt.Errorf("mark orders of payout %s: %w", p.ID, err)
	}
	return p, numbers, nil
}

// Send sends an M-Pesa payout stored by PayTx.
func (s *Service) Send(ctx context.Context, id string) error {
	if s.payouts == nil {
		return nil
	}
	return s.payouts.SendPayout(ctx, id)
}
