package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/db"
)

// The back office's stock forms ("Receive stock", "Adjust stock") and a
// size's history (docs/product.md section 5).

// The stock forms' messages (web/src/features/admin/rules.ts says the same).
const (
	MsgStockKind      = "Choose received, damaged or count_correction"
	MsgStockQuantity  = "Quantity must be a whole number of 1 or more"
	MsgStockCount     = "Count must be a whole number of 0 or more"
	MsgStockNote      = "Note must be at most 500 characters"
	MsgStockSameCount = "That is already the stock: nothing to correct"
	MaxStockNote      = 500
	msgStockNotEnough = "Only %d in stock: %d cannot be written off as damaged."
)

// Movement is one change of a size's stock.
type Movement struct {
	ID         int64     `json:"id"`
	Variant    int64     `json:"variant"`
	Quantity   int       `json:"quantity"`
	StockAfter int       `json:"stock_after"`
	Reason     string    `json:"reason"`
	Actor      string    `json:"actor"`
	OrderID    *int64    `json:"order_id"`
	Note       string    `json:"note"`
	CreatedAt  time.Time `json:"created_at"`
}

const movementColumns = `id, variant_id, quantity, stock_after, reason, actor, order_id, note, created_at`

func scanMovement(r db.Scanner) (m Movement, err error) {
	return m, r.Scan(&m.ID, &m.Variant, &m.Quantity, &m.StockAfter, &m.Reason, &m.Actor, &m.OrderID, &m.Note, &m.CreatedAt)
}

// StockInput is the admin's stock form: {"kind": "received" | "damaged",
// "quantity", "note"} or {"kind": "count_correction", "count", "note"}.
type StockInput struct {
	Kind     string          `json:"kind"`
	Quantity json.RawMessage `json:"quantity"`
	Count    json.RawMessage `json:"count"`
	Note     string          `json:"note"`
}

// StockChange is a checked StockInput.
type StockChange struct {
	Kind string
	// Quantity is the bags received or damaged; Count the bags counted.
	Quantity, Count int
	Note            string
}

// Check validates the stock form.
func (in StockInput) Check() (StockChange, error) {
	c := StockChange{Kind: strings.TrimSpace(in.Kind), Note: strings.TrimSpace(in.Note)}
	bad := map[string]string{}
	var ok bool
	switch c.Kind {
	case ReasonReceived, ReasonDamaged:
		if c.Quantity, ok = wholeCount(in.Quantity, ""); !ok || c.Quantity < 1 {
			bad["quantity"] = MsgStockQuantity
		}
	case ReasonCountCorrection:
		if c.Count, ok = wholeCount(in.Count, ""); !ok {
			bad["count"] = MsgStockCount
		}
	default:
		bad["kind"] = MsgStockKind
	}
	if utf8.RuneCountInString(c.Note) > MaxStockNote {
		bad["note"] = MsgStockNote
	}
	return c, apperr.FixFields(bad)
}

// lockStockTx locks size id's row for the rest of tx (a no-op UPDATE: the
// same on both engines, where SELECT … FOR UPDATE is PostgreSQL's alone) and
// returns its stock.
func lockStockTx(ctx context.Context, tx *sql.Tx, id int64) (stock int, err error) {
	err = tx.QueryRowContext(ctx, `UPDATE variants SET stock = stock WHERE id = $1 RETURNING stock`, id).Scan(&stock)
	return stock, err
}

