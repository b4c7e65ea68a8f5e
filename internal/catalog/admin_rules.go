package catalog

import (
	"encoding/json"
	"strings"

	"shop/internal/apperr"
	"shop/internal/form"
	"shop/internal/money"
	"shop/internal/vat"
	"shop/internal/weight"
)

// The admin forms' messages. The web forms (web/src/shared/domain/adminRules.ts)
// use the same words, so a farmer-facing shop owner sees one message whether
// the browser or the server caught the mistake.
const (
	MsgNameRequired       = form.MsgNameRequired
	MsgDescriptionMissing = "Description is required"
	MsgPriceRequired      = form.MsgPriceRequired
	MsgPriceInvalid       = form.MsgPriceInvalid
	MsgCategoryRequired   = "Please choose a category"
	MsgCategoryUnknown    = "That category does not exist"
	MsgPromoInvalid       = "Promo must be bulk, seasonal or none"
	MsgSizeRequired       = "Size is required"
	MsgSKURequired        = "SKU is required"
	MsgSKUTaken           = "This SKU is already used by another size"
	MsgStockInvalid       = "Stock must be a whole number of 0 or more"
	MsgWeightInvalid      = form.MsgWeightInvalid
	MsgOwnParent          = "A category cannot be its own parent"
	MsgParentIsDescendant = "A category cannot be placed under one of its own sub-categories"
	MsgParentUnknown      = "That parent category does not exist"
)

// Length limits of the admin forms; the tables' CHECKs match.
const (
	MaxProductName  = 200
	MaxDescription  = 20000
	MaxCategoryName = 100
	MaxSize         = 40
	MaxSKU          = 64
	MaxStock        = 1_000_000_000
	msgTooLong      = form.MsgTooLong
)

// ProductInput is the admin's product form (docs/product.md section 3: name,
// description, base_price, category, is_active, is_featured, plus the shop's
// best-seller, new-arrival and promo tags).
type ProductInput struct {
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	BasePrice    json.RawMessage `json:"base_price"`
	Category     *int64          `json:"category"`
	IsActive     *bool           `json:"is_active"`
	IsFeatured   bool            `json:"is_featured"`
	IsBestSeller bool            `json:"is_best_seller"`
	IsNewArrival bool            `json:"is_new_arrival"`
	Promo        *string         `json:"promo"`
	// VATClass is a tax band A–E (or an old class word, internal/vat);
	// left out, a new product is B and an edited one keeps its band.
	VATClass *string `json:"vat_class"`
	// NameSW and DescriptionSW are the texts in Kiswahili, optional; left
	// out, a new product has none and an edited one keeps its own.
	NameSW        *string `json:"name_sw"`
	DescriptionSW *string `json:"description_sw"`
}

// ProductFields is a checked ProductInput.
type ProductFields struct {
	Name, Description string
	BasePrice         money.Cents
	CategoryID        int64
	IsActive          bool
	IsFeatured        bool
	IsBestSeller      bool
	IsNewArrival      bool
	// Promo is "", "bulk" or "seasonal".
	Promo string
	// VATClass is "" when the form left it out.
	VATClass string
	// NameSW and DescriptionSW are nil when the form left them out.
	NameSW, DescriptionSW *string
}

// Check trims and validates the form: docs/product.md section 5 requires name,
// description and price, with the price in steps of 0.01.
func (in ProductInput) Check() (ProductFields, error) {
	f := ProductFields{
		Name:         strings.TrimSpace(in.Name),
		Description:  strings.TrimSpace(in.Description),
		IsActive:     in.IsActive == nil || *in.IsActive,
		IsFeatured:   in.IsFeatured,
		IsBestSeller: in.IsBestSeller,
		IsNewArrival: in.IsNewArrival,
	}
	bad := map[string]string{}
	form.CheckText(bad, "name", "Name", f.Name, MsgNameRequired, MaxProductName)
	form.CheckText(bad, "description", "Description", f.Description, MsgDescriptionMissing, MaxDescription)
	f.NameSW = form.OptionalText(bad, "name_sw", "Name (Kiswahili)", in.NameSW, MaxProductName)
	f.DescriptionSW = form.OptionalText(bad, "description_sw", "Description (Kiswahili)", in.DescriptionSW, MaxDescription)
	f.BasePrice = form.Price(bad, "base_price", in.BasePrice)
	if in.Category == nil || *in.Category <= 0 {
		bad["category"] = MsgCategoryRequired
	} else {
		f.CategoryID = *in.Category
	}
	if in.Promo != nil {
		switch p := strings.TrimSpace(*in.Promo); p {
		case "", PromoBulk, PromoSeasonal:
			f.Promo = p
		default:
			bad["promo"] = MsgPromoInvalid
		}
	}
	if in.VATClass != nil {
		band, ok := vat.ParseBand(*in.VATClass)
		f.VATClass = band
		if !ok {
			bad["vat_class"] = MsgVATClassInvalid
		}
	}
	return f, apperr.FixFields(bad)
}

