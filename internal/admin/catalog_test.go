package admin_test

import (
	"fmt"
	"net/http"
	"testing"

	"shop/internal/admin"
	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/order"
	"shop/internal/testkit"
)

func TestProducts(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		cat := e.category("Dairy Meal", nil)

		t.Run("the form's required fields and price step", func(t *testing.T) {
			rec := e.as("POST", "/api/admin/products/", map[string]any{"name": "  ", "description": "", "is_active": true})
			testkit.WantStatus(t, rec, http.StatusBadRequest)
			b := testkit.Decode[testkit.ErrorBody](t, rec)
			want := map[string]string{"name": catalog.MsgNameRequired, "description": catalog.MsgDescriptionMissing,
				"base_price": catalog.MsgPriceRequired, "category": catalog.MsgCategoryRequired}
			for f, m := range want {
				if b.Fields[f] != m {
					t.Errorf("%s: %q, want %q", f, b.Fields[f], m)
				}
			}
			if b.Error != apperr.MsgFixFields {
				t.Errorf("error %q", b.Error)
			}
			for _, price := range []any{"12.345", "-5", "abc", 1.005, "1e3"} {
				rec := e.as("POST", "/api/admin/products/", map[string]any{"name": "X", "description": "Y", "base_price": price, "category": cat.ID})
				testkit.WantError(t, rec, http.StatusBadRequest, "base_price", catalog.MsgPriceInvalid)
			}
			rec = e.as("POST", "/api/admin/products/", map[string]any{"name": "X", "description": "Y", "base_price": "10", "category": 999999})
			testkit.WantError(t, rec, http.StatusBadRequest, "category", catalog.MsgCategoryUnknown)
			rec = e.as("POST", "/api/admin/products/", map[string]any{"name": "X", "description": "Y", "base_price": "10", "category": cat.ID, "promo": "free"})
			testkit.WantError(t, rec, http.StatusBadRequest, "promo", catalog.MsgPromoInvalid)
		})

		t.Run("create, list, edit; inactive products stay out of the shop", func(t *testing.T) {
			p := e.product("Calf Starter Pellets", cat.ID, "1500.5", false)
			if p.Slug != "calf-starter-pellets" || p.BasePrice != "1500.50" || p.IsActive || p.Category != cat.ID {
				t.Fatalf("created %+v", p)
			}
			again := e.product("Calf Starter Pellets", cat.ID, "10", false)
			if again.Slug != "calf-starter-pellets-2" {
				t.Fatalf("second slug %q", again.Slug)
			}
			testkit.WantStatus(t, e.do("GET", fmt.Sprintf("/api/products/%d/", p.ID), "", nil), http.StatusNotFound)

			list := testkit.Decode[page[product]](t, e.as("GET", "/api/admin/products/?status=inactive&search=starter", nil))
			if list.Count != 2 || list.Results[0].ID != again.ID {
				t.Fatalf("inactive list %+v", list)
			}
			if n := testkit.Decode[page[product]](t, e.as("GET", "/api/admin/products/?status=active&search=starter", nil)).Count; n != 0 {
				t.Fatalf("active list has %d", n)
			}
			testkit.WantError(t, e.as("GET", "/api/admin/products/?status=gone", nil), http.StatusBadRequest, "status", "status must be active, inactive or draft.")

			rec := e.as("PUT", fmt.Sprintf("/api/admin/products/%d/", p.ID), map[string]any{
				"name": "Calf Starter Pellets 18%", "description": "Starts calves well.", "base_price": 1600, "category": cat.ID,
				"is_active": true, "is_featured": true, "is_best_seller": true, "is_new_arrival": true, "promo": "bulk",
			})
			testkit.WantStatus(t, rec, http.StatusOK)
			up := testkit.Decode[product](t, rec)
			// A draft stays off sale through the form: Publish puts it on sale.
			if up.Name != "Calf Starter Pellets 18%" || up.Slug != p.Slug || up.BasePrice != "1600.00" || up.IsActive || !up.IsFeatured ||
				!up.IsBestSeller || len(up.OccasionTags) != 1 || up.Promo == nil || *up.Promo != "bulk" {
				t.Fatalf("updated %+v", up)
			}
			e.variant(p.ID, "25 Kg", "CSP-25", "1600", 5)
			testkit.WantStatus(t, e.as("POST", fmt.Sprintf("/api/admin/products/%d/publish/", p.ID), nil), http.StatusOK)
			testkit.WantStatus(t, e.do("GET", fmt.Sprintf("/api/products/%d/", p.ID), "", nil), http.StatusOK)
			testkit.WantError(t, e.as("PUT", "/api/admin/products/999999/", map[string]any{"name": "X", "description": "Y", "base_price": "1", "category": cat.ID}),
				http.StatusNotFound, "", "Product not found")
		})

		t.Run("sizes: SKU unique, stock a whole number", func(t *testing.T) {
			p := e.product("Dairy Meal Standard", cat.ID, "3650", true)
			v := e.variant(p.ID, " 70   Kg ", "MB-DMS-70KG", "3650.00", 40)
			if v.Size != "70 Kg" || v.Price != "3650.00" || v.Stock != 40 {
				t.Fatalf("variant %+v", v)
			}
			path := fmt.Sprintf("/api/admin/products/%d/variants/", p.ID)
			testkit.WantError(t, e.as("POST", path, map[string]any{"size": "10 Kg", "sku": "MB-DMS-70KG", "price": "650", "stock": 3}),
				http.StatusBadRequest, "sku", catalog.MsgSKUTaken)
			rec := e.as("POST", path, map[string]any{"size": "", "sku": "", "price": "6.505", "stock": -1})
			testkit.WantStatus(t, rec, http.StatusBadRequest)
			b := testkit.Decode[testkit.ErrorBody](t, rec)
			if b.Fields["size"] != catalog.MsgSizeRequired || b.Fields["sku"] != catalog.MsgSKURequired ||
				b.Fields["price"] != catalog.MsgPriceInvalid || b.Fields["stock"] != catalog.MsgStockInvalid {
				t.Fatalf("fields %v", b.Fields)
			}
			testkit.WantError(t, e.as("POST", path, map[string]any{"size": "1 Kg", "sku": "A", "price": "1", "stock": 2.5}),
				http.StatusBadRequest, "stock", catalog.MsgStockInvalid)

			v2 := e.variant(p.ID, "10 Kg", "MB-DMS-10KG", "650", 5)
			vpath := fmt.Sprintf("%s%d/", path, v2.ID)
			testkit.WantError(t, e.as("PATCH", vpath, map[string]any{"size": "10 Kg", "sku": "MB-DMS-70KG", "price": "650", "stock": 5}),
				http.StatusBadRequest, "sku", catalog.MsgSKUTaken)
			rec = e.as("PATCH", vpath, map[string]any{"size": "10 Kg", "sku": "MB-DMS-10KG", "price": "700", "stock": "12"})
			testkit.WantStatus(t, rec, http.StatusOK)
			if got := testkit.Decode[variant](t, rec); got.Price != "700.00" || got.Stock != 12 {
				t.Fatalf("updated variant %+v", got)
			}
			// The shop sees the new price and the size's weight filter key.
			shop := testkit.Decode[[]product](t, e.do("GET", "/api/products/?weight=10kg&search=standard", "", nil))
			if len(shop) != 1 || shop[0].Variants[1].Price != "700.00" {
				t.Fatalf("shop sees %+v", shop)
			}
			testkit.WantStatus(t, e.as("DELETE", vpath, nil), http.StatusNoContent)
			testkit.WantStatus(t, e.as("DELETE", vpath, nil), http.StatusNotFound)
			// A size of another product is not reachable through this one.
			other := e.product("Other", cat.ID, "1", true)
			testkit.WantStatus(t, e.as("DELETE", fmt.Sprintf("/api/admin/products/%d/variants/%d/", other.ID, v.ID), nil), http.StatusNotFound)
		})

		t.Run("delete, or deactivate when it appears in orders", func(t *testing.T) {
			gone := e.product("One-off Sample", cat.ID, "100", true)
			rec := e.as("DELETE", fmt.Sprintf("/api/admin/products/%d/", gone.ID), nil)
			testkit.WantStatus(t, rec, http.StatusOK)
			if b := testkit.Decode[map[string]any](t, rec); b["deleted"] != true || b["deactivated"] != false {
				t.Fatalf("delete answer %v", b)
			}
			testkit.WantStatus(t, e.as("GET", fmt.Sprintf("/api/admin/products/%d/", gone.ID), nil), http.StatusNotFound)

			sold := e.product("Sold Before", cat.ID, "650", true)
			v := e.variant(sold.ID, "10 Kg", "SOLD-10KG", "650", 10)
			makeOrder(t, e.d, "ORDER-1000000000001", order.Delivered, v.ID, 1, "254712000001", "Otieno", "J")
			rec = e.as("DELETE", fmt.Sprintf("/api/admin/products/%d/", sold.ID), nil)
			testkit.WantStatus(t, rec, http.StatusOK)
			b := testkit.Decode[map[string]any](t, rec)
			if b["deactivated"] != true || b["message"] != admin.MsgProductDeactivated {
				t.Fatalf("deactivate answer %v", b)
			}
			kept := testkit.Decode[product](t, e.as("GET", fmt.Sprintf("/api/admin/products/%d/", sold.ID), nil))
			if kept.IsActive || len(kept.Variants) != 1 {
				t.Fatalf("kept %+v", kept)
			}
			testkit.WantStatus(t, e.do("GET", fmt.Sprintf("/api/products/%d/", sold.ID), "", nil), http.StatusNotFound)
		})
	})
}

