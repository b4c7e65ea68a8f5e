package catalogcsv_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"strconv"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/catalogcsv"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/stock"
)

func export(t *testing.T, s *stores) string {
	t.Helper()
	var b bytes.Buffer
	if _, err := s.ExportCSV(context.Background(), &b); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func importCSV(t *testing.T, d *db.DB, s *stores, data string) catalogcsv.ImportResult {
	t.Helper()
	res, err := s.Import(context.Background(), []byte(data), stock.Imports(stock.Mover{Actor: "owner@example.com"}), noAudit)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func noAudit(*sql.Tx, catalogcsv.ImportResult) error { return nil }

// sizeOf is the first size of the product with slug.
func sizeOf(t *testing.T, s *stores, slug string) catalog.Variant {
	t.Helper()
	p, err := s.Product(context.Background(), slug)
	if err != nil {
		t.Fatal(err)
	}
	return p.Variants[0]
}

// edit changes the cells of the row with sku, by column name.
func edit(t *testing.T, data, sku string, cells map[string]string) string {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(data)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs[1:] {
		if rec[5] != sku {
			continue
		}
		for col, v := range cells {
			for i, h := range recs[0] {
				if h == col {
					rec[i] = v
				}
			}
		}
	}
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	_ = w.WriteAll(recs)
	return b.String()
}

func actions(res catalogcsv.ImportResult) map[string]string {
	out := map[string]string{}
	for _, r := range res.Rows {
		out[r.SKU] = r.Action
	}
	return out
}

func TestImportRoundTripChangesExactlyWhatWasEdited(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		data := export(t, s)
		if !strings.HasPrefix(data, strings.Join(catalogcsv.CSVColumns, ",")+"\n") || strings.Count(data, "\n") != 7 {
			t.Fatalf("export:\n%s", data)
		}
		res := importCSV(t, d, s, data)
		if !res.Applied || res.Summary["unchanged"] != 6 || export(t, s) != data {
			t.Fatalf("re-importing the export: %+v", res)
		}

		edited := edit(t, data, "DM-10", map[string]string{"price": "1600.00", "stock": "12"})
		edited = edit(t, edited, "HY-20", map[string]string{"product_name": "High Yield Dairy Cubes"})
		edited += "dairy-meal-premium,,,,20 Kg,DM-20,2900,4,,yes\n" +
			"layers-mash,Layers Mash,feeds,For hens.,70 Kg,LM-70,3200.50,9,70,yes\n"
		preview, err := s.PreviewImport(context.Background(), []byte(edited))
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"DM-10": "update", "DM-70": "unchanged", "HY-20": "update", "AL-120": "unchanged", "AL-1L": "unchanged",
			"HID-10": "unchanged", "DM-20": "create", "LM-70": "create"}
		if got := actions(preview); !equalMaps(got, want) || preview.Applied {
			t.Fatalf("preview %v, want %v", got, want)
		}
		if export(t, s) != data {
			t.Fatal("the preview stored something")
		}
		res = importCSV(t, d, s, edited)
		if !res.Applied || !equalMaps(actions(res), want) {
			t.Fatalf("import %+v", res)
		}
		dm := sizeOf(t, s, "dairy-meal-premium")
		if dm.Price.String() != "1600.00" || dm.Stock != 12 {
			t.Errorf("DM-10 now %s, %d", dm.Price, dm.Stock)
		}
		_, moves, err := stock.NewLedger(d, s).History(context.Background(), dm.Product, dm.ID, 1, 10)
		if err != nil || len(moves) != 1 || moves[0].Reason != "import" || moves[0].Quantity != 7 {
			t.Errorf("DM-10's movements %+v, %v", moves, err)
		}
		p, err := s.Product(context.Background(), "layers-mash")
		if err != nil || len(p.Variants) != 1 || p.Variants[0].Price.String() != "3200.50" || p.Variants[0].Weight.String() != "70 kg" {
			t.Errorf("new product %+v, %v", p, err)
		}
		if hy, _ := s.Product(context.Background(), "hy-cubes"); hy.Name != "High Yield Dairy Cubes" {
			t.Errorf("renamed product is %q", hy.Name)
		}
		// The exported file again imports as nothing to do.
		if res := importCSV(t, d, s, export(t, s)); res.Summary["unchanged"] != 8 {
			t.Errorf("second round trip %+v", res.Summary)
		}
	})
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestImportRefusesBadRowsAndStoresNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		data := export(t, s)
		// Exported rows 2 to 7: AL-120, AL-1L, DM-10, DM-70, HID-10, HY-20.
		edited := edit(t, data, "DM-10", map[string]string{"stock": "99"}) + // a good change, refused with the rest
			"dairy-meal-premium,,,,5 Kg,DM-10,100,1,,yes\n" + // twice in the file
			"new-thing,New Thing,no-such-category,,1 Kg,NT-1,100,1,,yes\n" +
			"new-thing-2,,feeds,,1 Kg,NT-2,100,1,,yes\n" + // no name
			"Bad Slug,Bad,feeds,,1 Kg,NT-3,100,1,,yes\n" +
			"hy-cubes,,,,20 Kg,NT-4,12.345,-1,x,maybe\n" +
			"hy-cubes,Another Name,,,25 Kg,NT-5,100,1,,yes\n" // differs from row 7
		res := importCSV(t, d, s, edited)
		if res.Applied || res.Summary["refused"] != 6 || res.Summary["update"] != 1 {
			t.Fatalf("%+v", res)
		}
		reasons := map[string]string{}
		for _, r := range res.Rows {
			if r.Action == "refused" {
				reasons[r.SKU+"@"+strconv.Itoa(r.Row)] = r.Reason
			}
		}
		for key, want := range map[string]string{
			"DM-10@8": "also on row 4", "NT-1@9": "Unknown category_slug", "NT-2@10": "product_name is required",
			"NT-3@11": "product_slug must be", "NT-4@12": "Price must be", "NT-5@13": "product_name differs from row 7",
		} {
			if !strings.Contains(reasons[key], want) {
				t.Errorf("%s: %q, want %q (all %v)", key, reasons[key], want, reasons)
			}
		}
		for _, want := range []string{"Stock must", "Weight must", "active must"} {
			if !strings.Contains(reasons["NT-4@12"], want) {
				t.Errorf("row 12 %q lacks %q", reasons["NT-4@12"], want)
			}
		}
		if export(t, s) != data {
			t.Error("a refused import stored something")
		}
		other := strings.Join(catalogcsv.CSVColumns, ",") + "\ndairy-meal-premium,,,,5 Kg,HY-20,100,1,,yes\n"
		if res := importCSV(t, d, s, other); res.Applied || !strings.Contains(res.Rows[0].Reason, "SKU HY-20 belongs to product hy-cubes") {
			t.Errorf("another product's SKU: %+v", res)
		}
	})
}

