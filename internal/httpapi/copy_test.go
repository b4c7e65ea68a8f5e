package httpapi_test

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/dbcopy"
	"shop/internal/testkit"
)

// A shop with a catalogue, a customer, a paid order, an admin's change and a
// subscriber moves onto PostgreSQL: every table's count and money sums are
// equal, and the shop there serves the same catalogue, signs the customer
// in, shows their order and takes new rows.
func TestCopyToPostgres(t *testing.T) {
	if dbtest.PostgresURL() == "" {
		t.Skip("SHOP_TEST_POSTGRES_URL is not set")
	}
	ctx := context.Background()
	src := dbtest.SQLite(t)
	s := newShop(t, src, true)
	me := s.signIn(t, "wanjiku@farm.co.ke")
	number := s.paidOrder(t, `{"variant":2,"quantity":3}`, me)
	s.do(t, "POST", "/api/newsletter/", `{"email":"akinyi@farm.co.ke"}`)
	before := testkit.NewShop(t, src)
	admin, _ := before.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
	testkit.WantStatus(t, before.Do("PATCH", "/api/admin/orders/"+number+"/", map[string]string{"status": "processing"}, testkit.Bearer(admin)...), 200)
	// The import refuses a file whose text is not UTF-8, which SQLite would
	// keep and PostgreSQL would refuse; one in UTF-8 comes across whole.
	csvType := append([]string{"Content-Type", "text/csv"}, testkit.Bearer(admin)...)
	const head = "product_slug,product_name,category_slug,description,size,sku,price,stock\n"
	testkit.WantStatus(t, before.Do("POST", "/api/admin/products/import/", head+"kuku-bora,Kuku \xff\xfe Bora,feeds,,50 Kg,KB-50,2000,5\n", csvType...), 400)
	testkit.WantStatus(t, before.Do("POST", "/api/admin/products/import/", head+"kuku-bora,Kuku Bora — chakula cha kuku,feeds,Nafaka na madini; 18% protini,50 Kg,KB-50,2000,5\n", csvType...), 200)

	dst := dbtest.Open(t, dbtest.URL(t, db.Postgres))
	tables, err := dbcopy.Copy(ctx, src, dst)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, tb := range tables {
		seen[tb.Name] = true
		q := `SELECT COUNT(*) FROM ` + tb.Name
		a, _ := src.Count(ctx, tb.Name, q)
		b, _ := dst.Count(ctx, tb.Name, q)
		if a != b || int64(a) != tb.Rows {
			t.Errorf("%s: %d rows in SQLite, %d in PostgreSQL, %d reported", tb.Name, a, b, tb.Rows)
		}
		for col, sum := range tb.Sums {
			q := `SELECT CAST(COALESCE(SUM(` + col + `), 0) AS BIGINT) FROM ` + tb.Name
			a, _ := src.Count(ctx, tb.Name, q)
			b, _ := dst.Count(ctx, tb.Name, q)
			if a != b || int64(a) != sum {
				t.Errorf("%s.%s: %d in SQLite, %d in PostgreSQL", tb.Name, col, a, b)
			}
		}
	}
	for _, want := range []string{"users", "auth_sessions", "auth_keys", "carts", "orders", "order_items", "order_events", "payments", "admin_audit", "newsletter_subscribers", "categories", "variants"} {
		if !seen[want] {
			t.Errorf("%s was not copied", want)
		}
	}
	if n, _ := dst.Count(ctx, "orders", `SELECT COUNT(*) FROM orders WHERE status = 'processing'`); n != 1 {
		t.Fatalf("the order on PostgreSQL: %d processing", n)
	}

	// The copy marks every product's search text stale: the shop rebuilds
	// PostgreSQL's index at its start (internal/app), as here.
	if n, err := catalog.NewStore(dst).RefreshStale(ctx); err != nil || n == 0 {
		t.Fatalf("the search index rebuilt after the copy: %d products, %v", n, err)
	}
	after := testkit.NewShop(t, dst)
	// Each address names what its answer must hold, so that two empty
	// answers do not pass for the same catalogue.
	for path, holds := range map[string]string{
		"/api/products/?page=1":                                            `"results":[{`,
		"/api/products/?page=1&weight=50kg":                                `"results":[{`,
		"/api/products/?page=1&weight=20kg&sort=price-low":                 `"results":[{`,
		"/api/products/?page=1&category=feeds&weight=20kg&sort=price-high": `"results":[{`,
		"/api/products/?page=1&search=kuku&sort=name":                      `"results":[{`,
		"/api/categories/":                                                 `"slug":"feeds"`,
		"/api/products/2/":                                                 `"variants":[{`,
		"/api/products/kuku-bora/":                                         `Kuku Bora — chakula cha kuku`,
	} {
		a, b := before.Get(path), after.Get(path)
		if a.Code != 200 || a.Body.String() != b.Body.String() || !strings.Contains(a.Body.String(), holds) {
			t.Errorf("%s differs after the copy, or lacks %s:\n%s\n%s", path, holds, a.Body, b.Body)
		}
	}
	// A search by relevance finds the same products (each engine ranks
	// them its own way): PostgreSQL's ranking reads its own narrow rows
	// (migration 0125), which the copy fills through its triggers.
	type ranked struct {
		Count   int `json:"count"`
		Results []struct {
			ID int64 `json:"id"`
		} `json:"results"`
	}
	ids := func(r ranked) []int64 {
		out := make([]int64, len(r.Results))
		for i, p := range r.Results {
			out[i] = p.ID
		}
		slices.Sort(out)
		return out
	}
	const ranking = "/api/products/?page=1&page_size=100&search=kuku"
	a, b := testkit.Decode[ranked](t, before.Get(ranking)), testkit.Decode[ranked](t, after.Get(ranking))
	if a.Count == 0 || a.Count != b.Count || !slices.Equal(ids(a), ids(b)) {
		t.Errorf("%s after the copy: %+v, before: %+v", ranking, b, a)
	}
	// The dashboard's figures by status are not copied: PostgreSQL's
	// triggers make them as the orders go in.
	type figures struct {
		Orders   int            `json:"totalOrders"`
		Revenue  string         `json:"totalRevenue"`
		ByStatus map[string]int `json:"ordersByStatus"`
		Flagged  int            `json:"attentionOrders"`
	}
	want := testkit.Decode[figures](t, before.Get("/api/admin/stats/", testkit.Bearer(admin)...))
	if got := testkit.Decode[figures](t, after.Get("/api/admin/stats/", testkit.Bearer(admin)...)); !reflect.DeepEqual(got, want) || want.Orders == 0 {
		t.Errorf("the dashboard after the copy: %+v, before: %+v", got, want)
	}
	// Nor are the daily sales totals (migration 0075): the copied orders and
	// lines make them, and the reports read the same.
	for path, sold := range map[string]string{"/api/admin/reports/sales/": `"orders":1`, "/api/admin/reports/products/": `"quantity":`} {
		a, b := before.Get(path, testkit.Bearer(admin)...), after.Get(path, testkit.Bearer(admin)...)
		if a.Code != 200 || a.Body.String() != b.Body.String() || !strings.Contains(a.Body.String(), sold) {
			t.Errorf("%s after the copy:\n%s\nbefore:\n%s", path, b.Body, a.Body)
		}
	}
	token, _ := after.Login("wanjiku@farm.co.ke", "Shamba2026")
	orders := after.Get("/api/orders/", testkit.Bearer(token)...)
	if orders.Code != 200 || !strings.Contains(orders.Body.String(), number) || !strings.Contains(orders.Body.String(), `"status":"processing"`) {
		t.Fatalf("the customer's orders on PostgreSQL: %d %s", orders.Code, orders.Body)
	}
	// The session made on SQLite goes on working: its key and session were copied.
	if rec := after.Get("/api/auth/me/", me...); rec.Code != 200 {
		t.Fatalf("a session from before the move: %d", rec.Code)
	}
	// The sequences moved past the copied ids: new rows fit.
	after.Register("Juma", "Otieno", "juma@farm.co.ke", "254722000111", "Shamba2026")
	testkit.WantStatus(t, after.Do("POST", "/api/newsletter/", map[string]string{"email": "juma@farm.co.ke"}), 201)
	audit := after.Get("/api/admin/audit/", testkit.Bearer(admin)...)
	if audit.Code != 200 || !strings.Contains(audit.Body.String(), number) {
		t.Fatalf("audit on PostgreSQL: %d %s", audit.Code, audit.Body)
	}

	// A second copy into the same database is refused, and changes nothing.
	if _, err := dbcopy.Copy(ctx, src, dst); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("copy into a database with rows: %v", err)
	}
}

