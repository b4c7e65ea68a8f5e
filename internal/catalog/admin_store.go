package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"shop/internal/apperr"
	"shop/internal/db"
)

// The back office's side of the catalogue: every product (inactive ones
// too), and the changes an admin makes. Writes take the caller's
// transaction, so the admin's audit entry is stored with the change or not
// at all.

// Admin product list filters: which products by their active flag.
const (
	StatusAll      = ""
	StatusActive   = "active"
	StatusInactive = "inactive"
)

// AdminFilter narrows the admin's product list.
type AdminFilter struct {
	// Search matches name, slug, description or a variant's SKU, case-insensitively.
	Search string
	Status string
	// Page counts from 1; PageSize is at most MaxPageSize.
	Page, PageSize int
}

// AdminProducts lists products, active or not, newest first, with their
// variants, images and reviews.
func (s *Store) AdminProducts(ctx context.Context, f AdminFilter) (ProductPage, error) {
	var q query
	q.where = []string{"1 = 1"}
	switch f.Status {
	case StatusActive:
		q.where = append(q.where, "p.is_active = TRUE")
	case StatusInactive:
		q.where = append(q.where, "p.is_active = FALSE")
	}
	if f.Search != "" {
		n := q.arg("%" + escapeLike(strings.ToLower(f.Search)) + "%")
		q.where = append(q.where, "(LOWER(p.name) LIKE "+n+" ESCAPE '\\' OR LOWER(p.slug) LIKE "+n+" ESCAPE '\\' OR LOWER(p.description) LIKE "+n+
			" ESCAPE '\\' OR EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND LOWER(v.sku) LIKE "+n+" ESCAPE '\\'))")
	}
	if f.Page < 1 {
		f.Page = 1
	}
	if f.PageSize < 1 || f.PageSize > MaxPageSize {
		f.PageSize = DefaultPageSize
	}
	where := strings.Join(q.where, " AND ")
	page := ProductPage{Products: []Product{}}
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM products p WHERE `+where, q.args...).Scan(&page.Count); err != nil {
		return ProductPage{}, fmt.Errorf("count admin products: %w", err)
	}
	rows, err := s.db.Query(ctx, `SELECT `+productColumns+` FROM products p WHERE `+where+` ORDER BY p.id DESC LIMIT `+
		strconv.Itoa(f.PageSize)+` OFFSET `+strconv.Itoa((f.Page-1)*f.PageSize), q.args...)
	if err != nil {
		return ProductPage{}, fmt.Errorf("list admin products: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		p, err := scanProduct(rows)
		if err != nil {
			return ProductPage{}, fmt.Errorf("scan product: %w", err)
		}
		page.Products = append(page.Products, p)
	}
	if err := rows.Err(); err != nil {
		return ProductPage{}, fmt.Errorf("list admin products: %w", err)
	}
	rows.Close()
	if err := s.loadDetails(ctx, page.Products); err != nil {
		return ProductPage{}, err
	}
	return page, nil
}

var errNoProduct = apperr.NotFound("Product not found")

// AdminProduct loads a product by id, active or not, with its details.
func (s *Store) AdminProduct(ctx context.Context, id int64) (Product, error) {
	p, err := scanProduct(s.db.QueryRow(ctx, `SELECT `+productColumns+` FROM products p WHERE p.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Product{}, errNoProduct
	}
	if err != nil {
		return Product{}, fmt.Errorf("load product %d: %w", id, err)
	}
	ps := []Product{p}
	if err := s.loadDetails(ctx, ps); err != nil {
		return Product{}, err
	}
	return ps[0], nil
}

