// Package demo holds the demo catalogue of the Mifugo Bora Feeds shop
// (Ruiru, Kenya): categories, products with variants and reviews, and an
// SVG packshot renderer. It is pure data and never touches a database;
// the seeding code reads Categories and Products and inserts them.
package demo

// Category is a shop category. ParentSlug is "" for a top-level category.
// Categories returns parents before their children. NameSW is the name in
// Kiswahili.
type Category struct {
	Name, Slug, ParentSlug string
	NameSW                 string
}

// Variant is one purchasable pack size of a product.
type Variant struct {
	Size     string
	SKU      string
	PriceKsh int
	Stock    int
}

// Review is a customer review; DaysAgo is relative to seeding time.
type Review struct {
	Name    string
	Rating  int
	Comment string
	// CommentSW is the review in Kiswahili: every demo review has both, as
	// written by a farmer in one of them (docs/i18n.md, "Product content").
	CommentSW string
	DaysAgo   int
}

// Product is a catalogue product. Promo is "", "bulk" or "seasonal".
// NameSW and DescriptionSW are its texts in Kiswahili, "" for those not
// translated.
type Product struct {
	Name, Slug, Description, CategorySlug string
	NameSW, DescriptionSW                 string
	Featured, BestSeller, NewArrival      bool
	Promo                                 string
	Variants                              []Variant
	Reviews                               []Review
	Look                                  Look
}

// Look describes how a product's packshot is drawn. Pack is one of
// "bag", "bottle", "jerrycan", "sachet", "tub" or "box"; Color and Accent
// are hex colours like "#2f6f3e"; Label is a short line like "DAIRY MEAL".
type Look struct {
	Pack   string
	Color  string
	Accent string
	Label  string
}

// Sizes lists every pack size the shop uses, spelled exactly as shown.
var Sizes = []string{"10 Kg", "20 Kg", "70 Kg", "1 litre", "120 ml", "20 ml", "500 ml", "90 ml", "1 Kg", "250 grams", "500 grams"}
