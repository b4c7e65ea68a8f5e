package admin

import (
	"database/sql"
	"errors"
	"fmt"
	"net/http"

	"shop/internal/apperr"
	"shop/internal/payment"
	"shop/internal/payment/mpesa"
)

// StatementMaxBody bounds a statement upload: a month of a busy Paybill.
const StatementMaxBody = 8 << 20

// UploadStatement answers POST /api/admin/payments/statement/ with the
// M-Pesa org portal's statement export (text/csv): each line matched to a
// payment or refund the shop knows, money in it never heard of recorded as
// a Paybill payment (not with ?dry_run=1, the preview), and what the shop
// counts that the statement lacks; with the totals of both. Uploading the
// same statement again changes nothing. Audited when it recorded payments.
func (h *Handlers) UploadStatement(w http.ResponseWriter, r *http.Request, a Actor) error {
	q := r.URL.Query().Get("dry_run")
	dryRun := q == "1" || q == "true"
	lines, err := mpesa.ParseStatement(r.Body, payment.StatementMaxLines)
	var bad *mpesa.StatementError
	switch {
	case errors.As(err, &bad):
		return apperr.InvalidField("file", "The statement could not be read: "+bad.Error()+".")
	case errors.Is(err, mpesa.ErrNoStatementHeader):
		return apperr.InvalidField("file", "This is not an M-Pesa statement export: "+err.Error()+".")
	case err != nil:
		return err
	}
	rep, err := h.payments.Statement(r.Context(), lines, dryRun)
	if err != nil {
		return err
	}
	if rep.Imported > 0 {
		summary := fmt.Sprintf("M-Pesa statement: %d lines, %d payments recorded, %d missing from the statement", len(rep.Lines), rep.Imported, len(rep.Missing))
		if err := h.change(r.Context(), a, func(*sql.Tx) (Entry, error) {
			return entry("import", "payments", "statement", summary), nil
		}); err != nil {
			return err
		}
	}
	return writeJSON(w, http.StatusOK, rep)
}
