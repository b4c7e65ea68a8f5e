package payment

import (
	"context"
	"sync"
	"testing"
	"time"

	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// A staff phone order sent as an SMS link and never paid gives its stock
// back after the hold, once, however many instances look at once; one
// younger than the hold, or with a prompt waiting, keeps it; money that
// comes afterwards still pays the order.
func TestUnpaidLinkOrderGivesItsStockBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		link := func() order.Order {
			t.Helper()
			st, err := f.co.Place(ctx, checkout.Request{Channel: order.ChannelStaff, Road: checkout.Link,
				Customer: checkout.Customer{FirstName: "Wanjiku", LastName: "Kamau", Phone: "254712345678"},
				Address:  checkout.Address{Address: "Plot 4", City: "Ruiru", County: "Kiambu"},
				Lines:    []checkout.Line{{VariantID: 1, Quantity: 2}}})
			if err != nil {
				t.Fatal(err)
			}
			return st.Order
		}
		old, young := link(), link()
		prompted := f.start(t, "254712345678", 1).Order // its prompt never answers
		if _, err := d.Exec(ctx, `UPDATE orders SET created_at = $1 WHERE id IN ($2, $3)`, d.TimeArg(time.Now().Add(-25*time.Hour)), old.ID, prompted.ID); err != nil {
			t.Fatal(err)
		}
		if got := f.stock(t); got != 5 {
			t.Fatalf("stock before: %d", got)
		}
		var wg sync.WaitGroup
		ended := make([]int, 3)
		for i := range ended {
			wg.Add(1)
			go func() {
				defer wg.Done()
				n, err := f.svc.ExpireUnprompted(ctx, time.Now())
				if err != nil {
					t.Error(err)
				}
				ended[i] = n
			}()
		}
		wg.Wait()
		if ended[0]+ended[1]+ended[2] != 1 || f.stock(t) != 7 {
			t.Fatalf("ended %v, stock %d; want one order ended and 7 in stock", ended, f.stock(t))
		}
		if o := f.order(t, old.Number); o.Status != order.PaymentFailed || o.StockReserved {
			t.Fatalf("old link order: %s reserved %v", o.Status, o.StockReserved)
		}
		for _, n := range []string{young.Number, prompted.Number} {
			if o := f.order(t, n); o.Status != order.PendingPayment {
				t.Fatalf("%s: %s", n, o.Status)
			}
		}
		if n, err := f.svc.ExpireUnprompted(ctx, time.Now()); err != nil || n != 0 {
			t.Fatalf("again: %d %v", n, err)
		}
		// Paid by Paybill after all: paid, its stock taken again.
		f.pay(t, old.AccountNumber, old.Total)
		if o := f.order(t, old.Number); o.Status != order.Paid || f.stock(t) != 5 {
			t.Fatalf("paid late: %s stock %d", o.Status, f.stock(t))
		}
	})
}
