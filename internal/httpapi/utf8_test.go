package httpapi_test

import (
	"encoding/csv"
	"net/http"
	"strings"
	"testing"

	"shop/internal/catalog"
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
			if path == "/api/admin/products/import/" && (rec.Code != http.StatusBadRequest || a.Error != catalog.MsgImportRefused) {
				t.Fatalf("import: %d %+v", rec.Code, a)
			}
			if rec.Code != http.StatusOK && rec.Code != http.StatusBadRequest || a.Applied || a.Summary["refused"] != len(wantRefused) {
				t.Fatalf("%s: %d %+v", path, rec.Code, a)
			}
			for _, row := range a.Rows {
				field, refused := wantRefused[row.Row]
				if refused != (row.Action == catalog.ImportRefused) {
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
