package admin

import (
	"database/sql"
	"fmt"
	"net/http"
)

// ETIMS answers GET /api/admin/etims/: the eTIMS tab (docs/etims.md): the
// queue of invoices and credit notes, the refused ones with KRA's code and
// message, those signed today, and the sizes registered as KRA items.
func (h *Handlers) ETIMS(w http.ResponseWriter, r *http.Request, _ Actor) error {
	ov, err := h.etims.Overview(r.Context(), h.orders.Numbers)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, ov)
}

// RetryETIMS answers POST /api/admin/etims/retry/: the refused invoices
// go back in the queue, after the admin fixed what KRA refused.
func (h *Handlers) RetryETIMS(w http.ResponseWriter, r *http.Request, a Actor) error {
	var n int64
	err := h.db.Tx(r.Context(), func(tx *sql.Tx) (err error) {
		if n, err = h.etims.RetryTx(r.Context(), tx); err != nil || n == 0 {
			return err
		}
		return record(r.Context(), tx, a, Entry{Action: "retry", Entity: "etims", EntityID: "queue",
			Summary: fmt.Sprintf("%d refused eTIMS invoices sent to KRA again", n)})
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{"retried": n})
}
