package cart

import (
	"net/http"
	"strconv"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/httpx"
)

// CookieName is the guest cart cookie.
const CookieName = "shop_cart"

const cookieMaxAge = 60 * 24 * time.Hour

// Handlers serves the cart API.
type Handlers struct {
	Store *Store
	// SecureCookies marks the cart cookie Secure (the shop is served over HTTPS).
	SecureCookies bool
}

// Resolve finds the request's cart (making one when create is set) and keeps
// the guest cookie in step: set when a guest cart is made, cleared once it is
// merged into the signed-in customer's cart.
func (h *Handlers) Resolve(w http.ResponseWriter, r *http.Request, create bool) (int64, error) {
	var owner Owner
	if p, ok := account.PrincipalFrom(r.Context()); ok {
		owner.UserID = p.UserID
	}
	if c, err := r.Cookie(CookieName); err == nil && len(c.Value) <= 100 {
		owner.GuestToken = c.Value
	}
	res, err := h.Store.Resolve(r.Context(), owner, create)
	if err != nil {
		return 0, err
	}
	switch {
	case res.NewGuestToken != "":
		http.SetCookie(w, h.cookie(res.NewGuestToken, int(cookieMaxAge.Seconds())))
	case res.DropGuestToken:
		http.SetCookie(w, h.cookie("", -1))
	}
	return res.CartID, nil
}

func (h *Handlers) cookie(value string, maxAge int) *http.Cookie {
	return &http.Cookie{Name: CookieName, Value: value, Path: "/api/", MaxAge: maxAge,
		HttpOnly: true, Secure: h.SecureCookies, SameSite: http.SameSiteLaxMode}
}

// List answers GET /api/cart/: the cart's lines (docs/product.md's "cart list").
func (h *Handlers) List(w http.ResponseWriter, r *http.Request) error {
	id, err := h.Resolve(w, r, false)
	if err != nil {
		return err
	}
	items, err := h.Store.Items(r.Context(), id)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, items)
}

// Add answers POST /api/cart/items/ {variant, quantity}.
func (h *Handlers) Add(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Variant  int64 `json:"variant"`
		Quantity *int  `json:"quantity"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Variant <= 0 {
		return apperr.Invalid("Choose a size to add to the cart.", map[string]string{"variant": "This field is required."})
	}
	qty := 1
	if in.Quantity != nil {
		qty = *in.Quantity
	}
	id, err := h.Resolve(w, r, true)
	if err != nil {
		return err
	}
	itemID, err := h.Store.Add(r.Context(), id, in.Variant, qty)
	if err != nil {
		return err
	}
	return h.writeItem(w, r, http.StatusCreated, id, itemID)
}

// writeItem answers with a cart line as it now is.
func (h *Handlers) writeItem(w http.ResponseWriter, r *http.Request, status int, cartID, itemID int64) error {
	it, err := h.Store.Item(r.Context(), cartID, itemID)
	if err != nil {
		return err
	}
	httpx.WriteJSON(w, status, it)
	return nil
}

// Update answers PATCH /api/cart/items/{id}/ {quantity}: 200 with the line,
// or 204 when a quantity of zero or less removed it.
func (h *Handlers) Update(w http.ResponseWriter, r *http.Request) error {
	itemID, err := pathID(r)
	if err != nil {
		return err
	}
	var in struct {
		Quantity *int `json:"quantity"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	if in.Quantity == nil {
		return apperr.Invalid("Give the new quantity.", map[string]string{"quantity": "This field is required."})
	}
	id, err := h.Resolve(w, r, false)
	if err != nil {
		return err
	}
	if id == 0 {
		return apperr.NotFound("Cart item not found")
	}
	kept, err := h.Store.SetQuantity(r.Context(), id, itemID, *in.Quantity)
	if err != nil {
		return err
	}
	if !kept {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}
	return h.writeItem(w, r, http.StatusOK, id, itemID)
}

// Delete answers DELETE /api/cart/items/{id}/.
func (h *Handlers) Delete(w http.ResponseWriter, r *http.Request) error {
	itemID, err := pathID(r)
	if err != nil {
		return err
	}
	id, err := h.Resolve(w, r, false)
	if err != nil {
		return err
	}
	if id == 0 {
		return apperr.NotFound("Cart item not found")
	}
	if err := h.Store.Remove(r.Context(), id, itemID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(r.PathValue("id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, apperr.NotFound("Cart item not found")
	}
	return id, nil
}
