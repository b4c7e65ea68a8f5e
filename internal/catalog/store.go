package catalog

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
)

// Store reads and writes the catalogue.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Categories lists every category, parents before their children's siblings
// by sort order then name.
func (s *Store) Categories(ctx context.Context) ([]Category, error) {
	rows, err := s.db.Query(ctx, `SELECT id, name, slug, parent_id FROM categories ORDER BY sort_order, id`)
	if err != nil {
		return nil, fmt.Errorf("list categories: %w", err)
	}
	defer rows.Close()
	cats := []Category{}
	for rows.Next() {
		var c Category
		var parent sql.NullInt64
		if err := rows.Scan(&c.ID, &c.Name, &c.Slug, &parent); err != nil {
			return nil, fmt.Errorf("scan category: %w", err)
		}
		if parent.Valid {
			c.Parent = &parent.Int64
		}
		cats = append(cats, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list categories: %w", err)
	}
	return cats, nil
}

const productColumns = `p.id, p.name, p.slug, p.description, p.base_price_cents, p.category_id,
	p.is_active, p.is_featured, p.is_best_seller, p.is_new_arrival, p.promo, p.created_at, p.updated_at`

func scanProduct(sc interface{ Scan(...any) error }) (Product, error) {
	var p Product
	var promo sql.NullString
	if err := sc.Scan(&p.ID, &p.Name, &p.Slug, &p.Description, &p.BasePrice, &p.Category,
		&p.IsActive, &p.IsFeatured, &p.IsBestSeller, &p.IsNewArrival, &promo, &p.CreatedAt, &p.UpdatedAt); err != nil {
		return p, err
	}
	if promo.Valid {
		p.Promo = &promo.String
	}
	p.OccasionTags = []int{}
	if p.IsNewArrival {
		p.OccasionTags = append(p.OccasionTags, OccasionNewArrival)
	}
	return p, nil
}

// query builds a statement with $N placeholders numbered as arguments are added.
type query struct {
	where []string
	args  []any
}

func (q *query) arg(v any) string {
	q.args = append(q.args, v)
	return "$" + strconv.Itoa(len(q.args))
}

// ListProducts returns the active products matching f, with variants, images
// and reviews loaded in a fixed number of queries whatever the page size.
func (s *Store) ListProducts(ctx context.Context, f ListFilter) (ProductPage, error) {
	var q query
	var with string
	q.where = append(q.where, "p.is_active = TRUE")
	if f.Category != "" {
		with = `WITH RECURSIVE in_category(id) AS (
			SELECT id FROM categories WHERE slug = ` + q.arg(f.Category) + `
			UNION ALL
			SELECT c.id FROM categories c JOIN in_category ic ON c.parent_id = ic.id
		) `
		q.where = append(q.where, "p.category_id IN (SELECT id FROM in_category)")
	}
	if f.Weight != "" {
		q.where = append(q.where, "EXISTS (SELECT 1 FROM variants v WHERE v.product_id = p.id AND v.size_key = "+q.arg(SizeKey(f.Weight))+")")
	}
	if f.Promo != "" {
		q.where = append(q.where, "p.promo = "+q.arg(f.Promo))
	}
	switch f.Collection {
	case CollectionNewArrivals:
		q.where = append(q.where, "p.is_new_arrival = TRUE")
	case CollectionBestSellers:
		q.where = append(q.where, "p.is_best_seller = TRUE")
	case CollectionFeatured:
		q.where = append(q.where, "p.is_featured = TRUE")
	}
	if f.Search != "" {
		pattern := "%" + escapeLike(strings.ToLower(f.Search)) + "%"
		n := q.arg(pattern)
		q.where = append(q.where, "(LOWER(p.name) LIKE "+n+" ESCAPE '\\' OR LOWER(p.description) LIKE "+n+" ESCAPE '\\')")
	}
	if f.MinPrice != nil {
		q.where = append(q.where, "p.base_price_cents >= "+q.arg(int64(*f.MinPrice)))
	}
	if f.MaxPrice != nil {
		q.where = append(q.where, "p.base_price_cents <= "+q.arg(int64(*f.MaxPrice)))
	}
	// LOWER(p.name) matches the products_active_name index, so a page by
	// name reads 20 rows instead of sorting the catalogue.
	order := "LOWER(p.name), p.id"
	switch f.Sort {
	case SortPriceLow:
		order = "p.base_price_cents, LOWER(p.name), p.id"
	case SortPriceHigh:
		order = "p.base_price_cents DESC, LOWER(p.name), p.id"
	}
	where := strings.Join(q.where, " AND ")

	var limit string
	if f.Page > 0 {
		limit = " LIMIT " + strconv.Itoa(f.PageSize) + " OFFSET " + strconv.Itoa((f.Page-1)*f.PageSize)
	}
	rows, err := s.db.Query(ctx, with+`SELECT `+productColumns+` FROM products p WHERE `+where+` ORDER BY `+order+limit, q.args...)
	if err != nil {
		return ProductPage{}, fmt.Errorf("list products: %w", err)
	}
	defer rows.Close()
	page := ProductPage{Products: []Product{}}
	for rows.Next() {
		p, err := scanProduct(rows)
		if err != nil {
			return ProductPage{}, fmt.Errorf("scan product: %w", err)
		}
		page.Products = append(page.Products, p)
	}
	if err := rows.Err(); err != nil {
		return ProductPage{}, fmt.Errorf("list products: %w", err)
	}
	rows.Close()
	// A page needs the total too. A short page tells it; otherwise a separate
	// COUNT is far cheaper than a window count, which copies every matching
	// row aside.
	page.Count = len(page.Products)
	if n := len(page.Products); f.Page > 0 && n > 0 && n < f.PageSize {
		page.Count = (f.Page-1)*f.PageSize + n
	} else if f.Page > 0 {
		if err := s.db.QueryRow(ctx, with+`SELECT COUNT(*) FROM products p WHERE `+where, q.args...).Scan(&page.Count); err != nil {
			return ProductPage{}, fmt.Errorf("count products: %w", err)
		}
	}
	if err := s.loadDetails(ctx, page.Products); err != nil {
		return ProductPage{}, err
	}
	return page, nil
}

// Product finds an active product by id or slug.
func (s *Store) Product(ctx context.Context, idOrSlug string) (Product, error) {
	cond, arg := "p.slug = $1", any(idOrSlug)
	if id, err := strconv.ParseInt(idOrSlug, 10, 64); err == nil {
		cond, arg = "p.id = $1", id
	}
	row := s.db.QueryRow(ctx, `SELECT `+productColumns+` FROM products p WHERE `+cond+` AND p.is_active = TRUE`, arg)
	p, err := scanProduct(row)
	if errors.Is(err, sql.ErrNoRows) {
		return Product{}, apperr.NotFound("Product not found")
	}
	if err != nil {
		return Product{}, fmt.Errorf("load product %s: %w", idOrSlug, err)
	}
	ps := []Product{p}
	if err := s.loadDetails(ctx, ps); err != nil {
		return Product{}, err
	}
	return ps[0], nil
}

// loadDetails fills variants, images and reviews of ps: three queries in all.
func (s *Store) loadDetails(ctx context.Context, ps []Product) error {
	if len(ps) == 0 {
		return nil
	}
	index := make(map[int64]*Product, len(ps))
	ids := make([]int64, len(ps))
	for i := range ps {
		ps[i].Variants, ps[i].Images, ps[i].Reviews = []Variant{}, []Image{}, []Review{}
		index[ps[i].ID] = &ps[i]
		ids[i] = ps[i].ID
	}
	in, idsArg := s.db.InIDs("product_id", 1, ids)

	rows, err := s.db.Query(ctx, `SELECT id, product_id, size, sku, price_cents, stock FROM variants
		WHERE `+in+` ORDER BY product_id, sort_order, id`, idsArg)
	if err != nil {
		return fmt.Errorf("load variants: %w", err)
	}
	for rows.Next() {
		var v Variant
		if err := rows.Scan(&v.ID, &v.Product, &v.Size, &v.SKU, &v.Price, &v.Stock); err != nil {
			rows.Close()
			return fmt.Errorf("scan variant: %w", err)
		}
		p := index[v.Product]
		p.Variants = append(p.Variants, v)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("load variants: %w", err)
	}

	rows, err = s.db.Query(ctx, `SELECT id, product_id, path, alt, width, height, sort_order FROM product_images
		WHERE `+in+` ORDER BY product_id, sort_order, id`, idsArg)
	if err != nil {
		return fmt.Errorf("load images: %w", err)
	}
	for rows.Next() {
		var im Image
		if err := rows.Scan(&im.ID, &im.Product, &im.Image, &im.Alt, &im.Width, &im.Height, &im.SortOrder); err != nil {
			rows.Close()
			return fmt.Errorf("scan image: %w", err)
		}
		p := index[im.Product]
		p.Images = append(p.Images, im)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("load images: %w", err)
	}

	rows, err = s.db.Query(ctx, `SELECT id, product_id, name, rating, comment, created_at FROM reviews
		WHERE `+in+` ORDER BY product_id, created_at DESC, id DESC`, idsArg)
	if err != nil {
		return fmt.Errorf("load reviews: %w", err)
	}
	for rows.Next() {
		var rv Review
		if err := rows.Scan(&rv.ID, &rv.Product, &rv.Name, &rv.Rating, &rv.Comment, &rv.CreatedAt); err != nil {
			rows.Close()
			return fmt.Errorf("scan review: %w", err)
		}
		p := index[rv.Product]
		p.Reviews = append(p.Reviews, rv)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("load reviews: %w", err)
	}
	for i := range ps {
		if n := len(ps[i].Reviews); n > 0 {
			sum := 0
			for _, rv := range ps[i].Reviews {
				sum += rv.Rating
			}
			mean := float64(sum*10/n) / 10
			ps[i].Rating, ps[i].ReviewCount = &mean, n
		}
	}
	return nil
}

func daysAgo(n int) time.Time {
	return time.Now().UTC().AddDate(0, 0, -n).Truncate(time.Second)
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// NewCategory is the input to CreateCategory.
type NewCategory struct {
	Name       string
	Slug       string
	ParentSlug string
}

// CreateCategory stores a category under the parent named by slug, if any.
func (s *Store) CreateCategory(ctx context.Context, c NewCategory) (Category, error) {
	var parent *int64
	if c.ParentSlug != "" {
		var id int64
		if err := s.db.QueryRow(ctx, `SELECT id FROM categories WHERE slug = $1`, c.ParentSlug).Scan(&id); err != nil {
			return Category{}, fmt.Errorf("find parent category %q: %w", c.ParentSlug, err)
		}
		parent = &id
	}
	out := Category{Name: c.Name, Slug: c.Slug, Parent: parent}
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		return tx.QueryRowContext(ctx, `INSERT INTO categories (name, slug, parent_id) VALUES ($1, $2, $3) RETURNING id`,
			c.Name, c.Slug, parent).Scan(&out.ID)
	})
	if db.IsUniqueViolation(err) {
		return Category{}, apperr.Conflict(fmt.Sprintf("A category with the slug %q already exists.", c.Slug))
	}
	if err != nil {
		return Category{}, fmt.Errorf("create category %q: %w", c.Slug, err)
	}
	return out, nil
}

