package admin

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strings"

	"shop/internal/coupon"
	"shop/internal/httpx"
	"shop/internal/vat"
)

// The back office's coupons and VAT rates, audited like every change.

// Coupons answers GET /api/admin/coupons/: every code, newest first, with its uses.
func (h *Handlers) Coupons(w http.ResponseWriter, r *http.Request, _ Actor) error {
	return show(w, r, h.coupons.List)
}

// Coupon answers GET /api/admin/coupons/{id}/.
func (h *Handlers) Coupon(w http.ResponseWriter, r *http.Request, _ Actor) error {
	id, err := pathID(r, "id", "Coupon")
	if err != nil {
		return err
	}
	return show(w, r, func(ctx context.Context) (coupon.Coupon, error) { return h.coupons.Get(ctx, id) })
}

// CreateCoupon answers POST /api/admin/coupons/ with the whole form.
func (h *Handlers) CreateCoupon(w http.ResponseWriter, r *http.Request, a Actor) error {
	return create(h, w, r, a, &coupon.Input{}, h.coupons.CreateTx, func(c coupon.Coupon) Entry {
		return entry("create", "coupon", c.ID, "created "+couponTerms(c))
	})
}

// UpdateCoupon answers PATCH /api/admin/coupons/{id}/: the fields sent
// change, the others stay ({"active": false} switches a code off).
func (h *Handlers) UpdateCoupon(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Coupon")
	if err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (coupon.Coupon, Entry, error) {
		cur, err := h.coupons.GetTx(r.Context(), tx, id)
		if err != nil {
			return cur, Entry{}, err
		}
		in := cur.Input()
		f, err := readForm(r, &in)
		if err != nil {
			return cur, Entry{}, err
		}
		before, after, err := h.coupons.UpdateTx(r.Context(), tx, id, f)
		if err != nil {
			return after, Entry{}, err
		}
		var d diff
		d.add("terms", couponTerms(before), couponTerms(after))
		return after, updated("coupon", id, after.Code, d), nil
	})
}

// DeleteCoupon answers DELETE /api/admin/coupons/{id}/: the code is switched
// off, not erased, because orders name it. It answers the coupon as it now is.
func (h *Handlers) DeleteCoupon(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Coupon")
	if err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (coupon.Coupon, Entry, error) {
		c, err := h.coupons.DeactivateTx(r.Context(), tx, id)
		if err != nil {
			return c, Entry{}, err
		}
		return c, entry("deactivate", "coupon", id, "deactivated "+c.Code), nil
	})
}

// couponTerms sums a coupon up for the audit log.
func couponTerms(c coupon.Coupon) string {
	parts := []string{fmt.Sprintf("%s: %s %s", c.Code, c.Kind, c.Display)}
	if c.MinSubtotal > 0 {
		parts = append(parts, "from "+c.MinSubtotal.String())
	}
	if len(c.ProductIDs) > 0 {
		parts = append(parts, fmt.Sprintf("products %v", c.ProductIDs))
	}
	if len(c.CategoryIDs) > 0 {
		parts = append(parts, fmt.Sprintf("categories %v", c.CategoryIDs))
	}
	if c.StartsAt != nil {
		parts = append(parts, "from "+c.StartsAt.Format("2006-01-02 15:04Z"))
	}
	if c.EndsAt != nil {
		parts = append(parts, "until "+c.EndsAt.Format("2006-01-02 15:04Z"))
	}
	if c.MaxUses != nil {
		parts = append(parts, fmt.Sprintf("%d uses", *c.MaxUses))
	}
	if c.MaxUsesPerPhone != nil {
		parts = append(parts, fmt.Sprintf("%d per phone", *c.MaxUsesPerPhone))
	}
	if !c.Active {
		parts = append(parts, "inactive")
	}
	return strings.Join(parts, ", ")
}

// VATClasses answers GET /api/admin/vat/: the classes and their rates.
func (h *Handlers) VATClasses(w http.ResponseWriter, r *http.Request, _ Actor) error {
	return show(w, r, h.vat.List)
}

// UpdateVATClass answers PATCH /api/admin/vat/{code}/ with {rate}: a
// percentage ("16", "8.5"). Orders keep the rate they were placed at.
func (h *Handlers) UpdateVATClass(w http.ResponseWriter, r *http.Request, a Actor) error {
	var in struct {
		Rate string `json:"rate"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	code := r.PathValue("code")
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (vat.Class, Entry, error) {
		before, after, err := vat.SetRateTx(r.Context(), tx, code, in.Rate)
		if err != nil || before.RateBP == after.RateBP {
			return after, Entry{}, err
		}
		return after, entry("update", "vat class", code, fmt.Sprintf("%s: rate %s%% → %s%%", code, before.Rate, after.Rate)), nil
	})
}
