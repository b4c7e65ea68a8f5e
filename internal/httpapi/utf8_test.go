package httpapi_test

import (
	"bytes"
	"encoding/csv"
	"image"
	"image/png"
	"mime/multipart"
	"net/http"
	"net/textproto"
	"strings"
	"testing"

	"shop/internal/catalogcsv"
	"shop/internal/content"
	"shop/internal/testkit"
)

// broken is a name whose bytes are not UTF-8 (FF FE, as a file saved as
// UTF-16 or in a Windows code page holds).
const broken = "Dairy Meal \xff\xfe Premium"

// A CSV row whose text is not UTF-8 is refused in the preview with its row
// number and column, and the import then answers 400 and stores nothing:
// SQLite would keep the bytes, PostgreSQL would fail, and a copy from the
// first to the second would fail on them.
func TestImportRefusesBrokenUTF8(t *testing.T) {
	eachServer(t, func(t *testing.T, shop *testkit.Shop) {
		admin, _ := shop.NewAdmin("owner@mifugobora.co.ke", "Owner-password-1")
		csvType := append([]string{"Content-Type", "text/csv"}, testkit.Bearer(admin)...)
		before := shop.Get("/api/admin/products/export/", testkit.Bearer(admin)...).Body.String()
		recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(before, "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		wantRefused := map[int]string{}
		for i, rec := range recs[1:] {
			if rec[0] == recs[1][0] { // every size of the first product: a NUL and a cut-off letter in its description
				rec[3] = "Good for cows \x00 and \xc3"
				wantRefused[i+2] = "description"
			}
		}
		recs = append(recs, []string{"new-feed", broken, "feeds", "", "50 Kg", "NF-50", "2000", "5", "", "yes", "", ""})
		wantRefused[len(recs)] = "product_name"
		var b strings.Builder
		w := csv.NewWriter(&b)
		_ = w.WriteAll(recs)
		data := b.String()

		for _, path := range []string{"/api/admin/products/import/?dry_run=1", "/api/admin/products/import/"} {
			rec := shop.Do("POST", path, data, csvType...)
			a := testkit.Decode[importAnswer](t, rec)
			if path == "/api/admin/products/import/" && (rec.Code != http.StatusBadRequest || a.Error != catalogcsv.MsgImportRefused) {
				t.Fatalf("import: %d %+v", rec.Code, a)
			}
			if rec.Code != http.StatusOK && rec.Code != http.StatusBadRequest || a.Applied || a.Summary["refused"] != len(wantRefused) {
				t.Fatalf("%s: %d %+v", path, rec.Code, a)
			}
			for _, row := range a.Rows {
				field, refused := wantRefused[row.Row]
				if refused != (row.Action == catalogcsv.ImportRefused) {
					t.Errorf("%s row %d: %s %q", path, row.Row, row.Action, row.Reason)
				}
				if refused && (!strings.Contains(row.Reason, field) || !strings.Contains(row.Reason, "UTF-8")) {
					t.Errorf("%s row %d: reason %q does not name %s", path, row.Row, row.Reason, field)
				}
			}
		}
		if after := shop.Get("/api/admin/products/export/", testkit.Bearer(admin)...).Body.String(); after != before {
			t.Fatalf("a refused import changed the catalogue:\n%s", after)
		}
	})
}

// Text that is not UTF-8 gets a 400 wherever it comes in, and nothing is
// stored: a JSON body (whose decoder would quietly make it U+FFFD), a form
// upload's text field, and Daraja's callbacks (after their secret).
func TestBrokenUTF8IsRefusedEverywhere(t *testing.T) {
	eachShop(t, true, func(t *testing.T, s *shop) {
		status, body := s.do(t, "POST", "/api/contact/", `{"name":"`+broken+`","email":"kamau@farm.co.ke","subject":"`+content.Subjects[0]+`","message":"Habari"}`)
		if fields, _ := body["fields"].(map[string]any); status != 400 || fields["name"] == nil {
			t.Errorf("contact: %d %v", status, body)
		}
		status, body = s.do(t, "POST", "/api/newsletter/", "{\"email\":\"kamau@farm.co.ke\",\"x\xff\":1}")
		if status != 400 || body["error"] == nil {
			t.Errorf("newsletter with a broken key: %d %v", status, body)
		}

		images := count(t, s.d, `SELECT COUNT(*) FROM product_images`)
		admin, _ := s.kit.NewAdmin("owner@mifugobora.co.ke", "Owner-password-1")
		var form bytes.Buffer
		mw := multipart.NewWriter(&form)
		part, _ := mw.CreatePart(textproto.MIMEHeader{"Content-Disposition": {`form-data; name="image"; filename="bag.png"`},
			"Content-Type": {"image/png"}})
		_ = png.Encode(part, image.NewGray(image.Rect(0, 0, 600, 600)))
		_ = mw.WriteField("alt", broken)
		_ = mw.Close()
		status, body = s.do(t, "POST", "/api/admin/products/1/images/", form.String(),
			append(testkit.Bearer(admin), "Content-Type", mw.FormDataContentType())...)
		if fields, _ := body["fields"].(map[string]any); status != 400 || fields["alt"] == nil {
			t.Errorf("image upload: %d %v", status, body)
		}

		const secret = "cb-secret-0123456789-0123456789-xyz"
		stk := `{"Body":{"stkCallback":{"MerchantRequestID":"m","CheckoutRequestID":"ws_CO_unknown","ResultCode":1032,"ResultDesc":"` + broken + `"}}}`
		c2b := `{"TransactionType":"Pay Bill","TransID":"TKM0000001","TransTime":"20261122101500","TransAmount":"100.00",
			"BusinessShortCode":"174379","BillRefNumber":"ORDER-1","MSISDN":"2547 ***** 149","FirstName":"` + broken + `"}`
		for _, c := range []struct{ path, body string }{
			{"/api/payments/callback/" + secret + "/", stk},
			{"/api/payments/c2b/confirmation/" + secret + "/", c2b},
			{"/api/payments/c2b/validation/" + secret + "/", c2b},
		} {
			if status, body := s.do(t, "POST", c.path, c.body); status != 400 || body["error"] == nil {
				t.Errorf("%s: %d %v", c.path, status, body)
			}
			if status, _ := s.do(t, "POST", strings.Replace(c.path, secret, "not-the-secret", 1), c.body); status != 404 {
				t.Errorf("%s with a wrong secret: %d", c.path, status)
			}
		}

		for table, n := range map[string]int{
			"contact_messages":       count(t, s.d, `SELECT COUNT(*) FROM contact_messages`),
			"newsletter_subscribers": count(t, s.d, `SELECT COUNT(*) FROM newsletter_subscribers`),
			"product_images":         count(t, s.d, `SELECT COUNT(*) FROM product_images`) - images,
			"payment_callbacks":      count(t, s.d, `SELECT COUNT(*) FROM payment_callbacks`),
			"c2b_payments":           count(t, s.d, `SELECT COUNT(*) FROM c2b_payments`),
		} {
			if n != 0 {
				t.Errorf("%s: %d rows stored", table, n)
			}
		}
	})
}

// An address outside the API whose path is not UTF-8 names nothing: 404,
// before any lookup (PostgreSQL would fail on it: a product page of 200
// without its product, a share card of 503).
func TestPageAddressWithBrokenUTF8(t *testing.T) {
	eachServer(t, func(t *testing.T, shop *testkit.Shop) {
		for _, path := range []string{"/products/%ff%fe", "/share/products/%ff.png", "/o/%ff", "/unsubscribe/1-%ff"} {
			if rec := shop.Get(path); rec.Code != http.StatusNotFound {
				t.Errorf("%s: %d %.200s", path, rec.Code, rec.Body)
			}
		}
	})
}
