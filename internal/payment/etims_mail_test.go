package payment

import (
	"context"
	"log/slog"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/etims"
	"shop/internal/mail"
	"shop/internal/notify"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// keptMail is a mail server that keeps what it takes.
type keptMail struct {
	mu   sync.Mutex
	sent []mail.Message
}

func (k *keptMail) Send(_ context.Context, m mail.Message) error {
	k.mu.Lock()
	defer k.mu.Unlock()
	k.sent = append(k.sent, m)
	return nil
}

func (k *keptMail) kind(kind string) []mail.Message {
	k.mu.Lock()
	defer k.mu.Unlock()
	var out []mail.Message
	for _, m := range k.sent {
		if m.Kind == kind {
			out = append(out, m)
		}
	}
	return out
}

// The order mail waits for KRA's signature (docs/etims.md, "The receipt"):
// held in the outbox while the invoice is pending, sent with the signed
// receipt as soon as KRA signs; and with KRA down it goes when the hold
// ends, its receipt saying the invoice is pending.
func TestOrderMailWaitsForKRASignature(t *testing.T) {
	for _, kra := range []string{"ok", "down"} {
		t.Run(kra, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d *db.DB) {
				ctx := context.Background()
				f := newFixture(t, d, 10, mpesa.CallbackOnce, 20*time.Millisecond)
				sim := etims.NewSimulator("P051234567X", "SN-1", kra)
				srv := httptest.NewServer(sim)
				t.Cleanup(srv.Close)
				log := slog.New(slog.NewTextHandler(testWriter{t}, nil))
				inv := etims.New(d, etims.NewClient(etims.ClientConfig{BaseURL: srv.URL, Style: "direct", TIN: "P051234567X", Branch: "00"}, nil), "SN-1", log)
				f.svc.invoices = inv
				f.orders.UseInvoices(inv)

				server := &keptMail{}
				outbox := mail.NewOutbox(d, server, log)
				hold := time.Hour
				if kra == "down" {
					hold = 50 * time.Millisecond
				}
				notices := notify.Orders{Mail: outbox, Log: log, Orders: f.orders, HoldForInvoice: hold,
					// The receipt names the invoice's state when it was drawn.
					Receipt: func(o order.Order) (mail.Attachment, error) {
						return mail.Attachment{Filename: "receipt.pdf", ContentType: "application/pdf", Data: []byte(o.Etims.Status)}, nil
					}}
				f.svc.OnPaidTx = notices.PaidTx
				inv.OnSigned = notices.InvoiceSigned

				st := f.start(t, "0708374149", 1)
				f.waitFor(t, st.Order.Number, isStatus(order.Paid))
				if _, err := outbox.SendDue(ctx); err != nil {
					t.Fatal(err)
				}
				if kra == "ok" {
					if got := server.kind("order-paid"); len(got) != 0 {
						t.Fatalf("the mail went before KRA signed: %v", got)
					}
					if n, err := inv.SendDue(ctx); err != nil || n != 1 {
						t.Fatalf("sent %d invoices, %v", n, err)
					}
					if _, err := outbox.SendDue(ctx); err != nil {
						t.Fatal(err)
					}
					got := server.kind("order-paid")
					if len(got) != 1 || len(got[0].Attachments) != 1 || string(got[0].Attachments[0].Data) != "signed" {
						t.Fatalf("after KRA signed, the mail with the signed receipt: %+v", got)
					}
					return
				}
				// KRA down: the invoice stays pending, and the mail goes
				// when its hold ends, once.
				if n, err := inv.SendDue(ctx); err != nil || n != 0 {
					t.Logf("sent %d invoices, %v", n, err)
				}
				deadline := time.Now().Add(30 * time.Second)
				for len(server.kind("order-paid")) == 0 && time.Now().Before(deadline) {
					if _, err := outbox.SendDue(ctx); err != nil {
						t.Fatal(err)
					}
					time.Sleep(20 * time.Millisecond)
				}
				got := server.kind("order-paid")
				if len(got) != 1 || string(got[0].Attachments[0].Data) != "pending" {
					t.Fatalf("with KRA down, the mail with the pending receipt once: %+v", got)
				}
			})
		})
	}
}
