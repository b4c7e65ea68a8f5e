package catalogcsv

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"shop/internal/catalog"
	"shop/internal/form"
	"shop/internal/money"
	"shop/internal/vat"
	"shop/internal/weight"
)

// What an import does to each row.
const (
	ImportCreate    = "create"
	ImportUpdate    = "update"
	ImportUnchanged = "unchanged"
	ImportRefused   = "refused"
)

// ImportRow is the preview of one row: its row number in the spreadsheet,
// what the import does with it and why.
type ImportRow struct {
	Row         int    `json:"row"`
	SKU         string `json:"sku"`
	ProductSlug string `json:"product_slug"`
	Action      string `json:"action"`
	Reason      string `json:"reason"`
}

// ImportResult is an import's preview, or what it did.
type ImportResult struct {
	Rows    []ImportRow    `json:"rows"`
	Summary map[string]int `json:"summary"`
	// Applied: the changes were stored (not a dry run, no row refused).
	Applied bool `json:"applied"`
}

// Refused counts the rows refused.
func (r ImportResult) Refused() int { return r.Summary[ImportRefused] }

// MsgImportRefused is the answer to an import with refused rows: nothing
// is stored.
const MsgImportRefused = "Some rows were refused, so nothing was imported. Correct them and import the file again."

// importProduct is a product as the import knows it: stored (ID > 0) or
// to be created, with the fields the file gives it.
type importProduct struct {
	ID                int64
	Slug, Name, Desc  string
	NameSW, DescSW    string
	Band              string // the KRA tax band (internal/vat)
	Category          int64
	Active            bool
	Draft             bool
	changed           []string // what the file changes about a stored product
	firstRow          int
	textChanged, seen bool
}

// importSize is a stored size.
type importSize struct {
	ID, Product int64
	Size        string
	Price       money.Cents
	Stock       int
	Weight      weight.Grams
}

// importChange is one row's work.
type importChange struct {
	product *importProduct
	size    *importSize // nil: a new size
	row     csvRow
}

// importPlan is what an import would do, read from the catalogue as it is.
type importPlan struct {
	result   ImportResult
	changes  []importChange
	products []*importProduct // in file order, stored and new
}

// planImport reads the catalogue inside tx and decides each record's fate.
func planImport(ctx context.Context, tx *sql.Tx, recs []csvRecord) (*importPlan, error) {
	cats := map[string]int64{}
	catSlugs := map[int64]string{}
	rows, err := tx.QueryContext(ctx, `SELECT id, slug FROM categories`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		var slug string
		if err := rows.Scan(&id, &slug); err != nil {
			rows.Close()
			return nil, err
		}
		cats[slug], catSlugs[id] = id, slug
	}
	rows.Close()
	products := map[string]*importProduct{}
	byID := map[int64]*importProduct{}
	if rows, err = tx.QueryContext(ctx, `SELECT id, slug, name, description, name_sw, description_sw, category_id, is_active, vat_class, is_draft FROM products`); err != nil {
		return nil, err
	}
	for rows.Next() {
		p := &importProduct{}
		if err := rows.Scan(&p.ID, &p.Slug, &p.Name, &p.Desc, &p.NameSW, &p.DescSW, &p.Category, &p.Active, &p.Band, &p.Draft); err != nil {
			rows.Close()
			return nil, err
		}
		products[p.Slug], byID[p.ID] = p, p
	}
	rows.Close()
	sizes := map[string]*importSize{}
	if rows, err = tx.QueryContext(ctx, `SELECT id, product_id, sku, size, price_cents, stock, COALESCE(weight_grams, 0) FROM variants`); err != nil {
		return nil, err
	}
	for rows.Next() {
		v := &importSize{}
		var sku string
		if err := rows.Scan(&v.ID, &v.Product, &sku, &v.Size, &v.Price, &v.Stock, &v.Weight); err != nil {
			rows.Close()
			return nil, err
		}
		sizes[sku] = v
	}
	rows.Close()

	plan := &importPlan{result: ImportResult{Rows: make([]ImportRow, 0, len(recs)), Summary: map[string]int{
		ImportCreate: 0, ImportUpdate: 0, ImportUnchanged: 0, ImportRefused: 0}}}
	skuRow := map[string]int{}
	for _, rec := range recs {
		f := rec.Fields
		out := ImportRow{Row: rec.Row, SKU: f["sku"], ProductSlug: f["product_slug"]}
		ch, reason := planRow(rec, products, sizes, cats, catSlugs, byID, skuRow)
		switch {
		case reason != "" && ch == nil:
			out.Action, out.Reason = ImportRefused, reason
		case ch.size == nil:
			out.Action, out.Reason = ImportCreate, reason
		case reason == "":
			out.Action = ImportUnchanged
		default:
			out.Action, out.Reason = ImportUpdate, reason
		}
		if ch != nil && ch.product.firstRow == rec.Row && !ch.product.seen {
			ch.product.seen = true
			plan.products = append(plan.products, ch.product)
		}
		if ch != nil && out.Action != ImportUnchanged {
			plan.changes = append(plan.changes, *ch)
		}
		plan.result.Summary[out.Action]++
		plan.result.Rows = append(plan.result.Rows, out)
	}
	return plan, nil
}

