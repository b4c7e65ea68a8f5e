package order

import (
	"context"
	"strings"
	"time"

	"shop/internal/db"
	"shop/internal/money"
)

// The sales reports' reads of orders (docs/architecture.md section 12):
// orders whose money came in (PaidStatuses), dated by when they were
// placed, in Nairobi time, net of refunds. A fully refunded order adds no
// revenue and is not counted as an order.

// Span is a range of time: Start included, End excluded.
type Span struct{ Start, End time.Time }

// Sales is what a group of orders brought in.
type Sales struct {
	// Key is the Nairobi date (YYYY-MM-DD) or the county.
	Key      string
	Revenue  money.Cents
	Orders   int
	Refunded money.Cents
}

// ProductSales is what a product sold.
type ProductSales struct {
	ProductID int64       `json:"product_id"`
	Name      string      `json:"name"`
	Revenue   money.Cents `json:"revenue"`
	Quantity  int         `json:"quantity"`
}

// paidIn is the condition for the paid orders of a span, on o.
func (s *Store) paidIn(w *db.Where, sp Span) {
	w.And("o.created_at >= " + w.Arg(s.db.TimeArg(sp.Start)))
	w.And("o.created_at < " + w.Arg(s.db.TimeArg(sp.End)))
	list := make([]string, len(PaidStatuses))
	for i, st := range PaidStatuses {
		list[i] = w.Arg(string(st))
	}
	w.And("o.status IN (" + strings.Join(list, ", ") + ")")
}

const salesSums = `SUM(o.total_cents - o.refunded_cents), SUM(CASE WHEN o.status = 'refunded' THEN 0 ELSE 1 END), SUM(o.refunded_cents)`

func scanSales(r db.Scanner) (x Sales, err error) {
	return x, r.Scan(&x.Key, &x.Revenue, &x.Orders, &x.Refunded)
}

// SalesByDay sums the paid orders of sp by Nairobi day, oldest first; days
// without sales are left out.
func (s *Store) SalesByDay(ctx context.Context, sp Span) ([]Sales, error) {
	var w db.Where
	s.paidIn(&w, sp)
	day := s.db.NairobiDay("o.created_at")
	return db.QueryAll(ctx, s.db, "sales by day", scanSales,
		`SELECT `+day+`, `+salesSums+` FROM orders o `+w.String()+` GROUP BY `+day+` ORDER BY 1`, w.Args...)
}

// SalesByCounty sums the paid orders of sp by the county they go to, the
// best selling first.
func (s *Store) SalesByCounty(ctx context.Context, sp Span) ([]Sales, error) {
	var w db.Where
	s.paidIn(&w, sp)
	return db.QueryAll(ctx, s.db, "sales by county", scanSales,
		`SELECT o.county, `+salesSums+` FROM orders o `+w.String()+` GROUP BY o.county ORDER BY 2 DESC, 1`, w.Args...)
}

// ProductSales sums what each product sold in the paid orders of sp. A
// part refund is shared among an order's lines by their value (rounded
// down, in cents); a fully refunded order sells nothing.
func (s *Store) ProductSales(ctx context.Context, sp Span) ([]ProductSales, error) {
	var w db.Where
	s.paidIn(&w, sp)
	return db.QueryAll(ctx, s.db, "product sales", func(r db.Scanner) (p ProductSales, err error) {
		return p, r.Scan(&p.ProductID, &p.Name, &p.Revenue, &p.Quantity)
	}, `SELECT COALESCE(i.product_id, 0), MAX(i.product_name),
		SUM(i.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * o.refunded_cents / o.total_cents END),
		SUM(CASE WHEN o.status = 'refunded' THEN 0 ELSE i.quantity END)
		FROM orders o JOIN order_items i ON i.order_id = o.id `+w.String()+` GROUP BY COALESCE(i.product_id, 0)`, w.Args...)
}
