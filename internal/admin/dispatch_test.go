package admin_test

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/order"
	"shop/internal/testkit"
)

type courier struct {
	ID        int64  `json:"id"`
	Name      string `json:"name"`
	IsDefault bool   `json:"is_default"`
}

// TestCouriers: the owner's list of couriers keeps at most one default,
// even when two are made the default at once, and no two of a name.
func TestCouriers(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		g4s := testkit.Decode[courier](t, e.as("POST", "/api/admin/delivery/couriers/", map[string]any{"name": " G4S ", "is_default": true}))
		if g4s.Name != "G4S" || !g4s.IsDefault {
			t.Fatalf("created %+v", g4s)
		}
		if rec := e.as("POST", "/api/admin/delivery/couriers/", map[string]any{"name": "g4s"}); rec.Code != http.StatusBadRequest {
			t.Fatalf("a second G4S: %d %s", rec.Code, rec.Body)
		}
		if rec := e.as("POST", "/api/admin/delivery/couriers/", map[string]any{"name": " "}); rec.Code != http.StatusBadRequest {
			t.Fatalf("no name: %d %s", rec.Code, rec.Body)
		}
		var wg sync.WaitGroup
		for _, name := range []string{"Wells Fargo", "Shop van", "Easy Coach"} {
			wg.Go(func() {
				rec := e.as("POST", "/api/admin/delivery/couriers/", map[string]any{"name": name, "is_default": true})
				if rec.Code != http.StatusCreated && rec.Code != http.StatusConflict {
					t.Errorf("%s: %d %s", name, rec.Code, rec.Body)
				}
			})
		}
		wg.Wait()
		list := testkit.Decode[[]courier](t, e.as("GET", "/api/admin/delivery/couriers/", nil))
		defaults := 0
		for _, c := range list {
			if c.IsDefault {
				defaults++
			}
		}
		if defaults != 1 || !list[0].IsDefault {
			t.Fatalf("one default first: %+v", list)
		}
		moved := testkit.Decode[courier](t, e.as("PUT", "/api/admin/delivery/couriers/"+strconv.FormatInt(g4s.ID, 10)+"/", map[string]any{"name": "G4S Kenya", "is_default": true}))
		list = testkit.Decode[[]courier](t, e.as("GET", "/api/admin/delivery/couriers/", nil))
		if !moved.IsDefault || list[0].ID != g4s.ID || list[0].Name != "G4S Kenya" || list[1].IsDefault {
			t.Fatalf("G4S Kenya the default: %+v", list)
		}
		if rec := e.as("DELETE", "/api/admin/delivery/couriers/"+strconv.FormatInt(g4s.ID, 10)+"/", nil); rec.Code != http.StatusNoContent {
			t.Fatalf("delete: %d %s", rec.Code, rec.Body)
		}
		if rec := e.as("DELETE", "/api/admin/delivery/couriers/"+strconv.FormatInt(g4s.ID, 10)+"/", nil); rec.Code != http.StatusNotFound {
			t.Fatalf("delete again: %d %s", rec.Code, rec.Body)
		}
		if rec := e.do("GET", "/api/admin/delivery/couriers/", e.customer, nil); rec.Code != http.StatusForbidden {
			t.Fatalf("a customer: %d", rec.Code)
		}
	})
}

