package admin_test

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"shop/internal/admin"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/order"
	"shop/internal/testkit"
)

type product struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Slug         string `json:"slug"`
	BasePrice    string `json:"base_price"`
	Category     int64  `json:"category"`
	IsActive     bool   `json:"is_active"`
	IsFeatured   bool   `json:"is_featured"`
	IsBestSeller bool   `json:"is_best_seller"`
	IsNewArrival bool   `json:"is_new_arrival"`
	OccasionTags []int  `json:"occasion_tags"`
	Promo        *string
	Variants     []variant `json:"variants"`
	Images       []image   `json:"images"`
}

type variant struct {
	ID    int64  `json:"id"`
	Size  string `json:"size"`
	SKU   string `json:"sku"`
	Price string `json:"price"`
	Stock int    `json:"stock"`
}

type image struct {
	ID        int64  `json:"id"`
	Image     string `json:"image"`
	Width     int    `json:"width"`
	Height    int    `json:"height"`
	SortOrder int    `json:"sort_order"`
}

type category struct {
	ID           int64  `json:"id"`
	Name         string `json:"name"`
	Slug         string `json:"slug"`
	Parent       *int64 `json:"parent"`
	ProductCount int    `json:"product_count"`
}

type page[T any] struct {
	Count   int     `json:"count"`
	Next    *string `json:"next"`
	Results []T     `json:"results"`
}

func (e *env) category(name string, parent *int64) category {
	e.t.Helper()
	rec := e.as("POST", "/api/admin/categories/", map[string]any{"name": name, "parent": parent})
	testkit.WantStatus(e.t, rec, http.StatusCreated)
	return testkit.Decode[category](e.t, rec)
}

func (e *env) product(name string, cat int64, price string, active bool) product {
	e.t.Helper()
	rec := e.as("POST", "/api/admin/products/", map[string]any{
		"name": name, "description": name + " for Kenyan farms.", "base_price": price, "category": cat, "is_active": active,
	})
	testkit.WantStatus(e.t, rec, http.StatusCreated)
	return testkit.Decode[product](e.t, rec)
}

func (e *env) variant(productID int64, size, sku, price string, stock int) variant {
	e.t.Helper()
	rec := e.as("POST", fmt.Sprintf("/api/admin/products/%d/variants/", productID), map[string]any{"size": size, "sku": sku, "price": price, "stock": stock})
	testkit.WantStatus(e.t, rec, http.StatusCreated)
	return testkit.Decode[variant](e.t, rec)
}

