package payment

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// Paybill (C2B) payments: docs/payments.md section 10.

var transSeq struct {
	sync.Mutex
	n int
}

// confirmation is a C2B confirmation body as Daraja posts it.
func confirmation(transID, account string, amount money.Cents) []byte {
	return fmt.Appendf(nil, `{"TransactionType":"Pay Bill","TransID":%q,"TransTime":"20261122101500","TransAmount":"%d.%02d",
		"BusinessShortCode":"174379","BillRefNumber":%q,"InvoiceNumber":"","OrgAccountBalance":"49197.00","ThirdPartyTransID":"",
		"MSISDN":"2547 ***** 149","FirstName":"WANJIKU"}`, transID, amount/100, amount%100, account)
}

func nextTransID() string {
	transSeq.Lock()
	defer transSeq.Unlock()
	transSeq.n++
	return fmt.Sprintf("TKM%07d", transSeq.n)
}

// pay posts a confirmation for account and amount, and fails the test when
// the shop does not take it.
func (f *fixture) pay(t *testing.T, account string, amount money.Cents) string {
	t.Helper()
	id := nextTransID()
	if err := f.svc.HandleC2BConfirmation(context.Background(), secret, confirmation(id, account, amount)); err != nil {
		t.Fatalf("confirmation %s: %v", id, err)
	}
	return id
}

// cancelled places an order whose prompt the customer cancelled.
func (f *fixture) cancelled(t *testing.T, qty int) order.Order {
	t.Helper()
	st := f.start(t, "254700000001", qty)
	return f.waitFor(t, st.Order.Number, isStatus(order.PaymentFailed))
}

func (f *fixture) order(t *testing.T, number string) order.Order {
	t.Helper()
	o, err := f.orders.ByNumber(context.Background(), number)
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func digits(number string) string { return strings.TrimPrefix(number, "ORDER-") }

func TestPaybillExactPartAndOverPayments(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 20, mpesa.CallbackOnce, 0)
		var mailed []string
		f.svc.OnPaidTx = func(_ context.Context, _ *sql.Tx, o order.Order) error { mailed = append(mailed, o.Number); return nil }

		// Exact: the prompt was cancelled, the farmer pays by Paybill.
		o := f.cancelled(t, 2)
		if o.Paybill == nil || o.Paybill.Number != "174379" || o.Paybill.Account != o.AccountNumber || len(o.AccountNumber) != order.AccountNumberLen || o.Paybill.Amount != o.Total || o.BalanceDue != o.Total {
			t.Fatalf("guide before paying: %+v due %s", o.Paybill, o.BalanceDue)
		}
		receipt := f.pay(t, "order-"+digits(o.Number), o.Total)
		o = f.order(t, o.Number)
		if o.Status != order.Paid || o.AmountPaid != o.Total || o.BalanceDue != 0 || o.Paybill != nil || o.Attention != "" || f.stock(t) != 18 {
			t.Fatalf("exact: %s paid %s due %s guide %+v attention %q stock %d", o.Status, o.AmountPaid, o.BalanceDue, o.Paybill, o.Attention, f.stock(t))
		}
		all, err := f.svc.All(context.Background(), o.ID)
		i := slices.IndexFunc(all, func(p order.Payment) bool { return p.Method == "paybill" })
		if err != nil || len(all) != 2 || i < 0 || all[i].Receipt != receipt || all[i].PayerName != "WANJIKU" || all[i].Status != "succeeded" {
			t.Fatalf("payments of the order: %+v %v", all, err)
		}
		if len(mailed) != 1 || mailed[0] != o.Number {
			t.Fatalf("order mail: %v", mailed)
		}

		// Part payments add up; the prompt asks only for what is still due.
		o = f.cancelled(t, 1)
		f.pay(t, " "+o.Number+" ", 500_00)
		o = f.order(t, o.Number)
		if o.Status != order.PaymentFailed || o.AmountPaid != 500_00 || o.BalanceDue != o.Total-500_00 || o.Paybill.Amount != o.BalanceDue {
			t.Fatalf("first part: %s paid %s due %s guide %+v", o.Status, o.AmountPaid, o.BalanceDue, o.Paybill)
		}
		f.pay(t, digits(o.Number), o.BalanceDue)
		o = f.order(t, o.Number)
		if o.Status != order.Paid || o.AmountPaid != o.Total || o.BalanceDue != 0 || o.Attention != "" {
			t.Fatalf("second part: %s paid %s due %s attention %q", o.Status, o.AmountPaid, o.BalanceDue, o.Attention)
		}

		// More than due: paid, and flagged with the overpayment.
		o = f.cancelled(t, 1)
		f.pay(t, "Order "+digits(o.Number), o.Total+100_00)
		o = f.order(t, o.Number)
		if o.Status != order.Paid || o.AmountPaid != o.Total+100_00 || !strings.Contains(o.Attention, "Overpaid by Ksh 100 ") {
			t.Fatalf("over: %s paid %s attention %q", o.Status, o.AmountPaid, o.Attention)
		}

		// Money for a paid order, and for a cancelled one, is flagged.
		f.pay(t, o.Number, 50_00)
		if o = f.order(t, o.Number); o.Status != order.Paid || !strings.Contains(o.Attention, "Overpaid by Ksh 150:") || !strings.Contains(o.Attention, "arrived after the order was paid") {
			t.Fatalf("after paid: %s %q", o.Status, o.Attention)
		}
		c := f.cancelled(t, 1)
		if err := f.svc.db.Tx(context.Background(), func(tx *sql.Tx) error {
			cur, err := f.orders.ByIDTx(context.Background(), tx, c.ID)
			if err != nil {
				return err
			}
			_, err = order.Move(context.Background(), tx, cur, order.Cancelled, "test", "admin")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		f.pay(t, c.Number, c.Total)
		if c = f.order(t, c.Number); c.Status != order.Cancelled || !strings.Contains(c.Attention, "refund it") {
			t.Fatalf("cancelled: %s %q", c.Status, c.Attention)
		}
	})
}

