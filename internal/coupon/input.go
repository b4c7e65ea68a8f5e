package coupon

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/form"
	"shop/internal/money"
)

// Input is the admin's coupon form (POST, and PATCH over the stored coupon).
type Input struct {
	Code            string          `json:"code"`
	Kind            Kind            `json:"kind"`
	Value           json.RawMessage `json:"value"`
	MinSubtotal     json.RawMessage `json:"min_subtotal"`
	ProductIDs      []int64         `json:"product_ids"`
	CategoryIDs     []int64         `json:"category_ids"`
	StartsAt        *time.Time      `json:"starts_at"`
	EndsAt          *time.Time      `json:"ends_at"`
	MaxUses         *int            `json:"max_uses"`
	MaxUsesPerPhone *int            `json:"max_uses_per_phone"`
	Active          *bool           `json:"active"`
}

// The admin form's messages.
const (
	MsgCodeRequired = "Give the code shoppers type."
	MsgCodeFormat   = "Use 3 to 40 letters, digits, - or _."
	MsgCodeTaken    = "Another coupon has this code."
	MsgKind         = "Choose percent or fixed."
	MsgPercent      = "Give a whole percentage from 1 to 100."
	MsgAmount       = "Give an amount above 0, like 200 or 200.00."
	MsgLimit        = "Leave empty for no limit, or give a whole number from 1."
	MsgEndsBefore   = "The end must come after the start."
)

// Input is the form that would store c again: PATCH decodes its body over it.
func (c Coupon) Input() Input {
	active := c.Active
	min := json.RawMessage(strconv.Quote(c.MinSubtotal.String()))
	return Input{Code: c.Code, Kind: c.Kind, Value: json.RawMessage(strconv.Quote(c.Display)), MinSubtotal: min,
		ProductIDs: c.ProductIDs, CategoryIDs: c.CategoryIDs, StartsAt: c.StartsAt, EndsAt: c.EndsAt,
		MaxUses: c.MaxUses, MaxUsesPerPhone: c.MaxUsesPerPhone, Active: &active}
}

// Check trims and validates the form into a Coupon (without its id).
func (in Input) Check() (Coupon, error) {
	c := Coupon{Code: strings.TrimSpace(in.Code), Kind: in.Kind, StartsAt: utc(in.StartsAt), EndsAt: utc(in.EndsAt),
		MaxUses: in.MaxUses, MaxUsesPerPhone: in.MaxUsesPerPhone, Active: in.Active == nil || *in.Active,
		ProductIDs: ids(in.ProductIDs), CategoryIDs: ids(in.CategoryIDs)}
	bad := map[string]string{}
	switch {
	case c.Code == "":
		bad["code"] = MsgCodeRequired
	case len(c.Code) < 3 || len(c.Code) > 40 || strings.ContainsFunc(c.Code, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_')
	}):
		bad["code"] = MsgCodeFormat
	}
	raw := strings.Trim(strings.TrimSpace(string(in.Value)), `"`)
	switch c.Kind {
	case Percent:
		n, err := strconv.ParseInt(raw, 10, 64)
		if err != nil || n < 1 || n > 100 {
			bad["value"] = MsgPercent
		}
		c.Value, c.Display = n, strconv.FormatInt(n, 10)
	case Fixed:
		v, msg := form.ParsePrice(in.Value)
		if msg != "" || v <= 0 {
			bad["value"] = MsgAmount
		}
		c.Value, c.Display = int64(v), v.String()
	default:
		bad["kind"] = MsgKind
	}
	if !form.Blank(in.MinSubtotal) {
		v, msg := form.ParsePrice(in.MinSubtotal)
		if msg != "" {
			bad["min_subtotal"] = msg
		}
		c.MinSubtotal = v
	}
	for field, n := range map[string]*int{"max_uses": c.MaxUses, "max_uses_per_phone": c.MaxUsesPerPhone} {
		if n != nil && *n < 1 {
			bad[field] = MsgLimit
		}
	}
	if c.StartsAt != nil && c.EndsAt != nil && !c.StartsAt.Before(*c.EndsAt) {
		bad["ends_at"] = MsgEndsBefore
	}
	return c, apperr.FixFields(bad)
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC().Truncate(time.Second)
	return &u
}

// ids sorts the ids and drops repeats and non-positive ones.
func ids(in []int64) []int64 {
	out := []int64{}
	for _, id := range in {
		if id > 0 {
			out = append(out, id)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// display is how the API writes a stored value.
func display(k Kind, v int64) string {
	if k == Percent {
		return strconv.FormatInt(v, 10)
	}
	return money.Cents(v).String()
}
