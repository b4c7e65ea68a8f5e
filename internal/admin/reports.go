package admin

import (
	"encoding/csv"
	"io"
	"net/http"
	"slices"
	"strconv"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/httpx"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment"
)

// The sales reports (docs/architecture.md section 12): paid orders net of
// refunds, by Nairobi day, week (from Monday) or month, with ?format=csv
// for a spreadsheet.

// Report messages, on the query's fields.
const (
	MsgReportDate  = "Use a date like 2026-11-23."
	MsgReportOrder = "The start date must not be after the end date."
	MsgReportRange = "Choose at most 5 years."
	MsgReportGroup = "group must be day, week or month."
)

// reportQuery is a report's range of Nairobi days, both included.
type reportQuery struct {
	from, to time.Time // midnight in Nairobi
	group    string
	csv      bool
}

func (q reportQuery) span() order.Span {
	return order.Span{Start: q.from, End: q.to.AddDate(0, 0, 1)}
}

// readReport reads ?from=&to= (YYYY-MM-DD; by default the 30 days ending
// today), ?group= (day by default) and ?format=csv.
func readReport(r *http.Request, now time.Time) (reportQuery, error) {
	v := r.URL.Query()
	today := now.In(db.Nairobi)
	q := reportQuery{to: time.Date(today.Year(), today.Month(), today.Day(), 0, 0, 0, 0, db.Nairobi), group: "day", csv: v.Get("format") == "csv"}
	q.from = q.to.AddDate(0, 0, -29)
	bad := map[string]string{}
	for _, f := range []struct {
		name string
		into *time.Time
	}{{"from", &q.from}, {"to", &q.to}} {
		if s := v.Get(f.name); s != "" {
			t, err := time.ParseInLocation("2006-01-02", s, db.Nairobi)
			if err != nil {
				bad[f.name] = MsgReportDate
				continue
			}
			*f.into = t
		}
	}
	if g := v.Get("group"); g != "" {
		if !slices.Contains([]string{"day", "week", "month"}, g) {
			bad["group"] = MsgReportGroup
		}
		q.group = g
	}
	if f := v.Get("format"); f != "" && f != "csv" && f != "json" {
		bad["format"] = "format must be json or csv."
	}
	if len(bad) == 0 {
		switch {
		case q.from.After(q.to):
			bad["from"] = MsgReportOrder
		case q.to.Sub(q.from) > 5*366*24*time.Hour:
			bad["from"] = MsgReportRange
		}
	}
	if len(bad) > 0 {
		return reportQuery{}, apperr.InvalidFields(bad, "from", "to", "group", "format")
	}
	return q, nil
}

// Point is one period of the sales series.
type Point struct {
	// Period is its first day (YYYY-MM-DD), or its month (YYYY-MM).
	Period  string      `json:"period"`
	Revenue money.Cents `json:"revenue"`
	Orders  int         `json:"orders"`
}

// CountySales is what orders to one county brought in.
type CountySales struct {
	County  string      `json:"county"`
	Revenue money.Cents `json:"revenue"`
	Orders  int         `json:"orders"`
}

// SalesReport answers GET /api/admin/reports/sales/.
type SalesReport struct {
	From   string  `json:"from"`
	To     string  `json:"to"`
	Group  string  `json:"group"`
	Series []Point `json:"series"`
	Totals struct {
		Revenue  money.Cents `json:"revenue"`
		Orders   int         `json:"orders"`
		Refunded money.Cents `json:"refunded"`
	} `json:"totals"`
	AverageOrderValue money.Cents           `json:"average_order_value"`
	ByCounty          []CountySales         `json:"by_county"`
	Payments          *payment.SalesOutcome `json:"payments"`
}

// periodOf is the period a Nairobi day (YYYY-MM-DD) falls in.
func periodOf(day time.Time, group string) string {
	switch group {
	case "week":
		back := (int(day.Weekday()) + 6) % 7 // days since Monday
		return day.AddDate(0, 0, -back).Format("2006-01-02")
	case "month":
		return day.Format("2006-01")
	}
	return day.Format("2006-01-02")
}

// SalesReport answers GET /api/admin/reports/sales/?from=&to=&group=.
func (h *Handlers) SalesReport(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readReport(r, time.Now())
	if err != nil {
		return err
	}
	ctx := r.Context()
	days, err := h.orders.SalesByDay(ctx, q.span())
	if err != nil {
		return err
	}
	counties, err := h.orders.SalesByCounty(ctx, q.span())
	if err != nil {
		return err
	}
	rep := SalesReport{From: q.from.Format("2006-01-02"), To: q.to.Format("2006-01-02"), Group: q.group, Series: []Point{}, ByCounty: []CountySales{}}
	// Every period of the range is listed, those without sales as zero,
	// so a chart's axis is even.
	index := map[string]int{}
	for d := q.from; !d.After(q.to); d = d.AddDate(0, 0, 1) {
		p := periodOf(d, q.group)
		if _, ok := index[p]; !ok {
			index[p] = len(rep.Series)
			rep.Series = append(rep.Series, Point{Period: p})
		}
	}
	for _, s := range days {
		day, err := time.ParseInLocation("2006-01-02", s.Key, db.Nairobi)
		if err != nil {
			return err
		}
		pt := &rep.Series[index[periodOf(day, q.group)]]
		pt.Revenue += s.Revenue
		pt.Orders += s.Orders
		rep.Totals.Revenue += s.Revenue
		rep.Totals.Orders += s.Orders
		rep.Totals.Refunded += s.Refunded
	}
	if rep.Totals.Orders > 0 {
		rep.AverageOrderValue = rep.Totals.Revenue / money.Cents(rep.Totals.Orders)
	}
	for _, c := range counties {
		rep.ByCounty = append(rep.ByCounty, CountySales{County: c.Key, Revenue: c.Revenue, Orders: c.Orders})
	}
	if h.payments != nil {
		out, err := h.payments.SalesOutcomes(ctx, q.span())
		if err != nil {
			return err
		}
		rep.Payments = &out
	}
	if q.csv {
		return writeCSV(w, "sales-"+rep.From+"-to-"+rep.To+".csv", salesRows(rep))
	}
	return writeJSON(w, http.StatusOK, rep)
}