func TestAccountNumbersAreReadForgivingly(t *testing.T) {
	s := &Service{}
	for in, want := range map[string]string{
		"order-1795000000001": "ORDER-1795000000001", "1795000000001": "ORDER-1795000000001",
		" ORDER-1795000000001 ": "ORDER-1795000000001", "Order 1795 000 000 001": "ORDER-1795000000001",
		"ORDER-1795000000001-2": "ORDER-1795000000001-2", "": "", "ORDER-": "", "maize": "", "1795x": "", "ORDR-1795": "",
	} {
		if got := s.matchable(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

// The short account number pays its order whichever way it is typed, and
// an admin may assign a kept payment by it too.
func TestShortAccountNumberPaysItsOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 20, mpesa.CallbackOnce, 0)
		var mailed []order.Order
		f.svc.OnPaidTx = func(_ context.Context, _ *sql.Tx, o order.Order) error { mailed = append(mailed, o); return nil }
		o := f.cancelled(t, 1)
		a := o.AccountNumber
		typed := " " + strings.ToLower(a[:3]) + "-" + a[3:] + " "
		first := f.pay(t, typed, 100_00)
		if got := f.order(t, o.Number); got.AmountPaid != 100_00 || got.AccountNumber != a || !slices.Equal(got.Receipts, []string{first}) {
			t.Fatalf("typed %q for %s: paid %s receipts %v", typed, a, got.AmountPaid, got.Receipts)
		}
		second := f.pay(t, a, o.Total-100_00)
		// Both Paybill receipts show on the order, its receipt and its mail.
		got := f.order(t, o.Number)
		if got.Status != order.Paid || !slices.Equal(got.Receipts, []string{first, second}) || got.ReceiptText() != first+", "+second {
			t.Fatalf("account %s: %s receipts %v", a, got.Status, got.Receipts)
		}
		if len(mailed) != 1 || mailed[0].ReceiptText() != first+", "+second {
			t.Fatalf("mailed: %+v", mailed)
		}

		// Another order's number typed wrong is kept, then assigned by account number.
		other := f.cancelled(t, 1)
		f.pay(t, "ZZZZZZZZZ", other.Total)
		kept, err := f.svc.PaybillPayments(context.Background(), new(bool))
		if err != nil || len(kept) != 1 {
			t.Fatalf("kept: %+v %v", kept, err)
		}
		var assigned PaybillPayment
		if err := d.Tx(context.Background(), func(tx *sql.Tx) (err error) {
			assigned, err = f.svc.AssignPaybillTx(context.Background(), tx, kept[0].ID, strings.ToLower(other.AccountNumber))
			return err
		}); err != nil || assigned.OrderID != other.Number {
			t.Fatalf("assign by account number: %+v %v", assigned, err)
		}
		if err := f.svc.ApplyPaybill(context.Background(), assigned); err != nil {
			t.Fatal(err)
		}
		if got := f.order(t, other.Number); got.Status != order.Paid {
			t.Fatalf("assigned: %s", got.Status)
		}
	})
}

