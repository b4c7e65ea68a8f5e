package order

import (
	"net/http"

	"shop/internal/account"
	"shop/internal/httpx"
)

// Handlers serves the customer's order API.
type Handlers struct {
	Store *Store
	// Carts finds the request's cart (nil: none), so the browser that
	// placed an order can read it.
	Carts CartResolver
}

// CartResolver finds the request's cart: the cart package's handlers.
type CartResolver interface {
	Resolve(w http.ResponseWriter, r *http.Request, create bool) (int64, error)
}

// ViewerOf is who the request reads orders as: its principal, and the
// order's private token from the X-Order-Token header or ?token=.
func ViewerOf(r *http.Request) Viewer {
	v := Viewer{Token: r.Header.Get("X-Order-Token")}
	if v.Token == "" {
		v.Token = r.URL.Query().Get("token")
	}
	if p, ok := account.PrincipalFrom(r.Context()); ok {
		v.UserID, v.IsAdmin = p.UserID, p.IsAdmin()
	}
	return v
}

// Get answers GET /api/orders/{orderId}/ for the order's owner, the holder of
// its token, or an admin; anyone else gets 404.
func (h *Handlers) Get(w http.ResponseWriter, r *http.Request) error {
	v := ViewerOf(r)
	if h.Carts != nil {
		var err error
		if v.CartID, err = h.Carts.Resolve(w, r, false); err != nil {
			return err
		}
	}
	o, err := h.Store.ForViewer(r.Context(), r.PathValue("orderId"), v)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, o)
	return nil
}

// List answers GET /api/orders/: the signed-in customer's orders.
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) error {
	p, _ := account.PrincipalFrom(r.Context())
	orders, err := h.Store.ForUser(r.Context(), p.UserID)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	httpx.WriteJSON(w, http.StatusOK, orders)
	return nil
}
