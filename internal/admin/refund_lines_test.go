package admin_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"shop/internal/order"
	"shop/internal/testkit"
)

type refundedLines struct {
	Status         string `json:"status"`
	AmountRefunded string `json:"amount_refunded"`
	Items          []struct {
		ID       int64 `json:"id"`
		Quantity int   `json:"quantity"`
		Refunded int   `json:"refunded_quantity"`
	} `json:"items"`
	Refunds []struct {
		Amount    string             `json:"amount"`
		Restocked bool               `json:"restocked"`
		Lines     []order.RefundLine `json:"lines"`
	} `json:"refunds"`
}

func lineRefund(amount, reference string, restock bool, lines ...map[string]any) map[string]any {
	b := map[string]any{"amount": amount, "reason": "Bags came back torn", "reference": reference, "restock": restock}
	if lines != nil {
		b["lines"] = lines
	}
	return b
}

func line(id int64, qty int, restock bool) map[string]any {
	return map[string]any{"order_item_id": id, "quantity": qty, "restock": restock}
}

// A refund by line quantities: bounded by what is left of each line and by
// the lines' value, restocking only the lines marked, once.
func TestRefundByLineQuantities(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, v := e.dairyMeal(20)
		// 3 × 3650 + 500 delivery = 11450 received; stock 17.
		makeOrder(t, e.d, "ORDER-1700000000021", order.Paid, v.ID, 3, "254712345678", "Wanjiku", "Mwangi")
		path := "/api/admin/orders/ORDER-1700000000021/refunds/"
		o := testkit.Decode[refundedLines](t, e.as("GET", "/api/admin/orders/ORDER-1700000000021/", nil))
		if len(o.Items) != 1 || o.Items[0].ID == 0 || o.Items[0].Refunded != 0 {
			t.Fatalf("items %+v", o.Items)
		}
		item := o.Items[0].ID

		for _, c := range []struct {
			body        map[string]any
			field, want string
		}{
			{lineRefund("100", "LN1", false, line(item+1000, 1, false)), "lines", order.MsgRefundLineUnknown},
			{lineRefund("100", "LN1", false, line(item, 0, false)), "lines", order.MsgRefundLineQuantity},
			{lineRefund("100", "LN1", false, line(item, 1, false), line(item, 1, false)), "lines", order.MsgRefundLineTwice},
			{lineRefund("100", "LN1", true, line(item, 1, false)), "restock", order.MsgRefundRestockLines},
			{lineRefund("100", "LN1", false, line(item, 4, false)), "lines", "At most 3 of Dairy Meal (70 Kg) can still be refunded."},
			{lineRefund("3650.01", "LN1", false, line(item, 1, true)), "amount", "The lines chosen are worth Ksh 3,650: the amount can be at most that."},
		} {
			testkit.WantError(t, e.as("POST", path, c.body), http.StatusBadRequest, c.field, c.want)
		}
		if got := stock(t, e.d, v.ID); got != 17 {
			t.Fatalf("stock %d after refused refunds, want 17", got)
		}

		// One bag back on sale, refunded for less than it is worth.
		rec := e.as("POST", path, lineRefund("3000", "LN1", false, line(item, 1, true)))
		testkit.WantStatus(t, rec, http.StatusCreated)
		o = testkit.Decode[refundedLines](t, rec)
		if o.Items[0].Refunded != 1 || len(o.Refunds) != 1 || !o.Refunds[0].Restocked ||
			len(o.Refunds[0].Lines) != 1 || o.Refunds[0].Lines[0] != (order.RefundLine{OrderItemID: item, Quantity: 1, Restock: true}) {
			t.Fatalf("after one line %+v", o)
		}
		// Sent twice: the reference names one refund, the stock moves once.
		testkit.WantError(t, e.as("POST", path, lineRefund("3000", "LN1", false, line(item, 1, true))), http.StatusBadRequest, "reference", order.MsgRefundRefUsed)
		if got := stock(t, e.d, v.ID); got != 18 {
			t.Fatalf("stock %d, want 18", got)
		}

		// The other two bags, kept off sale (damaged).
		testkit.WantStatus(t, e.as("POST", path, lineRefund("7300", "LN2", false, line(item, 2, false))), http.StatusCreated)
		testkit.WantError(t, e.as("POST", path, lineRefund("1", "LN3", false, line(item, 1, false))), http.StatusBadRequest, "lines",
			"At most 0 of Dairy Meal (70 Kg) can still be refunded.")
		if got := stock(t, e.d, v.ID); got != 18 {
			t.Fatalf("stock %d after a refund without restock, want 18", got)
		}

		// An amount alone still works: the rest of the money (the delivery
		// fee and what the lines were refunded under their value).
		rec = e.as("POST", path, lineRefund("1150", "LN4", false))
		testkit.WantStatus(t, rec, http.StatusCreated)
		o = testkit.Decode[refundedLines](t, rec)
		if o.Status != "refunded" || o.AmountRefunded != "11450.00" || o.Items[0].Refunded != 3 {
			t.Fatalf("after the fee %+v", o)
		}
		audit := testkit.Decode[page[struct {
			Summary string `json:"summary"`
		}]](t, e.as("GET", "/api/admin/audit/?entity=order&entity_id=ORDER-1700000000021", nil))
		if audit.Count != 3 || !strings.Contains(audit.Results[2].Summary, "1 of line") || !strings.Contains(audit.Results[2].Summary, "restocked") {
			t.Fatalf("audit %+v", audit)
		}
	})
}