// MsgVATClassInvalid refuses a VAT class that is not a tax band.
const MsgVATClassInvalid = "VAT class must be a tax band: A, B, C, D or E"

// VariantInput is the admin's form for one size of a product.
type VariantInput struct {
	Size  string          `json:"size"`
	SKU   string          `json:"sku"`
	Price json.RawMessage `json:"price"`
	Stock json.RawMessage `json:"stock"`
	// WeightKg is the shipping weight; left out, a new size's is read from
	// its name and an edited size keeps its own.
	WeightKg json.RawMessage `json:"weight_kg"`
	// LastsDays is how many days the size usually lasts (1 to 730); left
	// out, an edited size keeps its own; blank clears it.
	LastsDays json.RawMessage `json:"lasts_days"`
}

// VariantFields is a checked VariantInput.
type VariantFields struct {
	Size, SKU string
	Price     money.Cents
	Stock     int
	Weight    *weight.Grams
	// LastsDays: nil keeps what the size had; SetLasts with Lasts nil clears it.
	SetLasts bool
	Lasts    *int
}

// MaxLastsDays bounds how long a size may be said to last: two years.
const MaxLastsDays = 730

// MsgLastsDaysInvalid refuses a number of days a size lasts.
const MsgLastsDaysInvalid = "Days it lasts must be a whole number from 1 to 730, or blank"

// wholeCount reads a number of bags, typed as a JSON number or a string, up
// to MaxStock; blank reads as blank.
func wholeCount(raw json.RawMessage, blank string) (int, bool) {
	return form.WholeNumber(raw, blank, MaxStock)
}

// Check trims and validates the variant form.
func (in VariantInput) Check() (VariantFields, error) {
	f := VariantFields{Size: strings.Join(strings.Fields(in.Size), " "), SKU: strings.TrimSpace(in.SKU)}
	bad := map[string]string{}
	form.CheckText(bad, "size", "Size", f.Size, MsgSizeRequired, MaxSize)
	form.CheckText(bad, "sku", "SKU", f.SKU, MsgSKURequired, MaxSKU)
	f.Price = form.Price(bad, "price", in.Price)
	n, ok := wholeCount(in.Stock, "0")
	if !ok {
		bad["stock"] = MsgStockInvalid
	}
	f.Stock = n
	if !form.Blank(in.WeightKg) {
		g, err := weight.ParseKg(strings.TrimSpace(string(in.WeightKg)))
		if err != nil {
			bad["weight_kg"] = MsgWeightInvalid
		}
		f.Weight = &g
	}
	if in.LastsDays != nil {
		f.SetLasts = true
		if !form.Blank(in.LastsDays) {
			n, ok := form.WholeNumber(in.LastsDays, "", MaxLastsDays)
			if !ok || n < 1 {
				bad["lasts_days"] = MsgLastsDaysInvalid
			}
			f.Lasts = &n
		}
	}
	return f, apperr.FixFields(bad)
}

// CategoryInput is the admin's category form (docs/product.md section 3:
// name, parent, and the optional name in Kiswahili; left out, a new
// category has none and an edited one keeps its own).
type CategoryInput struct {
	Name   string  `json:"name"`
	Parent *int64  `json:"parent"`
	NameSW *string `json:"name_sw"`
}

// CategoryFields is a checked CategoryInput.
type CategoryFields struct {
	Name   string
	Slug   string
	Parent *int64
	// NameSW is nil when the form left it out.
	NameSW *string
}

// Check trims and validates the category form; whether the parent exists
// and is not a descendant is the store's to check.
func (in CategoryInput) Check() (CategoryFields, error) {
	f := CategoryFields{Name: strings.TrimSpace(in.Name)}
	if in.Parent != nil && *in.Parent > 0 {
		f.Parent = in.Parent
	}
	bad := map[string]string{}
	form.CheckText(bad, "name", "Name", f.Name, MsgNameRequired, MaxCategoryName)
	f.NameSW = form.OptionalText(bad, "name_sw", "Name (Kiswahili)", in.NameSW, MaxCategoryName)
	f.Slug = CategorySlug(f.Name)
	return f, apperr.FixFields(bad)
}
