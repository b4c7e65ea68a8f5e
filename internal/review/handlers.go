package review

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/ratelimit"
)

// Handlers serve the review form.
type Handlers struct {
	Store *Store
	// Bought tells whether user has a paid order holding product (package
	// order).
	Bought func(ctx context.Context, userID, productID int64) (bool, error)
	// Name is the name a user's review shows (package account).
	Name func(ctx context.Context, userID int64) (string, error)
	// Limiter counts each customer's reviews (Limit).
	Limiter *ratelimit.Limiter
}

// Limit bounds the reviews one customer sends: a buyer reviews a few
// products at a time, a script many.
var Limit = ratelimit.Limit{Max: 10, Window: time.Hour}

// MsgTooMany answers a customer over Limit.
const MsgTooMany = "You have sent many reviews in a short while. Please wait a little and try again."

// Answer is the answer to a review sent.
type Answer struct {
	Message string         `json:"message"`
	Review  catalog.Review `json:"review"`
	Status  string         `json:"status"`
}

// Add answers POST /api/products/{id}/reviews/ {"rating", "comment"} for a
// signed-in customer: 201 and the review, pending approval.
func (h *Handlers) Add(w http.ResponseWriter, r *http.Request) error {
	p, ok := account.PrincipalFrom(r.Context())
	if !ok {
		return apperr.Unauthorized(MsgSignIn)
	}
	var in Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	f, err := in.Check()
	if err != nil {
		return err
	}
	if h.Limiter != nil {
		_, wait, err := h.Limiter.Reserve(r.Context(),
			ratelimit.Check{Bucket: "review:user:" + strconv.FormatInt(p.UserID, 10), Limit: Limit})
		if err != nil {
			return err
		}
		if wait > 0 {
			return apperr.TooManyRequests(MsgTooMany, wait)
		}
	}
	who := Reviewer{UserID: p.UserID}
	if h.Name != nil {
		if who.Name, err = h.Name(r.Context(), p.UserID); err != nil {
			return err
		}
	}
	rv, err := h.Store.Add(r.Context(), r.PathValue("id"), who, f, h.Bought)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusCreated, Answer{Message: i18n.Text(r.Context(), MsgThanks), Review: rv, Status: StatusPending})
}