// Text SQLite kept that is not UTF-8 (stored before the shop refused it)
// stops the copy with the table, row and column to correct, not with
// PostgreSQL's error that names none of them.
func TestCopyNamesTextThatIsNotUTF8(t *testing.T) {
	if dbtest.PostgresURL() == "" {
		t.Skip("SHOP_TEST_POSTGRES_URL is not set")
	}
	ctx := context.Background()
	src := dbtest.SQLite(t)
	if _, err := src.Exec(ctx, `INSERT INTO categories (name, slug) VALUES ($1, 'kuku')`, "Kuku \xff\xfe"); err != nil {
		t.Fatal(err)
	}
	_, err := dbcopy.Copy(ctx, src, dbtest.Open(t, dbtest.URL(t, db.Postgres)))
	if err == nil || !strings.Contains(err.Error(), `copy categories: row 1, column name: "Kuku \xff\xfe" is not UTF-8 text`) {
		t.Fatalf("copy: %v", err)
	}
}

// Binary columns cross as bytes: the dev outbox keeps a receipt's PDF,
// whose bytes are not UTF-8, and PostgreSQL holds them exactly.
func TestCopyKeepsBinaryColumns(t *testing.T) {
	if dbtest.PostgresURL() == "" {
		t.Skip("SHOP_TEST_POSTGRES_URL is not set")
	}
	ctx := context.Background()
	src := dbtest.SQLite(t)
	pdf := []byte("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n\xac\xed\x00\x05 stream\xff\xfe\x00")
	if _, err := src.Exec(ctx, `INSERT INTO mail_outbox (to_address, subject, text_body, created_at) VALUES ('wanjiku@farm.co.ke', 'Receipt', 'Asante', CURRENT_TIMESTAMP)`); err != nil {
		t.Fatal(err)
	}
	if _, err := src.Exec(ctx, `INSERT INTO mail_outbox_attachments (mail_id, filename, content_type, body) VALUES (1, 'receipt.pdf', 'application/pdf', $1)`, pdf); err != nil {
		t.Fatal(err)
	}
	dst := dbtest.Open(t, dbtest.URL(t, db.Postgres))
	if _, err := dbcopy.Copy(ctx, src, dst); err != nil {
		t.Fatal(err)
	}
	var got []byte
	if err := dst.QueryRow(ctx, `SELECT body FROM mail_outbox_attachments WHERE mail_id = 1`).Scan(&got); err != nil || !bytes.Equal(got, pdf) {
		t.Fatalf("the attachment on PostgreSQL: %q (%v), want %q", got, err, pdf)
	}
}
