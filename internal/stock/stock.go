// Package stock is the stock ledger: every change of a size's stock is a
// movement with its reason, who made it and the order (docs/product.md
// section 5). The stock number itself is a column of catalog's variants,
// changed through catalog's stock functions; this package owns
// stock_movements and decides when and why the number moves.
package stock

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/db"
)

// Line is a quantity of one size: what an order takes off the stock, or
// gives back. OrderID (0: none) is the order the movement is for.
type Line struct {
	VariantID int64
	Qty       int
	OrderID   int64
}

// The reasons a size's stock changes (stock_movements.reason).
const (
	ReasonSale            = "sale"
	ReasonOrderReturned   = "order_returned"
	ReasonReceived        = "received"
	ReasonDamaged         = "damaged"
	ReasonCountCorrection = "count_correction"
	ReasonImport          = "import"
	// ReasonEdit is an admin typing a new stock number in the size form.
	ReasonEdit = "edit"
)

// SystemActor names the shop itself as who moved stock: the checkout and
// the order flow.
const SystemActor = "system"

// Mover is who moves stock and why, for the movements it writes.
type Mover struct {
	Reason string
	// Actor is an admin's email, or SystemActor.
	Actor  string
	UserID int64
	Note   string
}

// TakeTx takes every line's quantity off its size's stock inside tx, or
// none, as sales: the guarded UPDATE never takes stock below zero on either
// engine (PostgreSQL locks the row, SQLite has one writer), and a short
// line fails the whole transaction with a message naming the size.
func TakeTx(ctx context.Context, tx *sql.Tx, lines []Line) error {
	changed := map[int64]bool{}
	sale := Mover{Reason: ReasonSale, Actor: SystemActor}
	for _, l := range lines {
		product, err := moveTx(ctx, tx, l.VariantID, -l.Qty, l.OrderID, sale)
		if db.NoRows(err) {
			return shortOfStock(ctx, tx, l.VariantID)
		}
		if err != nil {
			return fmt.Errorf("take stock of size %d: %w", l.VariantID, err)
		}
		changed[product] = true
	}
	return catalog.RefreshCardsTx(ctx, tx, changed)
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

// ReturnTx puts every line's quantity back on its size's stock inside tx,
// as a failed or cancelled order returning it. A size deleted since
// (VariantID 0) is skipped.
func ReturnTx(ctx context.Context, tx *sql.Tx, lines []Line) error {
	return ReturnAsTx(ctx, tx, Mover{Reason: ReasonOrderReturned, Actor: SystemActor}, lines)
}

// ReturnAsTx is ReturnTx for another reason or actor, such as an admin
// restocking a refunded order.
func ReturnAsTx(ctx context.Context, tx *sql.Tx, m Mover, lines []Line) error {
	changed := map[int64]bool{}
	for _, l := range lines {
		if l.VariantID == 0 || l.Qty == 0 {
			continue
		}
		product, err := moveTx(ctx, tx, l.VariantID, l.Qty, l.OrderID, m)
		if db.NoRows(err) {
			continue
		}
		if err != nil {
			return fmt.Errorf("return stock of size %d: %w", l.VariantID, err)
		}
		changed[product] = true
	}
	return catalog.RefreshCardsTx(ctx, tx, changed)
}

// moveTx adds qty (negative: takes) to size variantID's stock and records
// the movement, inside tx. sql.ErrNoRows means the size is gone or has less
// than -qty left; nothing changed then. It returns the size's product.
func moveTx(ctx context.Context, tx *sql.Tx, variantID int64, qty int, orderID int64, m Mover) (int64, error) {
	product, after, err := catalog.MoveStockTx(ctx, tx, variantID, qty)
	if err != nil {
		return 0, err
	}
	return product, recordTx(ctx, tx, variantID, qty, after, orderID, m)
}

// setTx sets size id's stock to n, recording the difference as a movement
// by m; it reports whether anything changed. The row is locked first, so a
// sale at the same moment is counted in the difference.
func setTx(ctx context.Context, tx *sql.Tx, id int64, n int, m Mover) (bool, error) {
	before, err := catalog.LockStockTx(ctx, tx, id)
	if err != nil {
		return false, fmt.Errorf("lock stock of size %d: %w", id, err)
	}
	if before == n {
		return false, nil
	}
	if err := catalog.SetStockTx(ctx, tx, id, n); err != nil {
		return false, err
	}
	return true, recordTx(ctx, tx, id, n-before, n, 0, m)
}

// Edits is the ledger as the size form sets stock, by m: what
// catalog.Store.AddVariantTx and UpdateVariantTx are given.
func Edits(m Mover) catalog.StockSetter {
	m.Reason = ReasonEdit
	return editor(m)
}

type editor Mover

func (e editor) SetTx(ctx context.Context, tx *sql.Tx, variantID int64, n int) error {
	_, err := setTx(ctx, tx, variantID, n, Mover(e))
	return err
}

// recordTx writes one movement of size variantID: qty changed, leaving
// after.
func recordTx(ctx context.Context, tx *sql.Tx, variantID int64, qty, after int, orderID int64, m Mover) error {
	var user, order any
	if m.UserID > 0 {
		user = m.UserID
	}
	if orderID > 0 {
		order = orderID
	}
	actor := m.Actor
	if actor == "" {
		actor = SystemActor
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO stock_movements (variant_id, quantity, stock_after, reason, actor, user_id, order_id, note)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, variantID, qty, after, m.Reason, actor, user, order, m.Note); err != nil {
		return fmt.Errorf("record stock movement of size %d: %w", variantID, err)
	}
	return nil
}
