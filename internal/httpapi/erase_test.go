package httpapi_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/mail"
	"shop/internal/notify"
	"shop/internal/receipt"
	"shop/internal/testkit"
)

// tables lists every table of the shop's database, from the engine's own
// catalogue: a table added later is searched without this test changing.
func tables(t *testing.T, d *db.DB) []string {
	t.Helper()
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
	if d.Dialect == db.Postgres {
		q = `SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
	}
	list, err := db.QueryAll(context.Background(), d, "tables", func(r db.Scanner) (n string, err error) { return n, r.Scan(&n) }, q)
	if err != nil || len(list) < 20 {
		t.Fatalf("tables: %v %v", list, err)
	}
	return list
}

// findIn reports every cell of table whose text holds one of needles
// (lower case), as "table.column: value".
func findIn(t *testing.T, d *db.DB, table string, needles []string) []string {
	t.Helper()
	rows, err := d.Query(context.Background(), `SELECT * FROM `+table)
	if err != nil {
		t.Fatalf("read %s: %v", table, err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var found []string
	for rows.Next() {
		cells := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range cells {
			ptrs[i] = &cells[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for i, v := range cells {
			var text string
			switch v := v.(type) {
			case string:
				text = v
			case []byte:
				text = string(v)
			default:
				continue
			}
			for _, n := range needles {
				if strings.Contains(strings.ToLower(text), n) {
					found = append(found, fmt.Sprintf("%s.%s: %.120q", table, cols[i], text))
				}
			}
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return found
}

// A customer with a paid order, an order paid by Paybill after a failed
// prompt, text messages and mail (a receipt attached) erases their
// account: every table of the database is then searched for their names,
// email and phone numbers, and none is found; the orders keep their
// amounts, receipts and dates.
func TestErasureLeavesNoTraceInAnyTable(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		quiet := testkit.Quiet()
		s := newShop(t, d, true, testkit.With(func(p *app.Parts) {
			p.Mailer, p.SMS, p.BusinessEmail = mail.DevLog{Log: quiet}, &testkit.SMS{}, "info@mifugobora.co.ke"
			p.Business = receipt.Business{Name: "Mifugo Bora Feeds", KRAPIN: "P051234567X"}
		}))
		outbox, queue := s.kit.Outbox, s.kit.Deps.SMS
		texts := &notify.Texts{DB: d, Orders: s.kit.Deps.Orders, Queue: queue, PublicURL: s.url, BusinessPhone: "254722000111", Log: quiet}
		const email = "nyambura.c@shamba.co.ke"
		s.kit.Register("Nyambura", "Chepkoech", email, "254799123456", "Shamba2026")
		access, _ := s.kit.Login(email, "Shamba2026")
		me := testkit.Bearer(access)
		body := `{"phone":"%s","customerInfo":{"name":"Nyambura Chepkoech","email":"` + email + `","phone":"0799123456"},
			"shippingAddress":{"address":"Plot 9, Membley","city":"Ruiru","county":"Kiambu","postalCode":"00232"}}`
		place := func(phone string) string {
			t.Helper()
			s.do(t, "POST", "/api/cart/items/", `{"variant":1}`, me...)
			code, placed := s.do(t, "POST", "/api/payments/mpesa/initiate/", fmt.Sprintf(body, phone), me...)
			if code != 201 {
				t.Fatalf("checkout: %d %v", code, placed)
			}
			return placed["orderId"].(string)
		}
		byPrompt := place("254799123456")
		s.waitForStatus(t, byPrompt, "paid", me...)
		byPaybill := place("254700000001") // the simulated customer cancels
		o := s.waitForStatus(t, byPaybill, "payment_failed", me...)
		if code, got := s.do(t, "POST", "/dev/mpesa/paybill/", fmt.Sprintf(`{"account":%q,"amount":%q,"phone":"254788555444"}`, byPaybill, o["total"])); code != 202 {
			t.Fatalf("paybill: %d %v", code, got)
		}
		s.waitForStatus(t, byPaybill, "paid", me...)
		for range 2 {
			if _, err := texts.Once(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := queue.SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := outbox.SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		s.do(t, "POST", "/api/auth/password/forgot/", `{"email":"`+email+`"}`)
		testkit.WaitUntil(t, 5*time.Second, "the reset mail", func() bool {
			n, _ := d.Count(ctx, "reset mail", `SELECT COUNT(*) FROM mail_outbox WHERE kind = 'password-reset'`)
			return n == 1
		})

		needles := []string{"nyambura", "chepkoech", "shamba.co.ke", "799123456", "788555444", "700000001", "membley"}
		var before []string
		for _, table := range tables(t, d) {
			before = append(before, findIn(t, d, table, needles)...)
		}
		// A receipt's PDF is compressed: its attachments are counted, not read.
		receipts := func() int {
			n, err := d.Count(ctx, "receipts", `SELECT COUNT(*) FROM mail_outbox_attachments`)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		if receipts() != 2 {
			t.Fatalf("%d receipts mailed, want one per order", receipts())
		}
		for _, where := range []string{"sms_messages.", "mail_outbox.", "rate_events.", "orders.", "users.", "payments."} {
			if !strings.Contains(strings.Join(before, "\n"), where) {
				t.Fatalf("before the erasure, nothing of the customer in %s: the test would prove nothing there\n%s", where, strings.Join(before, "\n"))
			}
		}

		// The export shows the same messages the erasure takes away.
		resp, exported := s.raw(t, "GET", "/api/auth/me/export/", "", me...)
		var x struct {
			Texts []struct{ To, Body string } `json:"text_messages"`
			Mail  []struct{ Kind, To string } `json:"mail"`
		}
		if err := json.Unmarshal(exported, &x); err != nil || resp.StatusCode != 200 {
			t.Fatalf("export: %d %v %s", resp.StatusCode, err, exported)
		}
		kinds, texted := map[string]bool{}, 0
		for _, m := range x.Mail {
			kinds[m.Kind] = true
		}
		for _, m := range x.Texts {
			if m.To == "254799123456" {
				texted++
			}
		}
		if texted < 2 || !kinds["order-paid"] || !kinds["order-business"] || !kinds["password-reset"] {
			t.Fatalf("the export's messages: %s", exported)
		}
		if code, got := s.do(t, "DELETE", "/api/auth/me/", `{"password":"Shamba2026"}`, me...); code != 204 {
			t.Fatalf("erase: %d %v", code, got)
		}
		for _, table := range tables(t, d) {
			for _, f := range findIn(t, d, table, needles) {
				t.Errorf("after the erasure: %s", f)
			}
		}
		if n := receipts(); n != 0 {
			t.Errorf("%d mailed receipts kept after the erasure", n)
		}
		var kept int
		if err := d.QueryRow(ctx, `SELECT COUNT(*) FROM orders o WHERE o.order_number IN ($1, $2) AND o.status = 'paid' AND o.total_cents > 0
			AND o.created_at IS NOT NULL`, byPrompt, byPaybill).Scan(&kept); err != nil || kept != 2 {
			t.Fatalf("the paid orders kept: %d %v", kept, err)
		}
		var stk, paybill sql.NullString
		if err := d.QueryRow(ctx, `SELECT MAX(receipt) FROM payments WHERE status = 'succeeded'`).Scan(&stk); err != nil || !stk.Valid {
			t.Fatalf("the prompt's receipt: %v %v", stk, err)
		}
		// M-Pesa masks the payer's number and names them by first name only
		// (WANJIKU in the simulator): both go.
		var payer, msisdn string
		if err := d.QueryRow(ctx, `SELECT MAX(trans_id), MAX(payer_name), MAX(msisdn) FROM c2b_payments`).Scan(&paybill, &payer, &msisdn); err != nil ||
			!paybill.Valid || payer != "" || msisdn != "" {
			t.Fatalf("the Paybill payment: receipt %v, payer %q %q, %v", paybill, payer, msisdn, err)
		}
	})
}
