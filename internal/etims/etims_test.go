package etims_test

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/etims"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/vat"
)

const (
	tin    = "P051234567X"
	serial = "SIM-DEVICE-1"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// kra is a simulator on loopback and a service that reports to it.
type kra struct {
	sim   *etims.Simulator
	svc   *etims.Service
	d     *db.DB
	clock *clock
	url   string
}

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newKRA(t *testing.T, d *db.DB) *kra {
	sim := etims.NewSimulator(tin, serial, "ok")
	srv := httptest.NewServer(sim)
	t.Cleanup(srv.Close)
	k := &kra{sim: sim, d: d, clock: &clock{t: time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)}, url: srv.URL}
	k.svc = k.instance()
	return k
}

// instance is another shop process on the same database and KRA.
func (k *kra) instance() *etims.Service {
	c := etims.NewClient(etims.ClientConfig{BaseURL: k.url, Style: "direct", TIN: tin, Branch: "00"}, nil)
	s := etims.New(k.d, c, serial, quiet)
	s.SetClock(k.clock.now)
	return s
}

// paid queues o's invoice as the payment's transaction does.
func (k *kra) paid(t *testing.T, o order.Order) {
	t.Helper()
	if err := k.d.Tx(context.Background(), func(tx *sql.Tx) error { _, err := k.svc.OrderPaidTx(context.Background(), tx, o); return err }); err != nil {
		t.Fatal(err)
	}
}

func (k *kra) send(t *testing.T) int {
	t.Helper()
	n, err := k.svc.SendDue(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// anOrder is a paid order with an exempt feed, a standard-rated drinker, a
// coupon shared between them and a delivery fee.
func anOrder(id int64) order.Order {
	feed := order.Item{VariantID: 11, ProductName: "Dairy Meal", Size: "70 Kg", Quantity: 2, UnitPrice: 390000, TotalPrice: 780000, Discount: 15600,
		VATClass: vat.Exempt, VATRate: 0}
	drinker := order.Item{VariantID: 12, ProductName: "Chick Drinker", Size: "5 L", Quantity: 3, UnitPrice: 45000, TotalPrice: 135000, Discount: 4400,
		VATClass: vat.Standard, VATRate: 1600}
	drinker.VAT = vat.Of(drinker.TotalPrice-drinker.Discount, 1600)
	o := order.Order{ID: id, Number: "ORDER-" + string(rune('A'+id%26)) + "-" + time.Duration(id).String(), Items: []order.Item{feed, drinker},
		Subtotal: 915000, Discount: 20000, CouponCode: "MASH200", ShippingCharge: 30000, Customer: order.Customer{Name: "Wanjiku Mwangi", Phone: "254712345678"},
		KRAPIN: "A123456789B"}
	o.Total = o.Subtotal - o.Discount + o.ShippingCharge
	return o
}

func status(t *testing.T, d *db.DB, invcNo int64) (st, code string) {
	t.Helper()
	if err := d.QueryRow(context.Background(), `SELECT status, result_cd FROM etims_invoices WHERE invc_no = $1`, invcNo).Scan(&st, &code); err != nil {
		t.Fatal(err)
	}
	return st, code
}

func TestInvoiceOfAPaidOrderAddsUpPerBand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		k := newKRA(t, d)
		o := anOrder(1)
		k.paid(t, o)
		if n := k.send(t); n != 1 {
			t.Fatalf("sent %d", n)
		}
		got := k.sim.Accepted()
		if len(got) != 1 {
			t.Fatalf("KRA has %d invoices", len(got))
		}
		inv := got[0]
		feedNet := o.Items[0].TotalPrice - o.Items[0].Discount
		drinkerNet := o.Items[1].TotalPrice - o.Items[1].Discount
		deliveryVAT := vat.Of(o.ShippingCharge, 1600)
		if inv.InvcNo != 1 || inv.RcptTyCd != "S" || inv.PmtTyCd != "06" || inv.CustTin != "A123456789B" || inv.TotItemCnt != 3 {
			t.Errorf("header %+v", inv)
		}
		if money.Cents(inv.TaxblAmtA) != feedNet || inv.TaxAmtA != 0 {
			t.Errorf("band A: %d + %d, want %d", inv.TaxblAmtA, inv.TaxAmtA, feedNet)
		}
		if money.Cents(inv.TaxAmtB) != o.Items[1].VAT+deliveryVAT || money.Cents(inv.TaxblAmtB+inv.TaxAmtB) != drinkerNet+o.ShippingCharge {
			t.Errorf("band B: %d + %d", inv.TaxblAmtB, inv.TaxAmtB)
		}
		if money.Cents(inv.TotAmt) != o.Total || inv.TotTaxblAmt+inv.TotTaxAmt != inv.TotAmt || inv.TaxRtB != 16 {
			t.Errorf("totals %d + %d = %d, order %d", inv.TotTaxblAmt, inv.TotTaxAmt, inv.TotAmt, o.Total)
		}
		if inv.ItemList[0].DcAmt != etims.Amount(o.Items[0].Discount) || inv.ItemList[2].ItemNm != "Delivery" {
			t.Errorf("lines %+v", inv.ItemList)
		}
		if st, code := status(t, d, 1); st != "signed" || code != "000" {
			t.Errorf("stored as %s %s", st, code)
		}
		if moves := k.sim.StockMoves(); len(moves) != 1 || moves[0].SarTyCd != "11" || moves[0].TotItemCnt != 2 {
			t.Errorf("stock movements %+v", moves)
		}
	})
}

