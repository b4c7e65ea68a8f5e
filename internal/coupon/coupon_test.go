package coupon_test

import (
	"context"
	"database/sql"
	"math/rand/v2"
	"testing"
	"time"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
)

var now = time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)

// shop stores two categories (Poultry under Feeds, and Minerals) with a
// product each, and returns the coupon store with its clock at now.
func shop(t *testing.T, d *db.DB) (s *coupon.Store, layers, dcp int64, poultry int64) {
	t.Helper()
	ctx := context.Background()
	cat := catalog.NewStore(d)
	feeds, err := cat.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"})
	if err != nil {
		t.Fatal(err)
	}
	pc, err := cat.CreateCategory(ctx, catalog.NewCategory{Name: "Poultry", Slug: "poultry", ParentSlug: "feeds"})
	if err != nil {
		t.Fatal(err)
	}
	minerals, err := cat.CreateCategory(ctx, catalog.NewCategory{Name: "Minerals", Slug: "minerals"})
	if err != nil {
		t.Fatal(err)
	}
	mk := func(name, sku string, category int64) int64 {
		id, err := cat.CreateProduct(ctx, catalog.NewProduct{Name: name, Slug: sku, CategoryID: category, IsActive: true, BasePrice: 100,
			Variants: []catalog.NewVariant{{Size: "1 Kg", SKU: sku, Price: 100, Stock: 9}}})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	s = coupon.NewStore(d)
	s.SetClock(func() time.Time { return now })
	return s, mk("Layers Mash", "lm", pc.ID), mk("DCP 18%", "dcp", minerals.ID), feeds.ID
}

func create(t *testing.T, d *db.DB, s *coupon.Store, in coupon.Input) coupon.Coupon {
	t.Helper()
	c, err := in.Check()
	if err != nil {
		t.Fatal(err)
	}
	err = d.Tx(context.Background(), func(tx *sql.Tx) error {
		c, err = s.CreateTx(context.Background(), tx, c)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func cartFor(t *testing.T, d *db.DB) int64 {
	t.Helper()
	return insert(t, d, `INSERT INTO carts (token_hash) VALUES ('h') RETURNING id`)
}

// insert runs an INSERT … RETURNING id on the writer.
func insert(t *testing.T, d *db.DB, q string) (id int64) {
	t.Helper()
	if err := d.Tx(context.Background(), func(tx *sql.Tx) error { return tx.QueryRow(q).Scan(&id) }); err != nil {
		t.Fatal(err)
	}
	return id
}

func at(t time.Time) *time.Time { return &t }
func n(v int) *int              { return &v }

func TestApplyRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, layers, dcp, feeds := shop(t, d)
		ctx := context.Background()
		create(t, d, s, coupon.Input{Code: "Kuku10", Kind: coupon.Percent, Value: []byte(`10`), CategoryIDs: []int64{feeds}})
		create(t, d, s, coupon.Input{Code: "LATER", Kind: coupon.Fixed, Value: []byte(`"50"`), StartsAt: at(now.Add(time.Hour))})
		create(t, d, s, coupon.Input{Code: "OLD", Kind: coupon.Fixed, Value: []byte(`"50"`), EndsAt: at(now)})
		create(t, d, s, coupon.Input{Code: "BIG", Kind: coupon.Fixed, Value: []byte(`"200"`), MinSubtotal: []byte(`"2000"`)})
		create(t, d, s, coupon.Input{Code: "DCP-ONLY", Kind: coupon.Fixed, Value: []byte(`"5000"`), ProductIDs: []int64{dcp}})
		off := false
		create(t, d, s, coupon.Input{Code: "OFF", Kind: coupon.Fixed, Value: []byte(`"50"`), Active: &off})
		gone := create(t, d, s, coupon.Input{Code: "ONCE", Kind: coupon.Fixed, Value: []byte(`"50"`), MaxUses: n(1)})
		if _, err := d.Exec(ctx, `INSERT INTO users (email, email_key, password_hash) VALUES ('a@b.co', 'a@b.co', 'x')`); err != nil {
			t.Fatal(err)
		}
		orderID := insert(t, d, `INSERT INTO orders (order_number, access_token_hash, status, stock_reserved, subtotal_cents, shipping_cents, total_cents,
			first_name, last_name, email, phone, address, city, county, payment_method)
			VALUES ('ORDER-1', 'x', 'paid', TRUE, 100, 0, 100, 'A', 'B', 'a@b.co', '254711111111', 'x', 'y', 'Kiambu', 'mpesa') RETURNING id`)
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			return coupon.ClaimTx(ctx, tx, gone.ID, orderID, coupon.Phones{Contact: "254711111111"})
		}); err != nil {
			t.Fatal(err)
		}

		// 3 layers (Ksh 999.99 each) and 1 DCP (Ksh 150.01).
		lines := []coupon.Line{{ProductID: layers, Total: 299997}, {ProductID: dcp, Total: 15001}}
		cart := cartFor(t, d)
		for _, tc := range []struct {
			code  string
			lines []coupon.Line
			want  string
			off   money.Cents
		}{
			{"", lines, coupon.MsgRequired, 0},
			{"nope", lines, coupon.MsgUnknown, 0},
			{"off", lines, coupon.MsgUnknown, 0},
			{"later", lines, coupon.MsgNotStarted, 0},
			{"old", lines, coupon.MsgExpired, 0},
			{"once", lines, coupon.MsgUsedUp, 0},
			{"big", lines[1:], "Spend Ksh 2,000 or more to use this code", 0},
			{"kuku10", lines[1:], coupon.MsgNoneApply, 0},
			// 10% of the layers only (a product under Poultry, under Feeds), rounded down.
			{" KUKU10 ", lines, "", 29999},
			// Capped at what the DCP costs.
			{"dcp-only", lines, "", 15001},
			{"BIG", lines, "", 20000},
		} {
			sum, err := s.Apply(ctx, cart, tc.code, tc.lines)
			if tc.want != "" {
				e, ok := apperr.From(err)
				if !ok || e.Kind != apperr.KindInvalid || e.Fields["code"] != tc.want {
					t.Errorf("%q: got %v, want %q", tc.code, err, tc.want)
				}
				continue
			}
			if err != nil || sum.Discount != tc.off || sum.Code == nil {
				t.Errorf("%q: %+v %v, want %s off", tc.code, sum, err, tc.off)
			}
			again, err := s.ForCart(ctx, cart, tc.lines)
			if err != nil || again.Discount != tc.off || *again.Code != *sum.Code {
				t.Errorf("%q: the cart reads %+v %v", tc.code, again, err)
			}
		}
		// The cart changed: the code stays, says why it takes nothing off.
		sum, err := s.ForCart(ctx, cart, lines[1:])
		if err != nil || sum.Discount != 0 || sum.Error != "Spend Ksh 2,000 or more to use this code" {
			t.Fatalf("changed cart: %+v %v", sum, err)
		}
		if err := s.Remove(ctx, cart); err != nil {
			t.Fatal(err)
		}
		if sum, _ := s.ForCart(ctx, cart, lines); sum.Code != nil {
			t.Fatalf("removed code still there: %+v", sum)
		}
		// An erased customer's number leaves the uses; the use still counts.
		if err := d.Tx(ctx, func(tx *sql.Tx) error { return coupon.ForgetOrdersTx(ctx, tx, []int64{orderID}) }); err != nil {
			t.Fatal(err)
		}
		var phone string
		if err := d.QueryRow(ctx, `SELECT phone FROM coupon_uses WHERE order_id = $1`, orderID).Scan(&phone); err != nil || phone != "" {
			t.Fatalf("phone kept: %q %v", phone, err)
		}
	})
}

