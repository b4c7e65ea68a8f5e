package admin_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"shop/internal/admin"
	"shop/internal/order"
	"shop/internal/testkit"
)

type refunded struct {
	Status         string `json:"status"`
	AmountRefunded string `json:"amount_refunded"`
	AmountPaid     string `json:"amount_paid"`
	Refunds        []struct {
		Amount    string `json:"amount"`
		Reason    string `json:"reason"`
		Reference string `json:"reference"`
		CreatedAt string `json:"created_at"`
	} `json:"refunds"`
	steps
}

func refundBody(amount, reference string, restock bool) map[string]any {
	return map[string]any{"amount": amount, "reason": "Two bags burst in transit", "reference": reference, "restock": restock}
}

func TestRefunds(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, v := e.dairyMeal(20)
		// 2 × 3650 + 500 delivery = 7800 received.
		makeOrder(t, e.d, "ORDER-1700000000001", order.Paid, v.ID, 2, "254712345678", "Wanjiku", "Mwangi")
		makeOrder(t, e.d, "ORDER-1700000000002", order.PendingPayment, v.ID, 1, "254722000111", "Otieno", "Juma")
		path := "/api/admin/orders/ORDER-1700000000001/refunds/"

		for _, c := range []struct {
			body        map[string]any
			field, want string
		}{
			{refundBody("0", "SBR1", false), "amount", order.MsgRefundAmount},
			{refundBody("12.345", "SBR1", false), "amount", admin.MsgRefundAmountFormat},
			{refundBody("7800.01", "SBR1", false), "amount", "At most Ksh 7,800 can be refunded."},
			{map[string]any{"amount": "100", "reference": "SBR1"}, "reason", order.MsgRefundReason},
			{refundBody("100", " ", false), "reference", order.MsgRefundReference},
		} {
			testkit.WantError(t, e.as("POST", path, c.body), http.StatusBadRequest, c.field, c.want)
		}
		testkit.WantError(t, e.as("POST", "/api/admin/orders/ORDER-1700000000002/refunds/", refundBody("100", "SBR1", false)),
			http.StatusConflict, "", order.MsgRefundNotPaid)
		testkit.WantStatus(t, e.as("POST", "/api/admin/orders/ORDER-404/refunds/", refundBody("100", "SBR1", false)), http.StatusNotFound)
		testkit.WantStatus(t, e.do("POST", path, e.customer, refundBody("100", "SBR1", false)), http.StatusForbidden)

		// A part refund: the order stays on its way.
		rec := e.as("POST", path, refundBody("1000.50", "sbr1xyz", false))
		testkit.WantStatus(t, rec, http.StatusCreated)
		o := testkit.Decode[refunded](t, rec)
		last := o.History[len(o.History)-1]
		if o.Status != "partially_refunded" || o.AmountRefunded != "1000.50" || len(o.Refunds) != 1 || o.Refunds[0].Reference != "SBR1XYZ" ||
			o.Refunds[0].Amount != "1000.50" || last.To != "partially_refunded" || !strings.Contains(last.Note, "Ksh 1,000.50") ||
			strings.Join(o.NextStatuses, ",") != "processing,dispatched,delivered" {
			t.Fatalf("part refund %+v", o)
		}
		testkit.WantError(t, e.as("POST", path, refundBody("1", "SBR1XYZ", false)), http.StatusBadRequest, "reference", order.MsgRefundRefUsed)
		testkit.WantError(t, e.as("POST", path, refundBody("6800", "SBR2", false)), http.StatusBadRequest, "amount", "At most Ksh 6,799.50 can be refunded.")
		// The refund statuses are reached only by recording a refund.
		testkit.WantError(t, e.as("PATCH", "/api/admin/orders/ORDER-1700000000001/", map[string]any{"status": "refunded"}),
			http.StatusConflict, "", "Record a refund to mark an order refunded.")
		if got := stock(t, e.d, v.ID); got != 17 {
			t.Fatalf("stock %d, want 17 (no restock yet)", got)
		}

		// The rest, with the stock back on sale: fully refunded.
		rec = e.as("POST", path, refundBody("6799.50", "SBR2", true))
		testkit.WantStatus(t, rec, http.StatusCreated)
		o = testkit.Decode[refunded](t, rec)
		if o.Status != "refunded" || o.AmountRefunded != "7800.00" || len(o.Refunds) != 2 || len(o.NextStatuses) != 0 {
			t.Fatalf("full refund %+v", o)
		}
		if got := stock(t, e.d, v.ID); got != 19 {
			t.Fatalf("stock after restock %d, want 19", got)
		}
		testkit.WantError(t, e.as("POST", path, refundBody("1", "SBR3", false)), http.StatusConflict, "", order.MsgRefundNotPaid)

		audit := testkit.Decode[page[admin.Entry]](t, e.as("GET", "/api/admin/audit/?entity=order&entity_id=ORDER-1700000000001", nil))
		if audit.Count != 2 || audit.Results[0].Action != "refund" || !strings.Contains(audit.Results[0].Summary, "SBR2") ||
			!strings.Contains(audit.Results[0].Summary, "stock returned") {
			t.Fatalf("audit %+v", audit)
		}
	})
}

// Two refunds at once that together exceed what the order received: one
// is refused, and the order never shows more refunded than received.
func TestRefundsInParallel(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		cat := e.category("Feeds", nil)
		p := e.product("Layers Mash", cat.ID, "2500", true)
		v := e.variant(p.ID, "50 Kg", "LM-50", "2500", 20)
		makeOrder(t, e.d, "ORDER-1700000000009", order.Processing, v.ID, 2, "254712345678", "Wanjiku", "Mwangi") // 5500
		path := "/api/admin/orders/ORDER-1700000000009/refunds/"
		const n = 6
		codes := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes[i] = e.as("POST", path, refundBody("3000", "PAR"+string(rune('A'+i)), i == 0)).Code
			}()
		}
		wg.Wait()
		created := 0
		for _, c := range codes {
			switch c {
			case http.StatusCreated:
				created++
			case http.StatusBadRequest:
			default:
				t.Fatalf("codes %v", codes)
			}
		}
		o := testkit.Decode[refunded](t, e.as("GET", "/api/admin/orders/ORDER-1700000000009/", nil))
		if created != 1 || o.AmountRefunded != "3000.00" || len(o.Refunds) != 1 || o.Status != "partially_refunded" {
			t.Fatalf("created %d of %v, order %+v", created, codes, o)
		}
	})
}