// Excel in much of the world writes semicolons and a byte-order mark;
// cells a spreadsheet would run are exported as text and read back.
func TestImportReadsExcelFilesAndNeutralisesFormulas(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		ctx := context.Background()
		evil := `=HYPERLINK("http://evil.example","Click")`
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			_, err := tx.ExecContext(ctx, `UPDATE products SET name = $1, description = $2 WHERE slug = 'hy-cubes'`, evil, "+254 call us\n-bullet")
			return err
		}); err != nil {
			t.Fatal(err)
		}
		data := export(t, s)
		for _, cell := range []string{`"'=HYPERLINK(""http://evil.example"",""Click"")"`, `"'+254 call us`} {
			if !strings.Contains(data, cell) {
				t.Errorf("export lacks %s:\n%s", cell, data)
			}
		}
		if res := importCSV(t, d, s, data); res.Summary["unchanged"] != 6 {
			t.Fatalf("re-import of neutralised cells: %+v", res)
		}
		semi := "\ufeff" + strings.NewReplacer(",", ";").Replace(
			"product_slug,product_name,category_slug,description,size,sku,price,stock,weight_kg,active\r\n"+
				"dairy-meal-premium,Dairy Meal Premium,dairy-meal,Milk booster for cows.,10 Kg,DM-10,\"1500,50\",8,10,yes\r\n")
		// A decimal comma is refused, never misread as thousands.
		res := importCSV(t, d, s, semi)
		if res.Applied || res.Rows[0].Action != "refused" || !strings.Contains(res.Rows[0].Reason, "Price must be") {
			t.Fatalf("decimal comma: %+v", res)
		}
		res = importCSV(t, d, s, strings.Replace(semi, `"1500;50"`, "1500.50", 1))
		if !res.Applied || res.Rows[0].Action != "update" || res.Rows[0].Reason != "price 1500.00 → 1500.50; stock 5 → 8" {
			t.Fatalf("semicolons and BOM: %+v", res)
		}
	})
}

