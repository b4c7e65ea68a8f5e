package admin

import (
	"bytes"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"time"

	"shop/internal/catalogcsv"
	"shop/internal/stock"
)

// ImportMaxBody is the import's body limit: 10,000 sizes with long
// descriptions repeated on every row fit with room to spare.
const ImportMaxBody = 32 << 20

// ExportProducts answers GET /api/admin/products/export/: every size of
// every product as CSV, with a byte-order mark so Excel reads it as UTF-8;
// with ?ids= (products' ids by commas, MaxBulkIDs at most) only those
// products' sizes, in the same layout.
func (h *Handlers) ExportProducts(w http.ResponseWriter, r *http.Request, a Actor) error {
	ids, err := queryIDs(r)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	var n int
	if ids != nil {
		n, err = h.csv.ExportSelectedCSV(r.Context(), &buf, ids)
	} else {
		n, err = h.csv.ExportCSV(r.Context(), &buf)
	}
	if err != nil {
		return err
	}
	if err := h.change(r.Context(), a, func(*sql.Tx) (Entry, error) {
		if ids != nil {
			return entry("export", "products", "", fmt.Sprintf("exported %d sizes of %d selected products as CSV", n, len(ids))), nil
		}
		return entry("export", "products", "", fmt.Sprintf("exported %d sizes as CSV", n)), nil
	}); err != nil {
		return err
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="products-%s.csv"`, time.Now().UTC().Format("2006-01-02")))
	_, err = w.Write(buf.Bytes())
	return err
}

// importAnswer is the import's answer: the rows' preview, and when rows
// were refused the message saying nothing was stored.
type importAnswer struct {
	Error string `json:"error,omitempty"`
	catalogcsv.ImportResult
}

// ImportProducts answers POST /api/admin/products/import/ with a CSV body
// in the export's format: ?dry_run=1 previews each row; otherwise every
// row is stored with the audit entry, or none when any row is refused
// (400, with the preview saying why). The import stages its rows in short
// transactions and publishes them in one (docs/architecture.md section 13).
func (h *Handlers) ImportProducts(w http.ResponseWriter, r *http.Request, a Actor) error {
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return err
	}
	if q := r.URL.Query().Get("dry_run"); q == "1" || q == "true" {
		res, err := h.csv.PreviewImport(r.Context(), data)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, importAnswer{ImportResult: res})
	}
	res, err := h.csv.Import(r.Context(), data, stock.Imports(a.Mover()), func(tx *sql.Tx, res catalogcsv.ImportResult) error {
		s := res.Summary
		return record(r.Context(), tx, a, entry("import", "products", "", fmt.Sprintf("imported %d rows: %d created, %d updated, %d unchanged",
			len(res.Rows), s[catalogcsv.ImportCreate], s[catalogcsv.ImportUpdate], s[catalogcsv.ImportUnchanged])))
	})
	if err != nil {
		return err
	}
	if !res.Applied {
		return writeJSON(w, http.StatusBadRequest, importAnswer{Error: catalogcsv.MsgImportRefused, ImportResult: res})
	}
	return writeJSON(w, http.StatusOK, importAnswer{ImportResult: res})
}