// planRow checks one record and returns its change, with what it changes
// ("" for nothing), or nil and why it is refused.
func planRow(rec csvRecord, products map[string]*importProduct, sizes map[string]*importSize, cats map[string]int64,
	catSlugs map[int64]string, byID map[int64]*importProduct, skuRow map[string]int) (*importChange, string) {
	f := rec.Fields
	row, bad := parseRow(f)
	if bad != "" {
		return nil, bad
	}
	if first, dup := skuRow[row.SKU]; dup {
		return nil, fmt.Sprintf("SKU %s is also on row %d", row.SKU, first)
	}
	skuRow[row.SKU] = rec.Row
	p := products[row.ProductSlug]
	if v := sizes[row.SKU]; v != nil {
		if owner := byID[v.Product]; owner != nil && owner.Slug != row.ProductSlug {
			return nil, fmt.Sprintf("SKU %s belongs to product %s, not %s", row.SKU, owner.Slug, row.ProductSlug)
		}
	}
	var changes []string
	if p == nil {
		// A new product: its first row names it.
		if row.ProductSlug != catalog.NewProductSlug(row.ProductSlug) || len(row.ProductSlug) > 220 {
			return nil, "product_slug must be lower-case letters, digits and hyphens"
		}
		if msg := checkNewProduct(f, cats); msg != "" {
			return nil, msg
		}
		band, msg := csvBand(f, vat.Standard)
		if msg != "" {
			return nil, msg
		}
		p = &importProduct{Slug: row.ProductSlug, Name: f["product_name"], Desc: f["description"], Category: cats[f["category_slug"]],
			NameSW: f["product_name_sw"], DescSW: f["description_sw"], Band: band, Active: row.Active, firstRow: rec.Row, textChanged: true}
		if row.Status == csvDraft {
			p.Draft, p.Active = true, false
		}
		products[p.Slug] = p
		changes = append(changes, "new product "+quoteCSV(p.Name))
	} else if p.firstRow == 0 {
		p.firstRow = rec.Row
		if msg := planProductChanges(p, f, row, cats, catSlugs); msg != "" {
			return nil, msg
		}
		changes = append(changes, p.changed...)
	} else if msg := sameProduct(p, f, row, cats); msg != "" {
		return nil, msg
	}
	ch := &importChange{product: p, size: sizes[row.SKU], row: row}
	if ch.size == nil {
		return ch, strings.Join(append(changes, fmt.Sprintf("new size %s at %s, stock %d", quoteCSV(row.Size), row.Price, row.Stock)), "; ")
	}
	v := ch.size
	if f["weight_kg"] == "" {
		ch.row.Weight = v.Weight // left blank: kept
	}
	d := changes
	if v.Size != row.Size {
		d = append(d, fmt.Sprintf("size %s → %s", quoteCSV(v.Size), quoteCSV(row.Size)))
		p.textChanged = true
	}
	if v.Price != row.Price {
		d = append(d, fmt.Sprintf("price %s → %s", v.Price, row.Price))
	}
	if v.Stock != row.Stock {
		d = append(d, fmt.Sprintf("stock %d → %d", v.Stock, row.Stock))
	}
	if v.Weight != ch.row.Weight {
		d = append(d, fmt.Sprintf("weight %s → %s kg", kg(v.Weight), kg(ch.row.Weight)))
	}
	return ch, strings.Join(d, "; ")
}

