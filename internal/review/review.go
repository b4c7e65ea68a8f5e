// Package review keeps buyers' reviews of products: a customer with a paid
// order holding a product may review it once; the review waits for an
// admin's approval, and only approved reviews show and count in the
// product's rating. It owns the reviews table; the catalogue shows them
// (catalog.Review) and keeps the rating on the product's card, rewritten
// through catalog.ReviewsChangedTx whenever a review counts or stops counting.
package review

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/form"
)

// A review's status.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
)

// MaxComment is the longest comment, in characters.
const MaxComment = 1000

// The review form's messages (docs/product.md section 8; the web form's
// rules.ts says the same).
const (
	MsgRating    = "Please choose a rating from 1 to 5 stars"
	MsgComment   = "Your comment must be at most 1,000 characters"
	MsgSignIn    = "Please sign in to review this product."
	MsgNotBought = "Only customers who bought this product can review it."
	MsgTwice     = "You have already reviewed this product."
	MsgThanks    = "Thank you - your review will appear once approved"
	MsgStatus    = "Status must be approved or rejected"
)

// Input is the review form: {"rating", "comment"}.
type Input struct {
	Rating  json.RawMessage `json:"rating"`
	Comment string          `json:"comment"`
}

// Fields is a checked Input.
type Fields struct {
	Rating  int
	Comment string
}

