package stock_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"sync"
	"testing"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/stock"
)

// fixture stores a small catalogue: two products on sale with stock, one
// without.
func fixture(t *testing.T, d *db.DB) *catalog.Store {
	t.Helper()
	ctx := context.Background()
	s := catalog.NewStore(d)
	if _, err := s.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"}); err != nil {
		t.Fatal(err)
	}
	v := func(size, sku string, ksh int64, stock int) catalog.NewVariant {
		return catalog.NewVariant{Size: size, SKU: sku, Price: money.FromShillings(ksh), Stock: stock}
	}
	for _, p := range []catalog.NewProduct{
		{Name: "Dairy Meal Premium", Slug: "dairy-meal-premium", Description: "Milk booster for cows.", CategoryID: 1, BasePrice: money.FromShillings(1500),
			IsActive: true, Variants: []catalog.NewVariant{v("10 Kg", "DM-10", 1500, 5), v("70 Kg", "DM-70", 3900, 0)}},
		{Name: "high yield dairy cubes", Slug: "hy-cubes", Description: "For the best 100% yield.", CategoryID: 1, BasePrice: money.FromShillings(2500),
			IsActive: true, Variants: []catalog.NewVariant{v("20 Kg", "HY-20", 2500, 10)}},
	} {
		if _, err := s.CreateProduct(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

// sizeOf is the first size of the product with slug.
func sizeOf(t *testing.T, s *catalog.Store, slug string) catalog.Variant {
	t.Helper()
	p, err := s.Product(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return p.Variants[0]
}

func adjust(ctx context.Context, d *db.DB, s *catalog.Store, v catalog.Variant, in stock.Input) (stock.Movement, error) {
	c, err := in.Check()
	if err != nil {
		return stock.Movement{}, err
	}
	var m stock.Movement
	err = d.Tx(ctx, func(tx *sql.Tx) error {
		m, err = stock.NewLedger(d, s).AdjustTx(ctx, tx, v.Product, v.ID, c, stock.Mover{Actor: "owner@example.com"})
		return err
	})
	return m, err
}

func TestStockMovementsKeepTheStockInStep(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		ctx := context.Background()
		v := sizeOf(t, s, "dairy-meal-premium")
		start := v.Stock
		n := func(s string) json.RawMessage { return json.RawMessage(s) }
		steps := []stock.Input{
			{Kind: "received", Quantity: n(`40`), Note: "From the mill"},
			{Kind: "damaged", Quantity: n(`"3"`), Note: "A bag burst"},
			{Kind: "count_correction", Count: n(`30`)},
		}
		for _, in := range steps {
			if _, err := adjust(ctx, d, s, v, in); err != nil {
				t.Fatalf("%+v: %v", in, err)
			}
		}
		lines := []stock.Line{{VariantID: v.ID, Qty: 4}}
		for _, fn := range []func(context.Context, *sql.Tx, []stock.Line) error{stock.TakeTx, stock.ReturnTx, stock.TakeTx} {
			if err := d.Tx(ctx, func(tx *sql.Tx) error { return fn(ctx, tx, lines) }); err != nil {
				t.Fatal(err)
			}
		}
		count, moves, err := stock.NewLedger(d, s).History(ctx, v.Product, v.ID, 1, 50)
		if err != nil {
			t.Fatal(err)
		}
		wantReasons := []string{"sale", "order_returned", "sale", "count_correction", "damaged", "received"}
		if count != len(wantReasons) {
			t.Fatalf("%d movements, want %d", count, len(wantReasons))
		}
		sum := 0
		for i, m := range moves {
			if m.Reason != wantReasons[i] {
				t.Errorf("movement %d is %s, want %s (newest first)", i, m.Reason, wantReasons[i])
			}
			sum += m.Quantity
		}
		now := sizeOf(t, s, "dairy-meal-premium").Stock
		if now != 26 || now != start+sum || moves[0].StockAfter != now {
			t.Errorf("stock %d, start %d + movements %d, last stock_after %d", now, start, sum, moves[0].StockAfter)
		}
		if moves[3].Quantity != 30-(start+40-3) {
			t.Errorf("count correction moved %d", moves[3].Quantity)
		}
	})
}

func TestStockFormRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		ctx := context.Background()
		v := sizeOf(t, s, "dairy-meal-premium")
		n := func(s string) json.RawMessage { return json.RawMessage(s) }
		for _, c := range []struct {
			in    stock.Input
			field string
		}{
			{stock.Input{Kind: "stolen", Quantity: n(`1`)}, "kind"},
			{stock.Input{Kind: "received", Quantity: n(`0`)}, "quantity"},
			{stock.Input{Kind: "received", Quantity: n(`-5`)}, "quantity"},
			{stock.Input{Kind: "damaged", Quantity: n(`1.5`)}, "quantity"},
			{stock.Input{Kind: "count_correction"}, "count"},
			{stock.Input{Kind: "count_correction", Count: n(`5`)}, "count"}, // already 5
		} {
			_, err := adjust(ctx, d, s, v, c.in)
			var e *apperr.Error
			if !errors.As(err, &e) || e.Kind != apperr.KindInvalid || e.Fields[c.field] == "" {
				t.Errorf("%+v: %v, want a message on %s", c.in, err, c.field)
			}
		}
		_, err := adjust(ctx, d, s, v, stock.Input{Kind: "damaged", Quantity: n(`6`)})
		var e *apperr.Error
		if !errors.As(err, &e) || e.Kind != apperr.KindConflict {
			t.Errorf("writing off more than the stock: %v, want a conflict", err)
		}
		if now := sizeOf(t, s, "dairy-meal-premium").Stock; now != 5 {
			t.Errorf("stock %d after refusals, want 5", now)
		}
	})
}

// Parallel sales and write-offs never take a size below zero, and every
// bag that left is one movement.
func TestStockNeverNegativeUnderParallelChanges(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		ctx := context.Background()
		v := sizeOf(t, s, "hy-cubes") // 10 in stock
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for i := range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				if i%2 == 0 {
					err = d.Tx(ctx, func(tx *sql.Tx) error {
						return stock.TakeTx(ctx, tx, []stock.Line{{VariantID: v.ID, Qty: 1}})
					})
				} else {
					_, err = adjust(ctx, d, s, v, stock.Input{Kind: "damaged", Quantity: json.RawMessage(`1`)})
				}
				if err == nil {
					mu.Lock()
					ok++
					mu.Unlock()
				} else if _, isApp := apperr.From(err); !isApp {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		count, moves, err := stock.NewLedger(d, s).History(ctx, v.Product, v.ID, 1, 100)
		if err != nil {
			t.Fatal(err)
		}
		now := sizeOf(t, s, "hy-cubes").Stock
		if ok != 10 || now != 0 || count != 10 {
			t.Fatalf("%d changes went through, %d movements, stock %d; want 10, 10, 0", ok, count, now)
		}
		for _, m := range moves {
			if m.StockAfter < 0 || m.Quantity != -1 {
				t.Errorf("movement %+v", m)
			}
		}
	})
}
