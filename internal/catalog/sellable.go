package catalog

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/weight"
)

// Sellable is a size of an active product as an order line copies it.
type Sellable struct {
	VariantID, ProductID int64
	ProductName          string
	// ProductNameSW is the product's Kiswahili name, "" where it has none.
	ProductNameSW string
	Size, SKU     string
	Price         money.Cents
}

// SellableSizes lists the sizes of active products, at most limit, for
// making sales history (the demo's, and benchmark data).
func (s *Store) SellableSizes(ctx context.Context, limit int) ([]Sellable, error) {
	return db.QueryAll(ctx, s.db, "sellable sizes", func(r db.Scanner) (v Sellable, err error) {
		return v, r.Scan(&v.VariantID, &v.ProductID, &v.ProductName, &v.ProductNameSW, &v.Size, &v.SKU, &v.Price)
	}, `SELECT v.id, p.id, p.name, p.name_sw, v.size, v.sku, v.price_cents FROM variants v JOIN products p ON p.id = v.product_id
		WHERE p.is_active ORDER BY v.id LIMIT $1`, limit)
}

// OrderSize is a size as an order line is made from it: its product, today's
// price, shipping weight and VAT class, and whether the product is on sale.
type OrderSize struct {
	Sellable
	Weight   weight.Grams
	VATClass string
	Active   bool
}

// OrderSizesTx reads the sizes with the given ids inside tx, for an order
// placed without a cart (a phone order, USSD, an agent's). A size that does
// not exist is missing from the map.
func OrderSizesTx(ctx context.Context, tx *sql.Tx, ids []int64) (map[int64]OrderSize, error) {
	out := make(map[int64]OrderSize, len(ids))
	for _, id := range ids {
		var s OrderSize
		err := tx.QueryRowContext(ctx, `SELECT v.id, p.id, p.name, p.name_sw, v.size, v.sku, v.price_cents, COALESCE(v.weight_grams, 0), p.vat_class, p.is_active
			FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`, id).
			Scan(&s.VariantID, &s.ProductID, &s.ProductName, &s.ProductNameSW, &s.Size, &s.SKU, &s.Price, &s.Weight, &s.VATClass, &s.Active)
		if db.NoRows(err) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("read size %d: %w", id, err)
		}
		out[id] = s
	}
	return out, nil
}
