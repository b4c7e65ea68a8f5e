package cart_test

import (
	"context"
	"errors"
	"testing"

	"shop/internal/apperr"
	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
)

// setup stores two products: one with a 10 Kg size (5 in stock) and a
// 70 Kg size (none), and an inactive one; and one user.
func setup(t *testing.T, d *db.DB) (*cart.Store, int64) {
	t.Helper()
	ctx := context.Background()
	cat := catalog.NewStore(d)
	if _, err := cat.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []catalog.NewProduct{
		{Name: "Dairy Meal", Slug: "dairy-meal", CategoryID: 1, IsActive: true, BasePrice: money.FromShillings(1500),
			Variants: []catalog.NewVariant{{Size: "10 Kg", SKU: "DM-10", Price: money.FromShillings(1500), Stock: 5},
				{Size: "70 Kg", SKU: "DM-70", Price: money.FromShillings(3900), Stock: 0}},
			Images: []catalog.NewImage{{Path: "/media/products/dm.svg", Alt: "Dairy Meal", Width: 600, Height: 600}}},
		{Name: "Old Mash", Slug: "old-mash", CategoryID: 1, IsActive: false, BasePrice: 100,
			Variants: []catalog.NewVariant{{Size: "10 Kg", SKU: "OM-10", Price: 100, Stock: 9}}},
	} {
		if _, err := cat.CreateProduct(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	var userID int64
	if _, err := d.Exec(ctx, `INSERT INTO users (email, email_key, password_hash) VALUES ('a@b.co', 'a@b.co', 'x')`); err != nil {
		t.Fatal(err)
	}
	if err := d.QueryRow(ctx, `SELECT id FROM users`).Scan(&userID); err != nil {
		t.Fatal(err)
	}
	return cart.NewStore(d), userID
}

func kind(err error) apperr.Kind {
	if e, ok := apperr.From(err); ok {
		return e.Kind
	}
	return 0
}

func TestGuestCart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := setup(t, d)
		ctx := context.Background()
		none, err := s.Resolve(ctx, cart.Owner{}, false)
		if err != nil || none.CartID != 0 || none.NewGuestToken != "" {
			t.Fatalf("reading makes no cart: %+v %v", none, err)
		}
		made, err := s.Resolve(ctx, cart.Owner{}, true)
		if err != nil || made.CartID == 0 || len(made.NewGuestToken) < 40 {
			t.Fatalf("made: %+v %v", made, err)
		}
		again, _ := s.Resolve(ctx, cart.Owner{GuestToken: made.NewGuestToken}, true)
		if again.CartID != made.CartID || again.NewGuestToken != "" {
			t.Fatalf("the cookie's cart was not found again: %+v", again)
		}
		id := made.CartID
		first, err := s.Add(ctx, id, 1, 2)
		if err != nil {
			t.Fatal(err)
		}
		second, err := s.Add(ctx, id, 1, 1)
		if err != nil || second != first {
			t.Fatalf("adding the same variant made another line: %d %d %v", first, second, err)
		}
		items, _ := s.Items(ctx, id)
		if len(items) != 1 || items[0].Quantity != 3 || items[0].UnitPrice.String() != "1500.00" || items[0].TotalPrice.String() != "4500.00" ||
			items[0].Variant.SKU != "DM-10" || items[0].Variant.Product.Name != "Dairy Meal" || len(items[0].Variant.Product.Images) != 1 {
			t.Fatalf("items: %+v", items)
		}
		if cart.Subtotal(items).String() != "4500.00" || cart.Count(items) != 3 {
			t.Fatalf("subtotal %s count %d", cart.Subtotal(items), cart.Count(items))
		}

		for name, tc := range map[string]struct {
			variant int64
			qty     int
			want    apperr.Kind
		}{
			"unknown variant":   {999, 1, apperr.KindNotFound},
			"out of stock":      {2, 1, apperr.KindInvalid},
			"above stock":       {1, 3, apperr.KindInvalid},
			"inactive product":  {3, 1, apperr.KindInvalid},
			"zero quantity":     {1, 0, apperr.KindInvalid},
			"negative quantity": {1, -2, apperr.KindInvalid},
		} {
			if _, err := s.Add(ctx, id, tc.variant, tc.qty); kind(err) != tc.want {
				t.Errorf("%s: got %v", name, err)
			}
		}
		if _, err := s.Add(ctx, id, 999, 1); err == nil || err.Error() == "" {
			t.Fatal("no error")
		} else if e, _ := apperr.From(err); e.Message != "Variant not found" {
			t.Errorf("unknown variant message %q", e.Message)
		}

		if kept, err := s.SetQuantity(ctx, id, first, 5); err != nil || !kept {
			t.Fatalf("set 5: %v %v", kept, err)
		}
		if _, err := s.SetQuantity(ctx, id, first, 6); kind(err) != apperr.KindInvalid {
			t.Fatalf("set above stock: %v", err)
		}
		if kept, err := s.SetQuantity(ctx, id, first, 0); err != nil || kept {
			t.Fatalf("set 0 must remove: %v %v", kept, err)
		}
		if items, _ := s.Items(ctx, id); len(items) != 0 {
			t.Fatalf("line still there: %+v", items)
		}
		if err := s.Remove(ctx, id, first); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("removing twice: %v", err)
		}
	})
}

