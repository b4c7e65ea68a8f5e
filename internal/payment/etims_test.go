package payment

import (
	"context"
	"database/sql"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/etims"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// An order paid by M-Pesa has its KRA invoice queued with the payment, and
// a refund its credit note: both reach the simulated KRA, the credit note
// against the invoice, and the order reads them.
func TestPaidOrderAndRefundReachKRA(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		f := newFixture(t, d, 10, mpesa.CallbackOnce, 20*time.Millisecond)
		sim := etims.NewSimulator("P051234567X", "SN-1", "ok")
		kra := httptest.NewServer(sim)
		t.Cleanup(kra.Close)
		inv := etims.New(d, etims.NewClient(etims.ClientConfig{BaseURL: kra.URL, Style: "direct", TIN: "P051234567X", Branch: "00"}, nil), "SN-1",
			slog.New(slog.NewTextHandler(testWriter{t}, nil)))
		f.svc.invoices = inv
		f.orders.UseInvoices(inv)

		st := f.start(t, "0708374149", 2)
		paid := f.waitFor(t, st.Order.Number, isStatus(order.Paid))
		if paid.Etims == nil || paid.Etims.Status != "pending" || paid.Etims.InvoiceNo == nil || *paid.Etims.InvoiceNo != 1 {
			t.Fatalf("etims before sending: %+v", paid.Etims)
		}
		if n, err := inv.SendDue(ctx); err != nil || n != 1 {
			t.Fatalf("sent %d, %v", n, err)
		}
		o, err := f.orders.ByNumber(ctx, st.Order.Number)
		if err != nil {
			t.Fatal(err)
		}
		e := o.Etims
		if e.Status != "signed" || e.SignedAt == nil || e.CUInvoiceNo != e.SCUID+"/1" || len(e.Signature) != 16 ||
			e.VerifyURL != "https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00"+e.Signature {
			t.Fatalf("signed: %+v", e)
		}
		got := sim.Accepted()
		if len(got) != 1 || int64(got[0].TotAmt) != int64(o.Total) || got[0].TrdInvcNo != o.Number {
			t.Fatalf("KRA has %+v for an order of %s", got, o.Total)
		}

		err = d.Tx(ctx, func(tx *sql.Tx) error {
			_, _, _, err := f.svc.RefundTx(ctx, tx, o.Number, order.RefundInput{Amount: 50000, Reason: "A torn bag", Reference: "TKR1234567"}, "admin@example.com")
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		if n, err := inv.SendDue(ctx); err != nil || n != 1 {
			t.Fatalf("sent %d, %v", n, err)
		}
		got = sim.Accepted()
		if len(got) != 2 || got[1].RcptTyCd != "R" || got[1].OrgInvcNo != 1 || got[1].TotAmt != 50000 {
			t.Fatalf("credit note: %+v", got[len(got)-1])
		}
		o, err = f.orders.ByNumber(ctx, o.Number)
		if err != nil || len(o.Refunds) != 1 || o.Refunds[0].Etims == nil || o.Refunds[0].Etims.Status != "signed" || *o.Refunds[0].Etims.InvoiceNo != 2 {
			t.Fatalf("refund's credit note: %+v %v", o.Refunds, err)
		}
	})
}