func TestAdminFormChecks(t *testing.T) {
	for name, tc := range map[string]struct {
		in    coupon.Input
		field string
	}{
		"no code":        {coupon.Input{Kind: coupon.Fixed, Value: []byte(`1`)}, "code"},
		"odd code":       {coupon.Input{Code: "10% off", Kind: coupon.Fixed, Value: []byte(`1`)}, "code"},
		"no kind":        {coupon.Input{Code: "ABC", Value: []byte(`1`)}, "kind"},
		"percent 0":      {coupon.Input{Code: "ABC", Kind: coupon.Percent, Value: []byte(`0`)}, "value"},
		"percent 101":    {coupon.Input{Code: "ABC", Kind: coupon.Percent, Value: []byte(`101`)}, "value"},
		"fixed 0":        {coupon.Input{Code: "ABC", Kind: coupon.Fixed, Value: []byte(`"0"`)}, "value"},
		"three decimals": {coupon.Input{Code: "ABC", Kind: coupon.Fixed, Value: []byte(`"1.001"`)}, "value"},
		"zero uses":      {coupon.Input{Code: "ABC", Kind: coupon.Fixed, Value: []byte(`1`), MaxUses: n(0)}, "max_uses"},
		"ends first":     {coupon.Input{Code: "ABC", Kind: coupon.Fixed, Value: []byte(`1`), StartsAt: at(now), EndsAt: at(now)}, "ends_at"},
	} {
		_, err := tc.in.Check()
		if e, ok := apperr.From(err); !ok || e.Fields[tc.field] == "" {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func TestCodesAreUniqueWhateverTheirCase(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _, _, _ := shop(t, d)
		create(t, d, s, coupon.Input{Code: "Maziwa", Kind: coupon.Fixed, Value: []byte(`1`)})
		c, _ := coupon.Input{Code: "MAZIWA", Kind: coupon.Fixed, Value: []byte(`1`)}.Check()
		err := d.Tx(context.Background(), func(tx *sql.Tx) error {
			_, err := s.CreateTx(context.Background(), tx, c)
			return err
		})
		if e, ok := apperr.From(err); !ok || e.Fields["code"] != coupon.MsgCodeTaken {
			t.Fatalf("second MAZIWA: %v", err)
		}
	})
}

func TestAllocateSharesTheDiscountExactly(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		lines := make([]coupon.Line, 1+r.IntN(12))
		in := make([]bool, len(lines))
		var eligible money.Cents
		for i := range lines {
			lines[i] = coupon.Line{ProductID: int64(i), Total: money.Cents(1 + r.Int64N(5_000_000))}
			in[i] = r.IntN(3) > 0
			if in[i] {
				eligible += lines[i].Total
			}
		}
		discount := money.Cents(r.Int64N(int64(eligible) + 1))
		var sum money.Cents
		for i, s := range coupon.Allocate(discount, lines, in) {
			if s < 0 || s > lines[i].Total || (!in[i] && s != 0) {
				t.Fatalf("share %d of %v: %s", i, lines, s)
			}
			sum += s
		}
		if sum != discount {
			t.Fatalf("shares add to %s, want %s (lines %v, in %v)", sum, discount, lines, in)
		}
	}
}
