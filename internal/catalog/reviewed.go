package catalog

import (
	"context"
	"database/sql"
	"strconv"

	"shop/internal/db"
)

// What package review, which owns the reviews table, asks of the
// catalogue: the product a review is about, and the rating its card shows.
// The catalogue only reads reviews: the approved ones on the product page
// (loadDetails) and their count and mean on the card (refreshCardTx).

// ActiveProductID is the id of the active product that idOrSlug (an id or
// a slug) names; a product not on sale answers "Product not found".
func (s *Store) ActiveProductID(ctx context.Context, idOrSlug string) (int64, error) {
	cond, arg := "slug = $1", any(idOrSlug)
	if id, err := strconv.ParseInt(idOrSlug, 10, 64); err == nil {
		cond, arg = "id = $1", id
	}
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM products WHERE `+cond+` AND is_active = TRUE`, arg).Scan(&id)
	return id, db.RowErr(err, errNoProduct, "find product %v", idOrSlug)
}

// ReviewsChangedTx rewrites the rating and review count on the cards of
// products inside tx, after their reviews were approved, rejected, added
// or deleted, so the lists show what the product pages show.
func ReviewsChangedTx(ctx context.Context, tx *sql.Tx, products ...int64) error {
	changed := make(map[int64]bool, len(products))
	for _, id := range products {
		changed[id] = true
	}
	return RefreshCardsTx(ctx, tx, changed)
}

// DB is the database the store is on, for the stores that keep what the
// catalogue shows beside it (package demo seeds its reviews through package
// review).
func (s *Store) DB() *db.DB { return s.db }