// The Kiswahili texts travel in their two columns: exported, edited and
// imported like the English ones; a file from before them leaves them as
// they are.
func TestImportKiswahiliColumns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		data := export(t, s)
		edited := edit(t, data, "DM-10", map[string]string{"product_name_sw": "Dairy Meal ya Maziwa Mengi", "description_sw": "Huongeza maziwa."})
		edited = edit(t, edited, "DM-70", map[string]string{"product_name_sw": "Dairy Meal ya Maziwa Mengi", "description_sw": "Huongeza maziwa."})
		edited += "layers-mash,Layers Mash,feeds,For hens.,70 Kg,LM-70,3200,9,70,yes,Chakula cha Kuku wa Mayai,Kwa kuku wa mayai.\n"
		res := importCSV(t, d, s, edited)
		want := map[string]string{"DM-10": "update", "DM-70": "unchanged", "HY-20": "unchanged", "AL-120": "unchanged", "AL-1L": "unchanged",
			"HID-10": "unchanged", "LM-70": "create"}
		if !res.Applied || !equalMaps(actions(res), want) || !strings.Contains(res.Rows[2].Reason, `name_sw "" → "Dairy Meal ya Maziwa Mengi"; description_sw`) {
			t.Fatalf("import %+v", res)
		}
		for slug, name := range map[string]string{"dairy-meal-premium": "Dairy Meal ya Maziwa Mengi", "layers-mash": "Chakula cha Kuku wa Mayai", "hy-cubes": "high yield dairy cubes"} {
			if p, err := s.Product(inKiswahili, slug); err != nil || p.Name != name {
				t.Errorf("%s in Kiswahili: %q, %v", slug, p.Name, err)
			}
		}
		now := export(t, s)
		if !strings.Contains(now, ",Dairy Meal ya Maziwa Mengi,Huongeza maziwa.,B\n") {
			t.Errorf("export lacks the Kiswahili:\n%s", now)
		}

		// A file without the Kiswahili columns keeps them; with them blank, clears them.
		var old []string
		for _, line := range strings.Split(strings.TrimSpace(now), "\n") {
			r, err := csv.NewReader(strings.NewReader(line)).Read()
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			w := csv.NewWriter(&b)
			_ = w.Write(r[:10])
			w.Flush()
			old = append(old, strings.TrimSpace(b.String()))
		}
		if res := importCSV(t, d, s, strings.Join(old, "\n")+"\n"); !res.Applied || res.Summary["unchanged"] != 7 || export(t, s) != now {
			t.Fatalf("a file without the Kiswahili columns: %+v", res.Summary)
		}
		cleared := edit(t, now, "DM-10", map[string]string{"product_name_sw": "", "description_sw": ""})
		cleared = edit(t, cleared, "DM-70", map[string]string{"product_name_sw": "", "description_sw": ""})
		if res := importCSV(t, d, s, cleared); !res.Applied || res.Summary["update"] != 1 {
			t.Fatalf("clearing: %+v", res)
		}
		if p, _ := s.Product(inKiswahili, "dairy-meal-premium"); p.Name != "Dairy Meal Premium" {
			t.Errorf("cleared Kiswahili name still shown: %q", p.Name)
		}
		long := edit(t, now, "HY-20", map[string]string{"product_name_sw": strings.Repeat("k", 201)})
		if res := importCSV(t, d, s, long); res.Applied || res.Rows[5].SKU != "HY-20" || res.Rows[5].Reason != "product_name_sw must be at most 200 characters" {
			t.Errorf("a long Kiswahili name: %+v", res.Rows)
		}
	})
}

