package payment

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"testing"

	"shop/internal/apperr"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// newCoupon stores a code through the admin's form.
func newCoupon(t *testing.T, d *db.DB, in coupon.Input) coupon.Coupon {
	t.Helper()
	c, err := in.Check()
	if err != nil {
		t.Fatal(err)
	}
	err = d.Tx(context.Background(), func(tx *sql.Tx) error {
		c, err = coupon.NewStore(d).CreateTx(context.Background(), tx, c)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func limit(n int) *int { return &n }

// couponCart makes a cart of qty 10 Kg bags (Ksh 1,500 each) carrying code.
func (f *fixture) couponCart(t *testing.T, qty int, code string) int64 {
	t.Helper()
	id := f.cartWith(t, qty)
	lines, err := f.carts.Lines(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := coupon.NewStore(f.d).Apply(context.Background(), id, code, coupon.Lines(lines)); err != nil {
		t.Fatal(err)
	}
	return id
}

func TestCouponUseLimitHoldsUnderConcurrentCheckouts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 100, mpesa.CallbackNever, 0)
		newCoupon(t, d, coupon.Input{Code: "TEN-ONLY", Kind: coupon.Percent, Value: []byte(`10`), MaxUses: limit(10)})
		const shoppers = 50
		carts := make([]int64, shoppers)
		for i := range carts {
			carts[i] = f.couponCart(t, 1, "ten-only")
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		placed, refused := 0, 0
		for i, id := range carts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				// Each shopper's own phone and address: no other lock lines them up.
				c := webCheckout(fmt.Sprintf("2547111111%02d", i))
				c.Phone = c.MpesaPhone
				if err := c.Validate(); err != nil {
					t.Error(err)
					return
				}
				_, err := f.place(f.co, c, id, fmt.Sprintf("192.0.2.%d", i+1))
				mu.Lock()
				defer mu.Unlock()
				var e *apperr.Error
				switch {
				case err == nil:
					placed++
				case errors.As(err, &e) && e.Fields["code"] == coupon.MsgUsedUp:
					refused++
				default:
					t.Errorf("checkout: %v", err)
				}
			}()
		}
		wg.Wait()
		var discounted, uses int
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM orders WHERE discount_cents > 0`).Scan(&discounted)
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM coupon_uses`).Scan(&uses)
		if placed != 10 || refused != shoppers-10 || discounted != 10 || uses != 10 {
			t.Fatalf("placed %d, refused %d, discounted orders %d, uses %d; want 10, 40, 10, 10", placed, refused, discounted, uses)
		}
	})
}

func TestCouponOrderTotalsVATAndGivingBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		// No callback: the test says when the prompt fails.
		f := newFixture(t, d, 20, mpesa.CallbackNever, 0)
		newCoupon(t, d, coupon.Input{Code: "Mash200", Kind: coupon.Fixed, Value: []byte(`"200"`), MaxUses: limit(1)})
		c := webCheckout("254700000001")
		if err := c.Validate(); err != nil {
			t.Fatal(err)
		}
		id := f.couponCart(t, 3, "MASH200")
		st, err := f.place(f.co, c, id, "192.0.2.1")
		if err != nil {
			t.Fatal(err)
		}
		o := st.Order
		if o.Discount != money.FromShillings(200) || o.CouponCode != "Mash200" || o.Total != o.Subtotal-o.Discount+o.ShippingCharge {
			t.Fatalf("order totals: subtotal %s discount %s shipping %s total %s code %q", o.Subtotal, o.Discount, o.ShippingCharge, o.Total, o.CouponCode)
		}
		stored, _ := f.orders.ByNumber(context.Background(), o.Number)
		// VAT of Ksh 4,300 (3 × 1,500 less 200) at 16%: 430000 × 16/116 = 59310.3 cents.
		if stored.Discount != o.Discount || stored.Items[0].Discount != o.Discount || stored.Items[0].VATClass != "B" ||
			stored.Items[0].VAT != money.Cents(59310) {
			t.Fatalf("stored: discount %s, item %+v", stored.Discount, stored.Items[0])
		}
		var uses int
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM coupon_uses`).Scan(&uses)
		if uses != 1 {
			t.Fatalf("uses after checkout: %d", uses)
		}
		// The farmer cancels the prompt: the order fails and gives its use back.
		var paymentID int64
		_ = d.QueryRow(context.Background(), `SELECT id FROM payments WHERE order_id = (SELECT id FROM orders WHERE order_number = $1)`, o.Number).Scan(&paymentID)
		if err := f.svc.settle(context.Background(), paymentID, 1032, "Request cancelled by user", ""); err != nil {
			t.Fatal(err)
		}
		f.waitFor(t, o.Number, func(o order.Order) bool { return o.Status == order.PaymentFailed })
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM coupon_uses`).Scan(&uses)
		if uses != 0 {
			t.Fatalf("the failed order kept its use: %d", uses)
		}
		// Another shopper takes the one use; the failed order's retry is refused.
		other := webCheckout("254711111111")
		_ = other.Validate()
		if _, err := f.place(f.co, other, f.couponCart(t, 1, "mash200"), "192.0.2.2"); err != nil {
			t.Fatal(err)
		}
		failed, _ := f.orders.ByNumber(context.Background(), o.Number)
		if _, err := f.svc.Retry(context.Background(), failed, "254711111112", "192.0.2.1"); kindOf(err) != apperr.KindConflict {
			t.Fatalf("retry after the code was used up: %v", err)
		}
	})
}

func kindOf(err error) apperr.Kind {
	if e, ok := apperr.From(err); ok {
		return e.Kind
	}
	return 0
}

// A "once per phone" code counts the M-Pesa number that pays as well as the
// contact phone: one payer typing three contact phones gets it once, and so
// does one contact phone paying from three numbers.
func TestCouponOncePerPhoneCountsThePayer(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 100, mpesa.CallbackNever, 0)
		newCoupon(t, d, coupon.Input{Code: "ONCE", Kind: coupon.Percent, Value: []byte(`50`), MaxUsesPerPhone: limit(1)})
		try := func(contact, payer string) error {
			c := webCheckout(payer)
			c.Phone = contact
			if err := c.Validate(); err != nil {
				t.Fatal(err)
			}
			_, err := f.place(f.co, c, f.couponCart(t, 1, "once"), "192.0.2.1")
			return err
		}
		for _, round := range []struct{ contacts, payers []string }{
			{[]string{"254712477700", "254712477701", "254712477702"}, []string{"254712488888", "254712488888", "254712488888"}},
			{[]string{"254712466600", "254712466600", "254712466600"}, []string{"254712455501", "254712455502", "254712455503"}},
		} {
			for i := range round.contacts {
				err := try(round.contacts[i], round.payers[i])
				var e *apperr.Error
				switch {
				case i == 0 && err != nil:
					t.Fatalf("first use: %v", err)
				case i > 0 && !(errors.As(err, &e) && e.Fields["code"] == coupon.MsgPhoneUsedUp):
					t.Fatalf("use %d by contact %s paying from %s: %v, want %q", i+1, round.contacts[i], round.payers[i], err, coupon.MsgPhoneUsedUp)
				}
			}
		}
		var discounted int
		_ = d.QueryRow(context.Background(), `SELECT COUNT(*) FROM orders WHERE discount_cents > 0`).Scan(&discounted)
		if discounted != 2 {
			t.Fatalf("%d discounted orders, want 2 (one a round)", discounted)
		}
	})
}
