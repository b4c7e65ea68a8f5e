package admin_test

import (
	"context"
	"database/sql"
	"encoding/csv"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"shop/internal/admin"
	"shop/internal/catalog"
	"shop/internal/order"
	"shop/internal/testkit"
)

type bulkAnswer struct {
	Changed   []int64 `json:"changed"`
	Unchanged []int64 `json:"unchanged"`
	Refused   []struct {
		ID    int64  `json:"id"`
		Error string `json:"error"`
	} `json:"refused"`
}

// readCSV reads an export's answer as rows, the byte-order mark dropped.
func readCSV(t *testing.T, body string) [][]string {
	t.Helper()
	if !strings.HasPrefix(body, "\ufeff") {
		t.Fatalf("no byte-order mark: %q", body)
	}
	rows, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(body, "\ufeff"))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return rows
}

// Publishing and hiding the selected products: one request, each product
// audited, a draft without a priced size refused with the reason while the
// others change, the catalogue's permission required, the selection capped.
func TestBulkPublishAndHideProducts(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		cat := e.category("Feeds", nil)
		draftOf := func(name string) int64 {
			rec := e.as("POST", "/api/admin/products/", map[string]any{"name": name, "description": name + ".", "base_price": "900", "category": cat.ID})
			testkit.WantStatus(t, rec, http.StatusCreated)
			return testkit.Decode[draft](t, rec).ID
		}
		ready, ready2, bare := draftOf("Kuku Mash"), draftOf("Kuku Pellets"), draftOf("Kuku Crumbs")
		e.variant(ready, "10 Kg", "KM-10", "900", 5)
		e.variant(ready2, "10 Kg", "KP-10", "950", 5)
		const bulk = "/api/admin/products/bulk/"

		rec := e.as("POST", bulk, map[string]any{"action": "publish", "ids": []int64{ready, bare, ready2, 999999}})
		testkit.WantStatus(t, rec, http.StatusOK)
		got := testkit.Decode[bulkAnswer](t, rec)
		if !slices.Equal(got.Changed, []int64{ready, ready2}) || len(got.Unchanged) != 0 || len(got.Refused) != 2 ||
			got.Refused[0].ID != bare || got.Refused[0].Error != catalog.MsgPublishNeedsSize || got.Refused[1].ID != 999999 {
			t.Fatalf("publish %+v", got)
		}
		for _, id := range []int64{ready, ready2} {
			testkit.WantStatus(t, e.Do("GET", fmt.Sprintf("/api/products/%d/", id), nil), http.StatusOK)
		}
		testkit.WantStatus(t, e.Do("GET", fmt.Sprintf("/api/products/%d/", bare), nil), http.StatusNotFound)
		if list := testkit.Decode[page[draft]](t, e.as("GET", "/api/admin/products/?status=draft", nil)); list.Count != 1 || list.Results[0].ID != bare {
			t.Fatalf("drafts after the bulk publish %+v", list)
		}

		// Published again: already so, nothing audited twice.
		got = testkit.Decode[bulkAnswer](t, e.as("POST", bulk, map[string]any{"action": "publish", "ids": []int64{ready}}))
		if len(got.Changed) != 0 || !slices.Equal(got.Unchanged, []int64{ready}) {
			t.Fatalf("publish again %+v", got)
		}

		// Hidden: off the shop, the draft left a draft.
		got = testkit.Decode[bulkAnswer](t, e.as("POST", bulk, map[string]any{"action": "hide", "ids": []int64{ready, ready2, bare, ready}}))
		if !slices.Equal(got.Changed, []int64{ready, ready2}) || !slices.Equal(got.Unchanged, []int64{bare}) || len(got.Refused) != 0 {
			t.Fatalf("hide %+v", got)
		}
		testkit.WantStatus(t, e.Do("GET", fmt.Sprintf("/api/products/%d/", ready), nil), http.StatusNotFound)
		if p := testkit.Decode[draft](t, e.as("GET", fmt.Sprintf("/api/admin/products/%d/", bare), nil)); !p.IsDraft {
			t.Fatalf("hidden draft %+v", p)
		}

		type auditRow struct {
			Action  string `json:"action"`
			Summary string `json:"summary"`
		}
		audit := testkit.Decode[page[auditRow]](t, e.as("GET", fmt.Sprintf("/api/admin/audit/?entity=product&entity_id=%d", ready), nil))
		var actions []string
		for _, a := range audit.Results {
			actions = append(actions, a.Action)
		}
		if !slices.Equal(actions, []string{"update", "publish", "create"}) || !strings.Contains(audit.Results[0].Summary, "is_active: true → false") {
			t.Fatalf("audit of %d: %+v", ready, audit.Results)
		}

		// Refused whole: an unknown action, no ids, too many, a role without the catalogue.
		testkit.WantError(t, e.as("POST", bulk, map[string]any{"action": "delete", "ids": []int64{ready}}), http.StatusBadRequest, "action", admin.MsgBulkAction)
		testkit.WantError(t, e.as("POST", bulk, map[string]any{"action": "hide", "ids": []int64{}}), http.StatusBadRequest, "ids", admin.MsgBulkNoIDs)
		many := make([]int64, admin.MaxBulkIDs+1)
		for i := range many {
			many[i] = int64(i + 1)
		}
		testkit.WantError(t, e.as("POST", bulk, map[string]any{"action": "hide", "ids": many}), http.StatusBadRequest, "ids", admin.MsgBulkTooMany)
		clerk, _ := e.staff("clerk")
		testkit.WantStatus(t, e.do("POST", bulk, clerk, map[string]any{"action": "publish", "ids": []int64{ready}}), http.StatusForbidden)
		testkit.WantStatus(t, e.do("POST", bulk, e.customer, map[string]any{"action": "publish", "ids": []int64{ready}}), http.StatusForbidden)
		testkit.WantStatus(t, e.Do("GET", fmt.Sprintf("/api/products/%d/", ready), nil), http.StatusNotFound)
	})
}

