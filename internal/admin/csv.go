package admin

import (
	"bytes"
	"database/sql"
	"fmt"
	"io"
	"net/http"
	"time"

	"shop/internal/catalog"
	"shop/internal/stock"
)

// ImportMaxBody is the import's body limit: 10,000 sizes with long
// descriptions repeated on every row fit with room to spare.
const ImportMaxBody = 32 << 20

// ExportProducts answers GET /api/admin/products/export/: every size of
// every product as CSV, with a byte-order mark so Excel reads it as UTF-8.
func (h *Handlers) ExportProducts(w http.ResponseWriter, r *http.Request, a Actor) error {
	var buf bytes.Buffer
	buf.WriteString("\ufeff")
	n, err := h.catalog.ExportCSV(r.Context(), &buf)
	if err != nil {
		return err
	}
	if err := h.change(r.Context(), a, func(*sql.Tx) (Entry, error) {
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
	catalog.ImportResult
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
		res, err := h.catalog.PreviewImport(r.Context(), data)
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, importAnswer{ImportResult: res})
	}
	res, err := h.catalog.Import(r.Context(), data, stock.Imports(a.Mover()), func(tx *sql.Tx, res catalog.ImportResult) error {
		s := res.Summary
		return record(r.Context(), tx, a, entry("import", "products", "", fmt.Sprintf("imported %d rows: %d created, %d updated, %d unchanged",
			len(res.Rows), s[catalog.ImportCreate], s[catalog.ImportUpdate], s[catalog.ImportUnchanged])))
	})
	if err != nil {
		return err
	}
	if !res.Applied {
		return writeJSON(w, http.StatusBadRequest, importAnswer{Error: catalog.MsgImportRefused, ImportResult: res})
	}
	return writeJSON(w, http.StatusOK, importAnswer{ImportResult: res})
}
