package catalog_test

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/csv"
	"slices"
	"strconv"
	"testing"
	"time"

	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/demo"
	"shop/internal/stock"
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
			res, err := store.Import(ctx, versions[i%2], stock.Imports(stock.Mover{Actor: "bench"}), noAudit)
			if err != nil || !res.Applied || res.Summary[catalog.ImportUpdate] != importRows {
				b.Fatalf("%v %v", res.Summary, err)
			}
			i++
		}
	})
}

// shopperRows is the largest import (catalog.MaxImportRows): half the
// sizes of a 4,010-product catalogue changed, half new sizes of new
// products.
const shopperRows = 20_000

// BenchmarkImportWithShopperWrites imports 20,000 rows (10,000 price and
// stock changes, 10,000 new sizes of 4,010 new products) while a shopper
// writes: a cart line added and removed, a size's stock taken and given
// back, one write every 5 ms. It reports how long those writes took, the
// worst and the 99th percentile (ms): what a farmer adding to a cart
// during an import waits.
func BenchmarkImportWithShopperWrites(b *testing.B) {
	for _, dialect := range dbtest.Engines() {
		b.Run(string(dialect), func(b *testing.B) {
			ctx := context.Background()
			d := dbtest.New(b, dialect)
			store := catalog.NewStore(d)
			if _, err := demo.SeedLarge(ctx, store, b.TempDir(), shopperRows/5+10); err != nil {
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
			recs = recs[:shopperRows/2+1]
			cartID, variantID := shopper(b, d, store, recs[1][0])
			var waits []time.Duration
			run := 0
			for b.Loop() {
				b.StopTimer()
				data := shopperFile(b, recs, run)
				b.StartTimer()
				done := make(chan struct{})
				measured := make(chan []time.Duration)
				go func() { measured <- shop(b, d, cartID, variantID, done) }()
				res, err := store.Import(ctx, data, stock.Imports(stock.Mover{Actor: "bench"}), noAudit)
				close(done)
				waits = append(waits, <-measured...)
				if err != nil || !res.Applied || res.Summary[catalog.ImportCreate] != shopperRows/2 || res.Summary[catalog.ImportUpdate] != shopperRows/2 {
					b.Fatalf("%v %v", res.Summary, err)
				}
				run++
			}
			slices.Sort(waits)
			ms := func(t time.Duration) float64 { return float64(t.Microseconds()) / 1000 }
			b.ReportMetric(ms(waits[len(waits)-1]), "max-wait-ms")
			b.ReportMetric(ms(waits[len(waits)*99/100]), "p99-wait-ms")
			b.ReportMetric(float64(len(waits))/float64(b.N), "writes/op")
		})
	}
}

// shopperFile is recs (the export's header and 10,000 rows) with every
// row's price and stock changed, and each row again as a new size of a
// new product, named for run so every run creates.
func shopperFile(b *testing.B, recs [][]string, run int) []byte {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	_ = w.Write(recs[0])
	for _, r := range recs[1:] {
		r = slices.Clone(r)
		stock, _ := strconv.Atoi(r[7])
		r[7] = strconv.Itoa(stock + 1 + run%2)
		r[6] = r[6][:len(r[6])-1] + strconv.Itoa(run%2+1)
		_ = w.Write(r)
		r[0], r[5] = r[0]+"-new-"+strconv.Itoa(run), r[5]+"-N"+strconv.Itoa(run)
		_ = w.Write(r)
	}
	w.Flush()
	if err := w.Error(); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// shopper makes a guest cart and finds a size of product slug (one the
// import changes) with stock to take.
func shopper(b *testing.B, d *db.DB, store *catalog.Store, slug string) (int64, int64) {
	ctx := context.Background()
	p, err := store.Product(ctx, slug)
	if err != nil || len(p.Variants) == 0 {
		b.Fatalf("%s: %v", slug, err)
	}
	if _, err := d.Exec(ctx, `UPDATE variants SET stock = 1000 WHERE id = $1`, p.Variants[0].ID); err != nil {
		b.Fatal(err)
	}
	c, err := cart.NewStore(d).Resolve(ctx, cart.Owner{}, true)
	if err != nil {
		b.Fatal(err)
	}
	return c.CartID, p.Variants[0].ID
}

// shop writes as a shopper until done: adds a line to the cart and removes
// it, takes one of the size's stock and gives it back, each write timed.
func shop(b *testing.B, d *db.DB, cartID, variantID int64, done <-chan struct{}) []time.Duration {
	ctx := context.Background()
	carts := cart.NewStore(d)
	line := []stock.Line{{VariantID: variantID, Qty: 1}}
	steps := []func() error{
		func() error {
			_, err := carts.Add(ctx, cartID, variantID, 1)
			return err
		},
		func() error {
			items, err := carts.Items(ctx, cartID)
			if err == nil && len(items) == 1 {
				err = carts.Remove(ctx, cartID, items[0].ID)
			}
			return err
		},
		func() error { return d.Tx(ctx, func(tx *sql.Tx) error { return stock.TakeTx(ctx, tx, line) }) },
		func() error { return d.Tx(ctx, func(tx *sql.Tx) error { return stock.ReturnTx(ctx, tx, line) }) },
	}
	var waits []time.Duration
	for i := 0; ; i++ {
		select {
		case <-done:
			return waits
		case <-time.After(5 * time.Millisecond):
		}
		start := time.Now()
		if err := steps[i%len(steps)](); err != nil {
			b.Error(err)
			return waits
		}
		waits = append(waits, time.Since(start))
	}
}