// The tax band column: letters or the old class words, an unknown band
// refused, and a file without the column keeping each product's band.
func TestImportTaxBands(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		data := export(t, s)
		edited := edit(t, data, "DM-10", map[string]string{"tax_band": "exempt"})
		edited = edit(t, edited, "DM-70", map[string]string{"tax_band": "A"})
		if res := importCSV(t, d, s, edited); !res.Applied || res.Summary["update"] != 1 || !strings.Contains(res.Rows[2].Reason, "tax band B → A") {
			t.Fatalf("import %+v", res)
		}
		now := export(t, s)
		if !strings.Contains(now, ",DM-10,1500.00,5,10,yes,,,A\n") {
			t.Fatalf("export:\n%s", now)
		}
		bad := edit(t, now, "HY-20", map[string]string{"tax_band": "F"})
		if res := importCSV(t, d, s, bad); res.Applied || res.Rows[5].Reason != catalogcsv.MsgCSVBand {
			t.Fatalf("band F: %+v", res.Rows)
		}
	})
}

// The status column: draft creates a product as a draft, kept off sale
// until a later file says active; a product on sale never becomes a draft.
func TestImportCreatesDrafts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := fixture(t, d)
		ctx := context.Background()
		flags := func(slug string) (active, draft bool) {
			t.Helper()
			if err := d.QueryRow(ctx, `SELECT is_active, is_draft FROM products WHERE slug = $1`, slug).Scan(&active, &draft); err != nil {
				t.Fatal(err)
			}
			return active, draft
		}
		const head = "product_slug,product_name,category_slug,description,size,sku,price,stock,active,status\n"
		row := "sungura-pellets,Sungura Pellets,feeds,Pellets for rabbits.,5 Kg,SP-5,1200,10,yes,%s\n"
		if res := importCSV(t, d, s, head+strings.Replace(row, "%s", "maybe", 1)); res.Applied || res.Rows[0].Reason != catalogcsv.MsgCSVStatus {
			t.Fatalf("status maybe: %+v", res.Rows)
		}
		if res := importCSV(t, d, s, head+strings.Replace(row, "%s", "draft", 1)); !res.Applied {
			t.Fatalf("draft import %+v", res.Rows)
		}
		if active, draft := flags("sungura-pellets"); active || !draft {
			t.Fatalf("imported draft: active %t, draft %t", active, draft)
		}
		// Blank keeps it a draft, whatever active says.
		if res := importCSV(t, d, s, head+strings.Replace(row, "%s", "", 1)); !res.Applied {
			t.Fatalf("second import %+v", res.Rows)
		}
		if active, draft := flags("sungura-pellets"); active || !draft {
			t.Fatalf("draft after a blank status: active %t, draft %t", active, draft)
		}
		if res := importCSV(t, d, s, head+strings.Replace(row, "%s", "active", 1)); !res.Applied || !strings.Contains(res.Rows[0].Reason, "draft published") {
			t.Fatalf("publishing import %+v", res.Rows)
		}
		if active, draft := flags("sungura-pellets"); !active || draft {
			t.Fatalf("published: active %t, draft %t", active, draft)
		}
		if res := importCSV(t, d, s, head+strings.Replace(row, "%s", "draft", 1)); res.Applied || res.Rows[0].Reason != catalogcsv.MsgCSVDraftLive {
			t.Fatalf("draft of a live product %+v", res.Rows)
		}
	})
}
