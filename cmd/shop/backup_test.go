package main

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"shop/internal/backup"
	"shop/internal/db/dbtest"
)

// A live shop in --dev takes a stream of checkouts while `shop backup` runs.
// The snapshot restores into a fresh directory, passes PRAGMA
// integrity_check, holds a number of orders between the counts before and
// after the backup, and is whole at that moment: every order has its items
// and its payment, and the stock taken matches the orders holding it. The
// restored shop then serves. Restoring into the live directory is refused.
func TestBackupDuringCheckoutsRestores(t *testing.T) {
	bin := shopBinary(t)
	ctx := context.Background()
	live, fresh, backups := t.TempDir(), t.TempDir(), t.TempDir()
	addr := freeAddr(t)
	env := []string{"SHOP_DATA_DIR=" + live, "SHOP_DATABASE_URL=sqlite:" + filepath.Join(live, "shop.db"), "SHOP_PUBLIC_URL=http://" + addr,
		"SHOP_MPESA_SIM_DELAY=10ms", "SHOP_MPESA_PROMPTS_PER_PHONE=1000000", "SHOP_MPESA_PROMPTS_PER_ADDRESS=1000000", "SHOP_LOG_LEVEL=error"}
	shop := startShop(t, bin, addr, env, "--dev")

	d := dbtest.Open(t, "sqlite:"+filepath.Join(live, "shop.db"))
	// Stock on the shelf plus what orders hold stays the same whatever
	// checkouts do; the demo's past orders hold some from the start.
	stockAndHeld := `SELECT (SELECT SUM(stock) FROM variants), (SELECT COALESCE(SUM(i.quantity), 0) FROM order_items i
		JOIN orders o ON o.id = i.order_id WHERE o.stock_reserved)`
	var stockAtStart, heldAtStart int
	if err := d.QueryRow(ctx, stockAndHeld).Scan(&stockAtStart, &heldAtStart); err != nil {
		t.Fatal(err)
	}
	stockAtStart += heldAtStart
	orders := func() int {
		n, err := d.Count(ctx, "orders", `SELECT COUNT(*) FROM orders`)
		if err != nil {
			t.Error(err)
		}
		return n
	}

	// Two buyers at a time, each a new browser, until told to stop.
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var placed, failed atomic.Int64
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				c := buyer()
				variant := 1 + (w*7+i)%5
				if code, _, err := send(c, "POST", shop.base+"/api/cart/items/", fmt.Sprintf(`{"variant":%d,"quantity":1}`, variant)); err != nil || code != 201 {
					failed.Add(1)
					continue
				}
				code, _, err := send(c, "POST", shop.base+"/api/payments/mpesa/initiate/", fmt.Sprintf(`{"phone":"07083741%02d",
					"customerInfo":{"name":"Wanjiku Mwangi","email":"wanjiku@farm.co.ke","phone":"0712345678"},
					"shippingAddress":{"address":"Plot 4","city":"Ruiru","county":"Kiambu"}}`, (w*50+i)%100))
				if err != nil || code != 201 {
					failed.Add(1)
					continue
				}
				placed.Add(1)
			}
		}()
	}
	defer func() {
		select {
		case <-stop:
		default:
			close(stop)
		}
		wg.Wait()
	}()
	waitUntil(t, 60*time.Second, "a few orders before the backup", func() bool { return placed.Load() >= 5 })
	before := orders()
	out, err := runBinary(bin, env, "backup", backups, "--keep", "3")
	if err != nil {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	after := orders()
	waitUntil(t, 60*time.Second, "orders after the backup", func() bool { return orders() >= after+3 })
	close(stop)
	wg.Wait()
	if failed.Load() > placed.Load() {
		t.Logf("%d checkouts placed, %d did not", placed.Load(), failed.Load())
	}
	snap, ok, err := backup.Latest(backups)
	if err != nil || !ok || !strings.Contains(out, snap.Path) {
		t.Fatalf("snapshot %v %v; backup said %s", snap, err, out)
	}

	if out, err := runBinary(bin, env, "restore", snap.Path); err == nil || !strings.Contains(out, "in use") {
		t.Fatalf("restore into the live directory: %v\n%s", err, out)
	}
	freshEnv := []string{"SHOP_DATA_DIR=" + fresh, "SHOP_DATABASE_URL=sqlite:" + filepath.Join(fresh, "shop.db"), "SHOP_LOG_LEVEL=error"}
	if out, err := runBinary(bin, freshEnv, "restore", snap.Path); err != nil {
		t.Fatalf("restore: %v\n%s", err, out)
	}
	r := dbtest.Intact(t, "sqlite:"+filepath.Join(fresh, "shop.db"))
	n, _ := r.Count(ctx, "orders", `SELECT COUNT(*) FROM orders`)
	if n < before || n > after {
		t.Fatalf("the snapshot holds %d orders; %d before the backup, %d after", n, before, after)
	}
	for what, q := range map[string]string{
		"orders without items":    `SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`,
		"orders without payments": `SELECT COUNT(*) FROM orders o WHERE NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id)`,
		"payments without orders": `SELECT COUNT(*) FROM payments p WHERE NOT EXISTS (SELECT 1 FROM orders o WHERE o.id = p.order_id)`,
		"paid orders without a receipt": `SELECT COUNT(*) FROM orders o WHERE o.status = 'paid'
			AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND p.status = 'succeeded')`,
	} {
		if bad, err := r.Count(ctx, what, q); err != nil || bad != 0 {
			t.Errorf("%s: %d (%v)", what, bad, err)
		}
	}
	var stock, held int
	if err := r.QueryRow(ctx, stockAndHeld).Scan(&stock, &held); err != nil {
		t.Fatal(err)
	}
	if stock+held != stockAtStart {
		t.Fatalf("stock %d + held by orders %d = %d, want the %d of the start", stock, held, stock+held, stockAtStart)
	}
	t.Logf("snapshot of %d orders (%d before, %d after the backup); %d placed in all", n, before, after, placed.Load())

	// The restored directory runs as a shop.
	restored := startShop(t, bin, freeAddr(t), freshEnv)
	if code, body, err := send(buyer(), "GET", restored.base+"/api/products/", ""); err != nil || code != 200 || !strings.Contains(body, "Dairy") {
		t.Fatalf("the restored shop: %d %v", code, err)
	}
}