// NewProduct is the input to CreateProduct.
type NewProduct struct {
	Name, Slug, Description string
	CategoryID              int64
	BasePrice               money.Cents
	IsActive                bool
	IsFeatured              bool
	IsBestSeller            bool
	IsNewArrival            bool
	Promo                   string
	Variants                []NewVariant
	Images                  []NewImage
	Reviews                 []NewReview
}

// NewVariant is a size of a NewProduct.
type NewVariant struct {
	Size  string
	SKU   string
	Price money.Cents
	Stock int
}

// NewImage is a stored picture of a NewProduct.
type NewImage struct {
	Path          string
	Alt           string
	Width, Height int
}

// NewReview is a review of a NewProduct.
type NewReview struct {
	Name    string
	Rating  int
	Comment string
	// DaysAgo dates the review relative to now.
	DaysAgo int
}

// CreateProduct stores a product with its variants, images and reviews in one
// transaction and returns its id.
func (s *Store) CreateProduct(ctx context.Context, np NewProduct) (int64, error) {
	var id int64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var promo *string
		if np.Promo != "" {
			promo = &np.Promo
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO products
			(name, slug, description, base_price_cents, category_id, is_active, is_featured, is_best_seller, is_new_arrival, promo)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
			np.Name, np.Slug, np.Description, int64(np.BasePrice), np.CategoryID, np.IsActive,
			np.IsFeatured, np.IsBestSeller, np.IsNewArrival, promo).Scan(&id); err != nil {
			return err
		}
		for i, v := range np.Variants {
			if _, err := tx.ExecContext(ctx, `INSERT INTO variants (product_id, size, size_key, sku, price_cents, stock, sort_order)
				VALUES ($1, $2, $3, $4, $5, $6, $7)`, id, v.Size, SizeKey(v.Size), v.SKU, int64(v.Price), v.Stock, i); err != nil {
				return fmt.Errorf("variant %s: %w", v.SKU, err)
			}
		}
		for i, im := range np.Images {
			if _, err := tx.ExecContext(ctx, `INSERT INTO product_images (product_id, path, alt, width, height, sort_order)
				VALUES ($1, $2, $3, $4, $5, $6)`, id, im.Path, im.Alt, im.Width, im.Height, i); err != nil {
				return fmt.Errorf("image %s: %w", im.Path, err)
			}
		}
		for _, rv := range np.Reviews {
			if _, err := tx.ExecContext(ctx, `INSERT INTO reviews (product_id, name, rating, comment, created_at)
				VALUES ($1, $2, $3, $4, $5)`, id, rv.Name, rv.Rating, rv.Comment, daysAgo(rv.DaysAgo)); err != nil {
				return fmt.Errorf("review: %w", err)
			}
		}
		return nil
	})
	if db.IsUniqueViolation(err) {
		return 0, apperr.Conflict(fmt.Sprintf("A product with the slug %q or one of its SKUs already exists.", np.Slug))
	}
	if err != nil {
		return 0, fmt.Errorf("create product %q: %w", np.Slug, err)
	}
	return id, nil
}

// CountProducts counts every product, active or not.
func (s *Store) CountProducts(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM products`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count products: %w", err)
	}
	return n, nil
}
