package admin_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment"
)

// The daily totals (migration 0075) equal the sums of the orders
// themselves after every kind of change, made by several writers at once:
// orders placed paid and unpaid, paid, moved along, cancelled, refunded in
// part and in full, moved to another county or day, lines changed and
// removed, orders deleted.
func TestSalesTotalsFollowEveryChange(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		cat := e.category("Feeds", nil)
		var variants []int64
		for i, name := range []string{"Dairy Meal", "Layers Mash", "Calf Pellets"} {
			p := e.product(name, cat.ID, fmt.Sprintf("%d", 1800+i*350), true)
			variants = append(variants, e.variant(p.ID, "50 Kg", fmt.Sprintf("TOT-%d", i), fmt.Sprintf("%d", 1800+i*350), 100000).ID)
		}
		store := e.Deps.Orders
		check := func(step string) {
			t.Helper()
			compareTotals(t, store, e.Deps.Payments, step)
		}
		// 2026-03-09 21:00 UTC is midnight of 10 March in Nairobi.
		midnight := time.Date(2026, 3, 9, 21, 0, 0, 0, time.UTC)
		counties := []string{"Kiambu", "Nakuru", "Meru"}
		statuses := []order.Status{order.Paid, order.PendingPayment, order.Processing, order.PaymentFailed, order.Delivered, order.Cancelled}
		const n = 36
		numbers := make([]string, n)
		parallel(t, n, func(i int) error {
			numbers[i] = fmt.Sprintf("ORDER-17100000%05d", i)
			makeOrder(t, e.d, numbers[i], statuses[i%len(statuses)], variants[i%len(variants)], 1+i%4, "254712345678", "Wanjiku", "Mwangi")
			// Orders either side of Nairobi's midnight, over a few days.
			at := midnight.Add(time.Duration(i-6) * 5 * time.Hour).Add(-time.Second * time.Duration(i%2))
			_, err := e.d.Exec(ctx, `UPDATE orders SET created_at = $1, county = $2 WHERE order_number = $3`, e.d.TimeArg(at), counties[i%len(counties)], numbers[i])
			return err
		})
		check("placed")

		// Paid, moved along, cancelled: every writer its own order, some
		// moves refused (the report must not care).
		moves := [][]order.Status{
			{order.Paid, order.Processing}, {order.Processing, order.Dispatched, order.Delivered},
			{order.Cancelled}, {order.Paid, order.Cancelled}, {order.Processing, order.Cancelled},
		}
		parallel(t, n, func(i int) error {
			for _, to := range moves[i%len(moves)] {
				body := map[string]any{"status": to}
				if to == order.Dispatched {
					body["courier"] = "G4S"
				}
				rec := e.as("PATCH", "/api/admin/orders/"+numbers[i]+"/", body)
				if rec.Code >= 500 {
					return fmt.Errorf("%s to %s: %d %s", numbers[i], to, rec.Code, rec.Body)
				}
			}
			return nil
		})
		check("moved")

		// Refunds in part and in full, two at once on the same order too.
		parallel(t, n, func(i int) error {
			amounts := []string{"120.50", "300"}
			if i%3 == 0 {
				amounts = []string{"100000"} // more than any order: refused
			}
			for k, a := range amounts {
				rec := e.as("POST", "/api/admin/orders/"+numbers[i]+"/refunds/", map[string]any{"amount": a,
					"reason": "Short delivery", "reference": fmt.Sprintf("REF%d%d", i, k)})
				if rec.Code >= 500 {
					return fmt.Errorf("refund %s: %d %s", numbers[i], rec.Code, rec.Body)
				}
			}
			return nil
		})
		// Full refunds: whatever is left of every fourth order.
		parallel(t, n/4, func(j int) error {
			i := j * 4
			o, err := store.ByNumber(ctx, numbers[i])
			if err != nil {
				return err
			}
			left := o.AmountPaid - o.AmountRefunded
			if left <= 0 {
				return nil
			}
			rec := e.as("POST", "/api/admin/orders/"+numbers[i]+"/refunds/", map[string]any{"amount": left.String(),
				"reason": "Burst bags", "reference": fmt.Sprintf("FULL%d", i)})
			if rec.Code >= 500 {
				return fmt.Errorf("full refund %s: %d %s", numbers[i], rec.Code, rec.Body)
			}
			return nil
		})
		check("refunded")
		var fully int
		if err := e.d.QueryRow(ctx, `SELECT COUNT(*) FROM orders WHERE status = 'refunded'`).Scan(&fully); err != nil || fully == 0 {
			t.Fatalf("no order fully refunded (%v): the test no longer covers it", err)
		}

		// Changes the shop makes by hand in the database, and deletions.
		paid := func(offset int) string {
			return fmt.Sprintf(`(SELECT id FROM orders WHERE status IN ('paid', 'processing', 'dispatched', 'delivered', 'partially_refunded', 'refunded') ORDER BY id LIMIT 2 OFFSET %d)`, offset)
		}
		for _, q := range []string{
			`UPDATE orders SET county = 'Kisumu' WHERE id IN ` + paid(0),
			`UPDATE orders SET created_at = created_at + INTERVAL_DAY WHERE id IN ` + paid(2),
			`UPDATE order_items SET quantity = quantity + 1, total_price_cents = total_price_cents + unit_price_cents WHERE order_id IN ` + paid(4),
			`UPDATE orders SET subtotal_cents = subtotal_cents + 100, total_cents = total_cents + 100 WHERE id IN ` + paid(4),
			`UPDATE orders SET status = 'cancelled' WHERE id IN ` + paid(6),
			`DELETE FROM order_items WHERE order_id IN ` + paid(8),
			`DELETE FROM orders WHERE id IN ` + paid(10),
			`DELETE FROM orders WHERE id IN (SELECT id FROM orders WHERE status = 'refunded' ORDER BY id LIMIT 1)`,
			// The payment outcomes: prompts answered, unanswered, deleted;
			// Paybill payments unmatched, matched, moved, deleted.
			`UPDATE payments SET status = 'failed', result_code = 1032 WHERE id IN (SELECT id FROM payments ORDER BY id LIMIT 2)`,
			`UPDATE payments SET status = 'failed', result_code = NULL WHERE id IN (SELECT id FROM payments ORDER BY id LIMIT 2 OFFSET 2)`,
			`UPDATE payments SET amount_cents = amount_cents + 5 WHERE id IN (SELECT id FROM payments ORDER BY id LIMIT 2 OFFSET 4)`,
			`DELETE FROM payments WHERE id IN (SELECT id FROM payments ORDER BY id LIMIT 1 OFFSET 6)`,
			`INSERT INTO c2b_payments (trans_id, amount_cents, source, received_at) VALUES ('TX1', 150000, 'confirmation', '2026-03-10 20:59:59'), ('TX2', 70000, 'confirmation', '2026-03-10 21:00:00'), ('TX3', 90000, 'pull', CURRENT_TIMESTAMP)`,
			`UPDATE c2b_payments SET order_id = (SELECT MIN(id) FROM orders) WHERE trans_id IN ('TX1', 'TX3')`,
			`UPDATE c2b_payments SET received_at = CURRENT_TIMESTAMP WHERE trans_id = 'TX2'`,
			`UPDATE c2b_payments SET amount_cents = 160000 WHERE trans_id = 'TX1'`,
			`DELETE FROM c2b_payments WHERE trans_id = 'TX3'`,
		} {
			if _, err := e.d.Exec(ctx, dayInterval(e.d, q)); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			check(q)
		}
	})
}

