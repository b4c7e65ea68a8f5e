package review_test

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/review"
	"shop/internal/testkit"
)

// eachServer runs fn on the whole shop with the demo catalogue, on each
// engine.
func eachServer(t *testing.T, fn func(t *testing.T, shop *testkit.Shop)) {
	t.Helper()
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, testkit.NewShop(t, d, testkit.Demo)) })
}

// orderFor stores an order of product's first size for user and moves it
// to status.
func orderFor(t *testing.T, shop *testkit.Shop, user int64, product catalog.Product, to order.Status) {
	t.Helper()
	ctx := context.Background()
	v := product.Variants[0]
	c := order.Checkout{FirstName: "Wanjiku", LastName: "Kamau", Email: "w@farm.co.ke", Phone: "254712345678", Address: "Plot 4",
		City: "Ruiru", County: "Kiambu", PaymentMethod: "mpesa", MpesaPhone: "254712345678"}
	if err := shop.Deps.DB.Tx(ctx, func(tx *sql.Tx) error {
		created, err := shop.Deps.Orders.CreateTx(ctx, tx, order.New{Checkout: c, UserID: user, Delivery: order.Delivery{Kind: "delivery", Name: "Home", Fee: money.FromShillings(300)}},
			[]order.Item{{VariantID: v.ID, ProductID: product.ID, ProductName: product.Name, Size: v.Size, SKU: v.SKU, Quantity: 1, UnitPrice: v.Price}})
		if err != nil || to == order.PendingPayment {
			return err
		}
		_, err = order.Move(ctx, tx, created.Order, to, "test", "test")
		return err
	}); err != nil {
		t.Fatal(err)
	}
}

type productAnswer struct {
	Rating      *float64 `json:"rating"`
	ReviewCount int      `json:"review_count"`
	Reviews     []struct {
		Name, Comment string
		Rating        int
	} `json:"reviews"`
}

