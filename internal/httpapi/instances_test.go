package httpapi_test

import (
	"context"
	"database/sql"
	"net/http"
	"testing"
	"time"

	"shop/internal/stock"
	"shop/internal/testkit"
)

// Each instance of the shop caches the catalogue for itself; a change made by
// another instance, or by a background job outside any request, reaches its
// answers through the catalogue's generation (docs/architecture.md section 9).
func TestOtherInstancesSeeCatalogueChanges(t *testing.T) {
	eachServer(t, func(t *testing.T, a *testkit.Shop) {
		b := testkit.NewShop(t, a.Deps.DB, withWebFiles)
		admin, _ := a.NewAdmin("owner@mifugobora.co.ke", "Str0ng-Passw0rd!")
		size := func() (price string, left float64) {
			p := testkit.Decode[map[string]any](t, b.Get("/api/products/1/"))
			for _, v := range p["variants"].([]any) {
				if v := v.(map[string]any); v["id"] == 1.0 {
					return v["price"].(string), v["stock"].(float64)
				}
			}
			t.Fatal("product 1 has no size 1")
			return "", 0
		}
		before, _ := size()
		edit := map[string]any{"size": "10 Kg", "sku": "MB-HDM-10", "price": "652"}
		testkit.WantStatus(t, a.Do("PATCH", "/api/admin/products/1/variants/1/", edit, testkit.Bearer(admin)...), http.StatusOK)
		// Unwatched, b answers from its cache: the test can tell the watching apart.
		if got, _ := size(); got != before {
			t.Fatalf("b read the catalogue again unasked: %q, was %q", got, before)
		}

		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		b.WatchCatalogue(ctx)
		edit["price"] = "653"
		testkit.WantStatus(t, a.Do("PATCH", "/api/admin/products/1/variants/1/", edit, testkit.Bearer(admin)...), http.StatusOK)
		testkit.WaitUntil(t, 30*time.Second, "the other instance's edit", func() bool { p, _ := size(); return p == "653.00" })

		// Stock given back outside any request, as the reconciler does for a
		// failed payment's order.
		_, left := size()
		if err := a.Deps.DB.Tx(ctx, func(tx *sql.Tx) error {
			return stock.ReturnTx(ctx, tx, []stock.Line{{VariantID: 1, Qty: 2}})
		}); err != nil {
			t.Fatal(err)
		}
		testkit.WaitUntil(t, 30*time.Second, "a background change of stock", func() bool { _, s := size(); return s == left+2 })
	})
}