func TestTwentyOrdersPaidAtOnceTakeTwentyNumbers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		k := newKRA(t, d)
		var wg sync.WaitGroup
		errs := make(chan error, 20)
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs <- d.Tx(context.Background(), func(tx *sql.Tx) error {
					_, err := k.svc.OrderPaidTx(context.Background(), tx, anOrder(int64(i+1)))
					return err
				})
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
		nums, err := db.QueryAll(context.Background(), d, "numbers", func(r db.Scanner) (n int64, err error) { return n, r.Scan(&n) },
			`SELECT invc_no FROM etims_invoices ORDER BY invc_no`)
		if err != nil || len(nums) != 20 {
			t.Fatalf("%d invoices, %v", len(nums), err)
		}
		for i, n := range nums {
			if n != int64(i+1) {
				t.Fatalf("numbers %v", nums)
			}
		}
		if n := k.send(t); n != 20 {
			t.Fatalf("sent %d", n)
		}
		for i, inv := range k.sim.Accepted() {
			if inv.InvcNo != int64(i+1) {
				t.Fatalf("KRA took %d as the %dth", inv.InvcNo, i+1)
			}
		}
	})
}

func TestKRADownThenBackSendsInOrderOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		k := newKRA(t, d)
		k.paid(t, anOrder(1))
		k.send(t) // the device is initialised and invoice 1 signed
		k.sim.SetMode("down")
		k.paid(t, anOrder(2))
		k.paid(t, anOrder(3))
		if n := k.send(t); n != 0 {
			t.Fatalf("sent %d while KRA was down", n)
		}
		if st, _ := status(t, d, 2); st != "pending" {
			t.Fatalf("invoice 2 is %s", st)
		}
		k.sim.SetMode("ok")
		if n := k.send(t); n != 0 {
			t.Fatalf("sent %d before the backoff passed", n)
		}
		k.clock.add(11 * time.Second)
		if n := k.send(t); n != 2 {
			t.Fatalf("sent %d after KRA came back", n)
		}
		got := k.sim.Accepted()
		if len(got) != 3 || got[1].InvcNo != 2 || got[2].InvcNo != 3 {
			t.Fatalf("KRA has %d", len(got))
		}
	})
}

func TestARefusalStopsTheQueueUntilRetried(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		k := newKRA(t, d)
		k.sim.SetMode("refuse:910")
		k.paid(t, anOrder(1))
		k.paid(t, anOrder(2))
		if n := k.send(t); n != 0 {
			t.Fatalf("sent %d", n)
		}
		if st, code := status(t, d, 1); st != "refused" || code != "910" {
			t.Fatalf("invoice 1: %s %s", st, code)
		}
		if st, _ := status(t, d, 2); st != "pending" {
			t.Fatalf("invoice 2 was tried: %s", st)
		}
		k.sim.SetMode("ok")
		k.clock.add(time.Hour)
		if n := k.send(t); n != 0 {
			t.Fatalf("the queue went past a refused invoice: %d", n)
		}
		var n int64
		err := d.Tx(context.Background(), func(tx *sql.Tx) (err error) { n, err = k.svc.RetryTx(context.Background(), tx); return err })
		if err != nil || n != 1 {
			t.Fatalf("retry: %d %v", n, err)
		}
		if n := k.send(t); n != 2 {
			t.Fatalf("sent %d after the retry", n)
		}
	})
}

func TestADuplicateAnswerMeansDone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		k := newKRA(t, d)
		k.paid(t, anOrder(1))
		k.send(t)
		// The answer was lost: the shop still thinks invoice 1 pending.
		if _, err := d.Exec(context.Background(), `UPDATE etims_invoices SET status = 'pending' WHERE invc_no = 1`); err != nil {
			t.Fatal(err)
		}
		k.paid(t, anOrder(2))
		if n := k.send(t); n != 2 {
			t.Fatalf("sent %d", n)
		}
		if st, code := status(t, d, 1); st != "signed" || code != "994" {
			t.Fatalf("invoice 1: %s %s", st, code)
		}
		if got := k.sim.Accepted(); len(got) != 2 {
			t.Fatalf("KRA has %d", len(got))
		}
	})
}

