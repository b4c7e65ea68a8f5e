// Package catalogcsv is the products CSV (docs/product.md section 5,
// "Import/Export"): the export, and the import's reading, planning and
// staging (import_runs, import_products, import_sizes, which it owns). The
// catalogue publishes a staged import in one transaction
// (catalog.PublishImportTx); this package needs no more of it than
// Catalogue.
package catalogcsv

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/httpx"
	"shop/internal/money"
	"shop/internal/weight"
)

// Products as a spreadsheet: one row per size, the way a shop owner keeps
// them (docs/product.md section 5, "Import/Export"). The export and the
// import read and write the same columns.

// CSVColumns are the export's header, in order. The Kiswahili texts and
// the tax band come last: a file from before them imports as it did,
// leaving them as they are.
var CSVColumns = []string{"product_slug", "product_name", "category_slug", "description", "size", "sku", "price", "stock", "weight_kg", "active",
	"product_name_sw", "description_sw", "tax_band"}

// csvRequired are the columns an import must have.
var csvRequired = []string{"product_slug", "size", "sku", "price", "stock"}

// MaxImportRows bounds an import: far more sizes than a feed shop keeps.
const MaxImportRows = 20_000

// csvRow is one size as the spreadsheet shows it.
type csvRow struct {
	ProductSlug, ProductName, CategorySlug, Description string
	NameSW, DescriptionSW                               string
	Size, SKU                                           string
	// Band is the product's KRA tax band (internal/vat).
	Band   string
	Price  money.Cents
	Stock  int
	Weight weight.Grams
	Active bool
	// Status is the import's status column: "" (as the product is),
	// "draft" or "active" (csvStatus).
	Status string
}

// ExportCSV writes every size of every product as CSV to w, with a header
// row, and returns how many sizes it wrote.
func (s *Store) ExportCSV(ctx context.Context, w io.Writer) (int, error) {
	return s.exportCSV(ctx, w, "")
}

// ExportSelectedCSV is ExportCSV for the products ids only (the back
// office's selected rows): the same layout, so the file imports back.
func (s *Store) ExportSelectedCSV(ctx context.Context, w io.Writer, ids []int64) (int, error) {
	marks := make([]string, len(ids))
	args := make([]any, len(ids))
	for i, id := range ids {
		marks[i], args[i] = "$"+strconv.Itoa(i+1), id
	}
	if len(ids) == 0 {
		marks = []string{"NULL"}
	}
	return s.exportCSV(ctx, w, " WHERE p.id IN ("+strings.Join(marks, ", ")+")", args...)
}

func (s *Store) exportCSV(ctx context.Context, w io.Writer, where string, args ...any) (int, error) {
	rows, err := db.QueryAll(ctx, s.db, "sizes to export", func(r db.Scanner) (c csvRow, err error) {
		return c, r.Scan(&c.ProductSlug, &c.ProductName, &c.CategorySlug, &c.Description, &c.Size, &c.SKU, &c.Price, &c.Stock, &c.Weight, &c.Active,
			&c.NameSW, &c.DescriptionSW, &c.Band)
	}, `SELECT p.slug, p.name, c.slug, p.description, v.size, v.sku, v.price_cents, v.stock, COALESCE(v.weight_grams, 0), p.is_active,
		p.name_sw, p.description_sw, p.vat_class
		FROM variants v JOIN products p ON p.id = v.product_id JOIN categories c ON c.id = p.category_id`+where+`
		ORDER BY LOWER(p.name), p.id, v.sort_order, v.id`, args...)
	if err != nil {
		return 0, err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVColumns); err != nil {
		return 0, err
	}
	for _, r := range rows {
		active := "yes"
		if !r.Active {
			active = "no"
		}
		rec := []string{r.ProductSlug, r.ProductName, r.CategorySlug, r.Description, r.Size, r.SKU, r.Price.String(),
			strconv.Itoa(r.Stock), kg(r.Weight), active, r.NameSW, r.DescriptionSW, r.Band}
		for i := range rec {
			rec[i] = httpx.CSVCell(rec[i])
		}
		if err := cw.Write(rec); err != nil {
			return 0, err
		}
	}
	cw.Flush()
	return len(rows), cw.Error()
}

func kg(g weight.Grams) string { return strconv.FormatFloat(g.Kg(), 'f', -1, 64) }

// The import's refusals of a whole file.
var (
	errCSVEmpty   = apperr.InvalidField("file", "The file is empty: export the products first and edit that file.")
	errCSVTooMany = apperr.InvalidField("file", fmt.Sprintf("The file has more than %d rows: import it in parts.", MaxImportRows))
)

// csvRecord is one row of an imported file, by column name, with its row
// number in the spreadsheet (the header is row 1).
type csvRecord struct {
	Row    int
	Fields map[string]string
}

// readCSV reads an imported file as Excel and LibreOffice write it: UTF-8
// with or without a byte-order mark, comma or semicolon separated (the one
// the header uses), cells neutralised by the export restored.
func readCSV(data []byte) ([]csvRecord, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errCSVEmpty
	}
	header, _, _ := bytes.Cut(data, []byte("\n"))
	r := csv.NewReader(bytes.NewReader(data))
	if bytes.Count(header, []byte(";")) > bytes.Count(header, []byte(",")) {
		r.Comma = ';'
	}
	r.FieldsPerRecord = -1
	head, err := r.Read()
	if err != nil {
		return nil, apperr.InvalidField("file", "The file could not be read as CSV: "+csvProblem(err))
	}
	cols := make([]string, len(head))
	have := map[string]bool{}
	for i, h := range head {
		cols[i] = strings.ToLower(strings.TrimSpace(h))
		have[cols[i]] = true
	}
	var missing []string
	for _, c := range csvRequired {
		if !have[c] {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, apperr.InvalidField("file", "The first row must name the columns; missing: "+strings.Join(missing, ", ")+".")
	}
	var out []csvRecord
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, apperr.InvalidField("file", "The file could not be read as CSV: "+csvProblem(err))
		}
		if len(out) == MaxImportRows {
			return nil, errCSVTooMany
		}
		line, _ := r.FieldPos(0)
		row := csvRecord{Row: line, Fields: make(map[string]string, len(cols))}
		blank := true
		for i, v := range rec {
			if i < len(cols) {
				v = strings.TrimSpace(httpx.CSVCellValue(v))
				row.Fields[cols[i]] = v
				blank = blank && v == ""
			}
		}
		if !blank { // spreadsheets keep empty rows at the end
			out = append(out, row)
		}
	}
	return out, nil
}

// checkCells puts into bad, by column, each of the file's texts that is not
// text a person typed: bytes that are not UTF-8 (a file saved in another
// encoding), which SQLite would keep and PostgreSQL refuse, or a control
// character such as NUL.
func checkCells(bad map[string]string, f map[string]string) {
	for _, c := range CSVColumns {
		switch v := f[c]; {
		case !utf8.ValidString(v):
			bad[c] = c + ` is not UTF-8 text: save the file as "CSV UTF-8" and import it again`
		case !httpx.CleanText(v):
			bad[c] = c + " contains control characters, which are not allowed"
		}
	}
}

func csvProblem(err error) string {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return fmt.Sprintf("row %d: %s", pe.StartLine, pe.Err)
	}
	return err.Error()
}
