package catalog

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
)

// StockLine is a quantity of one size: what an order takes off the stock,
// or gives back.
type StockLine struct {
	VariantID int64
	Qty       int
}

// TakeStockTx takes every line's quantity off its size's stock inside tx,
// or none: the guarded UPDATE never takes stock below zero on either engine
// (PostgreSQL locks the row, SQLite has one writer), and a short line fails
// the whole transaction with a message naming the size.
func TakeStockTx(ctx context.Context, tx *sql.Tx, lines []StockLine) error {
	for _, l := range lines {
		res, err := tx.ExecContext(ctx, `UPDATE variants SET stock = stock - $1 WHERE id = $2 AND stock >= $1`, l.Qty, l.VariantID)
		if err != nil {
			return fmt.Errorf("take stock of size %d: %w", l.VariantID, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var name, size string
			if err := tx.QueryRowContext(ctx, `SELECT p.name, v.size FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`,
				l.VariantID).Scan(&name, &size); err != nil {
				return apperr.Invalid("Sorry, one of the sizes in your cart is no longer available.", nil)
			}
			return apperr.Invalid(fmt.Sprintf("Sorry, there is not enough stock of %s (%s) left for your order.", name, size), nil)
		}
	}
	return nil
}

// ReturnStockTx puts every line's quantity back on its size's stock inside
// tx. A size deleted since (VariantID 0) is skipped.
func ReturnStockTx(ctx context.Context, tx *sql.Tx, lines []StockLine) error {
	for _, l := range lines {
		if l.VariantID == 0 {
			continue
		}
		if _, err := tx.ExecContext(ctx, `UPDATE variants SET stock = stock + $1 WHERE id = $2`, l.Qty, l.VariantID); err != nil {
			return fmt.Errorf("return stock of size %d: %w", l.VariantID, err)
		}
	}
	return nil
}