func TestReviewsFromBuyers(t *testing.T) {
	eachServer(t, func(t *testing.T, shop *testkit.Shop) {
		ctx := context.Background()
		page, err := shop.Deps.Catalog.ListProducts(ctx, catalog.ListFilter{})
		if err != nil {
			t.Fatal(err)
		}
		product, err := shop.Deps.Catalog.Product(ctx, page.Products[0].Slug)
		if err != nil {
			t.Fatal(err)
		}
		path := fmt.Sprintf("/api/products/%d/reviews/", product.ID)
		good := map[string]any{"rating": 2, "comment": `<script>alert("x")</script> Good feed`}

		testkit.WantStatus(t, shop.Do("POST", path, good), http.StatusUnauthorized)

		shop.Register("Amina", "Otieno", "amina@farm.co.ke", "254712345670", "Long-password-1")
		token, user := shop.Login("amina@farm.co.ke", "Long-password-1")
		auth := testkit.Bearer(token)
		testkit.WantError(t, shop.Do("POST", path, good, auth...), http.StatusForbidden, "", review.MsgNotBought)
		orderFor(t, shop, user, product, order.PendingPayment) // not paid: still not bought
		testkit.WantError(t, shop.Do("POST", path, good, auth...), http.StatusForbidden, "", review.MsgNotBought)
		orderFor(t, shop, user, product, order.Paid)

		for _, bad := range []struct {
			body  map[string]any
			field string
		}{
			{map[string]any{"rating": 0, "comment": "x"}, "rating"},
			{map[string]any{"rating": 6}, "rating"},
			{map[string]any{"rating": 4.5}, "rating"},
			{map[string]any{"rating": 5, "comment": strings.Repeat("é", review.MaxComment+1)}, "comment"},
		} {
			rec := shop.Do("POST", path, bad.body, auth...)
			testkit.WantStatus(t, rec, http.StatusBadRequest)
			if b := testkit.Decode[testkit.ErrorBody](t, rec); b.Fields[bad.field] == "" {
				t.Errorf("%v: no message on %s: %s", bad.body, bad.field, rec.Body)
			}
		}

		before := testkit.Decode[productAnswer](t, shop.Get(fmt.Sprintf("/api/products/%d/", product.ID)))
		// The same review sent twice at once is stored once.
		codes := make(chan int, 2)
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); codes <- shop.Do("POST", path, good, auth...).Code }()
		}
		wg.Wait()
		close(codes)
		got := map[int]int{}
		for c := range codes {
			got[c]++
		}
		if got[http.StatusCreated] != 1 || got[http.StatusConflict] != 1 {
			t.Fatalf("two reviews at once: %v, want one 201 and one 409", got)
		}
		testkit.WantError(t, shop.Do("POST", path, good, auth...), http.StatusConflict, "", review.MsgTwice)

		// Pending: not on the page, not in the rating.
		after := testkit.Decode[productAnswer](t, shop.Get(fmt.Sprintf("/api/products/%d/?pending", product.ID)))
		if after.ReviewCount != before.ReviewCount || len(after.Reviews) != len(before.Reviews) {
			t.Fatalf("a pending review shows: %d reviews, was %d", after.ReviewCount, before.ReviewCount)
		}

		admin, _ := shop.NewAdmin("owner@mifugobora.co.ke", "Owner-password-1")
		list := testkit.Decode[struct {
			Count   int `json:"count"`
			Results []struct {
				ID     int64  `json:"id"`
				Status string `json:"status"`
				Name   string `json:"name"`
			} `json:"results"`
		}](t, shop.Get("/api/admin/reviews/?status=pending", testkit.Bearer(admin)...))
		if list.Count != 1 || list.Results[0].Name != "Amina O." {
			t.Fatalf("pending reviews %+v", list)
		}
		stats := testkit.Decode[struct {
			PendingReviews int `json:"pendingReviews"`
		}](t, shop.Get("/api/admin/stats/", testkit.Bearer(admin)...))
		if stats.PendingReviews != 1 {
			t.Errorf("dashboard pendingReviews %d, want 1", stats.PendingReviews)
		}
		id := list.Results[0].ID
		testkit.WantStatus(t, shop.Do("PATCH", fmt.Sprintf("/api/admin/reviews/%d/", id), map[string]any{"status": "pending"}, testkit.Bearer(admin)...), http.StatusBadRequest)
		testkit.WantStatus(t, shop.Do("PATCH", fmt.Sprintf("/api/admin/reviews/%d/", id), map[string]any{"status": "approved"}, auth...), http.StatusForbidden)
		testkit.WantStatus(t, shop.Do("PATCH", "/api/admin/reviews/999999/", map[string]any{"status": "approved"}, testkit.Bearer(admin)...), http.StatusNotFound)
		testkit.WantStatus(t, shop.Do("PATCH", fmt.Sprintf("/api/admin/reviews/%d/", id), map[string]any{"status": "approved"}, testkit.Bearer(admin)...), http.StatusOK)

		approved := testkit.Decode[productAnswer](t, shop.Get(fmt.Sprintf("/api/products/%d/?approved", product.ID)))
		if approved.ReviewCount != before.ReviewCount+1 || approved.Reviews[0].Comment != good["comment"] {
			t.Fatalf("after approval: %d reviews, first %+v", approved.ReviewCount, approved.Reviews[0])
		}
		sum := 2
		for _, rv := range before.Reviews {
			sum += rv.Rating
		}
		want := float64(sum*10/(before.ReviewCount+1)) / 10
		cards, err := shop.Deps.Catalog.ListProducts(ctx, catalog.ListFilter{})
		if err != nil {
			t.Fatal(err)
		}
		var card catalog.Card
		for _, c := range cards.Products {
			if c.ID == product.ID {
				card = c
			}
		}
		if *approved.Rating != want || card.ReviewCount != before.ReviewCount+1 || card.Rating == nil || *card.Rating != want {
			t.Errorf("rating %v (card %v, %d reviews), want %v", *approved.Rating, card.Rating, card.ReviewCount, want)
		}
		audit := shop.Get("/api/admin/audit/?entity=review", testkit.Bearer(admin)...)
		if !strings.Contains(audit.Body.String(), "pending → approved") {
			t.Errorf("audit: %s", audit.Body)
		}
	})
}