// Check validates the review form.
func (in Input) Check() (Fields, error) {
	f := Fields{Comment: strings.TrimSpace(in.Comment)}
	bad := map[string]string{}
	n, ok := form.WholeNumber(in.Rating, "", 5)
	if !ok || n < 1 {
		bad["rating"] = MsgRating
	}
	f.Rating = n
	if utf8.RuneCountInString(f.Comment) > MaxComment {
		bad["comment"] = MsgComment
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

// Store reads and writes reviews.
type Store struct {
	db       *db.DB
	products *catalog.Store
}

// NewStore returns a Store on d, finding the products reviewed in products.
func NewStore(d *db.DB, products *catalog.Store) *Store {
	return &Store{db: d, products: products}
}

// Add stores reviewer's review of the active product idOrSlug as pending.
// bought tells whether the customer has a paid order holding the product
// (package order answers it; review does not read orders).
func (s *Store) Add(ctx context.Context, idOrSlug string, who Reviewer, f Fields,
	bought func(ctx context.Context, userID, productID int64) (bool, error)) (catalog.Review, error) {
	product, err := s.products.ActiveProductID(ctx, idOrSlug)
	if err != nil {
		return catalog.Review{}, err
	}
	ok := false
	if bought != nil {
		if ok, err = bought(ctx, who.UserID, product); err != nil {
			return catalog.Review{}, err
		}
	}
	if !ok {
		return catalog.Review{}, apperr.Forbidden(MsgNotBought)
	}
	name := strings.TrimSpace(who.Name)
	if name == "" {
		name = "Customer"
	}
	rv := catalog.Review{Product: product, Name: truncate(name, 100), Rating: f.Rating, Comment: f.Comment, CreatedAt: time.Now().UTC().Truncate(time.Second)}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		n, err := db.CountTx(ctx, tx, "reviews", `SELECT COUNT(*) FROM reviews WHERE product_id = $1 AND user_id = $2`, product, who.UserID)
		if err != nil {
			return err
		}
		if n > 0 {
			return apperr.Conflict(MsgTwice)
		}
		return tx.QueryRowContext(ctx, `INSERT INTO reviews (product_id, user_id, name, rating, comment, status, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, product, who.UserID, rv.Name, rv.Rating, rv.Comment, StatusPending, rv.CreatedAt).Scan(&rv.ID)
	})
	if db.IsUniqueViolation(err) {
		return catalog.Review{}, apperr.Conflict(MsgTwice) // the same review sent twice at once
	}
	if err != nil {
		return catalog.Review{}, fmt.Errorf("add review of product %d: %w", product, err)
	}
	return rv, nil
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n])
	}
	return s
}

// Past is a review the business holds from before the shop took reviews
// (the demo's): approved, with no account behind it.
type Past struct {
	Name    string
	Rating  int
	Comment string
	// CommentSW is Comment in Kiswahili, shown on Kiswahili pages; "" shows
	// Comment in both languages.
	CommentSW string
	// DaysAgo dates the review relative to now.
	DaysAgo int
}

// AddPast stores reviews of product as approved, and the rating its card
// shows with them, in one transaction.
func (s *Store) AddPast(ctx context.Context, product int64, reviews []Past) error {
	if len(reviews) == 0 {
		return nil
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		for _, rv := range reviews {
			at := time.Now().UTC().AddDate(0, 0, -rv.DaysAgo).Truncate(time.Second)
			if _, err := tx.ExecContext(ctx, `INSERT INTO reviews (product_id, name, rating, comment, status, created_at, comment_sw)
				VALUES ($1, $2, $3, $4, $5, $6, $7)`, product, rv.Name, rv.Rating, rv.Comment, StatusApproved, at, rv.CommentSW); err != nil {
				return fmt.Errorf("review of product %d: %w", product, err)
			}
		}
		return catalog.ReviewsChangedTx(ctx, tx, product)
	})
}

// Listed is a review as the back office lists it and a customer's data
// export holds it.
type Listed struct {
	catalog.Review
	Status      string `json:"status"`
	ProductName string `json:"product_name"`
	ProductSlug string `json:"product_slug"`
}

const listedColumns = `r.id, r.product_id, r.name, r.rating, r.comment, r.created_at, r.status, p.name, p.slug`

func scanListed(sc db.Scanner) (r Listed, err error) {
	return r, sc.Scan(&r.ID, &r.Product, &r.Name, &r.Rating, &r.Comment, &r.CreatedAt, &r.Status, &r.ProductName, &r.ProductSlug)
}

// CheckStatus validates a status the admin asks for: "" for every status
// in a list (any true), approved or rejected.
func CheckStatus(status string, any bool) error {
	switch status {
	case StatusApproved, StatusRejected:
		return nil
	case StatusPending, "":
		if any {
			return nil
		}
	}
	return apperr.InvalidField("status", MsgStatus)
}

// ByStatus is page (from 1) of the reviews with status ("" for all),
// newest first, and how many there are.
func (s *Store) ByStatus(ctx context.Context, status string, page, size int) (int, []Listed, error) {
	w := &db.Where{}
	if status != "" {
		w.And("r.status = " + w.Arg(status))
	}
	count, rows, err := s.db.ListPage(ctx, listedColumns, "reviews r JOIN products p ON p.id = r.product_id", w, "r.created_at DESC, r.id DESC", page, size)
	if err != nil {
		return 0, nil, fmt.Errorf("list reviews: %w", err)
	}
	out, err := db.Collect(rows, scanListed)
	return count, out, err
}

// PendingCount counts the reviews waiting for approval, for the dashboard.
func (s *Store) PendingCount(ctx context.Context) (int, error) {
	return s.db.Count(ctx, "pending reviews", `SELECT COUNT(*) FROM reviews WHERE status = $1`, StatusPending)
}

// SetStatusTx approves or rejects review id inside tx and rewrites its
// product's rating; it returns the review as it was and as it is.
func (s *Store) SetStatusTx(ctx context.Context, tx *sql.Tx, id int64, status string) (before, after Listed, err error) {
	if err = CheckStatus(status, false); err != nil {
		return
	}
	before, err = scanListed(tx.QueryRowContext(ctx, `SELECT `+listedColumns+` FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.id = $1`, id))
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
	err = catalog.ReviewsChangedTx(ctx, tx, before.Product)
	return
}

// ByUser lists every review user wrote, newest first: part of their data
// export.
func ByUser(ctx context.Context, d *db.DB, userID int64) ([]Listed, error) {
	return db.QueryAll(ctx, d, "reviews by user", scanListed, `SELECT `+listedColumns+`
		FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.user_id = $1 ORDER BY r.created_at DESC, r.id DESC`, userID)
}

// ForgetReviewerTx deletes user's reviews inside tx, when their account is
// erased, and rewrites the ratings they counted in.
func ForgetReviewerTx(ctx context.Context, tx *sql.Tx, userID int64) error {
	rows, err := tx.QueryContext(ctx, `DELETE FROM reviews WHERE user_id = $1 RETURNING product_id`, userID)
	if err != nil {
		return fmt.Errorf("forget reviews of user %d: %w", userID, err)
	}
	products, err := db.Collect(rows, func(sc db.Scanner) (id int64, err error) { return id, sc.Scan(&id) })
	if err != nil {
		return fmt.Errorf("forget reviews of user %d: %w", userID, err)
	}
	return catalog.ReviewsChangedTx(ctx, tx, products...)
}
