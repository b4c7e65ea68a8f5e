package catalog

import (
	"context"
	"time"

	"shop/internal/db"
)

// ProductSlug is an active product's address and when it last changed: what
// the sitemap lists.
type ProductSlug struct {
	Slug      string
	UpdatedAt time.Time
}

// ProductSlugs lists every active product by id, in one light query.
func (s *Store) ProductSlugs(ctx context.Context) ([]ProductSlug, error) {
	return db.QueryAll(ctx, s.db, "product slugs", func(r db.Scanner) (p ProductSlug, err error) {
		return p, r.Scan(&p.Slug, &p.UpdatedAt)
	}, `SELECT slug, updated_at FROM products WHERE is_active = TRUE ORDER BY id`)
}
