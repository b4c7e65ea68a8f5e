package admin

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/httpx"
)

// Bulk actions of the back office's lists (docs/product.md, "Bulk actions"):
// the rows ticked on one page, so a handful to a few pages' worth; MaxBulkIDs
// keeps one request from locking the catalogue for long.

// MaxBulkIDs is how many records one bulk action or selected export takes.
const MaxBulkIDs = 200

// Messages of the bulk actions.
var (
	MsgBulkNoIDs   = "Select at least one row."
	MsgBulkTooMany = fmt.Sprintf("Select at most %d rows at a time.", MaxBulkIDs)
	MsgBulkBadID   = "ids must be the records' numbers."
	MsgBulkAction  = "action must be publish or hide."
)

// Product bulk actions.
const (
	BulkPublish = "publish"
	BulkHide    = "hide"
)

// BulkRefusal is a record a bulk action left as it was, and why.
type BulkRefusal struct {
	ID    int64  `json:"id"`
	Error string `json:"error"`
}

// BulkAnswer says what a bulk action did to each id it was given: changed,
// already as asked (unchanged), or refused with the reason.
type BulkAnswer struct {
	Changed   []int64       `json:"changed"`
	Unchanged []int64       `json:"unchanged"`
	Refused   []BulkRefusal `json:"refused"`
}

// checkIDs refuses an empty or too long selection and drops repeats.
func checkIDs(ids []int64) ([]int64, error) {
	if len(ids) == 0 {
		return nil, apperr.InvalidField("ids", MsgBulkNoIDs)
	}
	if len(ids) > MaxBulkIDs {
		return nil, apperr.InvalidField("ids", MsgBulkTooMany)
	}
	out := make([]int64, 0, len(ids))
	for _, id := range ids {
		if id < 1 {
			return nil, apperr.InvalidField("ids", MsgBulkBadID)
		}
		if !slices.Contains(out, id) {
			out = append(out, id)
		}
	}
	return out, nil
}

// queryIDs reads ?ids= (numbers separated by commas) for a selected export:
// nil when absent, which exports everything the export otherwise would.
func queryIDs(r *http.Request) ([]int64, error) {
	raw := strings.TrimSpace(r.URL.Query().Get("ids"))
	if raw == "" {
		return nil, nil
	}
	parts := strings.Split(raw, ",")
	if len(parts) > MaxBulkIDs {
		return nil, apperr.InvalidField("ids", MsgBulkTooMany)
	}
	ids := make([]int64, 0, len(parts))
	for _, p := range parts {
		id, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
		if err != nil {
			return nil, apperr.InvalidField("ids", MsgBulkBadID)
		}
		ids = append(ids, id)
	}
	return checkIDs(ids)
}

// BulkProducts answers POST /api/admin/products/bulk/ with
// {"action": "publish"|"hide", "ids": [...]}: every product changed in one
// transaction, each audited as its own publish or edit would be. A draft
// with no size with a price is refused (catalog.MsgPublishNeedsSize), as is
// an id no product has; the others change all the same.
func (h *Handlers) BulkProducts(w http.ResponseWriter, r *http.Request, a Actor) error {
	var in struct {
		Action string  `json:"action"`
		IDs    []int64 `json:"ids"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Action != BulkPublish && in.Action != BulkHide {
		return apperr.InvalidField("action", MsgBulkAction)
	}
	ids, err := checkIDs(in.IDs)
	if err != nil {
		return err
	}
	var out BulkAnswer
	err = h.db.Tx(r.Context(), func(tx *sql.Tx) error {
		out = BulkAnswer{Changed: []int64{}, Unchanged: []int64{}, Refused: []BulkRefusal{}}
		for _, id := range ids {
			var before catalog.EditedProduct
			var err error
			if in.Action == BulkPublish {
				before, err = h.catalog.PublishProductTx(r.Context(), tx, id)
			} else {
				before, err = h.catalog.HideProductTx(r.Context(), tx, id)
			}
			var refused *apperr.Error
			switch {
			case errors.As(err, &refused) && (refused.Kind == apperr.KindConflict || refused.Kind == apperr.KindNotFound):
				// Neither wrote anything, so the transaction goes on for the others.
				out.Refused = append(out.Refused, BulkRefusal{ID: id, Error: refused.Message})
				continue
			case err != nil:
				return err
			}
			var e Entry
			switch {
			case in.Action == BulkPublish && !before.IsActive:
				e = entry("publish", "product", id, fmt.Sprintf("published %s (%s; bulk)", quote(before.Name), draftWord(before.IsDraft)))
			case in.Action == BulkHide && before.IsActive:
				e = entry("update", "product", id, fmt.Sprintf("%s: is_active: true → false (bulk)", quote(before.Name)))
			default:
				out.Unchanged = append(out.Unchanged, id)
				continue
			}
			if err := record(r.Context(), tx, a, e); err != nil {
				return err
			}
			out.Changed = append(out.Changed, id)
		}
		return nil
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}
