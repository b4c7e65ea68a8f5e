package review_test

import (
	"context"
	"database/sql"
	"strconv"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/review"
)

// The product lists show the rating kept on each product's card: every
// change of its reviews (the demo's, a buyer's approved, an erased
// customer's) rewrites it, as the product page computes it.
func TestCardRatingFollowsReviews(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		products := catalog.NewStore(d)
		cat, err := products.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"})
		if err != nil {
			t.Fatal(err)
		}
		id, err := products.CreateProduct(ctx, catalog.NewProduct{Name: "Dairy Meal", Slug: "dairy-meal", CategoryID: cat.ID,
			BasePrice: money.FromShillings(1500), IsActive: true,
			Variants: []catalog.NewVariant{{Size: "70 Kg", SKU: "DM-70", Price: money.FromShillings(1500), Stock: 3}}})
		if err != nil {
			t.Fatal(err)
		}
		reviews := review.NewStore(d, products)
		card := func(want *float64, count int) {
			t.Helper()
			page, err := products.ListProducts(ctx, catalog.ListFilter{})
			if err != nil || len(page.Products) != 1 {
				t.Fatalf("list: %+v %v", page, err)
			}
			c := page.Products[0]
			if c.ReviewCount != count || (c.Rating == nil) != (want == nil) || (want != nil && *c.Rating != *want) {
				t.Fatalf("card: %d reviews rated %s, want %d rated %s", c.ReviewCount, show(c.Rating), count, show(want))
			}
		}
		rated := func(r float64) *float64 { return &r }

		if err := reviews.AddPast(ctx, id, []review.Past{{Name: "Wanjiku", Rating: 5, DaysAgo: 3}, {Name: "Otieno", Rating: 4}}); err != nil {
			t.Fatal(err)
		}
		card(rated(4.5), 2)

		buyer, err := account.NewStore(d).CreateUser(ctx, account.NewUser{Email: "amina@farm.co.ke", FirstName: "Amina", PasswordHash: "x", CreatedAt: time.Now()})
		if err != nil {
			t.Fatal(err)
		}
		bought := func(context.Context, int64, int64) (bool, error) { return true, nil }
		rv, err := reviews.Add(ctx, "dairy-meal", review.Reviewer{UserID: buyer.ID, Name: "Amina O."}, review.Fields{Rating: 1}, bought)
		if err != nil {
			t.Fatal(err)
		}
		card(rated(4.5), 2) // pending: not counted
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			_, _, err := reviews.SetStatusTx(ctx, tx, rv.ID, review.StatusApproved)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		card(rated(3.3), 3)

		if err := d.Tx(ctx, func(tx *sql.Tx) error { return review.ForgetReviewerTx(ctx, tx, buyer.ID) }); err != nil {
			t.Fatal(err)
		}
		card(rated(4.5), 2)
	})
}

func show(r *float64) string {
	if r == nil {
		return "nothing"
	}
	return strconv.FormatFloat(*r, 'f', 1, 64)
}
