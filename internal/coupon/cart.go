package coupon

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
)

// Summary is a cart's code as the cart and checkout screens show it.
type Summary struct {
	// Code is the code as the admin wrote it; null when the cart has none.
	Code     *string     `json:"code"`
	Discount money.Cents `json:"discount"`
	// Error says why the cart's code takes nothing off now (the cart changed
	// or the code ended since it was applied); checkout refuses it with the
	// same words.
	Error string `json:"error,omitempty"`
}

// Apply checks code against a cart's lines and keeps it for the cart
// (replacing any other code), or refuses it with a 400 on "code".
func (s *Store) Apply(ctx context.Context, cartID int64, code string, lines []Line) (Summary, error) {
	key := Key(code)
	if key == "" {
		return Summary{}, refuse(MsgRequired)
	}
	if len(key) > 40 {
		return Summary{}, refuse(MsgUnknown)
	}
	var sum Summary
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		c, err := loadTx(ctx, tx, "c.code_key = $1", key)
		if errors.Is(err, apperr.ErrNotFound) {
			return refuse(MsgUnknown)
		}
		if err != nil {
			return err
		}
		p, err := s.priceTx(ctx, tx, c, lines, usage{total: c.Uses})
		if err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO cart_coupons (cart_id, coupon_id) VALUES ($1, $2)
			ON CONFLICT (cart_id) DO UPDATE SET coupon_id = excluded.coupon_id, applied_at = CURRENT_TIMESTAMP`, cartID, c.ID); err != nil {
			return fmt.Errorf("keep coupon for cart %d: %w", cartID, err)
		}
		sum = Summary{Code: &c.Code, Discount: p.Discount}
		return nil
	})
	return sum, err
}

// Remove takes the code off cart id.
func (s *Store) Remove(ctx context.Context, cartID int64) error {
	return s.db.Tx(ctx, func(tx *sql.Tx) error { return ForgetCartTx(ctx, tx, cartID) })
}

// ForgetCartTx takes the code off cart id inside tx: an order paid with it
// has spent it.
func ForgetCartTx(ctx context.Context, tx *sql.Tx, cartID int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM cart_coupons WHERE cart_id = $1`, cartID); err != nil {
		return fmt.Errorf("take the coupon off cart %d: %w", cartID, err)
	}
	return nil
}

// ForCart prices cart id's code for its lines now.
func (s *Store) ForCart(ctx context.Context, cartID int64, lines []Line) (Summary, error) {
	var sum Summary
	if cartID == 0 {
		return sum, nil
	}
	err := s.db.ReadTx(ctx, func(tx *sql.Tx) error {
		c, ok, err := cartCouponTx(ctx, tx, cartID)
		if err != nil || !ok {
			return err
		}
		sum.Code = &c.Code
		p, err := s.priceTx(ctx, tx, c, lines, usage{total: c.Uses})
		if e, refused := apperr.From(err); refused && e.Kind == apperr.KindInvalid {
			sum.Error = e.Fields["code"]
			return nil
		}
		sum.Discount = p.Discount
		return err
	})
	return sum, err
}

func cartCouponTx(ctx context.Context, tx *sql.Tx, cartID int64) (Coupon, bool, error) {
	c, err := loadTx(ctx, tx, "c.id = (SELECT coupon_id FROM cart_coupons WHERE cart_id = $1)", cartID)
	if errors.Is(err, apperr.ErrNotFound) {
		return Coupon{}, false, nil
	}
	return c, err == nil, err
}

// Phones are the numbers a checkout names: the contact phone typed in the
// form and the M-Pesa number that pays. A code's limit per phone counts
// both, so one payer cannot take a "once per phone" code again by typing
// another contact phone.
type Phones struct{ Contact, Payer string }

// both returns the two numbers, the contact twice when no payer is known.
func (p Phones) both() (string, string) {
	if p.Payer == "" {
		return p.Contact, p.Contact
	}
	return p.Contact, p.Payer
}

// CheckoutTx prices cart id's code for the order about to be made from
// lines by phones, inside the checkout's transaction; ok is false when the
// cart has no code. It locks the coupon's row first, so the uses it counts
// stay true until the transaction ends: checkouts with the same code take
// turns here, and ClaimTx records the use under the same lock.
func (s *Store) CheckoutTx(ctx context.Context, tx *sql.Tx, cartID int64, lines []Line, phones Phones) (p Priced, ok bool, err error) {
	var id int64
	err = tx.QueryRowContext(ctx, `SELECT coupon_id FROM cart_coupons WHERE cart_id = $1`, cartID).Scan(&id)
	if err != nil {
		return Priced{}, false, db.RowErr(err, nil, "find the coupon of cart %d", cartID)
	}
	c, u, err := lockTx(ctx, tx, "c.id = $1", id, phones)
	if err != nil {
		return Priced{}, false, err
	}
	p, err = s.priceTx(ctx, tx, c, lines, u)
	return p, err == nil, err
}

// CodeTx prices code, typed for an order that has no cart (a phone order,
// an agent's), for lines by phones inside the checkout's transaction, under
// the coupon's lock as CheckoutTx does. An unknown code is refused as the
// cart refuses it.
func (s *Store) CodeTx(ctx context.Context, tx *sql.Tx, code string, lines []Line, phones Phones) (Priced, error) {
	c, u, err := lockTx(ctx, tx, "c.code_key = $1", Key(code), phones)
	if errors.Is(err, apperr.ErrNotFound) {
		return Priced{}, refuse(MsgUnknown)
	}
	if err != nil {
		return Priced{}, err
	}
	return s.priceTx(ctx, tx, c, lines, u)
}