// ProductTx loads a product's own fields (no variants or images) inside tx.
func (s *Store) ProductTx(ctx context.Context, tx *sql.Tx, id int64) (Product, error) {
	p, err := scanProduct(tx.QueryRowContext(ctx, `SELECT `+productColumns+` FROM products p WHERE p.id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Product{}, errNoProduct
	}
	if err != nil {
		return Product{}, fmt.Errorf("load product %d: %w", id, err)
	}
	return p, nil
}

func checkCategory(ctx context.Context, tx *sql.Tx, id int64) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM categories WHERE id = $1`, id).Scan(&n); err != nil {
		return fmt.Errorf("find category %d: %w", id, err)
	}
	if n == 0 {
		return apperr.Invalid(MsgFixFields, map[string]string{"category": MsgCategoryUnknown})
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
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM products WHERE slug = $1 AND id <> $2`, slug, except).Scan(&n); err != nil {
			return "", fmt.Errorf("check product slug: %w", err)
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

// CreateProductTx stores a new product (without sizes or images yet) under
// a slug made from its name, and returns it.
func (s *Store) CreateProductTx(ctx context.Context, tx *sql.Tx, f ProductFields) (Product, error) {
	if err := checkCategory(ctx, tx, f.CategoryID); err != nil {
		return Product{}, err
	}
	slug, err := freeProductSlug(ctx, tx, NewProductSlug(f.Name), 0)
	if err != nil {
		return Product{}, err
	}
	var id int64
	if err := tx.QueryRowContext(ctx, `INSERT INTO products
		(name, slug, description, base_price_cents, category_id, is_active, is_featured, is_best_seller, is_new_arrival, promo)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
		f.Name, slug, f.Description, int64(f.BasePrice), f.CategoryID, f.IsActive, f.IsFeatured, f.IsBestSeller, f.IsNewArrival,
		nullPromo(f.Promo)).Scan(&id); err != nil {
		return Product{}, fmt.Errorf("create product: %w", err)
	}
	return s.ProductTx(ctx, tx, id)
}

// UpdateProductTx changes a product's fields and returns it as it was and
// as it is. The slug stays, so links to the product keep working.
func (s *Store) UpdateProductTx(ctx context.Context, tx *sql.Tx, id int64, f ProductFields) (before, after Product, err error) {
	if before, err = s.ProductTx(ctx, tx, id); err != nil {
		return
	}
	if err = checkCategory(ctx, tx, f.CategoryID); err != nil {
		return
	}
	if _, err = tx.ExecContext(ctx, `UPDATE products SET name = $1, description = $2, base_price_cents = $3, category_id = $4,
		is_active = $5, is_featured = $6, is_best_seller = $7, is_new_arrival = $8, promo = $9, updated_at = CURRENT_TIMESTAMP
		WHERE id = $10`, f.Name, f.Description, int64(f.BasePrice), f.CategoryID, f.IsActive, f.IsFeatured, f.IsBestSeller,
		f.IsNewArrival, nullPromo(f.Promo), id); err != nil {
		err = fmt.Errorf("update product %d: %w", id, err)
		return
	}
	after, err = s.ProductTx(ctx, tx, id)
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
	var inOrders int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM order_items WHERE product_id = $1`, id).Scan(&inOrders); err != nil {
		return Deletion{}, fmt.Errorf("count orders of product %d: %w", id, err)
	}
	if inOrders > 0 {
		d.Deactivated = true
		if _, err := tx.ExecContext(ctx, `UPDATE products SET is_active = FALSE, updated_at = CURRENT_TIMESTAMP WHERE id = $1`, id); err != nil {
			return Deletion{}, fmt.Errorf("deactivate product %d: %w", id, err)
		}
		return d, nil
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
	return d, nil
}

func touchProduct(ctx context.Context, tx *sql.Tx, id int64) error {
	_, err := tx.ExecContext(ctx, `UPDATE products SET updated_at = CURRENT_TIMESTAMP WHERE id = $1`, id)
	return err
}

// ---- Variants ----

var errNoVariant = apperr.NotFound("Size not found")

// VariantTx loads a product's variant inside tx.
func (s *Store) VariantTx(ctx context.Context, tx *sql.Tx, productID, id int64) (Variant, error) {
	var v Variant
	err := tx.QueryRowContext(ctx, `SELECT id, product_id, size, sku, price_cents, stock FROM variants WHERE id = $1 AND product_id = $2`,
		id, productID).Scan(&v.ID, &v.Product, &v.Size, &v.SKU, &v.Price, &v.Stock)
	if errors.Is(err, sql.ErrNoRows) {
		return Variant{}, errNoVariant
	}
	if err != nil {
		return Variant{}, fmt.Errorf("load variant %d: %w", id, err)
	}
	return v, nil
}

func skuTaken(err error) error {
	if db.IsUniqueViolation(err) {
		return apperr.Invalid(MsgFixFields, map[string]string{"sku": MsgSKUTaken})
	}
	return err
}

// skuFree checks no other variant has sku, so the answer is a field message
// instead of an aborted transaction (PostgreSQL cannot go on after a failed
// statement).
func skuFree(ctx context.Context, tx *sql.Tx, sku string, except int64) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM variants WHERE sku = $1 AND id <> $2`, sku, except).Scan(&n); err != nil {
		return fmt.Errorf("check sku: %w", err)
	}
	if n > 0 {
		return apperr.Invalid(MsgFixFields, map[string]string{"sku": MsgSKUTaken})
	}
	return nil
}

