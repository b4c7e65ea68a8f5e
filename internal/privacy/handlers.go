package privacy

import (
	"fmt"
	"net/http"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/ratelimit"
)

// Messages a person reads (docs/product.md, "Your data"); the account
// page's rules.ts uses the same words.
const (
	MsgAdminErase   = "An admin account cannot be deleted. Ask another admin to remove your admin role first."
	MsgTooManyTries = "You have downloaded your data many times in a short while. Please wait %s and try again."
)

var errAdmin = apperr.Conflict(MsgAdminErase)

// ExportLimit bounds the downloads of one account's data: each reads every
// order, so a script may not loop on it.
var ExportLimit = ratelimit.Limit{Max: 10, Window: time.Hour}

// Handlers serve a customer's own export and erasure under /api/auth/me/.
type Handlers struct {
	Svc     *Service
	Limiter *ratelimit.Limiter
}

// ExportFilename is the name the download is saved under.
const ExportFilename = "mifugo-bora-my-data.json"

// ExportMe answers GET /api/auth/me/export/ with the signed-in customer's
// data as a JSON download.
func (h *Handlers) ExportMe(w http.ResponseWriter, r *http.Request) error {
	p, ok := account.PrincipalFrom(r.Context())
	if !ok {
		return apperr.Unauthorized("Please sign in to continue.")
	}
	if h.Limiter != nil {
		_, wait, err := h.Limiter.Reserve(r.Context(), ratelimit.Check{Bucket: fmt.Sprintf("export:user:%d", p.UserID), Limit: ExportLimit})
		if err != nil {
			return err
		}
		if wait > 0 {
			return apperr.TooManyRequests(fmt.Sprintf(MsgTooManyTries, ratelimit.Minutes(wait)), wait)
		}
	}
	x, err := h.Svc.Export(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	WriteExport(w, x)
	return nil
}

// WriteExport answers x as a download that no cache keeps.
func WriteExport(w http.ResponseWriter, x Export) {
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Content-Disposition", `attachment; filename="`+ExportFilename+`"`)
	httpx.WriteJSON(w, http.StatusOK, x)
}

// DeleteMe answers DELETE /api/auth/me/ {password}: with the right password
// the account is erased (Erase) and the answer is 204; every session ends.
// Wrong passwords count toward the limit of the password form.
func (h *Handlers) DeleteMe(w http.ResponseWriter, r *http.Request) error {
	p, ok := account.PrincipalFrom(r.Context())
	if !ok {
		return apperr.Unauthorized("Please sign in to continue.")
	}
	var in struct {
		Password string `json:"password"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if p.IsAdmin() {
		return errAdmin // before the password: nothing to guess here
	}
	if err := h.Svc.Accounts.ConfirmPassword(r.Context(), p.UserID, in.Password); err != nil {
		return err
	}
	if _, err := h.Svc.Erase(r.Context(), p.UserID); err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusNoContent)
	return nil
}
