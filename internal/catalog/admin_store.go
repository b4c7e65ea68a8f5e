package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/i18n"
)

// The back office's side of the catalogue: every product (inactive ones
// too), and the changes an admin makes. Writes take the caller's
// transaction, so the admin's audit entry is stored with the change or not
// at all.

// Admin product list filters: which products by their active flag, or the
// drafts (which are inactive too).
const (
	StatusAll      = ""
	StatusActive   = "active"
	StatusInactive = "inactive"
	StatusDraft    = "draft"
)

// Admin product list stock filters: a product with a size at or below the
// low-stock threshold but some stock left, or with no stock in any size.
const (
	StockLow = "low"
	StockOut = "out"
)

// AdminSorts are the admin product list's orders by ?sort= value ("" is
// newest first), each ending in the id so a page's rows never swap with the
// next page's. A size's stock is summed per product.
var AdminSorts = map[string][]string{
	"":         {"-p.id"},
	"name":     {"LOWER(p.name)", "p.id"},
	"-name":    {"-LOWER(p.name)", "-p.id"},
	"price":    {"p.base_price_cents", "p.id"},
	"-price":   {"-p.base_price_cents", "-p.id"},
	"stock":    {stockSum, "p.id"},
	"-stock":   {"-" + stockSum, "-p.id"},
	"updated":  {"p.updated_at", "p.id"},
	"-updated": {"-p.updated_at", "-p.id"},
}

const stockSum = "(SELECT COALESCE(SUM(v.stock), 0) FROM variants v WHERE v.product_id = p.id)"

// MsgPublishNeedsSize refuses to publish a product no one could buy.
const MsgPublishNeedsSize = "Add at least one size with a price before publishing."

// AdminFilter narrows the admin's product list.
type AdminFilter struct {
	// Search matches name, slug, description or a variant's SKU, case-insensitively.
	Search string
	Status string
	// Category is a category's id (0: any).
	Category int64
	// Stock is StockLow or StockOut ("" any); LowStock is the threshold
	// StockLow reads.
	Stock    string
	LowStock int
	// Sort is a key of AdminSorts.
	Sort string
	// Page counts from 1; PageSize is at most MaxPageSize.
	Page, PageSize int
}

// AdminProducts lists products, active or not, as cards: in f.Sort's order,
// or best match first when searching with no sort asked (the shop's own
// search, which also finds SKUs). The count is exact without a search; a
// search's stops at CountCap (Capped), as the shop's and the admin's order
// search do.
func (s *Store) AdminProducts(ctx context.Context, f AdminFilter) (AdminProductPage, error) {
	empty := AdminProductPage{Products: []AdminCard{}, StatusCounts: map[string]int{StatusActive: 0, StatusInactive: 0, StatusDraft: 0}}
	sort, ok := AdminSorts[f.Sort]
	if !ok {
		return empty, apperr.InvalidField("sort", MsgAdminSort)
	}
	q, err := s.listQuery(ctx, ListFilter{Search: f.Search}, i18n.English)
	if err != nil || q.none {
		return empty, err
	}
	// The back office filters and sorts on more than the narrow rows hold.
	q.withProducts()
	if f.Category > 0 {
		q.where.And("p.category_id = " + q.where.Arg(f.Category))
	}
	switch f.Stock {
	case StockOut:
		q.where.And("p.in_stock = FALSE")
	case StockLow:
		q.where.And("p.in_stock = TRUE AND EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.stock <= " + q.where.Arg(f.LowStock) + ")")
	}
	out := empty
	if out.StatusCounts, err = s.adminStatusCounts(ctx, &q); err != nil {
		return empty, err
	}
	switch f.Status {
	case StatusActive:
		q.where.And("p.is_active = TRUE")
	case StatusInactive:
		q.where.And("p.is_active = FALSE")
	case StatusDraft:
		q.where.And("p.is_draft = TRUE")
	}
	q.exact = strings.TrimSpace(f.Search) == ""
	q.sort = sort
	page, size := max(f.Page, 1), f.PageSize
	if size < 1 || size > db.MaxPageSize {
		size = db.DefaultPageSize
	}
	list, err := s.cardPage(ctx, &q, f.Sort == "", page, size)
	if err != nil {
		return empty, err
	}
	out.Count, out.Capped, out.Products = list.Count, list.Capped, make([]AdminCard, len(list.Products))
	// The cards are the storefront's, which knows nothing of drafts: the
	// page's drafts are read beside them.
	ids := make([]any, len(list.Products))
	marks := make([]string, len(list.Products))
	for i, c := range list.Products {
		out.Products[i].Card = c
		ids[i], marks[i] = c.ID, "$"+strconv.Itoa(i+1)
	}
	if len(ids) == 0 {
		return out, nil
	}
	drafts, err := db.QueryAll(ctx, s.db, "drafts", func(r db.Scanner) (id int64, err error) { return id, r.Scan(&id) },
		`SELECT id FROM products WHERE is_draft AND id IN (`+strings.Join(marks, ", ")+`)`, ids...)
	if err != nil {
		return empty, err
	}
	for i := range out.Products {
		out.Products[i].IsDraft = slices.Contains(drafts, out.Products[i].ID)
	}
	return out, nil
}

