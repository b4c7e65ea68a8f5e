package catalog

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/db"
)

// The back office's changes to a product's sizes, and the sizes running out.

var errNoVariant = apperr.NotFound("Size not found")

// VariantTx loads a product's variant inside tx.
func (s *Store) VariantTx(ctx context.Context, tx *sql.Tx, productID, id int64) (Variant, error) {
	v, err := scanVariant(tx.QueryRowContext(ctx, `SELECT `+variantColumns+` FROM variants WHERE id = $1 AND product_id = $2`, id, productID))
	if err != nil {
		return Variant{}, db.RowErr(err, errNoVariant, "load variant %d", id)
	}
	return v, nil
}

func skuTaken(err error) error {
	if db.IsUniqueViolation(err) {
		return apperr.FixFields(map[string]string{"sku": MsgSKUTaken})
	}
	return err
}

// skuFree checks no other variant has sku, so the answer is a field message
// instead of an aborted transaction (PostgreSQL cannot go on after a failed
// statement).
func skuFree(ctx context.Context, tx *sql.Tx, sku string, except int64) error {
	n, err := db.CountTx(ctx, tx, "variants by SKU", `SELECT COUNT(*) FROM variants WHERE sku = $1 AND id <> $2`, sku, except)
	if err != nil {
		return err
	}
	if n > 0 {
		return apperr.FixFields(map[string]string{"sku": MsgSKUTaken})
	}
	return nil
}

// AddVariantTx adds a size to a product, after its other sizes; ledger
// sets its first stock, a movement from none.
func (s *Store) AddVariantTx(ctx context.Context, tx *sql.Tx, productID int64, f VariantFields, ledger StockSetter) (Variant, error) {
	if _, err := s.ProductTx(ctx, tx, productID); err != nil {
		return Variant{}, err
	}
	if err := skuFree(ctx, tx, f.SKU, 0); err != nil {
		return Variant{}, err
	}
	v := Variant{Product: productID, Size: f.Size, SKU: f.SKU, Price: f.Price, Stock: f.Stock, Weight: WeightOf(f.Size, f.Weight), LastsDays: f.Lasts}
	err := tx.QueryRowContext(ctx, `INSERT INTO variants (product_id, size, size_key, sku, price_cents, stock, weight_grams, lasts_days, sort_order)
		VALUES ($1, $2, $3, $4, $5, 0, $6, $7, (SELECT COALESCE(MAX(sort_order), -1) + 1 FROM variants WHERE product_id = $1)) RETURNING id`,
		productID, f.Size, SizeKey(f.Size), f.SKU, int64(f.Price), int64(v.Weight), lastsArg(f.Lasts)).Scan(&v.ID)
	if err != nil {
		return Variant{}, fmt.Errorf("add variant: %w", skuTaken(err))
	}
	if err := ledger.SetTx(ctx, tx, v.ID, v.Stock); err != nil {
		return Variant{}, err
	}
	return v, s.touchProduct(ctx, tx, productID)
}

// UpdateVariantTx changes a size and returns it as it was and as it is. A
// new stock number is set by ledger, a movement.
func (s *Store) UpdateVariantTx(ctx context.Context, tx *sql.Tx, productID, id int64, f VariantFields, ledger StockSetter) (before, after Variant, err error) {
	if before, err = s.VariantTx(ctx, tx, productID, id); err != nil {
		return
	}
	if err = skuFree(ctx, tx, f.SKU, id); err != nil {
		return
	}
	w := before.Weight // kept when the form leaves the weight out
	if f.Weight != nil {
		w = *f.Weight
	}
	lasts := before.LastsDays // kept when the form leaves it out
	if f.SetLasts {
		lasts = f.Lasts
	}
	if _, err = tx.ExecContext(ctx, `UPDATE variants SET size = $1, size_key = $2, sku = $3, price_cents = $4, weight_grams = $5, lasts_days = $6 WHERE id = $7`,
		f.Size, SizeKey(f.Size), f.SKU, int64(f.Price), int64(w), lastsArg(lasts), id); err != nil {
		err = fmt.Errorf("update variant %d: %w", id, skuTaken(err))
		return
	}
	if err = ledger.SetTx(ctx, tx, id, f.Stock); err != nil {
		return
	}
	after = Variant{ID: id, Product: productID, Size: f.Size, SKU: f.SKU, Price: f.Price, Stock: f.Stock, Weight: w, LastsDays: lasts}
	err = s.touchProduct(ctx, tx, productID)
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
	return v, s.touchProduct(ctx, tx, productID)
}

// LowStockVariant is a size running out, for the dashboard.
type LowStockVariant struct {
	Variant
	ProductName string `json:"product_name"`
	IsActive    bool   `json:"is_active"`
}

// LowStock lists sizes with at most threshold in stock, emptiest first.
func (s *Store) LowStock(ctx context.Context, threshold, limit int) ([]LowStockVariant, error) {
	return db.QueryAll(ctx, s.db, "low stock", func(r db.Scanner) (v LowStockVariant, err error) {
		return v, r.Scan(&v.ID, &v.Product, &v.Size, &v.SKU, &v.Price, &v.Stock, &v.Weight, &v.ProductName, &v.IsActive)
	}, `SELECT v.id, v.product_id, v.size, v.sku, v.price_cents, v.stock, COALESCE(v.weight_grams, 0), p.name, p.is_active
		FROM variants v JOIN products p ON p.id = v.product_id
		WHERE v.stock <= $1 ORDER BY p.is_active DESC, v.stock, LOWER(p.name), v.id LIMIT $2`, threshold, limit)
}

// lastsArg is a size's days as a parameter: NULL when not set.
func lastsArg(n *int) any {
	if n == nil {
		return nil
	}
	return *n
}