func TestProducts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
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
			if b.Error != catalog.MsgFixFields {
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
			testkit.WantError(t, e.as("GET", "/api/admin/products/?status=gone", nil), http.StatusBadRequest, "status", "status must be active or inactive.")

			rec := e.as("PUT", fmt.Sprintf("/api/admin/products/%d/", p.ID), map[string]any{
				"name": "Calf Starter Pellets 18%", "description": "Starts calves well.", "base_price": 1600, "category": cat.ID,
				"is_active": true, "is_featured": true, "is_best_seller": true, "is_new_arrival": true, "promo": "bulk",
			})
			testkit.WantStatus(t, rec, http.StatusOK)
			up := testkit.Decode[product](t, rec)
			if up.Name != "Calf Starter Pellets 18%" || up.Slug != p.Slug || up.BasePrice != "1600.00" || !up.IsActive || !up.IsFeatured ||
				!up.IsBestSeller || len(up.OccasionTags) != 1 || up.Promo == nil || *up.Promo != "bulk" {
				t.Fatalf("updated %+v", up)
			}
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
			makeOrder(t, d, "ORDER-1000000000001", order.Delivered, v.ID, 1, "254712000001", "Otieno", "J")
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

func TestCategories(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)

		testkit.WantError(t, e.as("POST", "/api/admin/categories/", map[string]any{"name": "   "}), http.StatusBadRequest, "name", catalog.MsgNameRequired)
		feeds := e.category("Animal Feeds", nil)
		if feeds.Slug != "animal-feeds" || feeds.Parent != nil {
			t.Fatalf("created %+v", feeds)
		}
		// SPEC.md: lower case, spaces as hyphens.
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

type summary struct {
	OrderID       string `json:"orderId"`
	Status        string `json:"status"`
	CustomerName  string `json:"customer_name"`
	Phone         string `json:"phone"`
	Total         string `json:"total"`
	ItemCount     int    `json:"item_count"`
	Receipt       string `json:"receipt"`
	Attention     string `json:"attention"`
	PaymentStatus string `json:"payment_status"`
}

type detail struct {
	OrderID  string `json:"orderId"`
	Status   string `json:"status"`
	Customer struct {
		Name  string `json:"name"`
		Phone string `json:"phone"`
	} `json:"customer"`
	Address struct {
		City string `json:"city"`
	} `json:"shipping_address"`
	Items []struct {
		SKU string `json:"sku"`
	} `json:"items"`
	Payment struct {
		Receipt string `json:"receipt"`
	} `json:"payment"`
	History []struct {
		From, To, Note, Actor string
	} `json:"history"`
	NextStatuses []string `json:"next_statuses"`
	Attention    string   `json:"attention"`
}

func stock(t *testing.T, d *db.DB, variantID int64) int {
	t.Helper()
	var n int
	if err := d.QueryRow(context.Background(), `SELECT stock FROM variants WHERE id = $1`, variantID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func TestOrders(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		cat := e.category("Feeds", nil)
		p := e.product("Dairy Meal", cat.ID, "3650", true)
		v := e.variant(p.ID, "70 Kg", "DM-70", "3650", 20)
		makeOrder(t, d, "ORDER-1700000000001", order.Paid, v.ID, 2, "254712345678", "Wanjiku", "Mwangi")
		makeOrder(t, d, "ORDER-1700000000002", order.Processing, v.ID, 1, "254722000111", "Otieno", "Juma")
		makeOrder(t, d, "ORDER-1700000000003", order.PendingPayment, v.ID, 1, "254733000222", "Akinyi", "Achieng")
		if _, err := d.Exec(context.Background(), `UPDATE orders SET attention = 'Paid after its stock was released' WHERE order_number = 'ORDER-1700000000003'`); err != nil {
			t.Fatal(err)
		}
		if got := stock(t, d, v.ID); got != 16 {
			t.Fatalf("stock %d", got)
		}

		all := testkit.Decode[page[summary]](t, e.as("GET", "/api/admin/orders/", nil))
		if all.Count != 3 || all.Results[0].OrderID != "ORDER-1700000000003" {
			t.Fatalf("orders %+v", all)
		}
		for _, c := range []struct {
			query string
			want  []string
		}{
			{"status=paid", []string{"ORDER-1700000000001"}},
			{"search=ORDER-1700000000002", []string{"ORDER-1700000000002"}},
			{"search=0712+345+678", []string{"ORDER-1700000000001"}},
			{"search=%2B254722000111", []string{"ORDER-1700000000002"}},
			{"search=0733", []string{"ORDER-1700000000003"}},
			{"search=otieno", []string{"ORDER-1700000000002"}},
			{"search=wanjiku+mwangi", []string{"ORDER-1700000000001"}},
			{"attention=1", []string{"ORDER-1700000000003"}},
			{"status=delivered", nil},
		} {
			got := testkit.Decode[page[summary]](t, e.as("GET", "/api/admin/orders/?"+c.query, nil))
			ids := []string{}
			for _, o := range got.Results {
				ids = append(ids, o.OrderID)
			}
			if strings.Join(ids, ",") != strings.Join(c.want, ",") {
				t.Errorf("%s: %v, want %v", c.query, ids, c.want)
			}
		}
		paged := testkit.Decode[page[summary]](t, e.as("GET", "/api/admin/orders/?page_size=2&page=1", nil))
		if paged.Count != 3 || len(paged.Results) != 2 || paged.Next == nil || !strings.Contains(*paged.Next, "page=2") {
			t.Fatalf("page %+v", paged)
		}
		testkit.WantError(t, e.as("GET", "/api/admin/orders/?status=lost", nil), http.StatusBadRequest, "status",
			"status must be one of pending_payment, paid, processing, dispatched, delivered, payment_failed, cancelled.")
		testkit.WantError(t, e.as("GET", "/api/admin/orders/?page=0", nil), http.StatusBadRequest, "page", "page must be a whole number of 1 or more.")

		path := "/api/admin/orders/ORDER-1700000000001/"
		o := testkit.Decode[detail](t, e.as("GET", path, nil))
		if o.Customer.Name != "Wanjiku Mwangi" || o.Address.City != "Ruiru" || len(o.Items) != 1 || o.Payment.Receipt != "RCP0001" ||
			len(o.History) != 1 || strings.Join(o.NextStatuses, ",") != "processing,cancelled" {
			t.Fatalf("detail %+v", o)
		}
		testkit.WantStatus(t, e.as("GET", "/api/admin/orders/ORDER-404/", nil), http.StatusNotFound)

		rec := e.as("PATCH", path, map[string]any{"status": "processing", "note": "Packed at Ruiru"})
		testkit.WantStatus(t, rec, http.StatusOK)
		o = testkit.Decode[detail](t, rec)
		last := o.History[len(o.History)-1]
		if o.Status != "processing" || last.To != "processing" || last.Actor != "admin:"+adminEmail || last.Note != "Packed at Ruiru" {
			t.Fatalf("moved %+v", o)
		}
		// Only along the allowed transitions.
		testkit.WantError(t, e.as("PATCH", path, map[string]any{"status": "paid"}), http.StatusConflict, "", "An order that is processing cannot become paid.")
		testkit.WantError(t, e.as("PATCH", path, map[string]any{"status": ""}), http.StatusBadRequest, "status", admin.MsgStatusRequired)
		testkit.WantError(t, e.as("PATCH", path, map[string]any{"status": "lost"}), http.StatusBadRequest, "status",
			"status must be one of pending_payment, paid, processing, dispatched, delivered, payment_failed, cancelled.")
		// Cancelling releases the stock.
		testkit.WantStatus(t, e.as("PATCH", path, map[string]any{"status": "cancelled"}), http.StatusOK)
		if got := stock(t, d, v.ID); got != 18 {
			t.Fatalf("stock after cancel %d, want 18", got)
		}
		testkit.WantError(t, e.as("PATCH", path, map[string]any{"status": "processing"}), http.StatusConflict, "", "An order that is cancelled cannot become processing.")
	})
}

func TestUsersRoles(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		list := testkit.Decode[page[struct {
			ID    int64  `json:"id"`
			Email string `json:"email"`
			Role  string `json:"role"`
		}]](t, e.as("GET", "/api/admin/users/?search=wanjiku", nil))
		if list.Count != 1 || list.Results[0].Email != custEmail || list.Results[0].Role != "customer" {
			t.Fatalf("users %+v", list)
		}
		if n := testkit.Decode[page[struct{}]](t, e.as("GET", "/api/admin/users/?search=0712345678", nil)).Count; n != 1 {
			t.Fatalf("search by phone found %d", n)
		}
		if n := testkit.Decode[page[struct{}]](t, e.as("GET", "/api/admin/users/?role=admin", nil)).Count; n != 1 {
			t.Fatalf("admins %d", n)
		}
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", e.adminID), map[string]any{"role": "customer"}),
			http.StatusBadRequest, "role", admin.MsgOwnRole)
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/users/%d/", e.custID), map[string]any{"role": "boss"}),
			http.StatusBadRequest, "role", admin.MsgRoleInvalid)

		path := fmt.Sprintf("/api/admin/users/%d/", e.custID)
		rec := e.as("PATCH", path, map[string]any{"role": "admin"})
		testkit.WantStatus(t, rec, http.StatusOK)
		if u := testkit.Decode[map[string]any](t, rec); u["role"] != "admin" {
			t.Fatalf("promoted %v", u)
		}
		// A fresh sign-in carries the new role.
		promoted, _ := e.Login(custEmail, custPassword)
		testkit.WantStatus(t, e.do("GET", "/api/admin/stats/", promoted, nil), http.StatusOK)

		testkit.WantStatus(t, e.as("PATCH", path, map[string]any{"role": "customer"}), http.StatusOK)
		// The token still says admin, but the stored role no longer does.
		testkit.WantError(t, e.do("GET", "/api/admin/stats/", promoted, nil), http.StatusForbidden, "", "This page is for the shop's admins only.")
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/users/999999/", map[string]any{"role": "admin"}), http.StatusNotFound)
	})
}

