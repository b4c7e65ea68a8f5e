package catalog

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/db"
)

// Reviews from buyers: a customer with a paid order holding a product may
// review it once; the review waits for an admin's approval, and only
// approved reviews show and count in the product's rating.

// A review's status.
const (
	ReviewPending  = "pending"
	ReviewApproved = "approved"
	ReviewRejected = "rejected"
)

// MaxReviewComment is the longest comment, in characters.
const MaxReviewComment = 1000

// The review form's messages (docs/product.md section 8; the web form's
// rules.ts says the same).
const (
	MsgReviewRating    = "Please choose a rating from 1 to 5 stars"
	MsgReviewComment   = "Your comment must be at most 1,000 characters"
	MsgReviewSignIn    = "Please sign in to review this product."
	MsgReviewNotBought = "Only customers who bought this product can review it."
	MsgReviewTwice     = "You have already reviewed this product."
	MsgReviewThanks    = "Thank you - your review will appear once approved"
	MsgReviewStatus    = "Status must be approved or rejected"
)

// ReviewInput is the review form: {"rating", "comment"}.
type ReviewInput struct {
	Rating  json.RawMessage `json:"rating"`
	Comment string          `json:"comment"`
}

// ReviewFields is a checked ReviewInput.
type ReviewFields struct {
	Rating  int
	Comment string
}

// Check validates the review form.
func (in ReviewInput) Check() (ReviewFields, error) {
	f := ReviewFields{Comment: strings.TrimSpace(in.Comment)}
	bad := map[string]string{}
	n, ok := wholeCount(in.Rating, "")
	if !ok || n < 1 || n > 5 {
		bad["rating"] = MsgReviewRating
	}
	f.Rating = n
	if utf8.RuneCountInString(f.Comment) > MaxReviewComment {
		bad["comment"] = MsgReviewComment
	}
	if len(bad) > 0 {
		return f, apperr.InvalidFields(bad, "rating", "comment")
	}
	return f, nil
}

// Reviewer is the customer writing a review: their user id and the name
// the review shows.
type Reviewer struct {
	UserID int64
	Name   string
}

