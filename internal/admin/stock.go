package admin

import (
	"database/sql"
	"fmt"
	"net/http"

	"shop/internal/stock"
)

// AdjustStock answers POST /api/admin/products/{id}/variants/{variantId}/stock/:
// stock received, written off as damaged, or corrected to a count.
func (h *Handlers) AdjustStock(w http.ResponseWriter, r *http.Request, a Actor) error {
	pid, vid, c, err := readSizeForm(r, &stock.Input{})
	if err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusCreated, func(tx *sql.Tx) (stock.Movement, Entry, error) {
		m, err := h.stock.AdjustTx(r.Context(), tx, pid, vid, c, a.Mover())
		if err != nil {
			return m, Entry{}, err
		}
		summary := fmt.Sprintf("product %d, size %d: %s %+d, stock now %d", pid, vid, m.Reason, m.Quantity, m.StockAfter)
		if m.Note != "" {
			summary += " (" + quote(m.Note) + ")"
		}
		return m, entry("stock", "variant", vid, summary), nil
	})
}

// StockHistory answers GET /api/admin/products/{id}/variants/{variantId}/stock/:
// the size's stock movements, newest first, a page at a time.
func (h *Handlers) StockHistory(w http.ResponseWriter, r *http.Request, _ Actor) error {
	pid, vid, err := productPart(r, "variantId", "Size")
	if err != nil {
		return err
	}
	q, err := readList(r, 20)
	if err != nil {
		return err
	}
	count, moves, err := h.stock.History(r.Context(), pid, vid, q.page, q.size)
	if err != nil {
		return err
	}
	return writePage(w, r, q, count, moves)
}
