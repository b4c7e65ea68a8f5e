package admin_test

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"shop/internal/admin"
	"shop/internal/db"
	"shop/internal/order"
	"shop/internal/testkit"
)

type summary struct {
	OrderID       string `json:"orderId"`
	Status        string `json:"status"`
	CustomerName  string `json:"customer_name"`
	Phone         string `json:"phone"`
	Total         string `json:"total"`
	ItemCount     int    `json:"item_count"`
	Receipt       string `json:"receipt"`
	Attention     string `json:"attention"`
	PaymentStatus string `json:"payment_status"`
}

type detail struct {
	OrderID  string `json:"orderId"`
	Status   string `json:"status"`
	Customer struct {
		Name  string `json:"name"`
		Phone string `json:"phone"`
	} `json:"customer"`
	Address struct {
		City string `json:"city"`
	} `json:"shipping_address"`
	Items []struct {
		SKU string `json:"sku"`
	} `json:"items"`
	Payment struct {
		Receipt string `json:"receipt"`
	} `json:"payment"`
	Attention string `json:"attention"`
	steps
}

// steps is how an order moved and where it may go next, as its detail
// and a refund's answer show them.
type steps struct {
	History []struct {
		From, To, Note, Actor string
	} `json:"history"`
	NextStatuses []string `json:"next_statuses"`
}

func stock(t *testing.T, d *db.DB, variantID int64) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), `SELECT stock FROM variants WHERE id = $1`, variantID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestOrders(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, v := e.dairyMeal(20)
		makeOrder(t, e.d, "ORDER-1700000000001", order.Paid, v.ID, 2, "254712345678", "Wanjiku", "Mwangi")
		makeOrder(t, e.d, "ORDER-1700000000002", order.Processing, v.ID, 1, "254722000111", "Otieno", "Juma")
		makeOrder(t, e.d, "ORDER-1700000000003", order.PendingPayment, v.ID, 1, "254733000222", "Akinyi", "Achieng")
		if _, err := e.d.Exec(context.Background(), `UPDATE orders SET attention = 'Paid after its stock was released' WHERE order_number = 'ORDER-1700000000003'`); err != nil {
			t.Fatal(err)
		}
		if got := stock(t, e.d, v.ID); got != 16 {
			t.Fatalf("stock %d", got)
		}

		all := testkit.Decode[page[summary]](t, e.as("GET", "/api/admin/orders/", nil))
		if all.Count != 3 || all.Results[0].OrderID != "ORDER-1700000000003" {
			t.Fatalf("orders %+v", all)
		}
		for _, c := range []struct {
			query string
			want  []string
		}{
			{"status=paid", []string{"ORDER-1700000000001"}},
			{"search=ORDER-1700000000002", []string{"ORDER-1700000000002"}},
			{"search=0712+345+678", []string{"ORDER-1700000000001"}},
			{"search=%2B254722000111", []string{"ORDER-1700000000002"}},
			{"search=0733", []string{"ORDER-1700000000003"}},
			{"search=otieno", []string{"ORDER-1700000000002"}},
			{"search=wanjiku+mwangi", []string{"ORDER-1700000000001"}},
			{"attention=1", []string{"ORDER-1700000000003"}},
			{"status=delivered", nil},
		} {
			got := testkit.Decode[page[summary]](t, e.as("GET", "/api/admin/orders/?"+c.query, nil))
			ids := []string{}
			for _, o := range got.Results {
				ids = append(ids, o.OrderID)
			}
			if strings.Join(ids, ",") != strings.Join(c.want, ",") {
				t.Errorf("%s: %v, want %v", c.query, ids, c.want)
			}
		}
		paged := testkit.Decode[page[summary]](t, e.as("GET", "/api/admin/orders/?page_size=2&page=1", nil))
		if paged.Count != 3 || len(paged.Results) != 2 || paged.Page != 1 || paged.PageSize != 2 || paged.Next == nil || !strings.Contains(*paged.Next, "page=2") {
			t.Fatalf("page %+v", paged)
		}
		testkit.WantError(t, e.as("GET", "/api/admin/orders/?status=lost", nil), http.StatusBadRequest, "status",
			"status must be one of pending_payment, awaiting_delivery_payment, paid, processing, dispatched, delivered, ready_for_pickup, collected, partially_refunded, refunded, payment_failed, cancelled.")
		testkit.WantError(t, e.as("GET", "/api/admin/orders/?page=0", nil), http.StatusBadRequest, "page", "page must be a whole number of 1 or more.")

		path := "/api/admin/orders/ORDER-1700000000001/"
		o := testkit.Decode[detail](t, e.as("GET", path, nil))
		if o.Customer.Name != "Wanjiku Mwangi" || o.Address.City != "Ruiru" || len(o.Items) != 1 || o.Payment.Receipt != "RCP0001" ||
			len(o.History) != 1 || strings.Join(o.NextStatuses, ",") != "processing,cancelled" {
			t.Fatalf("detail %+v", o)
		}
		testkit.WantStatus(t, e.as("GET", "/api/admin/orders/ORDER-404/", nil), http.StatusNotFound)

		rec := e.as("PATCH", path, map[string]any{"status": "processing", "note": "Packed at Ruiru"})
		testkit.WantStatus(t, rec, http.StatusOK)
		o = testkit.Decode[detail](t, rec)
		last := o.History[len(o.History)-1]
		if o.Status != "processing" || last.To != "processing" || last.Actor != "admin:"+adminEmail || last.Note != "Packed at Ruiru" {
			t.Fatalf("moved %+v", o)
		}
		// Only along the allowed transitions.
		testkit.WantError(t, e.as("PATCH", path, map[string]any{"status": "paid"}), http.StatusConflict, "", "An order that is processing cannot become paid.")
		testkit.WantError(t, e.as("PATCH", path, map[string]any{"status": ""}), http.StatusBadRequest, "status", admin.MsgStatusRequired)
		testkit.WantError(t, e.as("PATCH", path, map[string]any{"status": "lost"}), http.StatusBadRequest, "status",
			"status must be one of pending_payment, awaiting_delivery_payment, paid, processing, dispatched, delivered, ready_for_pickup, collected, partially_refunded, refunded, payment_failed, cancelled.")
		// Cancelling releases the stock.
		testkit.WantStatus(t, e.as("PATCH", path, map[string]any{"status": "cancelled"}), http.StatusOK)
		if got := stock(t, e.d, v.ID); got != 18 {
			t.Fatalf("stock after cancel %d, want 18", got)
		}
		testkit.WantError(t, e.as("PATCH", path, map[string]any{"status": "processing"}), http.StatusConflict, "", "An order that is cancelled cannot become processing.")
	})
}