// AddVariantTx adds a size to a product, after its other sizes.
func (s *Store) AddVariantTx(ctx context.Context, tx *sql.Tx, productID int64, f VariantFields) (Variant, error) {
	if _, err := s.ProductTx(ctx, tx, productID); err != nil {
		return Variant{}, err
	}
	if err := skuFree(ctx, tx, f.SKU, 0); err != nil {
		return Variant{}, err
	}
	v := Variant{Product: productID, Size: f.Size, SKU: f.SKU, Price: f.Price, Stock: f.Stock}
	err := tx.QueryRowContext(ctx, `INSERT INTO variants (product_id, size, size_key, sku, price_cents, stock, sort_order)
		VALUES ($1, $2, $3, $4, $5, $6, (SELECT COALESCE(MAX(sort_order), -1) + 1 FROM variants WHERE product_id = $1)) RETURNING id`,
		productID, f.Size, SizeKey(f.Size), f.SKU, int64(f.Price), f.Stock).Scan(&v.ID)
	if err != nil {
		return Variant{}, fmt.Errorf("add variant: %w", skuTaken(err))
	}
	return v, touchProduct(ctx, tx, productID)
}

// UpdateVariantTx changes a size and returns it as it was and as it is.
func (s *Store) UpdateVariantTx(ctx context.Context, tx *sql.Tx, productID, id int64, f VariantFields) (before, after Variant, err error) {
	if before, err = s.VariantTx(ctx, tx, productID, id); err != nil {
		return
	}
	if err = skuFree(ctx, tx, f.SKU, id); err != nil {
		return
	}
	if _, err = tx.ExecContext(ctx, `UPDATE variants SET size = $1, size_key = $2, sku = $3, price_cents = $4, stock = $5 WHERE id = $6`,
		f.Size, SizeKey(f.Size), f.SKU, int64(f.Price), f.Stock, id); err != nil {
		err = fmt.Errorf("update variant %d: %w", id, skuTaken(err))
		return
	}
	after = Variant{ID: id, Product: productID, Size: f.Size, SKU: f.SKU, Price: f.Price, Stock: f.Stock}
	err = touchProduct(ctx, tx, productID)
	return
}

// DeleteVariantTx removes a size. Orders keep their snapshot of it; carts
// holding it lose the line.
func (s *Store) DeleteVariantTx(ctx context.Context, tx *sql.Tx, productID, id int64) (Variant, error) {
	v, err := s.VariantTx(ctx, tx, productID, id)
	if err != nil {
		return Variant{}, err
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM variants WHERE id = $1`, id); err != nil {
		return Variant{}, fmt.Errorf("delete variant %d: %w", id, err)
	}
	return v, touchProduct(ctx, tx, productID)
}

// ---- Images ----

var errNoImage = apperr.NotFound("Image not found")

// StoredImage is an uploaded picture as the media folder holds it.
type StoredImage struct {
	// Path is the URL of the largest version, e.g. /media/products/ab12-800.webp.
	Path          string
	Alt           string
	Width, Height int
	// Files are every version's file name under media/products.
	Files []string
}

// AddImageTx records an uploaded image after the product's other images.
func (s *Store) AddImageTx(ctx context.Context, tx *sql.Tx, productID int64, im StoredImage) (Image, error) {
	if _, err := s.ProductTx(ctx, tx, productID); err != nil {
		return Image{}, err
	}
	out := Image{Product: productID, Image: im.Path, Alt: im.Alt, Width: im.Width, Height: im.Height}
	err := tx.QueryRowContext(ctx, `INSERT INTO product_images (product_id, path, alt, width, height, files, sort_order)
		VALUES ($1, $2, $3, $4, $5, $6, (SELECT COALESCE(MAX(sort_order), -1) + 1 FROM product_images WHERE product_id = $1))
		RETURNING id, sort_order`, productID, im.Path, im.Alt, im.Width, im.Height, strings.Join(im.Files, " ")).Scan(&out.ID, &out.SortOrder)
	if err != nil {
		return Image{}, fmt.Errorf("add image: %w", err)
	}
	return out, touchProduct(ctx, tx, productID)
}

// DeleteImageTx removes an image and returns it with its files, for the
// caller to delete once the change is stored.
func (s *Store) DeleteImageTx(ctx context.Context, tx *sql.Tx, productID, id int64) (Image, []string, error) {
	var im Image
	var files string
	err := tx.QueryRowContext(ctx, `SELECT id, product_id, path, alt, width, height, sort_order, files FROM product_images
		WHERE id = $1 AND product_id = $2`, id, productID).Scan(&im.ID, &im.Product, &im.Image, &im.Alt, &im.Width, &im.Height, &im.SortOrder, &files)
	if errors.Is(err, sql.ErrNoRows) {
		return Image{}, nil, errNoImage
	}
	if err != nil {
		return Image{}, nil, fmt.Errorf("load image %d: %w", id, err)
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM product_images WHERE id = $1`, id); err != nil {
		return Image{}, nil, fmt.Errorf("delete image %d: %w", id, err)
	}
	return im, strings.Fields(files), touchProduct(ctx, tx, productID)
}