// salesRows is the sales report as one table: a section column keeps each
// part apart for a spreadsheet's filter.
func salesRows(rep SalesReport) [][]string {
	rows := [][]string{{"section", "name", "revenue", "orders"}}
	for _, p := range rep.Series {
		rows = append(rows, []string{rep.Group, p.Period, p.Revenue.String(), strconv.Itoa(p.Orders)})
	}
	rows = append(rows, []string{"total", rep.From + " to " + rep.To, rep.Totals.Revenue.String(), strconv.Itoa(rep.Totals.Orders)},
		[]string{"refunded", "", rep.Totals.Refunded.String(), ""},
		[]string{"average order value", "", rep.AverageOrderValue.String(), ""})
	for _, c := range rep.ByCounty {
		rows = append(rows, []string{"county", c.County, c.Revenue.String(), strconv.Itoa(c.Orders)})
	}
	if p := rep.Payments; p != nil {
		rows = append(rows, []string{"payments", "M-Pesa prompts paid", p.STK.PaidAmount.String(), strconv.Itoa(p.STK.Paid)},
			[]string{"payments", "M-Pesa prompts failed", "", strconv.Itoa(p.STK.Failed)})
		for _, f := range p.Failures {
			name := f.Reason
			if f.ResultCode != nil {
				name += " (" + strconv.Itoa(*f.ResultCode) + ")"
			}
			rows = append(rows, []string{"payment failure", name, "", strconv.Itoa(f.Count)})
		}
		rows = append(rows, []string{"payments", "Paybill", p.Paybill.Amount.String(), strconv.Itoa(p.Paybill.Payments)})
	}
	return rows
}

// ProductsReport answers GET /api/admin/reports/products/.
type ProductsReport struct {
	From       string               `json:"from"`
	To         string               `json:"to"`
	ByRevenue  []order.ProductSales `json:"by_revenue"`
	ByQuantity []order.ProductSales `json:"by_quantity"`
}

// topProducts is how many products each list of the products report shows.
const topProducts = 10

// ProductsReport answers GET /api/admin/reports/products/?from=&to=: the 10
// products that brought in most, and the 10 sold in the largest numbers.
func (h *Handlers) ProductsReport(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readReport(r, time.Now())
	if err != nil {
		return err
	}
	all, err := h.orders.ProductSales(r.Context(), q.span())
	if err != nil {
		return err
	}
	top := func(key func(order.ProductSales) int64) []order.ProductSales {
		list := slices.Clone(all)
		slices.SortStableFunc(list, func(a, b order.ProductSales) int {
			if ka, kb := key(a), key(b); ka != kb {
				return int(min(max(kb-ka, -1), 1))
			}
			return int(min(max(a.ProductID-b.ProductID, -1), 1))
		})
		return list[:min(len(list), topProducts)]
	}
	rep := ProductsReport{From: q.from.Format("2006-01-02"), To: q.to.Format("2006-01-02"),
		ByRevenue:  top(func(p order.ProductSales) int64 { return int64(p.Revenue) }),
		ByQuantity: top(func(p order.ProductSales) int64 { return int64(p.Quantity) })}
	if q.csv {
		rows := [][]string{{"list", "rank", "product", "revenue", "quantity"}}
		for _, l := range []struct {
			name string
			list []order.ProductSales
		}{{"by revenue", rep.ByRevenue}, {"by quantity", rep.ByQuantity}} {
			for i, p := range l.list {
				rows = append(rows, []string{l.name, strconv.Itoa(i + 1), p.Name, p.Revenue.String(), strconv.Itoa(p.Quantity)})
			}
		}
		return writeCSV(w, "products-"+rep.From+"-to-"+rep.To+".csv", rows)
	}
	return writeJSON(w, http.StatusOK, rep)
}

// writeCSV answers rows as a CSV download named name, every cell made safe
// from being read as a formula (product and county names are typed by
// people), with a byte-order mark so that Excel reads it as UTF-8.
func writeCSV(w http.ResponseWriter, name string, rows [][]string) error {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="`+name+`"`)
	if _, err := io.WriteString(w, "\ufeff"); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	for _, row := range rows {
		for i := range row {
			row[i] = httpx.CSVCell(row[i])
		}
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