// setStockTx sets size id's stock to n, recording the difference as a
// movement by m; it reports whether anything changed. The row is locked
// first, so a sale at the same moment is counted in the difference.
func setStockTx(ctx context.Context, tx *sql.Tx, id int64, n int, m Mover) (bool, error) {
	before, err := lockStockTx(ctx, tx, id)
	if err != nil {
		return false, fmt.Errorf("lock stock of size %d: %w", id, err)
	}
	if before == n {
		return false, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE variants SET stock = $1 WHERE id = $2`, n, id); err != nil {
		return false, fmt.Errorf("set stock of size %d: %w", id, err)
	}
	return true, recordMovementTx(ctx, tx, id, n-before, n, 0, m)
}

// AdjustStockTx applies the stock form c to size variantID of product
// productID, by m (its Actor and UserID), and returns the movement.
func (s *Store) AdjustStockTx(ctx context.Context, tx *sql.Tx, productID, variantID int64, c StockChange, m Mover) (Movement, error) {
	if _, err := s.VariantTx(ctx, tx, productID, variantID); err != nil {
		return Movement{}, err
	}
	m.Reason, m.Note = c.Kind, c.Note
	switch c.Kind {
	case ReasonReceived, ReasonDamaged:
		qty := c.Quantity
		if c.Kind == ReasonDamaged {
			qty = -qty
		}
		if _, err := moveStockTx(ctx, tx, variantID, qty, 0, m); db.NoRows(err) {
			stock, lerr := lockStockTx(ctx, tx, variantID)
			if lerr != nil {
				return Movement{}, lerr
			}
			return Movement{}, apperr.Conflict(fmt.Sprintf(msgStockNotEnough, stock, c.Quantity))
		} else if err != nil {
			return Movement{}, err
		}
	default:
		changed, err := setStockTx(ctx, tx, variantID, c.Count, m)
		if err != nil {
			return Movement{}, err
		}
		if !changed {
			return Movement{}, apperr.InvalidField("count", MsgStockSameCount)
		}
	}
	mv, err := scanMovement(tx.QueryRowContext(ctx, `SELECT `+movementColumns+` FROM stock_movements WHERE variant_id = $1 ORDER BY id DESC LIMIT 1`, variantID))
	if err != nil {
		return Movement{}, fmt.Errorf("read stock movement of size %d: %w", variantID, err)
	}
	return mv, refreshCardsTx(ctx, tx, map[int64]bool{productID: true})
}

// StockHistory is page (from 1) of size variantID's movements, newest
// first, and how many there are.
func (s *Store) StockHistory(ctx context.Context, productID, variantID int64, page, size int) (int, []Movement, error) {
	n, err := s.db.Count(ctx, "sizes", `SELECT COUNT(*) FROM variants WHERE id = $1 AND product_id = $2`, variantID, productID)
	if err != nil {
		return 0, nil, err
	}
	if n == 0 {
		return 0, nil, errNoVariant
	}
	w := &db.Where{}
	w.And("variant_id = " + w.Arg(variantID))
	count, rows, err := s.db.ListPage(ctx, movementColumns, "stock_movements", w, "id DESC", page, size)
	if err != nil {
		return 0, nil, fmt.Errorf("stock history of size %d: %w", variantID, err)
	}
	out, err := db.Collect(rows, scanMovement)
	return count, out, err
}

// StockEvent is a movement with the size it moved, for the low-stock alert.
type StockEvent struct {
	Movement
	ProductName string
	Size, SKU   string
}

// MovementsAfter lists up to limit movements after id, oldest first, with
// their sizes: what the low-stock alert reads (package notify).
func (s *Store) MovementsAfter(ctx context.Context, id int64, limit int) ([]StockEvent, error) {
	return db.QueryAll(ctx, s.db, "stock movements", func(r db.Scanner) (e StockEvent, err error) {
		m := &e.Movement
		return e, r.Scan(&m.ID, &m.Variant, &m.Quantity, &m.StockAfter, &m.Reason, &m.Actor, &m.OrderID, &m.Note, &m.CreatedAt,
			&e.ProductName, &e.Size, &e.SKU)
	}, `SELECT m.id, m.variant_id, m.quantity, m.stock_after, m.reason, m.actor, m.order_id, m.note, m.created_at,
			p.name, v.size, v.sku
		FROM stock_movements m JOIN variants v ON v.id = m.variant_id JOIN products p ON p.id = v.product_id
		WHERE m.id > $1 ORDER BY m.id LIMIT $2`, id, limit)
}

// CrossedDown reports whether the movement took its size from above
// threshold to at or below it.
func (m Movement) CrossedDown(threshold int) bool {
	return m.StockAfter <= threshold && m.StockAfter-m.Quantity > threshold
}