// TestDispatchInOneStep: a paid order goes out through processing in one
// request with its courier, a pickup order becomes ready for pickup, the
// same request twice (or two at once) moves the order once, and other
// statuses are refused.
func TestDispatchInOneStep(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		_, v := e.dairyMeal(20)
		makeOrder(t, e.d, "ORDER-1700000000001", order.Paid, v.ID, 1, "254712345678", "Wanjiku", "Mwangi")
		makeOrder(t, e.d, "ORDER-1700000000002", order.Processing, v.ID, 1, "254722000111", "Otieno", "Juma")
		makeOrder(t, e.d, "ORDER-1700000000003", order.Paid, v.ID, 1, "254733000222", "Akinyi", "Achieng")
		makeOrder(t, e.d, "ORDER-1700000000004", order.Delivered, v.ID, 1, "254733000333", "Chebet", "Kip")
		makeOrder(t, e.d, "ORDER-1700000000005", order.Paid, v.ID, 1, "254733000444", "Njeri", "Kamau")
		if _, err := e.d.Exec(context.Background(), `UPDATE orders SET delivery_kind = 'pickup' WHERE order_number = 'ORDER-1700000000003'`); err != nil {
			t.Fatal(err)
		}
		path := func(n string) string { return "/api/admin/orders/ORDER-170000000000" + n + "/dispatch/" }
		type detail struct {
			Status   order.Status `json:"status"`
			Courier  string       `json:"courier"`
			Tracking string       `json:"tracking_number"`
			History  []struct {
				To order.Status `json:"to"`
			} `json:"history"`
		}
		if rec := e.as("POST", path("1"), map[string]any{"tracking": "T-1"}); rec.Code != http.StatusBadRequest {
			t.Fatalf("no courier: %d %s", rec.Code, rec.Body)
		}
		out := testkit.Decode[detail](t, e.as("POST", path("1"), map[string]any{"courier": "G4S", "tracking": "T-1"}))
		if out.Status != order.Dispatched || out.Courier != "G4S" || out.Tracking != "T-1" || len(out.History) != 3 ||
			out.History[1].To != order.Processing || out.History[2].To != order.Dispatched {
			t.Fatalf("paid, dispatched: %+v", out)
		}
		again := testkit.Decode[detail](t, e.as("POST", path("1"), map[string]any{"courier": "G4S", "tracking": "T-2"}))
		if again.Status != order.Dispatched || again.Tracking != "T-2" || len(again.History) != 3 {
			t.Fatalf("sent again: %+v", again)
		}
		if out := testkit.Decode[detail](t, e.as("POST", path("2"), map[string]any{"courier": "Shop van"})); out.Status != order.Dispatched || len(out.History) != 2 {
			t.Fatalf("processing, dispatched: %+v", out)
		}
		if out := testkit.Decode[detail](t, e.as("POST", path("3"), map[string]any{})); out.Status != order.ReadyForPickup || out.Courier != "" {
			t.Fatalf("pickup, ready: %+v", out)
		}
		if rec := e.as("POST", path("4"), map[string]any{"courier": "G4S"}); rec.Code != http.StatusConflict {
			t.Fatalf("delivered: %d %s", rec.Code, rec.Body)
		}
		var wg sync.WaitGroup
		for range 3 {
			wg.Go(func() {
				rec := e.as("POST", path("5"), map[string]any{"courier": "G4S"})
				if rec.Code != http.StatusOK && rec.Code != http.StatusConflict {
					t.Errorf("at once: %d %s", rec.Code, rec.Body)
				}
			})
		}
		wg.Wait()
		final := testkit.Decode[detail](t, e.as("GET", "/api/admin/orders/ORDER-1700000000005/", nil))
		if final.Status != order.Dispatched || len(final.History) != 3 {
			t.Fatalf("three at once moved it once: %+v", final)
		}

		// The same race, step by step (PostgreSQL, whose writers run side by side): a change that
		// read the order as paid before another moved it is refused, not applied a second time.
		if e.d.Dialect != db.Postgres {
			return
		}
		makeOrder(t, e.d, "ORDER-1700000000006", order.Paid, v.ID, 1, "254733000555", "Wambui", "Njoroge")
		ctx, store := context.Background(), order.NewStore(e.d)
		move := func(tx *sql.Tx, read chan<- struct{}, wait <-chan struct{}) error {
			o, err := store.ByNumberTx(ctx, tx, "ORDER-1700000000006")
			if err != nil {
				return err
			}
			close(read)
			<-wait
			_, err = order.Move(ctx, tx, o, order.Processing, "test", "admin:test")
			return err
		}
		readA, goA, late := make(chan struct{}), make(chan struct{}), make(chan error, 1)
		go func() { late <- e.d.Tx(ctx, func(tx *sql.Tx) error { return move(tx, readA, goA) }) }()
		<-readA
		now := make(chan struct{})
		close(now)
		if err := e.d.Tx(ctx, func(tx *sql.Tx) error { return move(tx, make(chan struct{}), now) }); err != nil {
			t.Fatal(err)
		}
		close(goA)
		var refused *apperr.Error
		if err := <-late; !errors.As(err, &refused) || refused.Kind != apperr.KindConflict || refused.Message != order.MsgChangedMeanwhile {
			t.Fatalf("the change that read a paid order after it moved: %v", err)
		}
		six := testkit.Decode[detail](t, e.as("GET", "/api/admin/orders/ORDER-1700000000006/", nil))
		if six.Status != order.Processing || len(six.History) != 2 {
			t.Fatalf("moved once: %+v", six)
		}
	})
}
