package catalog

import (
	"context"

	"shop/internal/db"
	"shop/internal/money"
)

// Sellable is a size of an active product as an order line copies it.
type Sellable struct {
	VariantID, ProductID int64
	ProductName          string
	Size, SKU            string
	Price                money.Cents
}

// SellableSizes lists the sizes of active products, at most limit, for
// making sales history (the demo's, and benchmark data).
func (s *Store) SellableSizes(ctx context.Context, limit int) ([]Sellable, error) {
	return db.QueryAll(ctx, s.db, "sellable sizes", func(r db.Scanner) (v Sellable, err error) {
		return v, r.Scan(&v.VariantID, &v.ProductID, &v.ProductName, &v.Size, &v.SKU, &v.Price)
	}, `SELECT v.id, p.id, p.name, v.size, v.sku, v.price_cents FROM variants v JOIN products p ON p.id = v.product_id
		WHERE p.is_active ORDER BY v.id LIMIT $1`, limit)
}
