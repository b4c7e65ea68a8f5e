package admin_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"shop/internal/account"
	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/content"
	"shop/internal/db"
	"shop/internal/httpapi"
	"shop/internal/order"
)

// env is the whole shop's HTTP handler on a fresh database, with an admin
// and a customer signed in through the real sign-in API.
type env struct {
	t        *testing.T
	h        http.Handler
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
	media := t.TempDir()
	srv, err := httpapi.New(httpapi.Deps{
		DB: d, Log: slog.New(slog.NewTextHandler(io.Discard, nil)), Catalog: catalog.NewStore(d), Cart: cart.NewStore(d),
		Content: content.NewStore(d), Orders: order.NewStore(d),
		WebAssets: fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>shop</title>")}},
		MediaDir:  media, PublicURL: "http://localhost", LowStockThreshold: 10,
	})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, h: srv, d: d, media: media}
	if _, err := account.NewStore(d).EnsureAdmin(context.Background(), adminEmail, adminPassword); err != nil {
		t.Fatal(err)
	}
	e.admin, e.adminID = e.login(adminEmail, adminPassword)
	rec := e.do("POST", "/api/auth/register/", "", map[string]string{
		"first_name": "Wanjiku", "last_name": "Mwangi", "email": custEmail, "phone": "254712345678", "password": custPassword,
	})
	if rec.Code != http.StatusCreated {
		t.Fatalf("register customer: %d %s", rec.Code, rec.Body)
	}
	e.customer, e.custID = e.login(custEmail, custPassword)
	return e
}

func (e *env) login(email, password string) (string, int64) {
	e.t.Helper()
	rec := e.do("POST", "/api/auth/login/", "", map[string]string{"username": email, "password": password})
	if rec.Code != http.StatusOK {
		e.t.Fatalf("login %s: %d %s", email, rec.Code, rec.Body)
	}
	var out struct {
		Access string `json:"access"`
		User   struct {
			ID int64 `json:"id"`
		} `json:"user"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil || out.Access == "" {
		e.t.Fatalf("login answer %s: %v", rec.Body, err)
	}
	return out.Access, out.User.ID
}

var requestIP atomic.Int64

// do sends a JSON request with the token (if any) and returns the answer.
func (e *env) do(method, path, token string, body any) *httptest.ResponseRecorder {
	e.t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			e.t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req := httptest.NewRequest(method, path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	// A different client address each time, so sign-in limits per IP never bite.
	n := requestIP.Add(1)
	req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:1234", n>>16&255, n>>8&255, n&255)
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec
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
	req := httptest.NewRequest("POST", path, &buf)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	req.Header.Set("Authorization", "Bearer "+e.admin)
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	return rec
}

func decode[T any](t *testing.T, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("decode %q: %v", rec.Body.String(), err)
	}
	return v
}

type errorBody struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields"`
}

func wantStatus(t *testing.T, rec *httptest.ResponseRecorder, code int) {
	t.Helper()
	if rec.Code != code {
		t.Fatalf("status %d, want %d: %s", rec.Code, code, rec.Body)
	}
}

func wantError(t *testing.T, rec *httptest.ResponseRecorder, code int, field, msg string) {
	t.Helper()
	wantStatus(t, rec, code)
	b := decode[errorBody](t, rec)
	if field == "" {
		if b.Error != msg {
			t.Fatalf("error %q, want %q", b.Error, msg)
		}
		return
	}
	if b.Fields[field] != msg {
		t.Fatalf("field %s: %q, want %q (body %s)", field, b.Fields[field], msg, rec.Body)
	}
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
