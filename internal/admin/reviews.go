package admin

import (
	"database/sql"
	"fmt"
	"net/http"
	"strings"

	"shop/internal/review"
)

// Reviews answers GET /api/admin/reviews/?status=pending: buyers' reviews,
// newest first, of one status or all.
func (h *Handlers) Reviews(w http.ResponseWriter, r *http.Request, _ Actor) error {
	q, err := readList(r, 20)
	if err != nil {
		return err
	}
	status := strings.TrimSpace(q.Get("status"))
	if err := review.CheckStatus(status, true); err != nil {
		return err
	}
	count, reviews, err := h.reviews.ByStatus(r.Context(), status, q.page, q.size)
	if err != nil {
		return err
	}
	return writePage(w, r, q, count, reviews)
}

// UpdateReview answers PATCH /api/admin/reviews/{id}/ {"status": "approved"
// | "rejected"}; an approved review counts in its product's rating.
func (h *Handlers) UpdateReview(w http.ResponseWriter, r *http.Request, a Actor) error {
	var in struct {
		Status string `json:"status"`
	}
	id, err := readIDBody(r, "Review", &in)
	if err != nil {
		return err
	}
	if err := review.CheckStatus(in.Status, false); err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (review.Listed, Entry, error) {
		before, after, err := h.reviews.SetStatusTx(r.Context(), tx, id, in.Status)
		if err != nil || before.Status == after.Status {
			return after, Entry{}, err
		}
		action := map[string]string{review.StatusApproved: "approve", review.StatusRejected: "reject"}[in.Status]
		return after, entry(action, "review", id, fmt.Sprintf("%d-star review of %s by %s: %s → %s",
			after.Rating, quote(after.ProductName), quote(after.Name), before.Status, after.Status)), nil
	})
}