// MsgImageOrder is the answer to a reorder that does not list the product's images exactly.
const MsgImageOrder = "List every image of this product once, in the new order."

// ReorderImagesTx puts a product's images in the order of ids, which must
// name each of its images once.
func (s *Store) ReorderImagesTx(ctx context.Context, tx *sql.Tx, productID int64, ids []int64) error {
	if _, err := s.ProductTx(ctx, tx, productID); err != nil {
		return err
	}
	rows, err := tx.QueryContext(ctx, `SELECT id FROM product_images WHERE product_id = $1`, productID)
	if err != nil {
		return fmt.Errorf("list images of product %d: %w", productID, err)
	}
	have := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return err
		}
		have[id] = false
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	if len(ids) != len(have) {
		return apperr.Invalid(MsgImageOrder, nil)
	}
	for _, id := range ids {
		seen, ok := have[id]
		if !ok || seen {
			return apperr.Invalid(MsgImageOrder, nil)
		}
		have[id] = true
	}
	for i, id := range ids {
		if _, err := tx.ExecContext(ctx, `UPDATE product_images SET sort_order = $1 WHERE id = $2`, i, id); err != nil {
			return fmt.Errorf("reorder image %d: %w", id, err)
		}
	}
	return touchProduct(ctx, tx, productID)
}

// ---- Categories ----

var errNoCategory = apperr.NotFound("Category not found")

// CategoryTx loads a category inside tx.
func (s *Store) CategoryTx(ctx context.Context, tx *sql.Tx, id int64) (Category, error) {
	var c Category
	var parent sql.NullInt64
	err := tx.QueryRowContext(ctx, `SELECT id, name, slug, parent_id FROM categories WHERE id = $1`, id).Scan(&c.ID, &c.Name, &c.Slug, &parent)
	if errors.Is(err, sql.ErrNoRows) {
		return Category{}, errNoCategory
	}
	if err != nil {
		return Category{}, fmt.Errorf("load category %d: %w", id, err)
	}
	if parent.Valid {
		c.Parent = &parent.Int64
	}
	return c, nil
}

