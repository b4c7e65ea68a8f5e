// Package coupon keeps the shop's discount codes: the codes and their
// limits (tables coupons, coupon_products, coupon_categories), one row per
// order that uses a code (coupon_uses, from which every limit is counted)
// and the code a cart carries (cart_coupons). It prices a discount for a
// cart's lines; checkout (internal/payment) checks the code again inside its
// own transaction and records the use (docs/architecture.md section 11).
package coupon

import (
	"fmt"
	"math/bits"
	"time"

	"shop/internal/apperr"
	"shop/internal/money"
)

// Kind is how a coupon takes money off.
type Kind string

const (
	// Percent takes a whole percentage off the lines it applies to.
	Percent Kind = "percent"
	// Fixed takes an amount off the lines it applies to, never more than they cost.
	Fixed Kind = "fixed"
)

// Coupon is a code as the admin sets it, with how often it is in use now.
type Coupon struct {
	ID   int64  `json:"id"`
	Code string `json:"code"`
	Kind Kind   `json:"kind"`
	// Value is the whole percent (Percent) or cents (Fixed); Display is how
	// the API writes it: "10" or "200.00".
	Value           int64       `json:"-"`
	Display         string      `json:"value"`
	MinSubtotal     money.Cents `json:"min_subtotal"`
	ProductIDs      []int64     `json:"product_ids"`
	CategoryIDs     []int64     `json:"category_ids"`
	StartsAt        *time.Time  `json:"starts_at"`
	EndsAt          *time.Time  `json:"ends_at"`
	MaxUses         *int        `json:"max_uses"`
	MaxUsesPerPhone *int        `json:"max_uses_per_phone"`
	Active          bool        `json:"active"`
	// Uses counts the orders holding the code now (paid or waiting).
	Uses      int       `json:"uses"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Refusals: the plain words a shopper reads under the code field
// (docs/product.md section 8). Each is a 400 on the field "code".
const (
	MsgRequired    = "Enter a coupon code."
	MsgUnknown     = "We don't know this code. Please check it and try again."
	MsgNotStarted  = "This code cannot be used yet."
	MsgExpired     = "This code has expired."
	MsgUsedUp      = "This code has been used up."
	MsgPhoneUsedUp = "This code has already been used with this phone number."
	// MsgMinimum takes the minimum in the shop's Ksh format: "Spend Ksh
	// 2,000 or more to use this code".
	MsgMinimum   = "Spend %s or more to use this code"
	MsgNoneApply = "This code does not apply to anything in your cart."
)

func refuse(msg string) error { return apperr.InvalidField("code", msg) }

// Line is what a coupon looks at in a cart line: whose product it is and
// what it costs.
type Line struct {
	ProductID int64
	Total     money.Cents
}

// Priced is a coupon priced for a cart: the discount and each line's share
// of it, in the lines' order (zero for a line it does not apply to).
type Priced struct {
	Coupon   Coupon
	Discount money.Cents
	Shares   []money.Cents
}

// usage is what the stored uses say when a code is checked: the code's
// uses, and the phone's when a phone is known (checkout).
type usage struct {
	total, phone int
	phoneKnown   bool
}

// price checks c for lines at now, given which products it applies to, and
// prices it. A percent discount is rounded down to the cent; a fixed one is
// capped at what the lines it applies to cost, so a discount never exceeds
// them (docs/architecture.md section 11).
func (c Coupon) price(lines []Line, applies func(productID int64) bool, u usage, now time.Time) (Priced, error) {
	switch {
	case !c.Active:
		return Priced{}, refuse(MsgUnknown)
	case c.StartsAt != nil && now.Before(*c.StartsAt):
		return Priced{}, refuse(MsgNotStarted)
	case c.EndsAt != nil && !now.Before(*c.EndsAt):
		return Priced{}, refuse(MsgExpired)
	case c.MaxUses != nil && u.total >= *c.MaxUses:
		return Priced{}, refuse(MsgUsedUp)
	case u.phoneKnown && c.MaxUsesPerPhone != nil && u.phone >= *c.MaxUsesPerPhone:
		return Priced{}, refuse(MsgPhoneUsedUp)
	}
	var subtotal, eligible money.Cents
	in := make([]bool, len(lines))
	for i, l := range lines {
		subtotal += l.Total
		if applies(l.ProductID) {
			in[i] = true
			eligible += l.Total
		}
	}
	if subtotal < c.MinSubtotal {
		return Priced{}, refuse(minimumMessage(c.MinSubtotal))
	}
	if eligible == 0 {
		return Priced{}, refuse(MsgNoneApply)
	}
	discount := money.Cents(c.Value)
	if c.Kind == Percent {
		discount = eligible * money.Cents(c.Value) / 100
	}
	discount = min(discount, eligible)
	return Priced{Coupon: c, Discount: discount, Shares: Allocate(discount, lines, in)}, nil
}

func minimumMessage(c money.Cents) string {
	return fmt.Sprintf(MsgMinimum, c.Ksh())
}

// Allocate shares discount among the lines marked in, in proportion to
// their totals: each share rounded down, then the cents left over go one
// each to the lines with the largest remainders (the first such line on a
// tie), so the shares add up to the discount exactly and none exceeds its
// line. Lines not in get 0.
func Allocate(discount money.Cents, lines []Line, in []bool) []money.Cents {
	shares := make([]money.Cents, len(lines))
	var base money.Cents
	for i, l := range lines {
		if in[i] {
			base += l.Total
		}
	}
	if base == 0 || discount <= 0 {
		return shares
	}
	rems := make([]int64, len(lines))
	left := discount
	for i, l := range lines {
		if !in[i] {
			continue
		}
		// discount ≤ base, so the quotient fits; the product may not.
		hi, lo := bits.Mul64(uint64(discount), uint64(l.Total))
		q, r := bits.Div64(hi, lo, uint64(base))
		shares[i], rems[i] = money.Cents(q), int64(r)
		left -= shares[i]
	}
	for ; left > 0; left-- {
		best := -1
		for i := range lines {
			if in[i] && shares[i] < lines[i].Total && (best < 0 || rems[i] > rems[best]) {
				best = i
			}
		}
		shares[best]++
		rems[best] = -1
	}
	return shares
}
