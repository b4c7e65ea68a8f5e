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
//
// A span of whole Nairobi days (every report's) is read from the daily
// totals, sales_days and sales_day_products (migration 0075), which
// triggers keep in the transaction that changes an order; any other span
// from the orders themselves. The reads from the orders stay as the
// totals' definition: a test compares the two after every kind of change.

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

// totalsSums are salesSums over rows of sales_days.
const totalsSums = `SUM(revenue_cents), SUM(orders), SUM(refunded_cents)`

// Days gives the Nairobi days (YYYY-MM-DD) of sp, from included and to
// excluded, when sp starts and ends at Nairobi midnights: a span the daily
// totals answer.
func (sp Span) Days() (from, to string, ok bool) {
	a, b := sp.Start.In(db.Nairobi), sp.End.In(db.Nairobi)
	midnight := func(t time.Time) bool {
		return t.Hour() == 0 && t.Minute() == 0 && t.Second() == 0 && t.Nanosecond() == 0
	}
	if !midnight(a) || !midnight(b) {
		return "", "", false
	}
	return a.Format("2006-01-02"), b.Format("2006-01-02"), true
}

func scanSales(r db.Scanner) (x Sales, err error) {
	return x, r.Scan(&x.Key, &x.Revenue, &x.Orders, &x.Refunded)
}

// SalesByDay sums the paid orders of sp by Nairobi day, oldest first; days
// without sales are left out.
func (s *Store) SalesByDay(ctx context.Context, sp Span) ([]Sales, error) {
	if from, to, ok := sp.Days(); ok {
		return db.QueryAll(ctx, s.db, "sales by day", scanSales,
			`SELECT day, `+totalsSums+` FROM sales_days WHERE day >= $1 AND day < $2
			GROUP BY day HAVING SUM(paid_orders) > 0 ORDER BY 1`, from, to)
	}
	return s.SalesByDayFromOrders(ctx, sp)
}

// SalesByDayFromOrders is SalesByDay summed from the orders themselves.
func (s *Store) SalesByDayFromOrders(ctx context.Context, sp Span) ([]Sales, error) {
	var w db.Where
	s.paidIn(&w, sp)
	day := s.db.NairobiDay("o.created_at")
	return db.QueryAll(ctx, s.db, "sales by day", scanSales,
		`SELECT `+day+`, `+salesSums+` FROM orders o `+w.String()+` GROUP BY `+day+` ORDER BY 1`, w.Args...)
}

// SalesByCounty sums the paid orders of sp by the county they go to, the
// best selling first.
func (s *Store) SalesByCounty(ctx context.Context, sp Span) ([]Sales, error) {
	if from, to, ok := sp.Days(); ok {
		return db.QueryAll(ctx, s.db, "sales by county", scanSales,
			`SELECT county, `+totalsSums+` FROM sales_days WHERE day >= $1 AND day < $2
			GROUP BY county HAVING SUM(paid_orders) > 0 ORDER BY 2 DESC, 1`, from, to)
	}
	return s.SalesByCountyFromOrders(ctx, sp)
}

// SalesByCountyFromOrders is SalesByCounty summed from the orders themselves.
func (s *Store) SalesByCountyFromOrders(ctx context.Context, sp Span) ([]Sales, error) {
	var w db.Where
	s.paidIn(&w, sp)
	return db.QueryAll(ctx, s.db, "sales by county", scanSales,
		`SELECT o.county, `+salesSums+` FROM orders o `+w.String()+` GROUP BY o.county ORDER BY 2 DESC, 1`, w.Args...)
}

// ProductSales sums what each product sold in the paid orders of sp. A
// part refund is shared among an order's lines by their value (rounded
// down, in cents); a fully refunded order sells nothing.
//
// From the daily totals, a product's name is the greatest of the names its
// lines of those days ever carried (an order that left the report leaves
// its name behind); from the orders, of the lines still counted.
func (s *Store) ProductSales(ctx context.Context, sp Span) ([]ProductSales, error) {
	if from, to, ok := sp.Days(); ok {
		// Whole months from their totals (migration 0077), the days at
		// either end from theirs.
		m1, m2 := fullMonths(from, to)
		d1, d2 := m1+"-01", m2+"-01"
		if m1 == m2 {
			d1, d2 = to, to
		}
		return db.QueryAll(ctx, s.db, "product sales", scanProductSales,
			`SELECT product_id, MAX(name), SUM(revenue_cents), SUM(quantity) FROM (
				SELECT product_id, name, revenue_cents, quantity, lines FROM sales_day_products
				WHERE (day >= $1 AND day < $2) OR (day >= $3 AND day < $4)
				UNION ALL
				SELECT product_id, name, revenue_cents, quantity, lines FROM sales_month_products
				WHERE month >= $5 AND month < $6) AS t
			GROUP BY product_id HAVING SUM(lines) > 0`, from, d1, d2, to, m1, m2)
	}
	return s.ProductSalesFromOrders(ctx, sp)
}

// fullMonths gives the whole months (YYYY-MM) of the days from, to (to
// excluded): m1 included, m2 excluded; m1 == m2 when there are none.
func fullMonths(from, to string) (m1, m2 string) {
	a, _ := time.Parse("2006-01-02", from)
	b, _ := time.Parse("2006-01-02", to)
	first := time.Date(a.Year(), a.Month(), 1, 0, 0, 0, 0, time.UTC)
	if first.Before(a) {
		first = first.AddDate(0, 1, 0)
	}
	last := time.Date(b.Year(), b.Month(), 1, 0, 0, 0, 0, time.UTC)
	if !first.Before(last) {
		return to[:7], to[:7]
	}
	return first.Format("2006-01"), last.Format("2006-01")
}

func scanProductSales(r db.Scanner) (p ProductSales, err error) {
	return p, r.Scan(&p.ProductID, &p.Name, &p.Revenue, &p.Quantity)
}

// ProductSalesFromOrders is ProductSales summed from the orders themselves.
func (s *Store) ProductSalesFromOrders(ctx context.Context, sp Span) ([]ProductSales, error) {
	var w db.Where
	s.paidIn(&w, sp)
	return db.QueryAll(ctx, s.db, "product sales", scanProductSales, `SELECT COALESCE(i.product_id, 0), MAX(i.product_name),
		SUM(i.total_price_cents - CASE WHEN o.refunded_cents = 0 THEN 0 ELSE i.total_price_cents * o.refunded_cents / o.total_cents END),
		SUM(CASE WHEN o.status = 'refunded' THEN 0 ELSE i.quantity END)
		FROM orders o JOIN order_items i ON i.order_id = o.id `+w.String()+` GROUP BY COALESCE(i.product_id, 0)`, w.Args...)
}
