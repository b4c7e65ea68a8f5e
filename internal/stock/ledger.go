package stock

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/form"
)

// The back office's stock forms ("Receive stock", "Adjust stock") and a
// size's history (docs/product.md section 5).

// The stock forms' messages (web/src/shared/domain/adminRules.ts says the same).
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

// Input is the admin's stock form: {"kind": "received" | "damaged",
// "quantity", "note"} or {"kind": "count_correction", "count", "note"}.
type Input struct {
	Kind     string          `json:"kind"`
	Quantity json.RawMessage `json:"quantity"`
	Count    json.RawMessage `json:"count"`
	Note     string          `json:"note"`
}

// Change is a checked Input.
type Change struct {
	Kind string
	// Quantity is the bags received or damaged; Count the bags counted.
	Quantity, Count int
	Note            string
}

// Check validates the stock form.
func (in Input) Check() (Change, error) {
	c := Change{Kind: strings.TrimSpace(in.Kind), Note: strings.TrimSpace(in.Note)}
	bad := map[string]string{}
	var ok bool
	switch c.Kind {
	case ReasonReceived, ReasonDamaged:
		if c.Quantity, ok = form.WholeNumber(in.Quantity, "", catalog.MaxStock); !ok || c.Quantity < 1 {
			bad["quantity"] = MsgStockQuantity
		}
	case ReasonCountCorrection:
		if c.Count, ok = form.WholeNumber(in.Count, "", catalog.MaxStock); !ok {
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

// Sizes finds a product's size inside a transaction: catalog.Store.
type Sizes interface {
	VariantTx(ctx context.Context, tx *sql.Tx, productID, id int64) (catalog.Variant, error)
}

// Ledger reads the movements and applies the back office's stock forms.
type Ledger struct {
	db    *db.DB
	sizes Sizes
}

// NewLedger returns a Ledger on d, finding sizes in sizes.
func NewLedger(d *db.DB, sizes Sizes) *Ledger { return &Ledger{db: d, sizes: sizes} }

var errNoSize = apperr.NotFound("Size not found")

// AdjustTx applies the stock form c to size variantID of product
// productID, by m (its Actor and UserID), and returns the movement.
func (l *Ledger) AdjustTx(ctx context.Context, tx *sql.Tx, productID, variantID int64, c Change, m Mover) (Movement, error) {
	if _, err := l.sizes.VariantTx(ctx, tx, productID, variantID); err != nil {
		return Movement{}, err
	}
	m.Reason, m.Note = c.Kind, c.Note
	switch c.Kind {
	case ReasonReceived, ReasonDamaged:
		qty := c.Quantity
		if c.Kind == ReasonDamaged {
			qty = -qty
		}
		if _, err := moveTx(ctx, tx, variantID, qty, 0, m); db.NoRows(err) {
			stock, lerr := catalog.LockStockTx(ctx, tx, variantID)
			if lerr != nil {
				return Movement{}, lerr
			}
			return Movement{}, apperr.Conflict(fmt.Sprintf(msgStockNotEnough, stock, c.Quantity))
		} else if err != nil {
			return Movement{}, err
		}
	default:
		changed, err := setTx(ctx, tx, variantID, c.Count, m)
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
	return mv, catalog.RefreshCardsTx(ctx, tx, map[int64]bool{productID: true})
}

// History is page (from 1) of size variantID's movements, newest first,
// and how many there are.
func (l *Ledger) History(ctx context.Context, productID, variantID int64, page, size int) (int, []Movement, error) {
	n, err := l.db.Count(ctx, "sizes", `SELECT COUNT(*) FROM variants WHERE id = $1 AND product_id = $2`, variantID, productID)
	if err != nil {
		return 0, nil, err
	}
	if n == 0 {
		return 0, nil, errNoSize
	}
	w := &db.Where{}
	w.And("variant_id = " + w.Arg(variantID))
	count, rows, err := l.db.ListPage(ctx, movementColumns, "stock_movements", w, "id DESC", page, size)
	if err != nil {
		return 0, nil, fmt.Errorf("stock history of size %d: %w", variantID, err)
	}
	out, err := db.Collect(rows, scanMovement)
	return count, out, err
}

// Event is a movement with the size it moved, for the low-stock alert.
type Event struct {
	Movement
	ProductName string
	Size, SKU   string
}

// MovementsAfter lists up to limit movements after id, oldest first, with
// their sizes: what the low-stock alert reads (package notify).
func (l *Ledger) MovementsAfter(ctx context.Context, id int64, limit int) ([]Event, error) {
	return db.QueryAll(ctx, l.db, "stock movements", func(r db.Scanner) (e Event, err error) {
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
