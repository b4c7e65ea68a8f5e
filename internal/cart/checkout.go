package cart

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/money"
)

// Line is a cart line as checkout takes it: the size, how many, and the
// catalogue's price today.
type Line struct {
	VariantID   int64
	ProductID   int64
	ProductName string
	Size        string
	SKU         string
	Quantity    int
	UnitPrice   money.Cents
}

// LinesTx reads cart id's lines inside tx, oldest first, at today's prices.
// A line whose product was withdrawn stops the checkout with a message
// naming it.
func LinesTx(ctx context.Context, tx *sql.Tx, cartID int64) ([]Line, error) {
	rows, err := tx.QueryContext(ctx, `SELECT v.id, p.id, p.name, v.size, v.sku, ci.quantity, v.price_cents, p.is_active
		FROM cart_items ci JOIN variants v ON v.id = ci.variant_id JOIN products p ON p.id = v.product_id
		WHERE ci.cart_id = $1 ORDER BY ci.added_at, ci.id`, cartID)
	if err != nil {
		return nil, fmt.Errorf("load cart %d: %w", cartID, err)
	}
	defer rows.Close()
	var lines []Line
	for rows.Next() {
		var l Line
		var active bool
		if err := rows.Scan(&l.VariantID, &l.ProductID, &l.ProductName, &l.Size, &l.SKU, &l.Quantity, &l.UnitPrice, &active); err != nil {
			return nil, err
		}
		if !active {
			return nil, apperr.Invalid(fmt.Sprintf("%s is no longer available. Please remove it from your cart.", l.ProductName), nil)
		}
		lines = append(lines, l)
	}
	return lines, rows.Err()
}

// RemoveVariantsTx takes the given sizes out of cart id inside tx: what an
// order bought leaves the cart once it is paid for.
func RemoveVariantsTx(ctx context.Context, tx *sql.Tx, cartID int64, variantIDs []int64) error {
	for _, v := range variantIDs {
		if _, err := tx.ExecContext(ctx, `DELETE FROM cart_items WHERE cart_id = $1 AND variant_id = $2`, cartID, v); err != nil {
			return fmt.Errorf("empty cart %d: %w", cartID, err)
		}
	}
	return nil
}
