package admin

import (
	"database/sql"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/order"
	"shop/internal/vat"
)

// ordersExportColumns are the accountant's file's columns, one row per
// order (docs/product.md, "The orders export").
var ordersExportColumns = func() []string {
	cols := []string{"Order", "Ordered (Nairobi)", "Paid (Nairobi)", "Customer", "Phone", "Email", "County", "Channel",
		"Delivery", "Status", "Goods", "Discount", "Delivery fee"}
	for _, b := range vat.Bands {
		cols = append(cols, "VAT band "+b)
	}
	return append(cols, "Total", "Paid", "Refunded", "M-Pesa receipts", "Courier", "Tracking")
}()

// orderLinesExportColumns are the second layout's: one row per order line.
var orderLinesExportColumns = []string{"Order", "Ordered (Nairobi)", "Paid (Nairobi)", "Customer", "Phone", "County", "Channel", "Status",
	"SKU", "Product", "Size", "Quantity", "Unit price", "Line total", "Discount", "Tax band", "VAT rate %", "VAT", "M-Pesa receipts"}

// ExportOrders answers GET /api/admin/orders/export/ with the order list's
// filters (?status=, ?search=, ?attention=1, ?channel=): every matching
// order as CSV for the accountant, newest first, one row per order, or one
// row per line with ?layout=lines. Dates are Nairobi time, money is in
// shillings with cents, cells are made safe from spreadsheet formulas, and
// a byte-order mark makes Excel read it as UTF-8.
func (h *Handlers) ExportOrders(w http.ResponseWriter, r *http.Request, a Actor) error {
	q, err := readSearchList(r, 20)
	if err != nil {
		return err
	}
	f, err := orderFilter(q)
	if err != nil {
		return err
	}
	layout := q.Get("layout")
	if layout != "" && layout != "orders" && layout != "lines" {
		return apperr.InvalidField("layout", "layout must be orders or lines.")
	}
	rows := [][]string{ordersExportColumns}
	if layout == "lines" {
		rows[0] = orderLinesExportColumns
	}
	n := 0
	// The whole file is made before the answer starts, so a failure halfway
	// is an error, never a file that silently stops.
	err = h.orders.Export(r.Context(), f, func(o order.ExportOrder) error {
		n++
		if layout == "lines" {
			for _, l := range o.Lines {
				rows = append(rows, []string{o.Number, nairobi(&o.CreatedAt), nairobi(o.PaidAt), o.Customer, o.Phone, o.County, o.Channel,
					string(o.Status), l.SKU, l.Name, l.Size, strconv.Itoa(l.Quantity), l.UnitPrice.String(), l.Total.String(),
					l.Discount.String(), l.Band, percent(l.RateBP), l.VAT.String(), strings.Join(o.Receipts, " ")})
			}
			return nil
		}
		row := []string{o.Number, nairobi(&o.CreatedAt), nairobi(o.PaidAt), o.Customer, o.Phone, o.Email, o.County, o.Channel,
			o.DeliveryName, string(o.Status), o.Goods.String(), o.Discount.String(), o.Delivery.String()}
		for _, b := range vat.Bands {
			row = append(row, o.VAT[b].String())
		}
		rows = append(rows, append(row, o.Total.String(), o.Paid.String(), o.Refunded.String(), strings.Join(o.Receipts, " "),
			o.Courier, o.Tracking))
		return nil
	})
	if err != nil {
		return err
	}
	if err := h.change(r.Context(), a, func(*sql.Tx) (Entry, error) {
		return entry("export", "orders", "", fmt.Sprintf("exported %d orders as CSV (%s)", n, r.URL.RawQuery)), nil
	}); err != nil {
		return err
	}
	name := "orders-" + time.Now().In(db.Nairobi).Format("2006-01-02")
	if layout == "lines" {
		name += "-lines"
	}
	return writeCSV(w, name+".csv", rows)
}

// nairobi writes t as Nairobi's date and time, or nothing.
func nairobi(t *time.Time) string {
	if t == nil {
		return ""
	}
	return t.In(db.Nairobi).Format("2006-01-02 15:04")
}

// percent writes basis points as a percentage: 1600 is "16", 850 "8.5".
func percent(bp int) string {
	return strconv.FormatFloat(float64(bp)/100, 'f', -1, 64)
}