// The products export of the selected products only: the full export's
// layout, their sizes and no other product's.
func TestExportSelectedProducts(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		cat := e.category("Feeds", nil)
		a := e.product("Layers Mash", cat.ID, "2800", true)
		e.variant(a.ID, "70 Kg", "LM-70", "2800", 4)
		e.variant(a.ID, "10 Kg", "LM-10", "450", 9)
		b := e.product("Calf Pellets", cat.ID, "3100", true)
		e.variant(b.ID, "50 Kg", "CP-50", "3100", 2)

		rec := e.as("GET", fmt.Sprintf("/api/admin/products/export/?ids=%d", a.ID), nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		rows := readCSV(t, rec.Body.String())
		all := readCSV(t, e.as("GET", "/api/admin/products/export/", nil).Body.String())
		if !slices.Equal(rows[0], all[0]) || len(rows) != 3 || rows[1][5] != "LM-70" || rows[2][5] != "LM-10" || len(all) != 4 {
			t.Fatalf("selected export %q, whole %q", rows, all)
		}
		testkit.WantError(t, e.as("GET", "/api/admin/products/export/?ids=1,x", nil), http.StatusBadRequest, "ids", admin.MsgBulkBadID)
	})
}

// The selected customers as CSV: their rows only, formula-safe, and for a
// role with the exports permission only.
func TestExportSelectedUsers(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		e.Register("=Otieno", "Ouma", "otieno@farm.co.ke", "254722000111", "Maziwa2026")
		e.Register("Achieng", "Odhiambo", "achieng@farm.co.ke", "254733000222", "Maziwa2026")
		var otieno int64
		if err := e.d.QueryRow(context.Background(), `SELECT id FROM users WHERE email = 'otieno@farm.co.ke'`).Scan(&otieno); err != nil {
			t.Fatal(err)
		}
		path := fmt.Sprintf("/api/admin/users/export/?ids=%d,%d", otieno, e.custID)
		rec := e.as("GET", path, nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		rows := readCSV(t, rec.Body.String())
		if len(rows) != 3 || rows[0][3] != "Email" {
			t.Fatalf("rows %q", rows)
		}
		// Newest first: Otieno registered after Wanjiku.
		if rows[1][3] != "otieno@farm.co.ke" || rows[1][1] != "'=Otieno" || rows[1][4] != "254722000111" || rows[1][5] != "customer" ||
			rows[2][3] != custEmail || rows[2][7] != "0" || rows[2][8] != "0.00" {
			t.Fatalf("rows %q", rows)
		}
		testkit.WantError(t, e.as("GET", "/api/admin/users/export/", nil), http.StatusBadRequest, "ids", admin.MsgBulkNoIDs)
		manager, _ := e.staff("manager")
		testkit.WantStatus(t, e.do("GET", path, manager, nil), http.StatusForbidden)
	})
}

