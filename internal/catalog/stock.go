package catalog

import (
	"context"
	"database/sql"
	"errors"
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
	changed := map[int64]bool{}
	for _, l := range lines {
		var product int64
		err := tx.QueryRowContext(ctx, `UPDATE variants SET stock = stock - $1 WHERE id = $2 AND stock >= $1 RETURNING product_id`,
			l.Qty, l.VariantID).Scan(&product)
		if errors.Is(err, sql.ErrNoRows) {
			return shortOfStock(ctx, tx, l.VariantID)
		}
		if err != nil {
			return fmt.Errorf("take stock of size %d: %w", l.VariantID, err)
		}
		changed[product] = true
	}
	return refreshCardsTx(ctx, tx, changed)
}

// shortOfStock is the answer when size variantID has too little stock left,
// or is gone.
func shortOfStock(ctx context.Context, tx *sql.Tx, variantID int64) error {
	var name, size string
	if err := tx.QueryRowContext(ctx, `SELECT p.name, v.size FROM variants v JOIN products p ON p.id = v.product_id WHERE v.id = $1`,
		variantID).Scan(&name, &size); err != nil {
		return apperr.Invalid("Sorry, one of the sizes in your cart is no longer available.", nil)
	}
	return apperr.Invalid(fmt.Sprintf("Sorry, there is not enough stock of %s (%s) left for your order.", name, size), nil)
}

// ReturnStockTx puts every line's quantity back on its size's stock inside
// tx. A size deleted since (VariantID 0) is skipped.
func ReturnStockTx(ctx context.Context, tx *sql.Tx, lines []StockLine) error {
	changed := map[int64]bool{}
	for _, l := range lines {
		if l.VariantID == 0 {
			continue
		}
		var product int64
		err := tx.QueryRowContext(ctx, `UPDATE variants SET stock = stock + $1 WHERE id = $2 RETURNING product_id`, l.Qty, l.VariantID).Scan(&product)
		if errors.Is(err, sql.ErrNoRows) {
			continue
		}
		if err != nil {
			return fmt.Errorf("return stock of size %d: %w", l.VariantID, err)
		}
		changed[product] = true
	}
	return refreshCardsTx(ctx, tx, changed)
}