// AddReview stores reviewer's review of the active product idOrSlug as
// pending. bought tells whether the customer has a paid order holding the
// product (package order answers it; catalog does not read orders).
func (s *Store) AddReview(ctx context.Context, idOrSlug string, who Reviewer, f ReviewFields,
	bought func(ctx context.Context, userID, productID int64) (bool, error)) (Review, error) {
	p, err := s.Product(ctx, idOrSlug)
	if err != nil {
		return Review{}, err
	}
	ok := false
	if bought != nil {
		if ok, err = bought(ctx, who.UserID, p.ID); err != nil {
			return Review{}, err
		}
	}
	if !ok {
		return Review{}, apperr.Forbidden(MsgReviewNotBought)
	}
	name := strings.TrimSpace(who.Name)
	if name == "" {
		name = "Customer"
	}
	rv := Review{Product: p.ID, Name: truncate(name, 100), Rating: f.Rating, Comment: f.Comment, CreatedAt: time.Now().UTC().Truncate(time.Second)}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		n, err := db.CountTx(ctx, tx, "reviews", `SELECT COUNT(*) FROM reviews WHERE product_id = $1 AND user_id = $2`, p.ID, who.UserID)
		if err != nil {
			return err
		}
		if n > 0 {
			return apperr.Conflict(MsgReviewTwice)
		}
		return tx.QueryRowContext(ctx, `INSERT INTO reviews (product_id, user_id, name, rating, comment, status, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, p.ID, who.UserID, rv.Name, rv.Rating, rv.Comment, ReviewPending, rv.CreatedAt).Scan(&rv.ID)
	})
	if db.IsUniqueViolation(err) {
		return Review{}, apperr.Conflict(MsgReviewTwice) // the same review sent twice at once
	}
	if err != nil {
		return Review{}, fmt.Errorf("add review of product %d: %w", p.ID, err)
	}
	return rv, nil
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// AdminReview is a review as the back office lists it.
type AdminReview struct {
	Review
	Status      string `json:"status"`
	ProductName string `json:"product_name"`
	ProductSlug string `json:"product_slug"`
}

const adminReviewColumns = `r.id, r.product_id, r.name, r.rating, r.comment, r.created_at, r.status, p.name, p.slug`

func scanAdminReview(sc db.Scanner) (r AdminReview, err error) {
	return r, sc.Scan(&r.ID, &r.Product, &r.Name, &r.Rating, &r.Comment, &r.CreatedAt, &r.Status, &r.ProductName, &r.ProductSlug)
}

// CheckReviewStatus validates a status the admin asks for: "" for every
// status in a list (any true), approved or rejected.
func CheckReviewStatus(status string, any bool) error {
	switch status {
	case ReviewApproved, ReviewRejected:
		return nil
	case ReviewPending, "":
		if any {
			return nil
		}
	}
	return apperr.InvalidField("status", MsgReviewStatus)
}

// ReviewsByStatus is page (from 1) of the reviews with status ("" for
// all), newest first, and how many there are.
func (s *Store) ReviewsByStatus(ctx context.Context, status string, page, size int) (int, []AdminReview, error) {
	w := &db.Where{}
	if status != "" {
		w.And("r.status = " + w.Arg(status))
	}
	count, rows, err := s.db.ListPage(ctx, adminReviewColumns, "reviews r JOIN products p ON p.id = r.product_id", w, "r.created_at DESC, r.id DESC", page, size)
	if err != nil {
		return 0, nil, fmt.Errorf("list reviews: %w", err)
	}
	out, err := db.Collect(rows, scanAdminReview)
	return count, out, err
}

// PendingReviews counts the reviews waiting for approval, for the dashboard.
func (s *Store) PendingReviews(ctx context.Context) (int, error) {
	return s.db.Count(ctx, "pending reviews", `SELECT COUNT(*) FROM reviews WHERE status = $1`, ReviewPending)
}

// SetReviewStatusTx approves or rejects review id inside tx and rewrites
// its product's rating; it returns the review as it was and as it is.
func (s *Store) SetReviewStatusTx(ctx context.Context, tx *sql.Tx, id int64, status string) (before, after AdminReview, err error) {
	if err = CheckReviewStatus(status, false); err != nil {
		return
	}
	before, err = scanAdminReview(tx.QueryRowContext(ctx, `SELECT `+adminReviewColumns+` FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.id = $1`, id))
	if db.NoRows(err) {
		err = apperr.NotFound("Review not found")
		return
	}
	if err != nil {
		return
	}
	after = before
	after.Status = status
	if _, err = tx.ExecContext(ctx, `UPDATE reviews SET status = $1 WHERE id = $2`, status, id); err != nil {
		err = fmt.Errorf("set review %d %s: %w", id, status, err)
		return
	}
	err = refreshCardTx(ctx, tx, before.Product)
	return
}

// ReviewsByUser lists every review user wrote, newest first: part of their
// data export.
func ReviewsByUser(ctx context.Context, d *db.DB, userID int64) ([]AdminReview, error) {
	return db.QueryAll(ctx, d, "reviews by user", scanAdminReview, `SELECT `+adminReviewColumns+`
		FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC`, userID)
}

// ForgetReviewerTx deletes user's reviews inside tx, when their account is
// erased, and rewrites the ratings they counted in.
func ForgetReviewerTx(ctx context.Context, tx *sql.Tx, userID int64) error {
	products, err := queryAllTx(ctx, tx, scanID, `DELETE FROM reviews WHERE user_id = $1 RETURNING product_id`, userID)
	if err != nil {
		return fmt.Errorf("forget reviews of user %d: %w", userID, err)
	}
	changed := map[int64]bool{}
	for _, id := range products {
		changed[id] = true
	}
	return refreshCardsTx(ctx, tx, changed)
}
