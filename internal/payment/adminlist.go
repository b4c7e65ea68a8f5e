package payment

import (
	"context"
	"strings"
	"time"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/phone"
)

// The back office's payments list: the M-Pesa prompts (payments) and the
// Paybill payments customers made themselves (c2b_payments) in one list,
// filtered, sorted and counted by status (docs/payments.md section 10). A
// Paybill row that is a prompt's own payment reported again is left out:
// the prompt's row shows it.

// Methods of the payments list.
const (
	MethodPrompt  = "mpesa"
	MethodPaybill = "paybill"
)

// ListStatuses are the payments list's statuses: a prompt's three, and
// unmatched for a Paybill payment that no order has yet (a matched one is
// succeeded once counted, pending until then).
var ListStatuses = []string{"pending", "succeeded", "failed", "unmatched"}

// ListSorts are the payments list's orders by ?sort= value ("" is newest
// first), ending in the row's own keys so pages never overlap.
var ListSorts = map[string]string{
	"":        "at DESC, method DESC, id DESC",
	"oldest":  "at, method, id",
	"amount":  "amount_cents DESC, at DESC, method DESC, id DESC",
	"-amount": "amount_cents, at, method, id",
}

// ListFilter narrows the payments list.
type ListFilter struct {
	// Statuses keeps those statuses (every one when empty).
	Statuses []string
	// Method is MethodPrompt or MethodPaybill ("" both).
	Method string
	// Search is an M-Pesa receipt, a phone number or an order number.
	Search string
	// From and To bound when the payment started or reached the shop: From
	// included, To not.
	From, To time.Time
	// Only keeps the payments these keys name (every one when nil): the
	// back office's selected rows.
	Only []ListKey
	// Sort is a key of ListSorts.
	Sort string
	// Page counts from 1; PageSize is at most db.MaxPageSize.
	Page, PageSize int
}

// ListKey names one row of the payments list: its method and its id in
// that method's table.
type ListKey struct {
	Method string
	ID     int64
}

// Listed is one row of the payments list.
type Listed struct {
	ID     int64  `json:"id"`
	Method string `json:"method"`
	Status string `json:"status"`
	Phone  string `json:"phone"`
	// Receipt is M-Pesa's transaction id, "" while a prompt waits.
	Receipt   string      `json:"receipt"`
	Amount    money.Cents `json:"amount"`
	OrderID   string      `json:"order_id"`
	PayerName string      `json:"payer_name"`
	// Result is what M-Pesa answered a prompt.
	Result string    `json:"result"`
	At     time.Time `json:"created_at"`
}

// ListPage is a page of the payments list, its count, and how many of the
// payments the filters but the status select are in each status.
type ListPage struct {
	Count        int
	Payments     []Listed
	StatusCounts map[string]int
}

// AdminList reads page f.Page of the payments f selects.
func (s *Service) AdminList(ctx context.Context, f ListFilter) (ListPage, error) {
	var w db.Where
	union := listUnion(s.db, &w, f)
	page, size := db.PageBounds(f.Page, f.PageSize)
	out := ListPage{StatusCounts: make(map[string]int, len(ListStatuses))}
	for _, st := range ListStatuses {
		out.StatusCounts[st] = 0
	}
	_, err := db.QueryAll(ctx, s.db, "payments by status", func(r db.Scanner) (struct{}, error) {
		var st string
		var n int
		err := r.Scan(&st, &n)
		out.StatusCounts[st] = n
		return struct{}{}, err
	}, `SELECT status, COUNT(*) FROM (`+union+`) AS listed GROUP BY status`, w.Args...)
	if err != nil {
		return ListPage{}, err
	}
	outer := ""
	if len(f.Statuses) > 0 {
		marks := make([]string, len(f.Statuses))
		for i, st := range f.Statuses {
			marks[i] = w.Arg(st)
		}
		outer = ` WHERE status IN (` + strings.Join(marks, ", ") + `)`
	}
	for _, st := range f.Statuses {
		out.Count += out.StatusCounts[st]
	}
	if len(f.Statuses) == 0 {
		for _, n := range out.StatusCounts {
			out.Count += n
		}
	}
	out.Payments, err = db.QueryAll(ctx, s.db, "payments", func(r db.Scanner) (p Listed, err error) {
		return p, r.Scan(&p.ID, &p.Method, &p.Status, &p.Phone, &p.Receipt, &p.Amount, &p.OrderID, &p.PayerName, &p.Result, &p.At)
	}, `SELECT id, method, status, phone, receipt, amount_cents, order_number, payer_name, result, at FROM (`+union+`) AS listed`+outer+
		` ORDER BY `+ListSorts[f.Sort]+db.Limit(page, size), w.Args...)
	return out, err
}

// listUnion is the statement of f's payments but for their status, its
// values added to w: each table's part narrowed on its own columns, so each
// reads through its own indexes.
func listUnion(d *db.DB, w *db.Where, f ListFilter) string {
	var prompt, paybill []string
	both := func(p, c string) {
		prompt, paybill = append(prompt, p), append(paybill, c)
	}
	if !f.From.IsZero() {
		n := w.Arg(d.TimeArg(f.From))
		both("p.created_at >= "+n, "c.received_at >= "+n)
	}
	if !f.To.IsZero() {
		n := w.Arg(d.TimeArg(f.To))
		both("p.created_at < "+n, "c.received_at < "+n)
	}
	if q := strings.TrimSpace(f.Search); q != "" {
		n := w.Arg(strings.ToUpper(q))
		p, c := "p.receipt = "+n+" OR o.order_number = "+n, "c.trans_id = "+n+" OR o.order_number = "+n
		if ph, ok := phone.Normalize(q); ok {
			m := w.Arg(ph)
			p, c = p+" OR p.phone = "+m, c+" OR c.msisdn = "+m
		}
		both("("+p+")", "("+c+")")
	}
	if f.Only != nil {
		// Each part keeps its own table's ids; "0" keeps none when no key names that table.
		ids := map[string][]string{MethodPrompt: {"0"}, MethodPaybill: {"0"}}
		for _, k := range f.Only {
			ids[k.Method] = append(ids[k.Method], w.Arg(k.ID))
		}
		both("p.id IN ("+strings.Join(ids[MethodPrompt], ", ")+")", "c.id IN ("+strings.Join(ids[MethodPaybill], ", ")+")")
	}
	var parts []string
	if f.Method != MethodPaybill {
		parts = append(parts, `SELECT p.id, 'mpesa' AS method, p.status, p.phone, COALESCE(p.receipt, '') AS receipt, p.amount_cents,
			o.order_number, '' AS payer_name, p.result_desc AS result, p.created_at AS at
			FROM payments p JOIN orders o ON o.id = p.order_id`+where(prompt))
	}
	if f.Method != MethodPrompt {
		paybill = append(paybill, "c.payment_id IS NULL")
		parts = append(parts, `SELECT c.id, 'paybill' AS method,
			CASE WHEN c.order_id IS NULL THEN 'unmatched' WHEN c.applied_at IS NULL THEN 'pending' ELSE 'succeeded' END AS status,
			c.msisdn AS phone, c.trans_id AS receipt, c.amount_cents, COALESCE(o.order_number, '') AS order_number, c.payer_name,
			'' AS result, c.received_at AS at
			FROM c2b_payments c LEFT JOIN orders o ON o.id = c.order_id`+where(paybill))
	}
	return strings.Join(parts, " UNION ALL ")
}

func where(conds []string) string {
	if len(conds) == 0 {
		return ""
	}
	return " WHERE " + strings.Join(conds, " AND ")
}
