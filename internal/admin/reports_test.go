package admin_test

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"shop/internal/admin"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/testkit"
)

type salesReport struct {
	From, To, Group string
	Series          []struct {
		Period  string `json:"period"`
		Revenue string `json:"revenue"`
		Orders  int    `json:"orders"`
	} `json:"series"`
	Totals struct {
		Revenue  string `json:"revenue"`
		Orders   int    `json:"orders"`
		Refunded string `json:"refunded"`
	} `json:"totals"`
	AverageOrderValue string `json:"average_order_value"`
	ByCounty          []struct {
		County  string `json:"county"`
		Revenue string `json:"revenue"`
		Orders  int    `json:"orders"`
	} `json:"by_county"`
	Payments struct {
		STK struct {
			Paid int `json:"paid"`
		} `json:"stk"`
	} `json:"payments"`
}

type productsReport struct {
	ByRevenue []struct {
		Name     string `json:"name"`
		Revenue  string `json:"revenue"`
		Quantity int    `json:"quantity"`
	} `json:"by_revenue"`
	ByQuantity []struct {
		Name     string `json:"name"`
		Quantity int    `json:"quantity"`
	} `json:"by_quantity"`
}

// made is an order the test made, as the report should see it.
type made struct {
	at              time.Time
	status          order.Status
	total, refunded money.Cents
	county, product string
	qty             int
	lineTotal       money.Cents
}

// The reports' sums equal a direct sum of a generated set of orders, by
// Nairobi day (an order at 23:59:59 and one at 00:00:00 fall on different
// days), net of refunds.
func TestSalesReportSums(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		cat := e.category("Feeds", nil)
		type pv struct {
			name  string
			price money.Cents
			id    int64
		}
		products := []pv{{"Dairy Meal", 365000, 0}, {"=Layers Mash", 250000, 0}, {"Calf Pellets", 180050, 0}}
		for i := range products {
			p := e.product(products[i].name, cat.ID, products[i].price.String(), true)
			products[i].id = e.variant(p.ID, "50 Kg", fmt.Sprintf("SKU-%d", i), products[i].price.String(), 1000).ID
		}
		statuses := []order.Status{order.Paid, order.Processing, order.Delivered, order.PendingPayment, order.Cancelled, order.PaymentFailed, order.Dispatched}
		counties := []string{"Kiambu", "Nakuru", "Meru", "Kisumu"}
		// 2026-03-09 21:00 UTC is midnight of 10 March in Nairobi.
		midnight := time.Date(2026, 3, 9, 21, 0, 0, 0, time.UTC)
		var orders []made
		for i := range 45 {
			at := midnight.Add(time.Duration(i) * (7*time.Hour + 13*time.Minute))
			switch i {
			case 1:
				at = midnight.Add(-time.Second) // the last second of 9 March
			case 2:
				at = midnight.Add(24*time.Hour - time.Second)
			case 3:
				at = midnight.Add(24 * time.Hour)
			}
			p := products[i%len(products)]
			m := made{at: at, status: statuses[i%len(statuses)], county: counties[i%len(counties)], product: p.name, qty: 1 + i%3}
			m.lineTotal = p.price * money.Cents(m.qty)
			m.total = m.lineTotal + 50000
			number := fmt.Sprintf("ORDER-17000000%05d", i)
			makeOrder(t, e.d, number, m.status, p.id, m.qty, "254712345678", "Wanjiku", "Mwangi")
			if _, err := e.d.Exec(ctx, `UPDATE orders SET created_at = $1, county = $2 WHERE order_number = $3`, e.d.TimeArg(at), m.county, number); err != nil {
				t.Fatal(err)
			}
			refundable := m.status != order.PendingPayment && m.status != order.Cancelled && m.status != order.PaymentFailed
			if refundable && i%4 == 0 {
				m.refunded = 100050
				if i%8 == 0 {
					m.refunded = m.total
				}
				rec := e.as("POST", "/api/admin/orders/"+number+"/refunds/", map[string]any{"amount": m.refunded.String(),
					"reason": "Short delivery", "reference": fmt.Sprintf("REF%d", i)})
				testkit.WantStatus(t, rec, http.StatusCreated)
				m.status = testkit.Decode[struct{ Status order.Status }](t, rec).Status
			}
			orders = append(orders, m)
		}

		for _, c := range []struct{ from, to, group string }{
			{"2026-03-09", "2026-03-25", "day"}, {"2026-03-10", "2026-03-11", "day"}, {"2026-03-01", "2026-03-31", "week"}, {"2026-02-01", "2026-04-30", "month"},
		} {
			rep := testkit.Decode[salesReport](t, e.as("GET", "/api/admin/reports/sales/?from="+c.from+"&to="+c.to+"&group="+c.group, nil))
			from, _ := time.ParseInLocation("2006-01-02", c.from, db.Nairobi)
			to, _ := time.ParseInLocation("2006-01-02", c.to, db.Nairobi)
			revenue, count, county := map[string]money.Cents{}, map[string]int{}, map[string]money.Cents{}
			var total, refunded money.Cents
			var n int
			for _, m := range orders {
				local := m.at.In(db.Nairobi)
				if local.Before(from) || !local.Before(to.AddDate(0, 0, 1)) || !isPaid(m.status) {
					continue
				}
				key := local.Format("2006-01-02")
				switch c.group {
				case "week":
					key = local.AddDate(0, 0, -((int(local.Weekday()) + 6) % 7)).Format("2006-01-02")
				case "month":
					key = local.Format("2006-01")
				}
				revenue[key] += m.total - m.refunded
				county[m.county] += m.total - m.refunded
				total += m.total - m.refunded
				refunded += m.refunded
				if m.status != order.Refunded {
					count[key]++
					n++
				}
			}
			for _, p := range rep.Series {
				if p.Revenue != revenue[p.Period].String() || p.Orders != count[p.Period] {
					t.Errorf("%v %s: %s %d, want %s %d", c, p.Period, p.Revenue, p.Orders, revenue[p.Period], count[p.Period])
				}
				delete(revenue, p.Period)
			}
			if len(revenue) > 0 {
				t.Errorf("%v: periods missing from the series: %v", c, revenue)
			}
			for _, cs := range rep.ByCounty {
				if cs.Revenue != county[cs.County].String() {
					t.Errorf("%v county %s: %s, want %s", c, cs.County, cs.Revenue, county[cs.County])
				}
			}
			avg := money.Cents(0)
			if n > 0 {
				avg = total / money.Cents(n)
			}
			if rep.Totals.Revenue != total.String() || rep.Totals.Orders != n || rep.Totals.Refunded != refunded.String() || rep.AverageOrderValue != avg.String() {
				t.Errorf("%v totals %+v avg %s, want %s %d %s avg %s", c, rep.Totals, rep.AverageOrderValue, total, n, refunded, avg)
			}
		}
		day := testkit.Decode[salesReport](t, e.as("GET", "/api/admin/reports/sales/?from=2026-03-10&to=2026-03-10", nil))
		if len(day.Series) != 1 || day.Series[0].Period != "2026-03-10" {
			t.Fatalf("one day %+v", day.Series)
		}

		// Products: the lines of paid orders, a part refund shared by value.
		rev, qty := map[string]money.Cents{}, map[string]int{}
		for _, m := range orders {
			if !isPaid(m.status) {
				continue
			}
			rev[m.product] += m.lineTotal - m.lineTotal*m.refunded/m.total
			if m.status != order.Refunded {
				qty[m.product] += m.qty
			}
		}
		pr := testkit.Decode[productsReport](t, e.as("GET", "/api/admin/reports/products/?from=2026-03-01&to=2026-03-31", nil))
		if len(pr.ByRevenue) != 3 || len(pr.ByQuantity) != 3 {
			t.Fatalf("products %+v", pr)
		}
		for i, p := range pr.ByRevenue {
			if p.Revenue != rev[p.Name].String() || p.Quantity != qty[p.Name] || (i > 0 && money.Cents(mustParse(t, p.Revenue)) > mustParse(t, pr.ByRevenue[i-1].Revenue)) {
				t.Errorf("product %d %+v, want %s %d", i, p, rev[p.Name], qty[p.Name])
			}
		}
		for i := 1; i < len(pr.ByQuantity); i++ {
			if pr.ByQuantity[i].Quantity > pr.ByQuantity[i-1].Quantity {
				t.Errorf("by quantity not in order: %+v", pr.ByQuantity)
			}
		}

		// The CSV: a product named "=Layers Mash" cannot become a formula.
		rec := e.as("GET", "/api/admin/reports/products/?from=2026-03-01&to=2026-03-31&format=csv", nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
		if err != nil || len(rows) != 7 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") || !strings.Contains(rec.Body.String(), "'=Layers Mash") {
			t.Fatalf("csv %v %q", err, rec.Body.String())
		}
		rec = e.as("GET", "/api/admin/reports/sales/?from=2026-03-01&to=2026-03-31&group=week&format=csv", nil)
		body, bom := strings.CutPrefix(rec.Body.String(), "\ufeff")
		rows, err = csv.NewReader(strings.NewReader(body)).ReadAll()
		if err != nil || !bom || rows[0][0] != "section" || rows[1][0] != "week" {
			t.Fatalf("sales csv %v %q", err, rec.Body.String())
		}

		// The prompts were made today.
		today := time.Now().In(db.Nairobi).Format("2006-01-02")
		paid := 0
		for _, m := range orders {
			if m.status != order.PendingPayment {
				paid++
			}
		}
		if got := testkit.Decode[salesReport](t, e.as("GET", "/api/admin/reports/sales/?from="+today+"&to="+today, nil)); got.Payments.STK.Paid != paid {
			t.Errorf("payments paid %d, want %d", got.Payments.STK.Paid, paid)
		}
	})
}