// parseRow reads a record's size fields, or says what is wrong with them.
func parseRow(f map[string]string) (csvRow, string) {
	r := csvRow{ProductSlug: f["product_slug"], ProductName: f["product_name"], CategorySlug: f["category_slug"],
		Description: f["description"], Size: strings.Join(strings.Fields(f["size"]), " "), SKU: f["sku"], Active: true}
	bad := map[string]string{}
	form.CheckText(bad, "product_slug", "product_slug", r.ProductSlug, "product_slug is required", 220)
	form.CheckText(bad, "size", "Size", r.Size, catalog.MsgSizeRequired, catalog.MaxSize)
	form.CheckText(bad, "sku", "SKU", r.SKU, catalog.MsgSKURequired, catalog.MaxSKU)
	r.Price = form.Price(bad, "price", json.RawMessage(strconv.Quote(f["price"])))
	n, ok := form.WholeNumber(json.RawMessage(strconv.Quote(f["stock"])), "", catalog.MaxStock)
	if !ok {
		bad["stock"] = catalog.MsgStockInvalid
	}
	r.Stock = n
	if w := f["weight_kg"]; w != "" {
		g, err := weight.ParseKg(w)
		if err != nil {
			bad["weight_kg"] = catalog.MsgWeightInvalid
		}
		r.Weight = g
	} else {
		r.Weight = catalog.WeightOf(r.Size, nil)
	}
	if a, ok := parseActive(f["active"]); ok {
		r.Active = a
	} else {
		bad["active"] = "active must be yes or no"
	}
	checkCells(bad, f)
	var msgs []string
	for _, c := range CSVColumns {
		if m := bad[c]; m != "" {
			msgs = append(msgs, m)
		}
	}
	switch r.Status = strings.ToLower(strings.TrimSpace(f["status"])); r.Status {
	case "", csvDraft, csvActive:
	default:
		msgs = append(msgs, MsgCSVStatus)
	}
	return r, strings.Join(msgs, "; ")
}

// The import's status column, which the export does not write: draft makes
// a new product a draft (docs/product.md section 5), active publishes a
// draft; blank leaves a product as it is.
const (
	csvDraft  = "draft"
	csvActive = "active"
	// MsgCSVStatus refuses another status.
	MsgCSVStatus = "status must be draft or active"
	// MsgCSVDraftLive refuses to turn a product on sale back into a draft.
	MsgCSVDraftLive = "status draft is only for a new product or a draft: set active to no to take a product off sale"
)

// parseActive reads yes/no as spreadsheets write it; blank is yes.
func parseActive(s string) (bool, bool) {
	switch strings.ToLower(s) {
	case "", "yes", "y", "true", "1":
		return true, true
	case "no", "n", "false", "0":
		return false, true
	}
	return false, false
}

// checkNewProduct says what a new product's first row lacks, or "".
func checkNewProduct(f map[string]string, cats map[string]int64) string {
	bad := map[string]string{}
	form.CheckText(bad, "name", "product_name", f["product_name"], "product_name is required for a new product", catalog.MaxProductName)
	if msg := bad["name"]; msg != "" {
		return msg
	}
	if utf8.RuneCountInString(f["description"]) > catalog.MaxDescription {
		return fmt.Sprintf(form.MsgTooLong, "description", catalog.MaxDescription)
	}
	if msg := checkSW(f); msg != "" {
		return msg
	}
	if _, ok := cats[f["category_slug"]]; !ok {
		return fmt.Sprintf("Unknown category_slug %s", quoteCSV(f["category_slug"]))
	}
	return ""
}

// checkSW says which Kiswahili text of a row is too long, or "".
func checkSW(f map[string]string) string {
	if utf8.RuneCountInString(f["product_name_sw"]) > catalog.MaxProductName {
		return fmt.Sprintf(form.MsgTooLong, "product_name_sw", catalog.MaxProductName)
	}
	if utf8.RuneCountInString(f["description_sw"]) > catalog.MaxDescription {
		return fmt.Sprintf(form.MsgTooLong, "description_sw", catalog.MaxDescription)
	}
	return ""
}