// A sender told to stop while KRA takes an invoice (its job's lease lost, a
// shutdown) records KRA's signature, sends no other and lets the branch go:
// cut off, the next send would get only KRA's "duplicate" answer, without
// the signature the receipt prints.
func TestAStoppedSenderFinishesTheInvoiceInHand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		k := newKRA(t, d)
		ctx, stop := context.WithCancel(context.Background())
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			k.sim.ServeHTTP(w, r)
			if strings.HasSuffix(r.URL.Path, "/saveTrnsSalesOsdc") {
				stop()
			}
		}))
		t.Cleanup(srv.Close)
		stopped := etims.New(d, etims.NewClient(etims.ClientConfig{BaseURL: srv.URL, Style: "direct", TIN: tin, Branch: "00"}, nil), serial, quiet)
		stopped.SetClock(k.clock.now)
		k.paid(t, anOrder(1))
		k.paid(t, anOrder(2))
		if n, err := stopped.SendDue(ctx); err != nil || n != 1 {
			t.Fatalf("stopped sender: %d sent (%v), want the one in hand", n, err)
		}
		var sign string
		if err := d.QueryRow(context.Background(), `SELECT rcpt_sign FROM etims_invoices WHERE invc_no = 1`).Scan(&sign); err != nil || sign == "" {
			t.Fatalf("invoice 1 signature %q (%v), want KRA's", sign, err)
		}
		if st, _ := status(t, d, 2); st != "pending" {
			t.Fatalf("invoice 2 is %s, want pending", st)
		}
		// The branch was let go: another instance goes on at once.
		if n := k.send(t); n != 1 {
			t.Fatalf("the next instance sent %d, want invoice 2", n)
		}
		if got := k.sim.Accepted(); len(got) != 2 {
			t.Fatalf("KRA has %d invoices, want 2", len(got))
		}
	})
}

func TestCreditNotesNeverExceedTheInvoice(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		k := newKRA(t, d)
		o := anOrder(1)
		k.paid(t, o)
		k.send(t)
		err := d.Tx(ctx, func(tx *sql.Tx) error {
			return k.svc.RefundedTx(ctx, tx, o, order.Refund{RowID: 7, Amount: 50000})
		})
		if err != nil {
			t.Fatal(err)
		}
		if n := k.send(t); n != 1 {
			t.Fatalf("sent %d", n)
		}
		got := k.sim.Accepted()
		cn := got[1]
		if cn.RcptTyCd != "R" || cn.OrgInvcNo != 1 || cn.InvcNo != 2 || cn.TotAmt != 50000 || cn.RfdRsnCd != "06" || cn.TotTaxblAmt+cn.TotTaxAmt != cn.TotAmt {
			t.Fatalf("credit note %+v", cn)
		}
		left := o.Total - 50000
		err = d.Tx(ctx, func(tx *sql.Tx) error { return k.svc.CreditNoteTx(ctx, tx, o, 0, left+1) })
		if !errors.Is(err, etims.ErrExceedsInvoice) {
			t.Fatalf("a credit note beyond the invoice: %v", err)
		}
		// A refund of more than is left (an overpayment) credits what is left.
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			return k.svc.RefundedTx(ctx, tx, o, order.Refund{RowID: 8, Amount: left + 5000})
		}); err != nil {
			t.Fatal(err)
		}
		k.send(t)
		got = k.sim.Accepted()
		if len(got) != 3 || money.Cents(got[2].TotAmt) != left {
			t.Fatalf("KRA has %d; last %+v", len(got), got[len(got)-1])
		}
	})
}

func TestTwoInstancesSendEachInvoiceOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		k := newKRA(t, d)
		for i := range 12 {
			k.paid(t, anOrder(int64(i+1)))
		}
		others := []*etims.Service{k.svc, k.instance()}
		var wg sync.WaitGroup
		for _, s := range others {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for range 50 {
					if _, err := s.SendDue(context.Background()); err != nil {
						t.Error(err)
						return
					}
					var left int
					if err := d.QueryRow(context.Background(), `SELECT COUNT(*) FROM etims_invoices WHERE status <> 'signed'`).Scan(&left); err != nil || left == 0 {
						return
					}
				}
			}()
		}
		wg.Wait()
		got := k.sim.Accepted()
		if len(got) != 12 {
			t.Fatalf("KRA has %d invoices", len(got))
		}
		for i, inv := range got {
			if inv.InvcNo != int64(i+1) {
				t.Fatalf("KRA took %d as the %dth", inv.InvcNo, i+1)
			}
		}
	})
}