func isPaid(s order.Status) bool {
	for _, p := range order.PaidStatuses {
		if p == s {
			return true
		}
	}
	return false
}

func mustParse(t *testing.T, s string) money.Cents {
	t.Helper()
	c, err := money.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestReportQueries(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for _, c := range []struct{ query, field, msg string }{
			{"from=2026-13-01", "from", admin.MsgReportDate},
			{"to=yesterday", "to", admin.MsgReportDate},
			{"from=2026-03-02&to=2026-03-01", "from", admin.MsgReportOrder},
			{"from=2010-01-01&to=2026-03-01", "from", admin.MsgReportRange},
			{"group=year", "group", admin.MsgReportGroup},
		} {
			testkit.WantError(t, e.as("GET", "/api/admin/reports/sales/?"+c.query, nil), http.StatusBadRequest, c.field, c.msg)
		}
		testkit.WantError(t, e.as("GET", "/api/admin/reports/products/?from=x", nil), http.StatusBadRequest, "from", admin.MsgReportDate)
		testkit.WantStatus(t, e.do("GET", "/api/admin/reports/sales/", e.customer, nil), http.StatusForbidden)
		// By default the 30 days ending today, by day, all zero.
		rep := testkit.Decode[salesReport](t, e.as("GET", "/api/admin/reports/sales/", nil))
		if len(rep.Series) != 30 || rep.Group != "day" || rep.Totals.Revenue != "0.00" || rep.AverageOrderValue != "0.00" {
			t.Fatalf("default %+v", rep)
		}
	})
}
