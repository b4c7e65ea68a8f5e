package cart

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/weight"
)

// Line is a cart line as checkout takes it: the size, how many, and the
// catalogue's price today.
type Line struct {
	VariantID   int64
	ProductID   int64
	ProductName string
	// ProductNameSW is the product's Kiswahili name, "" where it has none:
	// the order keeps both (docs/i18n.md, "Product content").
	ProductNameSW string
	Size          string
	SKU           string
	Quantity      int
	UnitPrice     money.Cents
	// Weight is one unit's shipping weight.
	Weight weight.Grams
	// VATClass is the product's VAT class (internal/vat).
	VATClass string
	active   bool
}

// Total is the line's price: unit price × quantity.
func (l Line) Total() money.Cents { return l.UnitPrice * money.Cents(l.Quantity) }

// Totals are what delivery is priced from: the lines' weight and subtotal.
func Totals(lines []Line) (weight.Grams, money.Cents) {
	var w weight.Grams
	var subtotal money.Cents
	for _, l := range lines {
		w += l.Weight * weight.Grams(l.Quantity)
		subtotal += l.Total()
	}
	return w, subtotal
}

// LinesTx reads cart id's lines inside tx, oldest first, at today's prices.
// A line whose product was withdrawn stops the checkout with a message
// naming it.
func LinesTx(ctx context.Context, tx *sql.Tx, cartID int64) ([]Line, error) {
	rows, err := tx.QueryContext(ctx, linesQuery, cartID)
	if err != nil {
		return nil, fmt.Errorf("load cart %d: %w", cartID, err)
	}
	lines, err := db.Collect(rows, scanLine)
	if err != nil {
		return nil, err
	}
	for _, l := range lines {
		if !l.active {
			return nil, apperr.Invalid(fmt.Sprintf("%s is no longer available. Please remove it from your cart.", l.ProductName), nil)
		}
	}
	return lines, nil
}

const linesQuery = `SELECT v.id, p.id, p.name, p.name_sw, v.size, v.sku, ci.quantity, v.price_cents, COALESCE(v.weight_grams, 0), p.vat_class, p.is_active
	FROM cart_items ci JOIN variants v ON v.id = ci.variant_id JOIN products p ON p.id = v.product_id
	WHERE ci.cart_id = $1 ORDER BY ci.added_at, ci.id`

func scanLine(r db.Scanner) (l Line, err error) {
	return l, r.Scan(&l.VariantID, &l.ProductID, &l.ProductName, &l.ProductNameSW, &l.Size, &l.SKU, &l.Quantity, &l.UnitPrice, &l.Weight, &l.VATClass, &l.active)
}

// Lines reads cart id's lines outside a transaction, for a delivery quote
// before checkout; inactive products are left to checkout to refuse.
func (s *Store) Lines(ctx context.Context, cartID int64) ([]Line, error) {
	return db.QueryAll(ctx, s.db, "cart lines", scanLine, linesQuery, cartID)
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
