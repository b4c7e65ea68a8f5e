package coupon

import (
	"context"
	"net/http"
	"time"

	"shop/internal/apperr"
	"shop/internal/cart"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/ratelimit"
)

// Handlers serve the cart's code: /api/cart/coupon/.
type Handlers struct {
	Store *Store
	Carts *cart.Handlers
	// Limiter counts wrong codes per client address, so codes cannot be
	// guessed by trying them.
	Limiter  *ratelimit.Limiter
	ClientIP func(*http.Request) string
}

// WrongCodes is how many refused codes one address may send in a window.
var WrongCodes = ratelimit.Limit{Max: 10, Window: 15 * time.Minute}

// MsgTooManyTries answers an address over WrongCodes.
const MsgTooManyTries = "Too many codes tried. Please wait a few minutes and try again."

// Lines turns cart lines into what a coupon looks at.
func Lines(lines []cart.Line) []Line {
	out := make([]Line, len(lines))
	for i, l := range lines {
		out[i] = Line{ProductID: l.ProductID, Total: l.Total()}
	}
	return out
}

// ForCartID prices cart id's code for its lines now.
func (h *Handlers) ForCartID(ctx context.Context, cartID int64) (Summary, error) {
	if cartID == 0 {
		return Summary{}, nil
	}
	lines, err := h.Carts.Store.Lines(ctx, cartID)
	if err != nil {
		return Summary{}, err
	}
	return h.Store.ForCart(ctx, cartID, Lines(lines))
}

// Get answers GET /api/cart/coupon/: the cart's code and its discount now.
func (h *Handlers) Get(w http.ResponseWriter, r *http.Request) error {
	id, err := h.Carts.Resolve(w, r, false)
	if err != nil {
		return err
	}
	sum, err := h.ForCartID(r.Context(), id)
	if err != nil {
		return err
	}
	sum.Error = i18n.Text(r.Context(), sum.Error)
	return httpx.WritePrivate(w, http.StatusOK, sum)
}

// Apply answers POST /api/cart/coupon/ {code}: 200 with the code and the
// discount, or 400 on "code" saying why not. Each refusal counts against
// the client's address.
func (h *Handlers) Apply(w http.ResponseWriter, r *http.Request) error {
	var in struct {
		Code string `json:"code"`
	}
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	res, wait, err := h.Limiter.Reserve(r.Context(), ratelimit.Check{
		Bucket: ratelimit.IPBucket("coupon:ip:", httpx.IPOf(h.ClientIP, r)), Limit: WrongCodes})
	if err != nil {
		return err
	}
	if wait > 0 {
		return apperr.TooManyRequests(MsgTooManyTries, wait)
	}
	id, err := h.Carts.Resolve(w, r, false)
	if err != nil {
		return err
	}
	var lines []cart.Line
	if id != 0 {
		if lines, err = h.Carts.Store.Lines(r.Context(), id); err != nil {
			return err
		}
	}
	sum, err := h.Store.Apply(r.Context(), id, in.Code, Lines(lines))
	if err != nil {
		return err
	}
	// Only wrong codes count: a shopper who applies a good code twice is no guesser.
	if err := res.Cancel(r.Context()); err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusOK, sum)
}

// Remove answers DELETE /api/cart/coupon/: 204, with or without a code.
func (h *Handlers) Remove(w http.ResponseWriter, r *http.Request) error {
	id, err := h.Carts.Resolve(w, r, false)
	if err != nil {
		return err
	}
	if id != 0 {
		if err := h.Store.Remove(r.Context(), id); err != nil {
			return err
		}
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
