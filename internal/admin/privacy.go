package admin

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/privacy"
)

// MsgEraseSelf refuses an admin erasing their own account from the back office.
const MsgEraseSelf = "You cannot delete your own account here."

// ExportUser answers GET /api/admin/users/{id}/export/ with the customer's
// data as a download, for a customer who asks by phone; the audit log
// records who exported whose.
func (h *Handlers) ExportUser(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "User")
	if err != nil {
		return err
	}
	if h.privacy == nil {
		return apperr.NotFound("User not found")
	}
	x, err := h.privacy.Export(r.Context(), id)
	if err != nil {
		return err
	}
	err = h.change(r.Context(), a, func(*sql.Tx) (Entry, error) {
		return entry("export", "user", id, fmt.Sprintf("customer #%d's data exported at their request", id)), nil
	})
	if err != nil {
		return err
	}
	privacy.WriteExport(w, x)
	return nil
}

// EraseUser answers DELETE /api/admin/users/{id}/ with 204, erasing a
// customer's account as privacy.Erase does, for a customer who asks by phone.
// Admins are refused (remove the role first), and so is oneself. The audit
// entry names the customer by number only.
func (h *Handlers) EraseUser(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "User")
	if err != nil {
		return err
	}
	if id == a.UserID {
		return apperr.Conflict(MsgEraseSelf)
	}
	if h.privacy == nil {
		return apperr.NotFound("User not found")
	}
	return h.remove(w, r, a, func(tx *sql.Tx) (Entry, error) {
		if _, err := h.privacy.EraseTx(r.Context(), tx, id); err != nil {
			return Entry{}, err
		}
		return entry("erase", "user", id, fmt.Sprintf("customer #%d's account erased at their request; orders kept, anonymised", id)), nil
	})
}

// ForgetUserTx takes an erased user's email out of the audit log's
// summaries about them, inside tx; the entries themselves stay.
func ForgetUserTx(ctx context.Context, tx *sql.Tx, u account.User) error {
	if _, err := tx.ExecContext(ctx, `UPDATE admin_audit SET summary = REPLACE(summary, $1, '(erased)')
		WHERE entity = 'user' AND entity_id = $2`, u.Email, fmt.Sprint(u.ID)); err != nil {
		return fmt.Errorf("forget the user in the audit log: %w", err)
	}
	return nil
}
