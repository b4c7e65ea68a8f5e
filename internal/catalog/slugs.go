package catalog

import (
	"context"
	"fmt"
	"time"
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
	defer rows.Close()
	out := []ProductSlug{}
	for rows.Next() {
		var p ProductSlug
		if err := rows.Scan(&p.Slug, &p.UpdatedAt); err != nil {
			return nil, fmt.Errorf("scan product slug: %w", err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list product slugs: %w", err)
	}
	return out, nil
}
