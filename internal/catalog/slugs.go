package catalog

import (
	"context"
	"fmt"
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
	rows, err := s.db.Query(ctx, `SELECT slug, updated_at FROM products WHERE is_active = TRUE ORDER BY id`)
	if err != nil {
		return nil, fmt.Errorf("list product slugs: %w", err)
	}
	out, err := db.Collect(rows, func(r db.Scanner) (p ProductSlug, err error) {
		return p, r.Scan(&p.Slug, &p.UpdatedAt)
	})
	if err != nil {
		return nil, fmt.Errorf("list product slugs: %w", err)
	}
	return out, nil
}