// A restock of the whole order after a line went back on sale returns only
// the rest: nothing is put back twice.
func TestWholeRestockAfterALineRestock(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, v := e.dairyMeal(20)
		makeOrder(t, e.d, "ORDER-1700000000022", order.Paid, v.ID, 3, "254712345678", "Wanjiku", "Mwangi")
		path := "/api/admin/orders/ORDER-1700000000022/refunds/"
		o := testkit.Decode[refundedLines](t, e.as("GET", "/api/admin/orders/ORDER-1700000000022/", nil))
		testkit.WantStatus(t, e.as("POST", path, lineRefund("3650", "WR1", false, line(o.Items[0].ID, 1, true))), http.StatusCreated)
		testkit.WantStatus(t, e.as("POST", path, lineRefund("100", "WR2", true)), http.StatusCreated)
		if got := stock(t, e.d, v.ID); got != 20 {
			t.Fatalf("stock %d, want all 20 back once", got)
		}
		// The order holds no stock now: a line cannot be restocked again.
		testkit.WantError(t, e.as("POST", path, lineRefund("100", "WR3", false, line(o.Items[0].ID, 1, true))), http.StatusBadRequest, "lines",
			order.MsgRefundLineStock)
	})
}

// Two refunds of the same line at once never give back more of it than was
// bought.
func TestRefundLinesInParallel(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, v := e.dairyMeal(20)
		makeOrder(t, e.d, "ORDER-1700000000023", order.Processing, v.ID, 2, "254712345678", "Wanjiku", "Mwangi")
		path := "/api/admin/orders/ORDER-1700000000023/refunds/"
		item := testkit.Decode[refundedLines](t, e.as("GET", "/api/admin/orders/ORDER-1700000000023/", nil)).Items[0].ID
		const n = 6
		codes := make([]int, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				codes[i] = e.as("POST", path, lineRefund("100", "PL"+string(rune('A'+i)), false, line(item, 1, true))).Code
			})
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
		o := testkit.Decode[refundedLines](t, e.as("GET", "/api/admin/orders/ORDER-1700000000023/", nil))
		if created != 2 || o.Items[0].Refunded != 2 || len(o.Refunds) != 2 {
			t.Fatalf("created %d of %v, order %+v", created, codes, o)
		}
		if got := stock(t, e.d, v.ID); got != 20 {
			t.Fatalf("stock %d, want 20", got)
		}
	})
}