// lockTx locks a coupon's row (an UPDATE that changes nothing: PostgreSQL
// holds the row until the transaction ends; SQLite's one writer already
// does), then loads it and counts its uses and the phones'.
func lockTx(ctx context.Context, tx *sql.Tx, where string, arg any, phones Phones) (Coupon, usage, error) {
	if _, err := tx.ExecContext(ctx, `UPDATE coupons AS c SET updated_at = c.updated_at WHERE `+where, arg); err != nil {
		return Coupon{}, usage{}, fmt.Errorf("lock coupon: %w", err)
	}
	c, err := loadTx(ctx, tx, where, arg)
	if err != nil {
		return c, usage{}, err
	}
	u := usage{total: c.Uses, phoneKnown: true}
	contact, payer := phones.both()
	u.phone, err = db.CountTx(ctx, tx, "coupon uses", `SELECT COUNT(*) FROM coupon_uses WHERE coupon_id = $1
		AND (phone IN ($2, $3) OR payer IN ($2, $3))`, c.ID, contact, payer)
	return c, u, err
}

// ClaimTx records that order orderID, placed with phones, uses coupon
// couponID. The caller holds the coupon's lock (CheckoutTx or lockTx).
func ClaimTx(ctx context.Context, tx *sql.Tx, couponID, orderID int64, phones Phones) error {
	contact, payer := phones.both()
	if _, err := tx.ExecContext(ctx, `INSERT INTO coupon_uses (coupon_id, order_id, phone, payer) VALUES ($1, $2, $3, $4)
		ON CONFLICT (order_id) DO NOTHING`, couponID, orderID, contact, payer); err != nil {
		return fmt.Errorf("record the coupon use of order %d: %w", orderID, err)
	}
	return nil
}

// ReleaseTx gives back the use of order orderID, if it had one: the order
// failed or was cancelled.
func ReleaseTx(ctx context.Context, tx *sql.Tx, orderID int64) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM coupon_uses WHERE order_id = $1`, orderID); err != nil {
		return fmt.Errorf("give back the coupon use of order %d: %w", orderID, err)
	}
	return nil
}

// MsgRetryUsedUp refuses a retry whose order's code was used up by other
// orders after this one gave its use back.
const MsgRetryUsedUp = "The coupon code on this order has been used up since. Please place the order again."

// ReclaimTx takes a use of code again for order orderID (by phones), which
// is coming back from a failed payment. A retry (enforce) respects the
// limits; a payment that arrived anyway (not enforce) is recorded whatever
// they say, because the money is real and the price was agreed.
func ReclaimTx(ctx context.Context, tx *sql.Tx, orderID int64, code string, phones Phones, enforce bool) error {
	c, u, err := lockTx(ctx, tx, "c.code_key = $1", Key(code), phones)
	if errors.Is(err, apperr.ErrNotFound) {
		// The admin renamed the code since: there is nothing left to count
		// against, and a payment must never fail for it.
		return nil
	}
	if err != nil {
		return err
	}
	if enforce && (c.MaxUses != nil && u.total >= *c.MaxUses || c.MaxUsesPerPhone != nil && u.phone >= *c.MaxUsesPerPhone) {
		return apperr.Conflict(MsgRetryUsedUp)
	}
	return ClaimTx(ctx, tx, c.ID, orderID, phones)
}

// priceTx prices c for lines, reading which lines it applies to.
func (s *Store) priceTx(ctx context.Context, tx *sql.Tx, c Coupon, lines []Line, u usage) (Priced, error) {
	applies, err := appliesTx(ctx, tx, c, lines)
	if err != nil {
		return Priced{}, err
	}
	return c.price(lines, func(id int64) bool { return applies[id] }, u, s.now().UTC())
}

// appliesTx reads which of the lines' products c applies to: all when it
// has no limits, else those named and those found under a category named
// or below one (product_categories, kept by the catalogue).
func appliesTx(ctx context.Context, tx *sql.Tx, c Coupon, lines []Line) (map[int64]bool, error) {
	applies := map[int64]bool{}
	for _, l := range lines {
		if _, seen := applies[l.ProductID]; seen {
			continue
		}
		if len(c.ProductIDs) == 0 && len(c.CategoryIDs) == 0 {
			applies[l.ProductID] = true
			continue
		}
		n, err := db.CountTx(ctx, tx, "coupon products", `SELECT
			(SELECT COUNT(*) FROM coupon_products WHERE coupon_id = $1 AND product_id = $2) +
			(SELECT COUNT(*) FROM product_categories pc JOIN coupon_categories cc ON cc.category_id = pc.category_id
				WHERE cc.coupon_id = $1 AND pc.product_id = $2)`, c.ID, l.ProductID)
		if err != nil {
			return nil, err
		}
		applies[l.ProductID] = n > 0
	}
	return applies, nil
}

// ForgetOrdersTx blanks the phone kept with the uses of the given orders,
// inside tx: a customer erasing their account takes their number with them
// (the uses still count against the code's total).
func ForgetOrdersTx(ctx context.Context, tx *sql.Tx, orderIDs []int64) error {
	for _, id := range orderIDs {
		if _, err := tx.ExecContext(ctx, `UPDATE coupon_uses SET phone = '', payer = '' WHERE order_id = $1`, id); err != nil {
			return fmt.Errorf("forget the coupon use of order %d: %w", id, err)
		}
	}
	return nil
}