// checkParent refuses a parent that does not exist, is the category itself,
// or lies below it in the tree (which would make a loop).
func checkParent(ctx context.Context, tx *sql.Tx, id int64, parent *int64) error {
	if parent == nil {
		return nil
	}
	if id != 0 && *parent == id {
		return apperr.Invalid(MsgOwnParent, map[string]string{"parent": MsgOwnParent})
	}
	// Walk up from the new parent: meeting the category means the parent is
	// one of its descendants. The walk is bounded in case the stored tree
	// already holds a loop.
	cur := *parent
	for depth := 0; depth < 1000; depth++ {
		var up sql.NullInt64
		err := tx.QueryRowContext(ctx, `SELECT parent_id FROM categories WHERE id = $1`, cur).Scan(&up)
		if errors.Is(err, sql.ErrNoRows) {
			if cur == *parent {
				return apperr.Invalid(MsgParentUnknown, map[string]string{"parent": MsgParentUnknown})
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("walk category tree: %w", err)
		}
		if !up.Valid {
			return nil
		}
		if id != 0 && up.Int64 == id {
			return apperr.Invalid(MsgParentIsDescendant, map[string]string{"parent": MsgParentIsDescendant})
		}
		cur = up.Int64
	}
	return apperr.Invalid(MsgParentIsDescendant, map[string]string{"parent": MsgParentIsDescendant})
}

func slugFree(ctx context.Context, tx *sql.Tx, slug string, except int64) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM categories WHERE slug = $1 AND id <> $2`, slug, except).Scan(&n); err != nil {
		return fmt.Errorf("check category slug: %w", err)
	}
	if n > 0 {
		msg := fmt.Sprintf("A category with the slug %q already exists.", slug)
		return apperr.Invalid(msg, map[string]string{"name": msg})
	}
	return nil
}

// CreateCategoryTx stores a category with SPEC.md's slug.
func (s *Store) CreateCategoryTx(ctx context.Context, tx *sql.Tx, f CategoryFields) (Category, error) {
	if err := checkParent(ctx, tx, 0, f.Parent); err != nil {
		return Category{}, err
	}
	if err := slugFree(ctx, tx, f.Slug, 0); err != nil {
		return Category{}, err
	}
	c := Category{Name: f.Name, Slug: f.Slug, Parent: f.Parent}
	if err := tx.QueryRowContext(ctx, `INSERT INTO categories (name, slug, parent_id, sort_order)
		VALUES ($1, $2, $3, (SELECT COALESCE(MAX(sort_order), -1) + 1 FROM categories)) RETURNING id`,
		f.Name, f.Slug, f.Parent).Scan(&c.ID); err != nil {
		return Category{}, fmt.Errorf("create category: %w", err)
	}
	return c, nil
}

// UpdateCategoryTx renames or moves a category. The slug follows a new
// name; an unchanged name keeps its slug, so the shop's links stay.
func (s *Store) UpdateCategoryTx(ctx context.Context, tx *sql.Tx, id int64, f CategoryFields) (before, after Category, err error) {
	if before, err = s.CategoryTx(ctx, tx, id); err != nil {
		return
	}
	if err = checkParent(ctx, tx, id, f.Parent); err != nil {
		return
	}
	slug := before.Slug
	if f.Name != before.Name {
		slug = f.Slug
		if err = slugFree(ctx, tx, slug, id); err != nil {
			return
		}
	}
	if _, err = tx.ExecContext(ctx, `UPDATE categories SET name = $1, slug = $2, parent_id = $3 WHERE id = $4`, f.Name, slug, f.Parent, id); err != nil {
		err = fmt.Errorf("update category %d: %w", id, err)
		return
	}
	after = Category{ID: id, Name: f.Name, Slug: slug, Parent: f.Parent}
	return
}

// MsgCategoryInUse is the answer to deleting a category that still holds something.
const MsgCategoryInUse = "This category still has products (%d) or sub-categories; move or delete them first."

// DeleteCategoryTx deletes an empty category: one with products or
// sub-categories is refused, so nothing is left without a category.
func (s *Store) DeleteCategoryTx(ctx context.Context, tx *sql.Tx, id int64) (Category, error) {
	c, err := s.CategoryTx(ctx, tx, id)
	if err != nil {
		return Category{}, err
	}
	var products, children int
	if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM products WHERE category_id = $1),
		(SELECT COUNT(*) FROM categories WHERE parent_id = $1)`, id).Scan(&products, &children); err != nil {
		return Category{}, fmt.Errorf("count contents of category %d: %w", id, err)
	}
	if products > 0 || children > 0 {
		return Category{}, apperr.Conflict(fmt.Sprintf(MsgCategoryInUse, products))
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM categories WHERE id = $1`, id); err != nil {
		return Category{}, fmt.Errorf("delete category %d: %w", id, err)
	}
	return c, nil
}

// CategoryProductCounts counts the products directly in each category.
func (s *Store) CategoryProductCounts(ctx context.Context) (map[int64]int, error) {
	rows, err := s.db.Query(ctx, `SELECT category_id, COUNT(*) FROM products GROUP BY category_id`)
	if err != nil {
		return nil, fmt.Errorf("count products by category: %w", err)
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var id int64
		var n int
		if err := rows.Scan(&id, &n); err != nil {
			return nil, err
		}
		out[id] = n
	}
	return out, rows.Err()
}

// LowStockVariant is a size running out, for the dashboard.
type LowStockVariant struct {
	Variant
	ProductName string `json:"product_name"`
	IsActive    bool   `json:"is_active"`
}

// LowStock lists sizes with at most threshold in stock, emptiest first.
func (s *Store) LowStock(ctx context.Context, threshold, limit int) ([]LowStockVariant, error) {
	rows, err := s.db.Query(ctx, `SELECT v.id, v.product_id, v.size, v.sku, v.price_cents, v.stock, p.name, p.is_active
		FROM variants v JOIN products p ON p.id = v.product_id
		WHERE v.stock <= $1 ORDER BY p.is_active DESC, v.stock, LOWER(p.name), v.id LIMIT $2`, threshold, limit)
	if err != nil {
		return nil, fmt.Errorf("list low stock: %w", err)
	}
	defer rows.Close()
	out := []LowStockVariant{}
	for rows.Next() {
		var v LowStockVariant
		if err := rows.Scan(&v.ID, &v.Product, &v.Size, &v.SKU, &v.Price, &v.Stock, &v.ProductName, &v.IsActive); err != nil {
			return nil, fmt.Errorf("scan low stock: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}