func TestMessagesAndSubscribers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		testkit.WantStatus(t, e.do("POST", "/api/contact/", "", map[string]string{
			"name": "Kamau", "email": "kamau@farm.co.ke", "subject": "wholesale", "message": "Price for 50 bags of dairy meal?",
		}), http.StatusCreated)
		msgs := testkit.Decode[[]struct {
			ID        int64   `json:"id"`
			Subject   string  `json:"subject"`
			HandledAt *string `json:"handled_at"`
		}](t, e.as("GET", "/api/admin/messages/", nil))
		if len(msgs) != 1 || msgs[0].Subject != "wholesale" || msgs[0].HandledAt != nil {
			t.Fatalf("messages %+v", msgs)
		}
		rec := e.as("PATCH", fmt.Sprintf("/api/admin/messages/%d/", msgs[0].ID), map[string]any{"handled": true})
		testkit.WantStatus(t, rec, http.StatusOK)
		if m := testkit.Decode[map[string]any](t, rec); m["handled_at"] == nil {
			t.Fatalf("handled %v", m)
		}
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/messages/999/", map[string]any{"handled": true}), http.StatusNotFound)

		for _, email := range []string{"a@farm.co.ke", "=cmd@farm.co.ke"} {
			testkit.WantStatus(t, e.do("POST", "/api/newsletter/", "", map[string]string{"email": email}), http.StatusCreated)
		}
		subs := testkit.Decode[struct {
			Count int `json:"count"`
		}](t, e.as("GET", "/api/admin/subscribers/", nil))
		if subs.Count != 2 {
			t.Fatalf("subscribers %+v", subs)
		}
		rec = e.as("GET", "/api/admin/subscribers/?format=csv", nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		body := rec.Body.String()
		if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/csv") ||
			!strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") ||
			!strings.HasPrefix(body, "email,subscribed_at\na@farm.co.ke,") || !strings.Contains(body, "\n'=cmd@farm.co.ke,") {
			t.Fatalf("csv %s %q", ct, body)
		}
	})
}