// dayInterval spells "+ one day" for the engine.
func dayInterval(d *db.DB, q string) string {
	if d.Dialect == db.Postgres {
		return strings.ReplaceAll(q, "created_at + INTERVAL_DAY", "created_at + INTERVAL '1 day'")
	}
	return strings.ReplaceAll(q, "created_at + INTERVAL_DAY", "datetime(created_at, '+1 day')")
}

// parallel runs fn(0..n-1) on four goroutines and fails t on any error.
func parallel(t *testing.T, n int, fn func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, n)
	next := make(chan int, n)
	for i := range n {
		next <- i
	}
	close(next)
	for range 4 {
		wg.Go(func() {
			for i := range next {
				if err := fn(i); err != nil {
					errs <- err
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if t.Failed() {
		t.FailNow()
	}
}

// compareTotals checks every report read from the totals against the same
// read from the orders, over all time and over single days.
func compareTotals(t *testing.T, s *order.Store, pays *payment.Service, step string) {
	t.Helper()
	ctx := context.Background()
	day := func(y int, m time.Month, d int) time.Time { return time.Date(y, m, d, 0, 0, 0, 0, db.Nairobi) }
	// All time, whole months with days at either end, days within a month
	// and across two, and single days.
	spans := []order.Span{{Start: day(2020, 1, 1), End: day(2031, 1, 1)}, {Start: day(2026, 2, 15), End: day(2026, 12, 15)},
		{Start: day(2026, 3, 1), End: day(2026, 4, 1)}, {Start: day(2026, 3, 9), End: day(2026, 3, 12)}, {Start: day(2026, 2, 27), End: day(2026, 3, 11)}}
	for d := 8; d <= 20; d++ {
		spans = append(spans, order.Span{Start: day(2026, 3, d), End: day(2026, 3, d+1)})
	}
	today := time.Now().In(db.Nairobi)
	spans = append(spans, order.Span{Start: day(today.Year(), today.Month(), today.Day()), End: day(today.Year(), today.Month(), today.Day()+1)})
	for _, sp := range spans {
		label := fmt.Sprintf("%s, %s to %s", step, sp.Start.Format("2006-01-02"), sp.End.Format("2006-01-02"))
		for _, c := range []struct {
			what       string
			kept, sums func(context.Context, order.Span) ([]order.Sales, error)
		}{{"by day", s.SalesByDay, s.SalesByDayFromOrders}, {"by county", s.SalesByCounty, s.SalesByCountyFromOrders}} {
			kept, err := c.kept(ctx, sp)
			if err != nil {
				t.Fatal(err)
			}
			sums, err := c.sums(ctx, sp)
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(kept) != fmt.Sprint(sums) {
				t.Errorf("%s, %s: totals %v, orders %v", label, c.what, kept, sums)
			}
		}
		outcome, err := pays.SalesOutcomes(ctx, sp)
		if err != nil {
			t.Fatal(err)
		}
		recount, err := pays.SalesOutcomesFromPayments(ctx, sp)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := mustJSON(t, outcome), mustJSON(t, recount); a != b {
			t.Errorf("%s, payment outcomes: totals %s, payments %s", label, a, b)
		}
		kept, err := s.ProductSales(ctx, sp)
		if err != nil {
			t.Fatal(err)
		}
		sums, err := s.ProductSalesFromOrders(ctx, sp)
		if err != nil {
			t.Fatal(err)
		}
		byID := map[int64]order.ProductSales{}
		for _, p := range sums {
			byID[p.ProductID] = p
		}
		if len(kept) != len(sums) {
			t.Errorf("%s, products: totals %v, orders %v", label, kept, sums)
		}
		for _, p := range kept {
			if q, ok := byID[p.ProductID]; !ok || q.Revenue != p.Revenue || q.Quantity != p.Quantity || q.Name != p.Name {
				t.Errorf("%s, product %d: totals %+v, orders %+v", label, p.ProductID, p, q)
			}
		}
	}
	var revenue money.Cents
	for _, sp := range spans[:1] {
		days, _ := s.SalesByDay(ctx, sp)
		for _, d := range days {
			revenue += d.Revenue
		}
	}
	t.Logf("%.60s: revenue %s", step, revenue)
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