func TestAnotherCartsLineIsNotFound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, _ := setup(t, d)
		ctx := context.Background()
		a, _ := s.Resolve(ctx, cart.Owner{}, true)
		b, _ := s.Resolve(ctx, cart.Owner{}, true)
		line, err := s.Add(ctx, a.CartID, 1, 1)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.SetQuantity(ctx, b.CartID, line, 2); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("update through another cart: %v", err)
		}
		if err := s.Remove(ctx, b.CartID, line); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatalf("remove through another cart: %v", err)
		}
	})
}

func TestMergeAtSignIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s, user := setup(t, d)
		ctx := context.Background()
		mine, _ := s.Resolve(ctx, cart.Owner{UserID: user}, true)
		if _, err := s.Add(ctx, mine.CartID, 1, 1); err != nil {
			t.Fatal(err)
		}
		guest, _ := s.Resolve(ctx, cart.Owner{}, true)
		if _, err := s.Add(ctx, guest.CartID, 1, 2); err != nil {
			t.Fatal(err)
		}
		merged, err := s.Resolve(ctx, cart.Owner{UserID: user, GuestToken: guest.NewGuestToken}, false)
		if err != nil || merged.CartID != mine.CartID || !merged.DropGuestToken {
			t.Fatalf("merge: %+v %v", merged, err)
		}
		items, _ := s.Items(ctx, mine.CartID)
		if len(items) != 1 || items[0].Quantity != 3 {
			t.Fatalf("quantities did not add up: %+v", items)
		}
		if gone, _ := s.Resolve(ctx, cart.Owner{GuestToken: guest.NewGuestToken}, false); gone.CartID != 0 {
			t.Fatal("the guest cart outlived the merge")
		}
		// A user with no cart yet takes the guest cart's lines.
		if _, err := d.Exec(ctx, `INSERT INTO users (email, email_key, password_hash) VALUES ('b@b.co', 'b@b.co', 'x')`); err != nil {
			t.Fatal(err)
		}
		var other int64
		_ = d.QueryRow(ctx, `SELECT id FROM users WHERE email_key = 'b@b.co'`).Scan(&other)
		g2, _ := s.Resolve(ctx, cart.Owner{}, true)
		_, _ = s.Add(ctx, g2.CartID, 1, 1)
		theirs, err := s.Resolve(ctx, cart.Owner{UserID: other, GuestToken: g2.NewGuestToken}, false)
		if err != nil || theirs.CartID == 0 {
			t.Fatalf("new user cart: %+v %v", theirs, err)
		}
		if items, _ := s.Items(ctx, theirs.CartID); len(items) != 1 {
			t.Fatalf("new user's cart: %+v", items)
		}
	})
}