// A category's slug is letters, digits and hyphens only, as a product's:
// markup in a name leaves nothing of itself in the shop's addresses.
func TestCategorySlugsAreLettersDigitsAndHyphens(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		for name, want := range map[string]string{`<img src=x onerror=alert(1)>cat`: "img-src-x-onerror-alert-1-cat",
			"Dawa za Ng'ombe & Mbuzi": "dawa-za-ng-ombe-mbuzi", "Café Über 2": "café-über-2", `"/../"`: "category"} {
			if c := e.category(name, nil); c.Slug != want {
				t.Errorf("%q: slug %q, want %q", name, c.Slug, want)
			}
		}
		rec := e.as("POST", "/api/admin/categories/", map[string]any{"name": "dawa za ng'ombe, mbuzi"})
		testkit.WantError(t, rec, http.StatusBadRequest, "name", `A category with the slug "dawa-za-ng-ombe-mbuzi" already exists.`)
	})
}

func TestCategories(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		testkit.WantError(t, e.as("POST", "/api/admin/categories/", map[string]any{"name": "   "}), http.StatusBadRequest, "name", catalog.MsgNameRequired)
		feeds := e.category("Animal Feeds", nil)
		if feeds.Slug != "animal-feeds" || feeds.Parent != nil {
			t.Fatalf("created %+v", feeds)
		}
		// docs/product.md: lower case, spaces as hyphens.
		layers := e.category("Layers  Mash Premium", &feeds.ID)
		if layers.Slug != "layers-mash-premium" || layers.Parent == nil || *layers.Parent != feeds.ID {
			t.Fatalf("created %+v", layers)
		}
		rec := e.as("POST", "/api/admin/categories/", map[string]any{"name": "animal feeds"})
		testkit.WantError(t, rec, http.StatusBadRequest, "name", `A category with the slug "animal-feeds" already exists.`)
		testkit.WantError(t, e.as("POST", "/api/admin/categories/", map[string]any{"name": "Orphan", "parent": 999999}),
			http.StatusBadRequest, "parent", catalog.MsgParentUnknown)

		// Not its own parent, nor below its own sub-category.
		chicks := e.category("Chicks", &layers.ID)
		path := fmt.Sprintf("/api/admin/categories/%d/", feeds.ID)
		testkit.WantError(t, e.as("PUT", path, map[string]any{"name": "Animal Feeds", "parent": feeds.ID}), http.StatusBadRequest, "parent", catalog.MsgOwnParent)
		testkit.WantError(t, e.as("PUT", path, map[string]any{"name": "Animal Feeds", "parent": layers.ID}), http.StatusBadRequest, "parent", catalog.MsgParentIsDescendant)
		testkit.WantError(t, e.as("PUT", path, map[string]any{"name": "Animal Feeds", "parent": chicks.ID}), http.StatusBadRequest, "parent", catalog.MsgParentIsDescendant)

		// Renaming follows the slug rule; moving keeps the slug.
		rec = e.as("PATCH", fmt.Sprintf("/api/admin/categories/%d/", chicks.ID), map[string]any{"name": "Chick Feeds", "parent": feeds.ID})
		testkit.WantStatus(t, rec, http.StatusOK)
		if c := testkit.Decode[category](t, rec); c.Slug != "chick-feeds" || *c.Parent != feeds.ID {
			t.Fatalf("renamed %+v", c)
		}
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/categories/%d/", chicks.ID), map[string]any{"name": "Animal   Feeds"}),
			http.StatusBadRequest, "name", `A category with the slug "animal-feeds" already exists.`)

		// Deleting: refused while it holds products or sub-categories.
		e.product("Layers Mash", layers.ID, "3000", true)
		e.product("Layers Mash Plus", layers.ID, "3100", true)
		testkit.WantError(t, e.as("DELETE", fmt.Sprintf("/api/admin/categories/%d/", layers.ID), nil), http.StatusConflict, "",
			"This category still has products (2) or sub-categories; move or delete them first.")
		testkit.WantError(t, e.as("DELETE", path, nil), http.StatusConflict, "",
			"This category still has products (0) or sub-categories; move or delete them first.")
		rec = e.as("DELETE", fmt.Sprintf("/api/admin/categories/%d/", chicks.ID), nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		if b := testkit.Decode[map[string]any](t, rec); b["message"] != "Category deleted successfully" {
			t.Fatalf("delete answer %v", b)
		}
		testkit.WantStatus(t, e.as("DELETE", fmt.Sprintf("/api/admin/categories/%d/", chicks.ID), nil), http.StatusNotFound)

		cats := testkit.Decode[[]category](t, e.as("GET", "/api/admin/categories/", nil))
		if len(cats) != 2 || cats[1].ProductCount != 2 {
			t.Fatalf("categories %+v", cats)
		}
		// The shop's list shows the change.
		if public := testkit.Decode[[]category](t, e.do("GET", "/api/categories/", "", nil)); len(public) != 2 {
			t.Fatalf("public categories %+v", public)
		}
	})
}
