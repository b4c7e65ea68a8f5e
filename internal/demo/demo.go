// Package demo holds the demo catalogue of the Mifugo Bora Feeds shop
// (Ruiru, Kenya): categories, products with variants and reviews, and an
// SVG packshot renderer. It is pure data and never touches a database;
// the seeding code reads Categories and Products and inserts them.
package demo

// Category is a shop category. ParentSlug is "" for a top-level category.
// Categories returns parents before their children.
type Category struct {
	Name, Slug, ParentSlug string
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
	DaysAgo int
}

// Product is a catalogue product. Promo is "", "bulk" or "seasonal".
type Product struct {
	Name, Slug, Description, CategorySlug string
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

// Categories returns the category tree, parents before children.
// The order is the id order: index 0 becomes category id 1.
func Categories() []Category {
	return []Category{
		{Name: "Feeds", Slug: "feeds"},
		{Name: "Dairy Meal", Slug: "dairy-meal", ParentSlug: "feeds"},
		{Name: "Kienyeji Mash", Slug: "kienyeli-mash", ParentSlug: "feeds"},
		{Name: "Layers Mash", Slug: "layers", ParentSlug: "feeds"},
		{Name: "Chick Feeds", Slug: "chick-feeds", ParentSlug: "feeds"},
		{Name: "Broiler Feeds", Slug: "broiler-feeds", ParentSlug: "feeds"},
		{Name: "Pig Feeds", Slug: "pig-feeds", ParentSlug: "feeds"},
		{Name: "Dewormers", Slug: "dewormers"},
		{Name: "Albendazole 10%", Slug: "albendazole-10", ParentSlug: "dewormers"},
		{Name: "Albendazole 2.5%", Slug: "albendazole-25", ParentSlug: "dewormers"},
		{Name: "Supplements", Slug: "supplements"},
		{Name: "Chemicals", Slug: "chemicals"},
		{Name: "Dicalcium Phosphate (DCP)", Slug: "dcp"},
	}
}