// The selected payments as CSV, prompts and Paybill payments named by the
// list's own keys.
func TestExportSelectedPayments(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		_, v := e.dairyMeal(20)
		makeOrder(t, e.d, "ORDER-1700000000001", order.Paid, v.ID, 1, "254712345678", "Wanjiku", "Mwangi")
		var orderID, prompt, other, paybill int64
		if err := e.d.QueryRow(ctx, `SELECT id FROM orders WHERE order_number = 'ORDER-1700000000001'`).Scan(&orderID); err != nil {
			t.Fatal(err)
		}
		insert := func(q string, args ...any) int64 {
			var id int64
			if err := e.d.Tx(ctx, func(tx *sql.Tx) error { return tx.QueryRowContext(ctx, q+" RETURNING id", args...).Scan(&id) }); err != nil {
				t.Fatal(err)
			}
			return id
		}
		prompt = insert(`INSERT INTO payments (order_id, method, status, phone, amount_cents, receipt, created_at) VALUES ($1, 'mpesa', 'succeeded', '254712345678', 365000, 'SC51AAA001', $2)`,
			orderID, e.d.TimeArg(time.Now().UTC()))
		other = insert(`INSERT INTO payments (order_id, method, status, phone, amount_cents, created_at) VALUES ($1, 'mpesa', 'failed', '254712345678', 365000, $2)`,
			orderID, e.d.TimeArg(time.Now().UTC()))
		paybill = insert(`INSERT INTO c2b_payments (trans_id, amount_cents, msisdn, source, received_at) VALUES ('SC61BBB001', 100000, '254712000009', 'confirmation', $1)`,
			e.d.TimeArg(time.Now().UTC()))
		path := fmt.Sprintf("/api/admin/payments/export/?ids=mpesa-%d,paybill-%d", prompt, paybill)
		rec := e.as("GET", path, nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		rows := readCSV(t, rec.Body.String())
		var keys []string
		for _, r := range rows[1:] {
			keys = append(keys, r[0]+" "+r[3]+" "+r[4]+" "+r[8])
		}
		slices.Sort(keys)
		want := []string{fmt.Sprintf("mpesa-%d succeeded SC51AAA001 3650.00", prompt), fmt.Sprintf("paybill-%d unmatched SC61BBB001 1000.00", paybill)}
		if rows[0][0] != "Payment" || !slices.Equal(keys, want) {
			t.Fatalf("rows %q, want %q (not mpesa-%d)", rows, want, other)
		}
		testkit.WantError(t, e.as("GET", "/api/admin/payments/export/?ids=card-3", nil), http.StatusBadRequest, "ids", admin.MsgPaymentKey)
		clerk, _ := e.staff("clerk")
		testkit.WantStatus(t, e.do("GET", path, clerk, nil), http.StatusForbidden)
	})
}
