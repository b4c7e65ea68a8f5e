package catalog_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"strconv"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
)

// importRows is the spreadsheet size issue 15 asks the import to handle:
// previewed in 5 s and imported in 10 s at most.
const importRows = 10_000

// BenchmarkImport previews and imports 10,000 rows on SQLite, every row
// changing its price and stock (10,000 stock movements a run): the file
// alternates between two versions, so each import has work to do.
func BenchmarkImport(b *testing.B) {
	ctx := context.Background()
	d := dbtest.SQLite(b)
	store := catalog.NewStore(d)
	// The demo has 2.5 sizes a product; 4,000 products make 10,000 rows.
	if _, err := demo.SeedLarge(ctx, store, b.TempDir(), importRows*2/5+10); err != nil {
		b.Fatal(err)
	}
	var out bytes.Buffer
	if _, err := store.ExportCSV(ctx, &out); err != nil {
		b.Fatal(err)
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		b.Fatal(err)
	}
	recs = recs[:importRows+1]
	versions := make([][]byte, 2)
	for i := range versions {
		for _, r := range recs[1:] {
			stock, _ := strconv.Atoi(r[7])
			r[7] = strconv.Itoa(stock + 1 + i)
			r[6] = r[6][:len(r[6])-1] + strconv.Itoa(i+1)
		}
		var buf bytes.Buffer
		w := csv.NewWriter(&buf)
		if err := w.WriteAll(recs); err != nil {
			b.Fatal(err)
		}
		versions[i] = buf.Bytes()
	}
	b.Run("preview-10000", func(b *testing.B) {
		for b.Loop() {
			res, err := store.PreviewImport(ctx, versions[0])
			if err != nil || res.Summary[catalog.ImportUpdate] != importRows {
				b.Fatalf("%v %v", res.Summary, err)
			}
		}
	})
	b.Run("import-10000", func(b *testing.B) {
		i := 0
		for b.Loop() {
			var res catalog.ImportResult
			err := d.Tx(ctx, func(tx *sql.Tx) (err error) {
				res, err = store.ImportTx(ctx, tx, versions[i%2], catalog.Mover{Actor: "bench"})
				return err
			})
			if err != nil || !res.Applied || res.Summary[catalog.ImportUpdate] != importRows {
				b.Fatalf("%v %v", res.Summary, err)
			}
			i++
		}
	})
}
