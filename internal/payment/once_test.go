package payment

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// One M-Pesa transaction counts once, whichever road reported it
// (docs/payments.md section 10, "One receipt, counted once").

// countedOnce fails the test unless the order received exactly want, with
// no flag, one Paybill row for receipt (the push's own, shown matched), and
// one payment listed under the receipt.
func (f *fixture) countedOnce(t *testing.T, number, receipt string, want money.Cents) {
	t.Helper()
	ctx := context.Background()
	o := f.order(t, number)
	if o.Status != order.Paid || o.AmountPaid != want || o.Attention != "" {
		t.Fatalf("%s: %s, paid %s of %s, attention %q", number, o.Status, o.AmountPaid, want, o.Attention)
	}
	all, err := f.svc.All(ctx, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	listed := 0
	for _, p := range all {
		if p.Receipt == receipt {
			listed++
		}
	}
	if listed != 1 {
		t.Fatalf("%s: receipt %s listed %d times in %+v", number, receipt, listed, all)
	}
	yes := true
	rows, err := f.svc.PaybillPayments(ctx, &yes)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rows {
		if r.TransID == receipt && (r.OrderID != number || !r.PromptPayment) {
			t.Fatalf("paybill row %+v: want it matched to %s as the prompt's own payment", r, number)
		}
	}
}

func TestSTKReceiptReportedAgainByPaybill(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		st := f.start(t, "254708374149", 1)
		total := st.Order.Total
		if err := f.svc.HandleCallback(ctx, secret, callbackBody(st.CheckoutRequestID, 0, float64(total.Shillings()), "SAME000001")); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.HandleC2BConfirmation(ctx, secret, confirmation("SAME000001", st.Order.Number, total)); err != nil {
			t.Fatal(err)
		}
		f.countedOnce(t, st.Order.Number, "SAME000001", total)
		// Assigning the row again is refused: it belongs to the push.
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			var id int64
			if err := tx.QueryRowContext(ctx, `SELECT id FROM c2b_payments WHERE trans_id = 'SAME000001'`).Scan(&id); err != nil {
				return err
			}
			_, err := f.svc.AssignPaybillTx(ctx, tx, id, st.Order.Number)
			return err
		}); err == nil {
			t.Fatal("the push's own payment could be assigned again")
		}
		f.countedOnce(t, st.Order.Number, "SAME000001", total)
	})
}

func TestPaybillTransIDReportedAgainBySTK(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		st := f.start(t, "254708374149", 1)
		total := st.Order.Total
		if err := f.svc.HandleC2BConfirmation(ctx, secret, confirmation("SAME000002", st.Order.Number, total)); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.HandleCallback(ctx, secret, callbackBody(st.CheckoutRequestID, 0, float64(total.Shillings()), "SAME000002")); err != nil {
			t.Fatal(err)
		}
		f.countedOnce(t, st.Order.Number, "SAME000002", total)
	})
}

// The push's callback and a Paybill confirmation of the same receipt at the
// same moment: counted once every time, whichever wins.
func TestOneReceiptByBothRoadsAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 40, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		for i := range 6 {
			st := f.start(t, "254708374149", 1)
			total, receipt := st.Order.Total, fmt.Sprintf("BOTH%06d", i)
			var wg sync.WaitGroup
			errs := make(chan error, 2)
			wg.Add(2)
			go func() {
				defer wg.Done()
				errs <- f.svc.HandleCallback(ctx, secret, callbackBody(st.CheckoutRequestID, 0, float64(total.Shillings()), receipt))
			}()
			go func() {
				defer wg.Done()
				errs <- f.svc.HandleC2BConfirmation(ctx, secret, confirmation(receipt, st.Order.Number, total))
			}()
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			f.countedOnce(t, st.Order.Number, receipt, total)
		}
	})
}

// Pull Transactions lists a push paid to the Paybill under the push's own
// account reference (the simulator does, as Daraja does): the reconciler
// recognises it and counts nothing more.
func TestPullTransactionsConfirmsAnSTKPayment(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 0)
		ctx := context.Background()
		st := f.start(t, "254708374149", 1)
		o := f.waitFor(t, st.Order.Number, isStatus(order.Paid))
		receipt := o.Payment.Receipt
		for i := range 2 {
			f.svc.now = func() time.Time { return time.Now().Add(time.Duration(i+1) * 2 * pullEvery) }
			if _, err := f.svc.ReconcileOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
		var source, ref string
		if err := d.QueryRow(ctx, `SELECT source, bill_ref FROM c2b_payments WHERE trans_id = $1`, receipt).Scan(&source, &ref); err != nil {
			t.Fatalf("the pulled push was not stored: %v", err)
		}
		if source != "pull" || ref != accountRef(o.Number) {
			t.Fatalf("pulled row: source %q bill ref %q", source, ref)
		}
		f.countedOnce(t, o.Number, receipt, o.Total)
		if n, _ := f.svc.UnmatchedCount(ctx); n != 0 {
			t.Fatalf("%d unmatched payments after the pull", n)
		}
	})
}

// A success learnt from a query has no receipt; the push listed by Pull
// Transactions under its reference, for its amount, gives it one and is
// not counted again.
func TestPullGivesAQueriedSuccessItsReceipt(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		st := f.start(t, "254708374149", 1)
		if err := f.svc.record(ctx, st.CheckoutRequestID, mpesa.ResultSuccess, "query", "", nil); err != nil {
			t.Fatal(err)
		}
		o := f.order(t, st.Order.Number)
		if o.Status != order.Paid || o.Payment.Receipt != "" {
			t.Fatalf("after the query: %s receipt %q", o.Status, o.Payment.Receipt)
		}
		pulled := mpesa.C2BPayment{TransID: "QRYPULL001", TransType: "Pay Bill", AmountCents: int64(o.Total), BillRef: accountRef(o.Number)}
		if err := f.svc.receiveC2B(ctx, pulled, "pull"); err != nil {
			t.Fatal(err)
		}
		f.countedOnce(t, o.Number, "QRYPULL001", o.Total)
		// The callback that comes at last with the same receipt changes nothing.
		if err := f.svc.HandleCallback(ctx, secret, callbackBody(st.CheckoutRequestID, 0, float64(o.Total.Shillings()), "QRYPULL001")); err != nil {
			t.Fatal(err)
		}
		f.countedOnce(t, o.Number, "QRYPULL001", o.Total)
	})
}

// A farmer who copies the reference from the prompt's M-Pesa message into a
// Paybill payment makes a payment of its own (another receipt): it is
// matched to the order by that reference and counted.
func TestPaybillWithThePushReferenceIsMatched(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 0)
		o := f.cancelled(t, 1)
		ref := accountRef(o.Number)
		if len(ref) != 12 || strings.HasPrefix(ref, "ORDER") {
			t.Fatalf("account reference %q", ref)
		}
		f.pay(t, " "+ref[:6]+" "+ref[6:], o.Total)
		if got := f.order(t, o.Number); got.Status != order.Paid || got.AmountPaid != o.Total {
			t.Fatalf("paid by Paybill with the push's reference: %s, paid %s of %s", got.Status, got.AmountPaid, o.Total)
		}
	})
}
