package catalog

import (
	"context"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

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

// NewProductSlug makes a product's address from its name: lower-case letters
// and digits with single hyphens between words ("Dairy Meal 70 Kg" →
// "dairy-meal-70-kg").
func NewProductSlug(name string) string { return slugOf(name, "product") }

// CategorySlug makes a category's address from its name as NewProductSlug
// does ("Dairy Meal" → "dairy-meal"): markup or punctuation in a name leaves
// nothing of itself in the shop's links.
func CategorySlug(name string) string { return slugOf(name, "category") }

// slugOf is name's letters and digits in lower case, each run of anything
// else one hyphen, at most 200 bytes; empty is fallback.
func slugOf(name, fallback string) string {
	var b strings.Builder
	hyphen := false
	for _, r := range strings.ToLower(name) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if hyphen && b.Len() > 0 {
				b.WriteByte('-')
			}
			hyphen = false
			b.WriteRune(r)
			continue
		}
		hyphen = true
	}
	s := b.String()
	for len(s) > 200 {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
	}
	s = strings.Trim(s, "-")
	if s == "" {
		s = fallback
	}
	return s
}
