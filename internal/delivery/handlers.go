package delivery

import (
	"context"
	"net/http"

	"shop/internal/httpx"
	"shop/internal/money"
	"shop/internal/weight"
)

// Handlers serve the public delivery API.
type Handlers struct {
	Store *Store
	// Carts finds the request's cart (the cookie's, or the signed-in customer's).
	Carts interface {
		Resolve(w http.ResponseWriter, r *http.Request, create bool) (int64, error)
	}
	// CartTotals is the weight and subtotal of a cart's lines (0 for no cart).
	CartTotals func(ctx context.Context, cartID int64) (weight.Grams, money.Cents, error)
	// PODMax caps the goods that may be paid on delivery (SHOP_POD_MAX).
	PODMax money.Cents
}

// Counties answers GET /api/delivery/counties/: the 47 counties, by name.
func (h *Handlers) Counties(w http.ResponseWriter, r *http.Request) error {
	return httpx.WriteCachedJSON(w, r, 3600, Counties)
}

// Options answers GET /api/delivery/options/?county=Kiambu: the ways the
// request's cart can reach the county, priced for it, cheapest first.
func (h *Handlers) Options(w http.ResponseWriter, r *http.Request) error {
	cartID, err := h.Carts.Resolve(w, r, false)
	if err != nil {
		return err
	}
	var kg weight.Grams
	var subtotal money.Cents
	if cartID != 0 {
		if kg, subtotal, err = h.CartTotals(r.Context(), cartID); err != nil {
			return err
		}
	}
	opts, err := h.Store.Options(r.Context(), r.URL.Query().Get("county"), kg, subtotal, h.PODMax)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, opts)
}