// planProductChanges notes what the first row of a stored product p
// changes about it: a blank name or category keeps it; a description
// column, even blank, sets it, and so do the Kiswahili columns (blank, the
// product has no Kiswahili text); a file without them keeps them.
func planProductChanges(p *importProduct, f map[string]string, row csvRow, cats map[string]int64, catSlugs map[int64]string) string {
	if name := f["product_name"]; name != "" && name != p.Name {
		if utf8.RuneCountInString(name) > catalog.MaxProductName {
			return fmt.Sprintf(form.MsgTooLong, "product_name", catalog.MaxProductName)
		}
		p.changed = append(p.changed, fmt.Sprintf("name %s → %s", quoteCSV(p.Name), quoteCSV(name)))
		p.Name, p.textChanged = name, true
	}
	if c := f["category_slug"]; c != "" && c != catSlugs[p.Category] {
		id, ok := cats[c]
		if !ok {
			return fmt.Sprintf("Unknown category_slug %s", quoteCSV(c))
		}
		p.changed = append(p.changed, fmt.Sprintf("category %s → %s", catSlugs[p.Category], c))
		p.Category, p.textChanged = id, true
	}
	if desc, ok := f["description"]; ok && desc != p.Desc {
		if utf8.RuneCountInString(desc) > catalog.MaxDescription {
			return fmt.Sprintf(form.MsgTooLong, "description", catalog.MaxDescription)
		}
		p.changed = append(p.changed, "description")
		p.Desc, p.textChanged = desc, true
	}
	if msg := checkSW(f); msg != "" {
		return msg
	}
	if name, ok := f["product_name_sw"]; ok && name != p.NameSW {
		p.changed = append(p.changed, fmt.Sprintf("name_sw %s → %s", quoteCSV(p.NameSW), quoteCSV(name)))
		p.NameSW, p.textChanged = name, true
	}
	if desc, ok := f["description_sw"]; ok && desc != p.DescSW {
		p.changed = append(p.changed, "description_sw")
		p.DescSW, p.textChanged = desc, true
	}
	switch {
	case row.Status == csvDraft && !p.Draft:
		return MsgCSVDraftLive
	case row.Status == csvActive && p.Draft:
		// Every row of the file has a size with a price: it may go live.
		p.changed = append(p.changed, "draft published")
		p.Draft, p.Active = false, true
	case p.Draft:
		// A draft stays off sale whatever the active column says.
	default:
		if _, ok := f["active"]; ok && row.Active != p.Active {
			p.changed = append(p.changed, fmt.Sprintf("active %s → %s", yesNo(p.Active), yesNo(row.Active)))
			p.Active = row.Active
		}
	}
	band, msg := csvBand(f, p.Band)
	if msg != "" {
		return msg
	}
	if band != p.Band {
		p.changed = append(p.changed, fmt.Sprintf("tax band %s → %s", p.Band, band))
		p.Band = band
	}
	return ""
}

// MsgCSVBand refuses a tax_band that is not one of KRA's bands.
const MsgCSVBand = "tax_band must be A, B, C, D or E (or standard, zero, exempt)"

// csvBand reads a row's tax_band: a band's letter, or one of the old
// class words that files from before the bands carry; empty or absent,
// keep.
func csvBand(f map[string]string, keep string) (string, string) {
	v := f["tax_band"]
	if v == "" {
		return keep, ""
	}
	band, ok := vat.ParseBand(v)
	if !ok {
		return "", MsgCSVBand
	}
	return band, ""
}

// sameProduct refuses a later row of p that gives it other product fields
// than its first row.
func sameProduct(p *importProduct, f map[string]string, row csvRow, cats map[string]int64) string {
	differs := func(what string) string {
		return fmt.Sprintf("%s differs from row %d of the same product", what, p.firstRow)
	}
	switch {
	case f["product_name"] != "" && f["product_name"] != p.Name:
		return differs("product_name")
	case f["category_slug"] != "" && cats[f["category_slug"]] != p.Category:
		return differs("category_slug")
	case f["description"] != "" && f["description"] != p.Desc:
		return differs("description")
	case f["product_name_sw"] != "" && f["product_name_sw"] != p.NameSW:
		return differs("product_name_sw")
	case f["description_sw"] != "" && f["description_sw"] != p.DescSW:
		return differs("description_sw")
	case f["active"] != "" && row.Active != p.Active && !p.Draft:
		return differs("active")
	case row.Status == csvDraft && !p.Draft, row.Status == csvActive && p.Draft:
		return differs("status")
	}
	if band, _ := csvBand(f, p.Band); band != p.Band {
		return differs("tax_band")
	}
	return ""
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func quoteCSV(s string) string {
	if utf8.RuneCountInString(s) > 60 {
		s = string([]rune(s)[:57]) + "..."
	}
	return strconv.Quote(s)
}

// PreviewImport reads a CSV of products (the export's format) and says
// what importing it would do to each row, storing nothing.
func (s *Store) PreviewImport(ctx context.Context, data []byte) (ImportResult, error) {
	recs, err := readCSV(data)
	if err != nil {
		return ImportResult{}, err
	}
	var res ImportResult
	err = s.db.ReadTx(ctx, func(tx *sql.Tx) error {
		plan, err := planImport(ctx, tx, recs)
		if err != nil {
			return err
		}
		res = plan.result
		return nil
	})
	return res, err
}
