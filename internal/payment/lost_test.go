package payment

import (
	"context"
	"database/sql"
	"log/slog"
	"strings"
	"testing"
	"time"

	"shop/internal/checkout"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// lostPush makes an order whose push went out but whose CheckoutRequestID
// was never stored: the process died between the two.
func (f *fixture) lostPush(t *testing.T, qty int) order.Order {
	t.Helper()
	c := webCheckout("254708374149")
	if err := c.Validate(); err != nil {
		t.Fatal(err)
	}
	st, err := f.place(checkout.New(f.d, f.orders, coupon.NewStore(f.d), lostPushes{f.svc}, slog.Default()), c, f.cartWith(t, qty), "192.0.2.1")
	if err != nil {
		t.Fatal(err)
	}
	return st.Order
}

// lostPushes are payments whose pushes go out but whose answers are lost.
type lostPushes struct{ *Service }

func (lostPushes) Push(context.Context, int64, string, string, money.Cents) (string, error) {
	return "", nil
}

// later moves the service's clock past lostAfter.
func (f *fixture) later() {
	f.svc.now = func() time.Time { return time.Now().Add(lostAfter + time.Minute) }
}

func (f *fixture) parked(t *testing.T) int {
	t.Helper()
	var n int
	if err := f.d.QueryRow(context.Background(), `SELECT COUNT(*) FROM payment_callbacks`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// The push's answer was lost, then the customer's payment arrived: the
// reconciler matches it to the order by phone and amount, and the order is
// paid, never failed.
func TestLostPushIsMatchedByPhoneAndAmount(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		o := f.lostPush(t, 2) // Ksh 3,500 with delivery
		if err := f.svc.HandleCallback(ctx, secret, callbackBody("ws_CO_lost0001", 0, 3500, "LOST000001")); err != nil {
			t.Fatal(err)
		}
		list, err := f.svc.Unmatched(ctx)
		if err != nil || len(list) != 1 || list[0].Receipt != "LOST000001" || list[0].Amount != 350000 || list[0].Phone != "254708374149" {
			t.Fatalf("unmatched %+v (%v)", list, err)
		}
		f.later()
		if _, err := f.svc.ReconcileOnce(ctx); err != nil {
			t.Fatal(err)
		}
		got, _ := f.orders.ByNumber(ctx, o.Number)
		if got.Status != order.Paid || got.Payment.Receipt != "LOST000001" || got.Attention != "" || f.stock(t) != 8 || f.parked(t) != 0 {
			t.Fatalf("after matching: %s %+v attention %q stock %d parked %d", got.Status, got.Payment, got.Attention, f.stock(t), f.parked(t))
		}
	})
}

// No payment came: the order is flagged for a person and keeps waiting,
// with its stock; it is not failed. A payment that comes later still pays it.
func TestLostPushIsFlaggedNotFailed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		o := f.lostPush(t, 1)
		if _, err := f.svc.ReconcileOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.orders.ByNumber(ctx, o.Number); got.Attention != "" {
			t.Fatalf("flagged while its push may still be answering: %q", got.Attention)
		}
		f.later()
		for range 2 {
			if _, err := f.svc.ReconcileOnce(ctx); err != nil {
				t.Fatal(err)
			}
		}
		got, _ := f.orders.ByNumber(ctx, o.Number)
		if got.Status != order.PendingPayment || got.Payment.Status != "pending" || got.Attention != msgReferenceLost || f.stock(t) != 9 {
			t.Fatalf("lost push: %s %+v attention %q stock %d", got.Status, got.Payment, got.Attention, f.stock(t))
		}
		if err := f.svc.HandleCallback(ctx, secret, callbackBody("ws_CO_lost0002", 0, 2000, "LOST000002")); err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.ReconcileOnce(ctx); err != nil {
			t.Fatal(err)
		}
		if got, _ = f.orders.ByNumber(ctx, o.Number); got.Status != order.Paid || got.Attention != "" {
			t.Fatalf("payment after the flag: %s attention %q", got.Status, got.Attention)
		}
	})
}

// A parked success that matches no order, or two, is never deleted: it stays
// listed until an admin assigns it, and assigning it pays the order.
func TestUnmatchedPaymentIsKeptUntilAssigned(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		a, b := f.lostPush(t, 1), f.lostPush(t, 1) // same phone, same amount: ambiguous
		if err := f.svc.HandleCallback(ctx, secret, callbackBody("ws_CO_twin0001", 0, 2000, "TWIN000001")); err != nil {
			t.Fatal(err)
		}
		if err := f.svc.HandleCallback(ctx, secret, callbackBody("ws_CO_gone0001", 1032, 0, "")); err != nil {
			t.Fatal(err)
		}
		f.svc.now = func() time.Time { return time.Now().Add(48 * time.Hour) }
		if _, err := f.svc.ReconcileOnce(ctx); err != nil {
			t.Fatal(err)
		}
		list, _ := f.svc.Unmatched(ctx)
		if len(list) != 1 || f.parked(t) != 1 {
			t.Fatalf("after two days: %d unmatched, %d parked (the failure goes, the payment stays)", len(list), f.parked(t))
		}
		for _, o := range []order.Order{a, b} {
			if got, _ := f.orders.ByNumber(ctx, o.Number); got.Status != order.PendingPayment {
				t.Fatalf("%s guessed: %s", o.Number, got.Status)
			}
		}
		var assigned Assigned
		err := d.Tx(ctx, func(tx *sql.Tx) (err error) {
			assigned, err = f.svc.AssignTx(ctx, tx, list[0].ID, b.Number)
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if err := f.svc.ApplyAssigned(ctx, assigned); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.orders.ByNumber(ctx, b.Number); got.Status != order.Paid || got.Payment.Receipt != "TWIN000001" {
			t.Fatalf("assigned order: %s %+v", got.Status, got.Payment)
		}
		if got, _ := f.orders.ByNumber(ctx, a.Number); got.Status != order.PendingPayment {
			t.Fatalf("the other order: %s", got.Status)
		}
		if list, _ := f.svc.Unmatched(ctx); len(list) != 0 {
			t.Fatalf("still unmatched: %+v", list)
		}
	})
}

// A callback with the wrong amount flags the order, and a later STK Query
// answer (which carries no amount) cannot pay it behind the person's back.
func TestWrongAmountIsNotPaidByAQuery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackNever, time.Hour)
		ctx := context.Background()
		st := f.start(t, "254708374149", 1)
		if err := f.svc.HandleCallback(ctx, secret, callbackBody(st.CheckoutRequestID, 0, 1, "SMALL00001")); err != nil {
			t.Fatal(err)
		}
		f.svc.gateway = paidGateway{}
		f.svc.now = func() time.Time { return time.Now().Add(time.Hour) }
		if _, err := f.svc.ReconcileOnce(ctx); err != nil {
			t.Fatal(err)
		}
		got, _ := f.orders.ByNumber(ctx, st.Order.Number)
		if got.Status != order.PendingPayment || !strings.Contains(got.Attention, "Ksh 1 paid, but the order asked for Ksh 2,000") {
			t.Fatalf("after a query: %s attention %q", got.Status, got.Attention)
		}
	})
}

// paidGateway answers every query: paid.
type paidGateway struct{}

func (paidGateway) STKPush(context.Context, mpesa.PushRequest) (mpesa.PushResponse, error) {
	return mpesa.PushResponse{}, nil
}
func (paidGateway) STKQuery(context.Context, string) (mpesa.QueryResult, error) {
	return mpesa.QueryResult{ResultCode: 0, ResultDesc: "paid"}, nil
}