func TestAccountNumbersAreDrawnFromTheShortAlphabet(t *testing.T) {
	seen := map[string]bool{}
	for range 1000 {
		a := order.NewAccountNumber()
		if len(a) != order.AccountNumberLen || strings.ContainsAny(a, "01OI") || order.AccountNumberOf(a) != a || seen[a] {
			t.Fatalf("account number %q", a)
		}
		seen[a] = true
	}
	for in, want := range map[string]string{
		"7k3qx9p": "7K3QX9P", " 7K3-QX9P ": "7K3QX9P", "7K3 QX9P": "7K3QX9P", "": "", "ORDER-1795": "", "7K3QX9P0": "",
		"123456789": "", "ABCDEFGHJ": "",
	} {
		if got := order.AccountNumberOf(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
}

func TestPaybillIsKeptOnceAndOnlyWithTheSecret(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 0)
		ctx := context.Background()
		o := f.cancelled(t, 1)
		body := confirmation("TKMDUP0001", o.Number, o.Total)
		if err := f.svc.HandleC2BConfirmation(ctx, "wrong-secret-0123456789abcdef012345", body); !isNotFound(err) {
			t.Fatalf("wrong secret: %v", err)
		}
		if n, _ := d.Count(ctx, "c2b", `SELECT COUNT(*) FROM c2b_payments`); n != 0 {
			t.Fatalf("wrong secret stored %d payments", n)
		}
		for range 3 {
			if err := f.svc.HandleC2BConfirmation(ctx, secret, body); err != nil {
				t.Fatal(err)
			}
		}
		o = f.order(t, o.Number)
		if n, _ := d.Count(ctx, "c2b", `SELECT COUNT(*) FROM c2b_payments`); n != 1 || o.AmountPaid != o.Total || o.Attention != "" {
			t.Fatalf("repeated TransID: %d rows, paid %s, attention %q", n, o.AmountPaid, o.Attention)
		}
		if err := f.svc.HandleC2BConfirmation(ctx, secret, []byte(`{"TransID":"","TransAmount":"10"}`)); err == nil {
			t.Fatal("a confirmation without TransID was taken")
		}
	})
}

func isNotFound(err error) bool {
	e, ok := err.(*apperr.Error)
	return ok && e.Kind == apperr.KindNotFound
}

func TestUnmatchedPaybillIsKeptUntilAssigned(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 0)
		ctx := context.Background()
		o := f.cancelled(t, 1)
		id := f.pay(t, "MAIZE", o.Total)
		no := false
		list, err := f.svc.PaybillPayments(ctx, &no)
		if err != nil || len(list) != 1 || list[0].TransID != id || list[0].Account != "MAIZE" || list[0].OrderID != "" || list[0].Amount != o.Total {
			t.Fatalf("unmatched list: %+v %v", list, err)
		}
		if n, _ := f.svc.UnmatchedCount(ctx); n != 1 {
			t.Fatalf("unmatched count %d", n)
		}
		assign := func(number string) (PaybillPayment, error) {
			var p PaybillPayment
			err := f.svc.db.Tx(ctx, func(tx *sql.Tx) error {
				var err error
				p, err = f.svc.AssignPaybillTx(ctx, tx, list[0].ID, number)
				return err
			})
			return p, err
		}
		if _, err := assign("ORDER-1"); err == nil || !strings.Contains(err.Error(), MsgNoOrder) {
			t.Fatalf("assign to no order: %v", err)
		}
		p, err := assign(strings.ToLower(o.Number))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.svc.ApplyPaybill(ctx, p); err != nil {
			t.Fatal(err)
		}
		if o = f.order(t, o.Number); o.Status != order.Paid || o.AmountPaid != o.Total {
			t.Fatalf("after assigning: %s %s", o.Status, o.AmountPaid)
		}
		if _, err := assign(o.Number); err == nil {
			t.Fatal("a payment was assigned twice")
		}
		if n, _ := f.svc.UnmatchedCount(ctx); n != 0 {
			t.Fatalf("unmatched count after assigning %d", n)
		}
	})
}