func TestStatsAndAudit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		cat := e.category("Feeds", nil)
		p := e.product("Dairy Meal", cat.ID, "3650", true)
		e.product("Hidden Meal", cat.ID, "100", false)
		v := e.variant(p.ID, "70 Kg", "DM-70", "3650", 15)
		low := e.variant(p.ID, "10 Kg", "DM-10", "650", 3)
		makeOrder(t, d, "ORDER-1700000000001", order.Paid, v.ID, 1, "254712345678", "A", "B")
		makeOrder(t, d, "ORDER-1700000000002", order.Delivered, v.ID, 1, "254712345678", "A", "B")
		makeOrder(t, d, "ORDER-1700000000003", order.PendingPayment, low.ID, 1, "254712345678", "A", "B")
		makeOrder(t, d, "ORDER-1700000000004", order.Cancelled, low.ID, 1, "254712345678", "A", "B")

		s := testkit.Decode[struct {
			TotalProducts    int    `json:"totalProducts"`
			TotalOrders      int    `json:"totalOrders"`
			TotalUsers       int    `json:"totalUsers"`
			TotalRevenue     string `json:"totalRevenue"`
			AwaitingDispatch int    `json:"awaitingDispatch"`
			Threshold        int    `json:"lowStockThreshold"`
			LowStock         []struct {
				SKU   string `json:"sku"`
				Stock int    `json:"stock"`
			} `json:"lowStock"`
			ToDispatch   []summary `json:"toDispatch"`
			RecentOrders []summary `json:"recentOrders"`
		}](t, e.as("GET", "/api/admin/stats/", nil))
		// Revenue: the paid and the delivered order, 3650 + 500 shipping each.
		if s.TotalProducts != 2 || s.TotalOrders != 4 || s.TotalUsers != 2 || s.TotalRevenue != "8300.00" || s.AwaitingDispatch != 1 ||
			s.Threshold != 10 || len(s.LowStock) != 1 || s.LowStock[0].SKU != "DM-10" || s.LowStock[0].Stock != 2 ||
			len(s.ToDispatch) != 1 || s.ToDispatch[0].OrderID != "ORDER-1700000000001" || len(s.RecentOrders) != 4 {
			t.Fatalf("stats %+v", s)
		}

		// Every change above is in the audit log, newest first, with who did it.
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/orders/ORDER-1700000000001/", map[string]any{"status": "processing"}), http.StatusOK)
		rec := e.as("PUT", fmt.Sprintf("/api/admin/products/%d/", p.ID), map[string]any{
			"name": "Dairy Meal", "description": "Dairy Meal for Kenyan farms.", "base_price": "3700", "category": cat.ID, "is_active": true,
		})
		testkit.WantStatus(t, rec, http.StatusOK)
		// A save that changes nothing is not logged.
		testkit.WantStatus(t, e.as("PUT", fmt.Sprintf("/api/admin/products/%d/", p.ID), map[string]any{
			"name": "Dairy Meal", "description": "Dairy Meal for Kenyan farms.", "base_price": "3700", "category": cat.ID, "is_active": true,
		}), http.StatusOK)
		log := testkit.Decode[page[admin.Entry]](t, e.as("GET", "/api/admin/audit/", nil))
		if log.Count != 7 {
			t.Fatalf("audit count %d: %+v", log.Count, log.Results)
		}
		first, second := log.Results[0], log.Results[1]
		if first.Actor != adminEmail || first.Action != "update" || first.Entity != "product" || first.EntityID != fmt.Sprint(p.ID) ||
			first.Summary != `"Dairy Meal": base_price: 3650.00 → 3700.00` {
			t.Fatalf("latest entry %+v", first)
		}
		if second.Entity != "order" || second.EntityID != "ORDER-1700000000001" || second.Summary != "status: paid → processing" {
			t.Fatalf("order entry %+v", second)
		}
		one := testkit.Decode[page[admin.Entry]](t, e.as("GET", fmt.Sprintf("/api/admin/audit/?entity=product&entity_id=%d", p.ID), nil))
		if one.Count != 2 {
			t.Fatalf("product's entries %+v", one)
		}
		// A refused change leaves no entry.
		testkit.WantStatus(t, e.as("PATCH", "/api/admin/orders/ORDER-1700000000001/", map[string]any{"status": "paid"}), http.StatusConflict)
		if n := testkit.Decode[page[admin.Entry]](t, e.as("GET", "/api/admin/audit/", nil)).Count; n != 7 {
			t.Fatalf("audit count after a refused change %d", n)
		}
	})
}