// MsgAdminSort refuses a sort the admin's product list does not know.
const MsgAdminSort = "sort must be name, price, stock or updated, each with a leading - for the other way."

// adminStatusCounts counts q's products by status, before q narrows them
// to one.
func (s *Store) adminStatusCounts(ctx context.Context, q *listQuery) (map[string]int, error) {
	var active, inactive, drafts int
	err := s.db.QueryRow(ctx, `SELECT COALESCE(SUM(CASE WHEN p.is_active THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN p.is_active THEN 0 ELSE 1 END), 0), COALESCE(SUM(CASE WHEN p.is_draft THEN 1 ELSE 0 END), 0)
		FROM `+q.from+q.where.String(), q.where.Args...).Scan(&active, &inactive, &drafts)
	if err != nil {
		return nil, fmt.Errorf("count products by status: %w", err)
	}
	return map[string]int{StatusActive: active, StatusInactive: inactive, StatusDraft: drafts}, nil
}

// PublishProductTx puts draft (or inactive) product id on sale, once it
// has a size with a price, and returns it as it was.
func (s *Store) PublishProductTx(ctx context.Context, tx *sql.Tx, id int64) (EditedProduct, error) {
	before, err := s.editedTx(ctx, tx, id)
	if err != nil {
		return EditedProduct{}, err
	}
	res, err := tx.ExecContext(ctx, `UPDATE products SET is_active = TRUE, is_draft = FALSE, updated_at = CURRENT_TIMESTAMP
		WHERE id = $1 AND EXISTS (SELECT 1 FROM variants WHERE product_id = $1 AND price_cents > 0)`, id)
	if err != nil {
		return EditedProduct{}, fmt.Errorf("publish product %d: %w", id, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return EditedProduct{}, err
	} else if n == 0 {
		return EditedProduct{}, apperr.Conflict(MsgPublishNeedsSize)
	}
	return before, s.refreshTx(ctx, tx, id)
}

// HideProductTx takes product id off sale (a draft stays a draft) and
// returns it as it was.
func (s *Store) HideProductTx(ctx context.Context, tx *sql.Tx, id int64) (EditedProduct, error) {
	before, err := s.editedTx(ctx, tx, id)
	if err != nil || !before.IsActive {
		return before, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE products SET is_active = FALSE, updated_at = CURRENT_TIMESTAMP WHERE id = $1`, id); err != nil {
		return EditedProduct{}, fmt.Errorf("hide product %d: %w", id, err)
	}
	return before, s.refreshTx(ctx, tx, id)
}

// AdminProduct loads a product by id, active or not, with its details and
// its texts in both languages.
func (s *Store) AdminProduct(ctx context.Context, id int64) (EditedProduct, error) {
	p, err := oneEdited(s.db.QueryRow(ctx, `SELECT `+editedColumns+` FROM products p WHERE p.id = $1`, id), id)
	if err != nil {
		return EditedProduct{}, err
	}
	p.Product, err = s.withDetails(ctx, p.Product, i18n.English)
	return p, err
}

// editedColumns are productColumns and the Kiswahili texts, for oneEdited.
const editedColumns = productColumns + `, p.name_sw, p.description_sw, p.is_draft`

// oneEdited scans the product row holds as an EditedProduct, or answers
// errNoProduct.
func oneEdited(row *sql.Row, key any) (EditedProduct, error) {
	var p EditedProduct
	err := scanInfo(row, &p.ProductInfo, &p.NameSW, &p.DescriptionSW, &p.IsDraft)
	if err != nil {
		return EditedProduct{}, db.RowErr(err, errNoProduct, "load product %v", key)
	}
	return p, nil
}

// editedTx loads a product's own fields in both languages inside tx.
func (s *Store) editedTx(ctx context.Context, tx *sql.Tx, id int64) (EditedProduct, error) {
	return oneEdited(tx.QueryRowContext(ctx, `SELECT `+editedColumns+` FROM products p WHERE p.id = $1`, id), id)
}

// ProductTx loads a product's own fields (no variants or images) inside tx.
func (s *Store) ProductTx(ctx context.Context, tx *sql.Tx, id int64) (Product, error) {
	return oneProduct(tx.QueryRowContext(ctx, `SELECT `+productColumns+` FROM products p WHERE p.id = $1`, id), id)
}

func checkCategory(ctx context.Context, tx *sql.Tx, id int64) error {
	n, err := db.CountTx(ctx, tx, "categories", `SELECT COUNT(*) FROM categories WHERE id = $1`, id)
	if err != nil {
		return err
	}
	if n == 0 {
		return apperr.FixFields(map[string]string{"category": MsgCategoryUnknown})
	}
	return nil
}

// freeProductSlug returns base, or base-2, base-3, ... whichever no other
// product has.
func freeProductSlug(ctx context.Context, tx *sql.Tx, base string, except int64) (string, error) {
	for i := 1; i < 10_000; i++ {
		slug := base
		if i > 1 {
			slug = base + "-" + strconv.Itoa(i)
		}
		n, err := db.CountTx(ctx, tx, "products by slug", `SELECT COUNT(*) FROM products WHERE slug = $1 AND id <> $2`, slug, except)
		if err != nil {
			return "", err
		}
		if n == 0 {
			return slug, nil
		}
	}
	return "", errors.New("no free product slug")
}

func nullPromo(p string) any {
	if p == "" {
		return nil
	}
	return p
}

// orEmpty is *p, or "" for nil.
func orEmpty(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

// CreateProductTx stores a new product (without sizes or images yet) under
// a slug made from its name, as a draft whatever f says of is_active: it
// goes live with PublishProductTx once it has a size with a price.
func (s *Store) CreateProductTx(ctx context.Context, tx *sql.Tx, f ProductFields) (EditedProduct, error) {
	if err := checkCategory(ctx, tx, f.CategoryID); err != nil {
		return EditedProduct{}, err
	}
	slug, err := freeProductSlug(ctx, tx, NewProductSlug(f.Name), 0)
	if err != nil {
		return EditedProduct{}, err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO products
		(name, slug, description, base_price_cents, category_id, is_active, is_draft, is_featured, is_best_seller, is_new_arrival, promo, vat_class,
		name_sw, description_sw)
		VALUES ($1, $2, $3, $4, $5, FALSE, TRUE, $6, $7, $8, $9, COALESCE(NULLIF($10, ''), 'B'), $11, $12) RETURNING id`,
		f.Name, slug, f.Description, int64(f.BasePrice), f.CategoryID, f.IsFeatured, f.IsBestSeller, f.IsNewArrival,
		nullPromo(f.Promo), f.VATClass, orEmpty(f.NameSW), orEmpty(f.DescriptionSW)).Scan(&id); err != nil {
		return EditedProduct{}, fmt.Errorf("create product: %w", err)
	}
	if err := s.refreshTx(ctx, tx, id); err != nil {
		return EditedProduct{}, err
	}
	return s.editedTx(ctx, tx, id)
}

// UpdateProductTx changes a product's fields and returns it as it was and
// as it is. The slug stays, so links to the product keep working.
func (s *Store) UpdateProductTx(ctx context.Context, tx *sql.Tx, id int64, f ProductFields) (before, after EditedProduct, err error) {
	if before, err = s.editedTx(ctx, tx, id); err != nil {
		return
	}
	if err = checkCategory(ctx, tx, f.CategoryID); err != nil {
		return
	}
	// A draft stays off sale until it is published.
	if _, err = tx.ExecContext(ctx, `UPDATE products SET name = $1, description = $2, base_price_cents = $3, category_id = $4,
		is_active = $5 AND NOT is_draft, is_featured = $6, is_best_seller = $7, is_new_arrival = $8, promo = $9,
		vat_class = COALESCE(NULLIF($11, ''), vat_class), name_sw = COALESCE($12, name_sw),
		description_sw = COALESCE($13, description_sw), updated_at = CURRENT_TIMESTAMP
		WHERE id = $10`, f.Name, f.Description, int64(f.BasePrice), f.CategoryID, f.IsActive, f.IsFeatured, f.IsBestSeller,
		f.IsNewArrival, nullPromo(f.Promo), id, f.VATClass, f.NameSW, f.DescriptionSW); err != nil {
		err = fmt.Errorf("update product %d: %w", id, err)
		return
	}
	if err = s.refreshTx(ctx, tx, id); err != nil {
		return
	}
	after, err = s.editedTx(ctx, tx, id)
	return
}

// Deletion is the outcome of deleting a product.
type Deletion struct {
	// Deactivated: the product appears in orders, so it was hidden instead.
	Deactivated bool
	// Files are the uploaded image files to remove once the change is stored.
	Files   []string
	Product Product
}

// DeleteProductTx deletes a product with its sizes, images and reviews — or,
// when an order names it, only deactivates it: the order's history keeps
// pointing at a real product.
func (s *Store) DeleteProductTx(ctx context.Context, tx *sql.Tx, id int64) (Deletion, error) {
	p, err := s.ProductTx(ctx, tx, id)
	if err != nil {
		return Deletion{}, err
	}
	d := Deletion{Product: p}
	inOrders, err := db.CountTx(ctx, tx, "order lines of the product", `SELECT COUNT(*) FROM order_items WHERE product_id = $1`, id)
	if err != nil {
		return Deletion{}, err
	}
	if inOrders > 0 {
		d.Deactivated = true
		if _, err := tx.ExecContext(ctx, `UPDATE products SET is_active = FALSE, updated_at = CURRENT_TIMESTAMP WHERE id = $1`, id); err != nil {
			return Deletion{}, fmt.Errorf("deactivate product %d: %w", id, err)
		}
		return d, s.refreshTx(ctx, tx, id)
	}
	rows, err := tx.QueryContext(ctx, `SELECT files FROM product_images WHERE product_id = $1`, id)
	if err != nil {
		return Deletion{}, fmt.Errorf("list images of product %d: %w", id, err)
	}
	for rows.Next() {
		var files string
		if err := rows.Scan(&files); err != nil {
			rows.Close()
			return Deletion{}, err
		}
		d.Files = append(d.Files, strings.Fields(files)...)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Deletion{}, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM products WHERE id = $1`, id); err != nil {
		return Deletion{}, fmt.Errorf("delete product %d: %w", id, err)
	}
	if err := s.db.ProductText().DeleteTx(ctx, tx, id); err != nil {
		return Deletion{}, fmt.Errorf("delete product %d from the search: %w", id, err)
	}
	if err := s.textsChangedTx(ctx, tx); err != nil {
		return Deletion{}, err
	}
	return d, nil
}

// touchProduct marks product id changed, and rewrites its card and search
// text to match.
func (s *Store) touchProduct(ctx context.Context, tx *sql.Tx, id int64) error {
	if _, err := tx.ExecContext(ctx, `UPDATE products SET updated_at = CURRENT_TIMESTAMP WHERE id = $1`, id); err != nil {
		return err
	}
	return s.refreshTx(ctx, tx, id)
}
