package admin_test

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"testing"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/order"
	"shop/internal/testkit"
)

// env is the whole shop's HTTP handler on a fresh database, with an admin
// and a customer signed in through the real sign-in API.
type env struct {
	*testkit.Shop
	t        *testing.T
	d        *db.DB
	media    string
	admin    string // the admin's access token
	adminID  int64
	customer string // a customer's access token
	custID   int64
}

const (
	adminEmail    = "owner@mifugobora.co.ke"
	adminPassword = "Ruiru2026Feeds"
	custEmail     = "wanjiku@farm.co.ke"
	custPassword  = "Maziwa2026"
)

func newEnv(t *testing.T, d *db.DB) *env {
	t.Helper()
	shop := testkit.NewShop(t, d)
	e := &env{Shop: shop, t: t, d: d, media: shop.Deps.MediaDir}
	e.admin, e.adminID = shop.NewAdmin(adminEmail, adminPassword)
	shop.Register("Wanjiku", "Mwangi", custEmail, "254712345678", custPassword)
	e.customer, e.custID = shop.Login(custEmail, custPassword)
	return e
}

// eachEnv runs fn with a fresh env on each engine.
func eachEnv(t *testing.T, fn func(t *testing.T, e *env)) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, newEnv(t, d)) })
}

// do sends a JSON request with the token (if any) and returns the answer.
func (e *env) do(method, path, token string, body any) *httptest.ResponseRecorder {
	e.t.Helper()
	return e.Do(method, path, body, testkit.Bearer(token)...)
}

// as is do with the admin's token.
func (e *env) as(method, path string, body any) *httptest.ResponseRecorder {
	e.t.Helper()
	return e.do(method, path, e.admin, body)
}

// upload posts a multipart form with the file in "image".
func (e *env) upload(path, filename, contentType string, data []byte) *httptest.ResponseRecorder {
	e.t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", fmt.Sprintf(`form-data; name="image"; filename=%q`, filename))
	h.Set("Content-Type", contentType)
	part, err := mw.CreatePart(h)
	if err != nil {
		e.t.Fatal(err)
	}
	part.Write(data)
	mw.Close()
	return e.Do("POST", path, buf.String(), append(testkit.Bearer(e.admin), "Content-Type", mw.FormDataContentType())...)
}

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
	Count    int     `json:"count"`
	Page     int     `json:"page"`
	PageSize int     `json:"page_size"`
	Next     *string `json:"next"`
	Results  []T     `json:"results"`
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
	p := testkit.Decode[product](e.t, rec)
	if active {
		// A new product is a draft until published with a size; these tests
		// want one on sale before its sizes, as products were before drafts.
		if _, err := e.d.Exec(context.Background(), `UPDATE products SET is_draft = FALSE WHERE id = $1`, p.ID); err != nil {
			e.t.Fatal(err)
		}
		rec = e.as("PATCH", fmt.Sprintf("/api/admin/products/%d/", p.ID), map[string]any{
			"name": name, "description": name + " for Kenyan farms.", "base_price": price, "category": cat, "is_active": true,
		})
		testkit.WantStatus(e.t, rec, http.StatusOK)
		p = testkit.Decode[product](e.t, rec)
	}
	return p
}

func (e *env) variant(productID int64, size, sku, price string, stock int) variant {
	e.t.Helper()
	rec := e.as("POST", fmt.Sprintf("/api/admin/products/%d/variants/", productID), map[string]any{"size": size, "sku": sku, "price": price, "stock": stock})
	testkit.WantStatus(e.t, rec, http.StatusCreated)
	return testkit.Decode[variant](e.t, rec)
}

// dairyMeal stores the product most order tests sell: Dairy Meal in Feeds,
// one 70 Kg size (DM-70) at Ksh 3,650 with the stock given.
func (e *env) dairyMeal(stock int) (product, variant) {
	e.t.Helper()
	p := e.product("Dairy Meal", e.category("Feeds", nil).ID, "3650", true)
	return p, e.variant(p.ID, "70 Kg", "DM-70", "3650", stock)
}

// makeOrder stores an order of qty of a variant with its stock taken, as
// the checkout and a paid M-Pesa callback would.
func makeOrder(t *testing.T, d *db.DB, number string, status order.Status, variantID int64, qty int, phone, first, last string) {
	t.Helper()
	ctx := context.Background()
	err := d.Tx(ctx, func(tx *sql.Tx) error {
		var price int64
		if err := tx.QueryRowContext(ctx, `SELECT price_cents FROM variants WHERE id = $1`, variantID).Scan(&price); err != nil {
			return err
		}
		reserved := status != order.Cancelled && status != order.PaymentFailed
		if reserved {
			if _, err := tx.ExecContext(ctx, `UPDATE variants SET stock = stock - $1 WHERE id = $2`, qty, variantID); err != nil {
				return err
			}
		}
		sub := price * int64(qty)
		var id int64
		if err := tx.QueryRowContext(ctx, `INSERT INTO orders (order_number, access_token_hash, status, stock_reserved, subtotal_cents,
			shipping_cents, total_cents, first_name, last_name, email, phone, address, city, county, payment_method)
			VALUES ($1, 'x', $2, $3, $4, 50000, $5, $6, $7, 'buyer@farm.co.ke', $8, 'Plot 4', 'Ruiru', 'Kiambu', 'mpesa') RETURNING id`,
			number, string(status), reserved, sub, sub+50000, first, last, phone).Scan(&id); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO order_items (order_id, variant_id, product_id, product_name, size, sku, quantity,
			unit_price_cents, total_price_cents) SELECT $1, v.id, p.id, p.name, v.size, v.sku, CAST($2 AS INTEGER), v.price_cents, v.price_cents * CAST($2 AS INTEGER)
			FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $3`, id, qty, variantID); err != nil {
			return err
		}
		if status != order.PendingPayment {
			if _, err := tx.ExecContext(ctx, `INSERT INTO payments (order_id, status, phone, amount_cents, checkout_request_id, result_code, receipt)
				VALUES ($1, 'succeeded', $2, $3, $4, 0, $5)`, id, phone, sub+50000, "ws_"+number, "RCP"+number[len(number)-4:]); err != nil {
				return err
			}
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO order_events (order_id, to_status, note, actor) VALUES ($1, $2, 'Order placed', 'customer')`, id, string(status))
		return err
	})
	if err != nil {
		t.Fatalf("make order %s: %v", number, err)
	}
}
