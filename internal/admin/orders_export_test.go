package admin_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"shop/internal/admin"
	"shop/internal/order"
	"shop/internal/testkit"
)

// readExport downloads the orders CSV at path and reads it by column name.
func readExport(t *testing.T, e *env, path string) (header []string, rows []map[string]string) {
	t.Helper()
	rec := e.as("GET", path, nil)
	testkit.WantStatus(t, rec, http.StatusOK)
	if ct := rec.Header().Get("Content-Type"); ct != "text/csv; charset=utf-8" {
		t.Fatalf("Content-Type %q", ct)
	}
	body, ok := strings.CutPrefix(rec.Body.String(), "\ufeff")
	if !ok {
		t.Fatal("the file has no byte-order mark")
	}
	all, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	header = all[0]
	for _, r := range all[1:] {
		row := map[string]string{}
		for i, c := range header {
			row[c] = r[i]
		}
		rows = append(rows, row)
	}
	return header, rows
}

// The accountant's file (docs/product.md, "The orders export"): the list's
// filters, one row per order or per line, money and dates as the orders
// hold them, receipts and refunds, and no cell a spreadsheet runs.
func TestOrdersExport(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, v := e.dairyMeal(50)
		makeOrder(t, e.d, "ORDER-1700000000001", order.Paid, v.ID, 2, "254712345678", "Wanjiku", "Mwangi")
		makeOrder(t, e.d, "ORDER-1700000000002", order.PendingPayment, v.ID, 1, "254722000111", "Otieno", "Juma")
		makeOrder(t, e.d, "ORDER-1700000000003", order.Paid, v.ID, 1, "254733000222", "=HYPERLINK(\"x\")", "Kamau")
		// 21:30 UTC on 31 May is 00:30 on 1 June in Nairobi.
		placed := time.Date(2026, 5, 31, 21, 30, 0, 0, time.UTC)
		if _, err := e.d.Exec(ctx, `UPDATE orders SET created_at = $1, courier = 'G4S', tracking_number = 'G4S-881' WHERE order_number = 'ORDER-1700000000001'`, e.d.TimeArg(placed)); err != nil {
			t.Fatal(err)
		}
		if _, err := e.d.Exec(ctx, `UPDATE order_events SET created_at = $1 WHERE order_id = (SELECT id FROM orders WHERE order_number = 'ORDER-1700000000001')`, e.d.TimeArg(placed)); err != nil {
			t.Fatal(err)
		}
		testkit.WantStatus(t, e.as("POST", "/api/admin/orders/ORDER-1700000000001/refunds/", refundBody("1000", "SBR1", false)), http.StatusCreated)

		_, rows := readExport(t, e, "/api/admin/orders/export/")
		if len(rows) != 3 || rows[0]["Order"] != "ORDER-1700000000003" || rows[2]["Order"] != "ORDER-1700000000001" {
			t.Fatalf("every order, newest first: %v", rows)
		}
		first := rows[2]
		for col, want := range map[string]string{
			"Ordered (Nairobi)": "2026-06-01 00:30", "Paid (Nairobi)": "2026-06-01 00:30", "Customer": "Wanjiku Mwangi",
			"Phone": "254712345678", "County": "Kiambu", "Channel": "web", "Status": "partially_refunded",
			"Goods": "7300.00", "Discount": "0.00", "Delivery fee": "500.00", "Total": "7800.00", "Paid": "7800.00",
			"Refunded": "1000.00", "M-Pesa receipts": "RCP0001", "Courier": "G4S", "Tracking": "G4S-881",
		} {
			if first[col] != want {
				t.Errorf("%s: %q, want %q", col, first[col], want)
			}
		}
		if rows[1]["Paid"] != "0.00" || rows[1]["M-Pesa receipts"] != "" || rows[1]["Paid (Nairobi)"] != "" {
			t.Errorf("an unpaid order shows no payment: %v", rows[1])
		}
		if got := rows[0]["Customer"]; got != `'=HYPERLINK("x") Kamau` {
			t.Errorf("a name that starts like a formula is quoted: %q", got)
		}

		// The list's filters, the same query string.
		_, paid := readExport(t, e, "/api/admin/orders/export/?status=paid")
		if len(paid) != 1 || paid[0]["Order"] != "ORDER-1700000000003" {
			t.Fatalf("status=paid: %v", paid)
		}
		_, found := readExport(t, e, "/api/admin/orders/export/?search=0722000111")
		if len(found) != 1 || found[0]["Order"] != "ORDER-1700000000002" {
			t.Fatalf("search by phone: %v", found)
		}

		// The orders ticked in the list, whatever else the filters say.
		_, ticked := readExport(t, e, "/api/admin/orders/export/?orders=ORDER-1700000000003,ORDER-1700000000001,ORDER-1700000000003")
		if len(ticked) != 2 || ticked[0]["Order"] != "ORDER-1700000000003" || ticked[1]["Order"] != "ORDER-1700000000001" {
			t.Fatalf("orders=3,1: %v", ticked)
		}
		if _, none := readExport(t, e, "/api/admin/orders/export/?orders=ORDER-1700000000002&status=paid"); len(none) != 0 {
			t.Fatalf("orders=2 and status=paid: %v", none)
		}
		many := make([]string, admin.MaxBulkIDs+1)
		for i := range many {
			many[i] = "ORDER-" + strconv.Itoa(i)
		}
		testkit.WantError(t, e.as("GET", "/api/admin/orders/export/?orders="+strings.Join(many, ","), nil), http.StatusBadRequest, "orders", admin.MsgBulkTooMany)

		// One row per line, each line's VAT and band.
		header, lines := readExport(t, e, "/api/admin/orders/export/?layout=lines&status=partially_refunded")
		if header[8] != "SKU" || len(lines) != 1 {
			t.Fatalf("lines: %v %v", header, lines)
		}
		if l := lines[0]; l["SKU"] != "DM-70" || l["Quantity"] != "2" || l["Unit price"] != "3650.00" || l["Line total"] != "7300.00" {
			t.Errorf("the line: %v", l)
		}

		testkit.WantError(t, e.as("GET", "/api/admin/orders/export/?layout=pdf", nil), http.StatusBadRequest, "layout", "layout must be orders or lines.")
		testkit.WantStatus(t, e.as("GET", "/api/admin/orders/export/?status=lost", nil), http.StatusBadRequest)
		testkit.WantStatus(t, e.do("GET", "/api/admin/orders/export/", e.customer, nil), http.StatusForbidden)
		testkit.WantStatus(t, e.do("GET", "/api/admin/orders/export/", "", nil), http.StatusUnauthorized)

		var audited int
		if err := e.d.QueryRow(ctx, `SELECT COUNT(*) FROM admin_audit WHERE action = 'export' AND entity = 'orders'`).Scan(&audited); err != nil {
			t.Fatal(err)
		}
		if audited != 6 {
			t.Errorf("every download is audited: %d", audited)
		}
	})
}

// An export longer than one batch reads every order once.
func TestOrdersExportReadsEveryBatch(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		p, v := e.dairyMeal(100000)
		e.pastOrders(1203, time.Now().Add(-48*time.Hour), func(int) order.Status { return order.Delivered },
			func(i int) (string, string) { return "Farmer", "Number" }, v, p.ID)
		_, rows := readExport(t, e, "/api/admin/orders/export/")
		seen := map[string]bool{}
		for _, r := range rows {
			if seen[r["Order"]] {
				t.Fatalf("%s twice", r["Order"])
			}
			seen[r["Order"]] = true
		}
		if len(rows) != 1203 {
			t.Fatalf("%d rows, want 1203", len(rows))
		}
	})
}
