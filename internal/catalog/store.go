package catalog

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/weight"
)

// Store reads and writes the catalogue.
type Store struct {
	db *db.DB
	// index is the search index in memory (searchindex.go).
	index *searchIndexKeeper
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store {
	return &Store{db: d, index: &searchIndexKeeper{d: d}}
}

// Categories lists every category, parents before their children's siblings
// by sort order then name, named in the language ctx carries.
func (s *Store) Categories(ctx context.Context) ([]Category, error) {
	return db.QueryAll(ctx, s.db, "categories", scanCategory,
		`SELECT `+categoryColumnsIn(i18n.From(ctx))+` FROM categories ORDER BY sort_order, id`)
}

const categoryColumns = `id, name, slug, parent_id`

func scanCategory(sc db.Scanner) (Category, error) {
	var c Category
	var parent sql.NullInt64
	if err := sc.Scan(&c.ID, &c.Name, &c.Slug, &parent); err != nil {
		return c, err
	}
	if parent.Valid {
		c.Parent = &parent.Int64
	}
	return c, nil
}

// productColumns are what scanInfo reads; productRest all of them after the
// texts.
const (
	productColumns = `p.id, p.name, p.slug, p.description, ` + productRest
	productRest    = `p.base_price_cents, p.category_id,
	p.is_active, p.is_featured, p.is_best_seller, p.is_new_arrival, p.promo, p.created_at, p.updated_at, p.vat_class`
)

// scanInfo scans productColumns, then extra, into p.
func scanInfo(sc db.Scanner, p *ProductInfo, extra ...any) error {
	var promo sql.NullString
	if err := sc.Scan(append([]any{&p.ID, &p.Name, &p.Slug, &p.Description, &p.BasePrice, &p.Category,
		&p.IsActive, &p.IsFeatured, &p.IsBestSeller, &p.IsNewArrival, &promo, &p.CreatedAt, &p.UpdatedAt, &p.VATClass}, extra...)...); err != nil {
		return err
	}
	if promo.Valid {
		p.Promo = &promo.String
	}
	p.OccasionTags = []int{}
	if p.IsNewArrival {
		p.OccasionTags = append(p.OccasionTags, OccasionNewArrival)
	}
	return nil
}

var errNoProduct = apperr.NotFound("Product not found")

// oneProduct scans the product row holds, then extra, or answers
// errNoProduct.
func oneProduct(row *sql.Row, key any, extra ...any) (Product, error) {
	var p Product
	err := scanInfo(row, &p.ProductInfo, extra...)
	if err != nil {
		return Product{}, db.RowErr(err, errNoProduct, "load product %v", key)
	}
	return p, nil
}

// Product finds an active product by id or slug, its texts in the language
// ctx carries.
func (s *Store) Product(ctx context.Context, idOrSlug string) (Product, error) {
	cond, arg := "p.slug = $1", any(idOrSlug)
	if id, err := strconv.ParseInt(idOrSlug, 10, 64); err == nil {
		cond, arg = "p.id = $1", id
	}
	cols, extra, sw := productColumns, []any(nil), swNames{}
	if i18n.From(ctx) == i18n.Kiswahili {
		cols, extra = productColumnsSW+swNameColumns, sw.dest()
	}
	p, err := oneProduct(s.db.QueryRow(ctx, `SELECT `+cols+` FROM products p WHERE `+cond+` AND p.is_active = TRUE`, arg), idOrSlug, extra...)
	if err != nil {
		return Product{}, err
	}
	if p, err = s.withDetails(ctx, p, i18n.From(ctx)); err != nil {
		return Product{}, err
	}
	sw.alts(p.Images)
	return p, nil
}

// withDetails is p with its variants, images and reviews, their sizes and
// words in l.
func (s *Store) withDetails(ctx context.Context, p Product, l i18n.Lang) (Product, error) {
	ps := []Product{p}
	if err := s.loadDetails(ctx, ps, l); err != nil {
		return Product{}, err
	}
	return ps[0], nil
}

// loadDetails fills variants, images and approved reviews of ps: three
// queries in all. In Kiswahili the sizes are written as Kiswahili writes them
// (i18n.Size) and a review shows its Kiswahili words where it has them.
func (s *Store) loadDetails(ctx context.Context, ps []Product, l i18n.Lang) error {
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
	variants, err := db.QueryAll(ctx, s.db, "variants", scanVariant,
		`SELECT `+variantColumns+` FROM variants WHERE `+in+` ORDER BY product_id, sort_order, id`, idsArg)
	if err != nil {
		return err
	}
	images, err := db.QueryAll(ctx, s.db, "images", scanImage,
		`SELECT `+imageColumns+` FROM product_images WHERE `+in+` ORDER BY product_id, sort_order, id`, idsArg)
	if err != nil {
		return err
	}
	comment := "comment"
	if l == i18n.Kiswahili {
		comment = inSW("comment")
	}
	reviews, err := db.QueryAll(ctx, s.db, "reviews", func(r db.Scanner) (rv Review, err error) {
		return rv, r.Scan(&rv.ID, &rv.Product, &rv.Name, &rv.Rating, &rv.Comment, &rv.CreatedAt)
	}, `SELECT id, product_id, name, rating, `+comment+`, created_at FROM reviews WHERE status = 'approved' AND `+in+` ORDER BY product_id, created_at DESC, id DESC`, idsArg)
	if err != nil {
		return err
	}
	// Each list comes ordered by product, so each product's stays in order.
	for _, v := range variants {
		v.Size = i18n.Size(l, v.Size)
		index[v.Product].Variants = append(index[v.Product].Variants, v)
	}
	for _, im := range images {
		index[im.Product].Images = append(index[im.Product].Images, im)
	}
	for _, rv := range reviews {
		index[rv.Product].Reviews = append(index[rv.Product].Reviews, rv)
	}
	for i := range ps {
		ps[i].Rating, ps[i].ReviewCount = meanRating(ps[i].Reviews)
	}
	return nil
}

const imageColumns = `id, product_id, path, alt, width, height, sort_order`

func scanImage(r db.Scanner) (im Image, err error) {
	return im, r.Scan(&im.ID, &im.Product, &im.Image, &im.Alt, &im.Width, &im.Height, &im.SortOrder)
}

// meanRating is the mean of reviews' ratings to one decimal, rounded down,
// and their count; nil without reviews.
func meanRating(reviews []Review) (*float64, int) {
	n := len(reviews)
	if n == 0 {
		return nil, 0
	}
	sum := 0
	for _, rv := range reviews {
		sum += rv.Rating
	}
	mean := float64(sum*10/n) / 10
	return &mean, n
}

// NewCategory is the input to CreateCategory.
type NewCategory struct {
	Name       string
	Slug       string
	ParentSlug string
	// NameSW is the name in Kiswahili; "" for none.
	NameSW string
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
		return tx.QueryRowContext(ctx, `INSERT INTO categories (name, slug, parent_id, name_sw) VALUES ($1, $2, $3, $4) RETURNING id`,
			c.Name, c.Slug, parent, c.NameSW).Scan(&out.ID)
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
	// NameSW and DescriptionSW are the texts in Kiswahili; "" for none.
	NameSW, DescriptionSW string
	CategoryID            int64
	BasePrice             money.Cents
	IsActive              bool
	IsFeatured            bool
	IsBestSeller          bool
	IsNewArrival          bool
	Promo                 string
	// VATClass is the tax band (internal/vat); "" for B.
	VATClass string
	Variants []NewVariant
	Images   []NewImage
}

// NewVariant is a size of a NewProduct.
type NewVariant struct {
	Size  string
	SKU   string
	Price money.Cents
	Stock int
	// Weight nil: read from the size (WeightOf).
	Weight *weight.Grams
	// LastsDays is how many days the size usually lasts; nil: not set.
	LastsDays *int
}

// NewImage is a stored picture of a NewProduct.
type NewImage struct {
	Path          string
	Alt           string
	Width, Height int
}

// CreateProduct stores a product with its variants and images in one
// transaction and returns its id.
func (s *Store) CreateProduct(ctx context.Context, np NewProduct) (int64, error) {
	var id int64
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		var promo *string
		if np.Promo != "" {
			promo = &np.Promo
		}
		if err := tx.QueryRowContext(ctx, `INSERT INTO products
			(name, slug, description, base_price_cents, category_id, is_active, is_featured, is_best_seller, is_new_arrival, promo,
			name_sw, description_sw, vat_class)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, COALESCE(NULLIF($13, ''), 'B')) RETURNING id`,
			np.Name, np.Slug, np.Description, int64(np.BasePrice), np.CategoryID, np.IsActive,
			np.IsFeatured, np.IsBestSeller, np.IsNewArrival, promo, np.NameSW, np.DescriptionSW, np.VATClass).Scan(&id); err != nil {
			return err
		}
		for i, v := range np.Variants {
			if _, err := tx.ExecContext(ctx, `INSERT INTO variants (product_id, size, size_key, sku, price_cents, stock, sort_order, weight_grams, lasts_days)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, id, v.Size, SizeKey(v.Size), v.SKU, int64(v.Price), v.Stock, i, int64(WeightOf(v.Size, v.Weight)), lastsArg(v.LastsDays)); err != nil {
				return fmt.Errorf("variant %s: %w", v.SKU, err)
			}
		}
		for i, im := range np.Images {
			if _, err := tx.ExecContext(ctx, `INSERT INTO product_images (product_id, path, alt, width, height, sort_order)
				VALUES ($1, $2, $3, $4, $5, $6)`, id, im.Path, im.Alt, im.Width, im.Height, i); err != nil {
				return fmt.Errorf("image %s: %w", im.Path, err)
			}
		}
		return s.refreshTx(ctx, tx, id)
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
	return s.db.Count(ctx, "products", `SELECT COUNT(*) FROM products`)
}
