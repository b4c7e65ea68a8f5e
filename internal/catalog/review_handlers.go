package catalog

import (
	"context"
	"net/http"
	"strconv"
	"time"

	"shop/internal/account"
	"shop/internal/apperr"
	"shop/internal/httpx"
	"shop/internal/i18n"
	"shop/internal/ratelimit"
)

// ReviewDeps is what the review form needs from outside the catalogue.
type ReviewDeps struct {
	// Bought tells whether user has a paid order holding product (package
	// order).
	Bought func(ctx context.Context, userID, productID int64) (bool, error)
	// Name is the name a user's review shows (package account).
	Name func(ctx context.Context, userID int64) (string, error)
	// Limiter counts each customer's reviews (ReviewLimit).
	Limiter *ratelimit.Limiter
}

// ReviewLimit bounds the reviews one customer sends: a buyer reviews a few
// products at a time, a script many.
var ReviewLimit = ratelimit.Limit{Max: 10, Window: time.Hour}

// MsgTooManyReviews answers a customer over ReviewLimit.
const MsgTooManyReviews = "You have sent many reviews in a short while. Please wait a little and try again."

// ReviewAnswer is the answer to a review sent.
type ReviewAnswer struct {
	Message string `json:"message"`
	Review  Review `json:"review"`
	Status  string `json:"status"`
}

// AddReview answers POST /api/products/{id}/reviews/ {"rating", "comment"}
// for a signed-in customer: 201 and the review, pending approval.
func (h *Handlers) AddReview(w http.ResponseWriter, r *http.Request) error {
	p, ok := account.PrincipalFrom(r.Context())
	if !ok {
		return apperr.Unauthorized(MsgReviewSignIn)
	}
	var in ReviewInput
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	f, err := in.Check()
	if err != nil {
		return err
	}
	if h.Reviews.Limiter != nil {
		_, wait, err := h.Reviews.Limiter.Reserve(r.Context(),
			ratelimit.Check{Bucket: "review:user:" + strconv.FormatInt(p.UserID, 10), Limit: ReviewLimit})
		if err != nil {
			return err
		}
		if wait > 0 {
			return apperr.TooManyRequests(MsgTooManyReviews, wait)
		}
	}
	who := Reviewer{UserID: p.UserID}
	if h.Reviews.Name != nil {
		if who.Name, err = h.Reviews.Name(r.Context(), p.UserID); err != nil {
			return err
		}
	}
	rv, err := h.Store.AddReview(r.Context(), r.PathValue("id"), who, f, h.Reviews.Bought)
	if err != nil {
		return err
	}
	return httpx.WritePrivate(w, http.StatusCreated, ReviewAnswer{Message: i18n.Text(r.Context(), MsgReviewThanks), Review: rv, Status: ReviewPending})
}
