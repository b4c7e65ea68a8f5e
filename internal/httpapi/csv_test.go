package httpapi_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"shop/internal/catalogcsv"
	"shop/internal/testkit"
)

type importAnswer struct {
	Error   string                 `json:"error"`
	Rows    []catalogcsv.ImportRow `json:"rows"`
	Summary map[string]int         `json:"summary"`
	Applied bool                   `json:"applied"`
}

func TestProductsExportAndImport(t *testing.T) {
	eachServer(t, func(t *testing.T, shop *testkit.Shop) {
		admin, _ := shop.NewAdmin("owner@mifugobora.co.ke", "Owner-password-1")
		auth := testkit.Bearer(admin)
		csvType := append([]string{"Content-Type", "text/csv"}, auth...)

		testkit.WantStatus(t, shop.Get("/api/admin/products/export/"), http.StatusUnauthorized)
		rec := shop.Get("/api/admin/products/export/", auth...)
		testkit.WantStatus(t, rec, http.StatusOK)
		data := rec.Body.String()
		if !strings.HasPrefix(data, "\ufeffproduct_slug,") || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") ||
			!strings.Contains(rec.Header().Get("Content-Disposition"), "attachment") {
			t.Fatalf("export %q…, headers %v", data[:min(len(data), 40)], rec.Header())
		}

		// JSON is not a CSV.
		testkit.WantStatus(t, shop.Do("POST", "/api/admin/products/import/?dry_run=1", data, auth...), http.StatusUnsupportedMediaType)

		preview := testkit.Decode[importAnswer](t, shop.Do("POST", "/api/admin/products/import/?dry_run=1", data, csvType...))
		if preview.Applied || preview.Summary["unchanged"] != len(preview.Rows) || len(preview.Rows) < 48 {
			t.Fatalf("preview of the export %+v", preview.Summary)
		}
		bad := data + "no-such,,,,1 Kg,X-1,1,1,,yes\n"
		rec = shop.Do("POST", "/api/admin/products/import/", bad, csvType...)
		testkit.WantStatus(t, rec, http.StatusBadRequest)
		if a := testkit.Decode[importAnswer](t, rec); a.Error != catalogcsv.MsgImportRefused || a.Summary["refused"] != 1 || a.Applied {
			t.Fatalf("refused import %+v", a)
		}
		testkit.WantStatus(t, shop.Do("POST", "/api/admin/products/import/", "", csvType...), http.StatusBadRequest)

		recs, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(data, "\ufeff"))).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		recs[1][7] = "777" // stock of the first size
		var b strings.Builder
		w := csv.NewWriter(&b)
		_ = w.WriteAll(recs)
		edited := b.String()
		rec = shop.Do("POST", "/api/admin/products/import/", edited, csvType...)
		testkit.WantStatus(t, rec, http.StatusOK)
		if a := testkit.Decode[importAnswer](t, rec); !a.Applied || a.Summary["update"] != 1 {
			t.Fatalf("import %+v", a)
		}
		audit := shop.Get("/api/admin/audit/?entity=products", auth...).Body.String()
		n := len(recs) - 1
		for _, want := range []string{fmt.Sprintf("exported %d sizes", n), fmt.Sprintf("imported %d rows: 0 created, 1 updated, %d unchanged", n, n-1)} {
			if !strings.Contains(audit, want) {
				t.Errorf("audit lacks %q: %s", want, audit)
			}
		}
	})
}