// An STK success and a Paybill payment for the same order at the same
// moment: both are counted, the order is paid once and flagged as overpaid.
func TestPaybillRacingAnSTKSuccess(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 40, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		for i := range 5 {
			st := f.start(t, "254708374149", 1)
			total := st.Order.Total
			var wg sync.WaitGroup
			errs := make(chan error, 2)
			wg.Add(2)
			go func() {
				defer wg.Done()
				errs <- f.svc.HandleCallback(ctx, secret, callbackBody(st.CheckoutRequestID, 0, float64(total.Shillings()), fmt.Sprintf("RACE%06d", i)))
			}()
			go func() {
				defer wg.Done()
				errs <- f.svc.HandleC2BConfirmation(ctx, secret, confirmation(nextTransID(), st.Order.Number, total))
			}()
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Fatal(err)
				}
			}
			o := f.order(t, st.Order.Number)
			paidEvents, _ := d.Count(ctx, "events", `SELECT COUNT(*) FROM order_events WHERE order_id = $1 AND to_status = 'paid'`, o.ID)
			if o.Status != order.Paid || paidEvents != 1 || o.AmountPaid != 2*total || !strings.Contains(o.Attention, "Overpaid by "+total.Ksh()) {
				t.Fatalf("race %d: %s, %d paid events, paid %s, attention %q", i, o.Status, paidEvents, o.AmountPaid, o.Attention)
			}
		}
	})
}

// After the shop gave up on the prompt (stock released), Paybill money
// still pays the order and takes the stock again.
func TestPaybillAfterTheShopGaveUp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 3, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		st := f.start(t, "254708374149", 2)
		f.svc.now = func() time.Time { return time.Now().Add(giveUpAfter + time.Minute) }
		if _, err := f.svc.ReconcileOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if o := f.order(t, st.Order.Number); o.Status != order.PaymentFailed || f.stock(t) != 3 {
			t.Fatalf("after giving up: %s stock %d", o.Status, f.stock(t))
		}
		f.pay(t, st.Order.Number, st.Order.Total)
		if o := f.order(t, st.Order.Number); o.Status != order.Paid || f.stock(t) != 1 || o.Attention != "" {
			t.Fatalf("paybill after giving up: %s stock %d attention %q", o.Status, f.stock(t), o.Attention)
		}
	})
}

// The simulator withholds the confirmation; the reconciler finds the
// payment through Pull Transactions and applies it once.
func TestMissedConfirmationIsFoundByTheReconciler(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 0)
		ctx := context.Background()
		o := f.cancelled(t, 1)
		f.sim.Mode = mpesa.CallbackNever
		trans := f.sim.Paybill(digits(o.Number), int64(o.Total), "254708374149")
		if o = f.order(t, o.Number); o.Status != order.PaymentFailed || f.sim.Confirmed() != 0 {
			t.Fatalf("before reconciling: %s, %d confirmations", o.Status, f.sim.Confirmed())
		}
		for i := range 2 {
			f.svc.now = func() time.Time { return time.Now().Add(time.Duration(i+1) * 2 * pullEvery) }
			if _, err := f.svc.ReconcileOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
		o = f.order(t, o.Number)
		all, _ := f.svc.All(ctx, o.ID)
		if o.Status != order.Paid || o.AmountPaid != o.Total || len(all) != 2 || !slices.ContainsFunc(all, func(p order.Payment) bool { return p.Receipt == trans }) {
			t.Fatalf("after reconciling: %s paid %s payments %+v", o.Status, o.AmountPaid, all)
		}
		var source string
		if err := d.QueryRow(ctx, `SELECT source FROM c2b_payments WHERE trans_id = $1`, trans).Scan(&source); err != nil || source != "pull" {
			t.Fatalf("source %q %v", source, err)
		}
	})
}

// The simulator's confirmation travels over HTTP to the shop's endpoint,
// which stores it before answering.
func TestSimulatedPaybillIsConfirmedOverHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 0)
		o := f.cancelled(t, 1)
		f.sim.Paybill(" "+strings.ToLower(o.Number), int64(o.Total), "254708374149")
		f.waitFor(t, o.Number, isStatus(order.Paid))
		// The order is paid as the shop stores the confirmation, a moment
		// before the simulator reads the shop's answer to it.
		deadline := time.Now().Add(30 * time.Second)
		for f.sim.Confirmed() == 0 && time.Now().Before(deadline) {
			time.Sleep(5 * time.Millisecond)
		}
		if f.sim.Confirmed() != 1 {
			t.Fatalf("%d confirmations answered", f.sim.Confirmed())
		}
	})
}

