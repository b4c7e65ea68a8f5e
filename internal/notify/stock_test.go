package notify_test

import (
	"context"
	"database/sql"
	"strings"
	"sync"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/notify"
	"shop/internal/sms"
	"shop/internal/stock"
	"shop/internal/testkit"
)

// A size crossing the threshold is told once, however many sales cross it
// together and however often the movements are read; a restock arms it
// again.
func TestLowStockAlertOncePerCrossing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		cat := oneSize(t, d, "Layers Mash", "LM-70", 3200, 14)
		box := &testkit.Mailer{}
		alerts := &notify.StockAlerts{DB: d, Ledger: stock.NewLedger(d, cat), Mail: box, Queue: sms.NewQueue(d, &testkit.SMS{}, testkit.Quiet()),
			Threshold: 10, BusinessEmail: "owner@mifugobora.co.ke", BusinessPhone: "254722000111", PublicURL: "https://mifugobora.co.ke",
			Log: testkit.Quiet()}
		sell := func(n int) {
			var wg sync.WaitGroup
			for range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if err := d.Tx(ctx, func(tx *sql.Tx) error {
						return stock.TakeTx(ctx, tx, []stock.Line{{VariantID: 1, Qty: 1}})
					}); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
		}
		once := func() int {
			n, err := alerts.Once(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		sell(3) // 14 → 11: above the threshold
		if n := once(); n != 0 {
			t.Fatalf("%d alerts above the threshold", n)
		}
		sell(6) // 11 → 5, crossing at 10, together
		if n := once(); n != 1 {
			t.Fatalf("%d alerts for one crossing, want 1", n)
		}
		sell(2) // 5 → 3: still low, no new crossing
		if n := once() + once(); n != 0 {
			t.Fatalf("%d alerts below the threshold", n)
		}
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			_, err := stock.NewLedger(d, cat).AdjustTx(ctx, tx, 1, 1, stock.Change{Kind: stock.ReasonReceived, Quantity: 20}, stock.Mover{Actor: "owner@mifugobora.co.ke"})
			return err
		}); err != nil {
			t.Fatal(err)
		}
		sell(13) // 23 → 10: crossing again
		if n := once(); n != 1 {
			t.Fatalf("%d alerts for the second crossing, want 1", n)
		}
		if sent := box.Messages(); len(sent) != 2 || sent[0].To != "owner@mifugobora.co.ke" || !strings.Contains(sent[0].Subject, "Layers Mash (70 Kg)") {
			t.Fatalf("mail %+v", sent)
		}
		var texts int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM sms_messages WHERE kind = 'low_stock' AND recipient = '254722000111'`).Scan(&texts); err != nil {
			t.Fatal(err)
		}
		if texts != 2 {
			t.Errorf("%d texts queued, want 2", texts)
		}
	})
}