// Twenty confirmations at once, for twenty orders: each order is paid once,
// with the right amount.
func TestTwentyConfirmationsAtOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 40, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		var orders []order.Order
		for range 20 {
			orders = append(orders, f.start(t, "254708374149", 1).Order)
		}
		var wg sync.WaitGroup
		errs := make(chan error, len(orders))
		for _, o := range orders {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- f.svc.HandleC2BConfirmation(ctx, secret, confirmation(nextTransID(), digits(o.Number), o.Total))
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		for _, o := range orders {
			got := f.order(t, o.Number)
			if got.Status != order.Paid || got.AmountPaid != o.Total || got.Attention != "" {
				t.Fatalf("%s: %s paid %s attention %q", o.Number, got.Status, got.AmountPaid, got.Attention)
			}
		}
		if f.stock(t) != 20 {
			t.Fatalf("stock %d, want 20", f.stock(t))
		}
	})
}

// The first failed prompt of an order tells the customer, once, how else
// to pay: the hook gets the failure and the Paybill guide for what is due.
func TestFirstFailureTellsTheCustomerAboutPaybill(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 0)
		var mu sync.Mutex
		var told []order.Order
		f.svc.OnUnpaidTx = func(_ context.Context, _ *sql.Tx, o order.Order) error {
			mu.Lock()
			defer mu.Unlock()
			told = append(told, o)
			return nil
		}
		o := f.cancelled(t, 1)
		again, err := f.svc.Retry(context.Background(), o, "254700000002", "192.0.2.1")
		if err != nil || again.PushErr != nil {
			t.Fatal(err, again.PushErr)
		}
		f.waitFor(t, o.Number, func(o order.Order) bool {
			return o.Status == order.PaymentFailed && o.Payment.ResultCode != nil && *o.Payment.ResultCode == 1
		})
		mu.Lock()
		defer mu.Unlock()
		if len(told) != 1 || told[0].Number != o.Number || told[0].Paybill == nil || told[0].Paybill.Amount != o.Total ||
			told[0].Payment.Message != mpesa.CustomerMessage(mpesa.ResultCancelled) {
			t.Fatalf("told %d times: %+v", len(told), told)
		}
	})
}

// A confirmation whose amount is in no form M-Pesa uses is answered 400,
// credits nothing and is kept raw for a person; so is one without TransID.
func TestUnreadableConfirmationIsKeptForTheAdmin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		st := f.start(t, "254708374149", 1)
		bodies := []string{
			strings.Replace(string(confirmation("TKMODD0001", st.Order.Number, st.Order.Total)), `"TransAmount":"`, `"TransAmount":"7.30e2`, 1),
			`{"TransID":"TKMODD0002","TransAmount":"730.00.00","BillRefNumber":"` + st.Order.Number + `"}`,
			`{"TransID":"TKMODD0003","TransAmount":"729.999","FirstName":"\u0000"}`,
			`{"TransAmount":"10"}`,
		}
		for _, b := range bodies {
			var e *apperr.Error
			if err := f.svc.HandleC2BConfirmation(ctx, secret, []byte(b)); !errors.As(err, &e) || e.Kind != apperr.KindInvalid {
				t.Fatalf("%s: %v, want a 400", b, err)
			}
		}
		if o := f.order(t, st.Order.Number); o.AmountPaid != 0 {
			t.Fatalf("an unreadable amount was credited: %s", o.AmountPaid)
		}
		if n, _ := d.Count(ctx, "c2b", `SELECT COUNT(*) FROM c2b_payments`); n != 0 {
			t.Fatalf("%d unreadable confirmations stored as payments", n)
		}
		kept, err := f.svc.UnreadablePayments(ctx)
		if n, _ := f.svc.UnreadableCount(ctx); err != nil || len(kept) != len(bodies) || n != len(bodies) {
			t.Fatalf("kept %d (%v), counted %d; want %d", len(kept), err, n, len(bodies))
		}
		last := kept[len(kept)-1]
		if last.TransID != "TKMODD0001" || !strings.Contains(last.Body, "7.30e2") || last.Reason == "" {
			t.Fatalf("oldest kept: %+v", last)
		}
	})
}
