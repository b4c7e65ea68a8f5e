// Package catalog is the shop's catalogue: categories, products, their
// variants (a size with its own price and stock) and images, and the one
// transaction that publishes a products CSV (imported.go; the file itself,
// its plan and its staging are package catalogcsv's). A product's page
// shows its approved reviews, which package review keeps (reviewed.go).
package catalog

import (
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"shop/internal/money"
	"shop/internal/weight"
)

// Category is a node of the category tree.
type Category struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	Slug   string `json:"slug"`
	Parent *int64 `json:"parent"`
}

// EditedCategory is a category as the back office shows and edits it: its
// name in English, and in Kiswahili beside it ("" where none is written;
// the shop then shows the English, docs/i18n.md "Product content").
type EditedCategory struct {
	Category
	NameSW string `json:"name_sw"`
}

// ProductInfo is a product's own fields: what every answer about a product
// carries, in the API shape of docs/product.md section 3.
type ProductInfo struct {
	ID          int64       `json:"id"`
	Name        string      `json:"name"`
	Slug        string      `json:"slug"`
	Description string      `json:"description"`
	BasePrice   money.Cents `json:"base_price"`
	Category    int64       `json:"category"`
	// OccasionTags holds 1 for a new arrival, as docs/product.md's front end expects.
	OccasionTags []int   `json:"occasion_tags"`
	IsActive     bool    `json:"is_active"`
	IsFeatured   bool    `json:"is_featured"`
	IsBestSeller bool    `json:"is_best_seller"`
	IsNewArrival bool    `json:"is_new_arrival"`
	Promo        *string `json:"promo"`
	// VATClass is the product's tax band (internal/vat): A to E.
	VATClass string `json:"vat_class"`
	// Rating is the mean review rating to one decimal, rounded down; nil
	// without reviews.
	Rating      *float64  `json:"rating"`
	ReviewCount int       `json:"review_count"`
	CreatedAt   time.Time `json:"created_at"`
	UpdatedAt   time.Time `json:"updated_at"`
}

// Product is a product with every size, picture and review: the product
// page's answer.
type Product struct {
	ProductInfo
	Variants []Variant `json:"variants"`
	Images   []Image   `json:"images"`
	Reviews  []Review  `json:"reviews"`
}

// EditedProduct is a product as the back office shows and edits it: name
// and description in English, with their Kiswahili beside them ("" where
// none is written).
type EditedProduct struct {
	Product
	NameSW        string `json:"name_sw"`
	DescriptionSW string `json:"description_sw"`
	// IsDraft: a new product not yet published (never active meanwhile).
	IsDraft bool `json:"is_draft"`
}

// AdminCard is a card as the back office lists it, with its draft mark.
type AdminCard struct {
	Card
	IsDraft bool `json:"is_draft"`
}

// AdminProductPage is a page of the back office's product list and, for
// its chips, how many of the products the other filters select are in each
// status.
type AdminProductPage struct {
	Count        int
	Capped       bool
	Products     []AdminCard
	StatusCounts map[string]int
}

// Card is a product as a list shows it: its sizes (to add one to the cart),
// its first picture, its price range and stock state, its rating and count,
// but not its reviews. Everything comes from the product's row, kept up to
// date by every change (refresh.go).
type Card struct {
	ProductInfo
	// Variants is the JSON list of sizes, as Product.Variants.
	Variants json.RawMessage `json:"variants"`
	// Images is the JSON list of at most the first picture.
	Images   json.RawMessage `json:"images"`
	PriceMin *money.Cents    `json:"price_min"`
	PriceMax *money.Cents    `json:"price_max"`
	InStock  bool            `json:"in_stock"`
}

// FirstImage is the card's picture, if it has one.
func (c *Card) FirstImage() (Image, bool) {
	var ims []Image
	if json.Unmarshal(c.Images, &ims) != nil || len(ims) == 0 {
		return Image{}, false
	}
	return ims[0], true
}

// InStock reports whether any variant can be bought.
func (p *Product) InStock() bool {
	for _, v := range p.Variants {
		if v.Stock > 0 {
			return true
		}
	}
	return false
}

// Variant is one size of a product.
type Variant struct {
	ID      int64       `json:"id"`
	Product int64       `json:"product"`
	Size    string      `json:"size"`
	SKU     string      `json:"sku"`
	Price   money.Cents `json:"price"`
	Stock   int         `json:"stock"`
	// Weight is the size's shipping weight, which delivery fees count.
	Weight weight.Grams `json:"weight_kg"`
	// LastsDays is how many days the size usually lasts a farm, which the
	// reminder before it runs out starts from; absent when not set.
	LastsDays *int `json:"lasts_days,omitempty"`
}

// variantColumns are what a Variant is read from, in scanVariant's order.
const variantColumns = `id, product_id, size, sku, price_cents, stock, COALESCE(weight_grams, 0), lasts_days`

func scanVariant(r interface{ Scan(...any) error }) (v Variant, err error) {
	var lasts sql.NullInt64
	err = r.Scan(&v.ID, &v.Product, &v.Size, &v.SKU, &v.Price, &v.Stock, &v.Weight, &lasts)
	if lasts.Valid {
		n := int(lasts.Int64)
		v.LastsDays = &n
	}
	return v, err
}

// Image is a product picture; Image is the URL path it is served at.
type Image struct {
	ID        int64  `json:"id"`
	Product   int64  `json:"product"`
	Image     string `json:"image"`
	Alt       string `json:"alt"`
	Width     int    `json:"width"`
	Height    int    `json:"height"`
	SortOrder int    `json:"sort_order"`
}

// Review is a customer's rating of a product.
type Review struct {
	ID        int64     `json:"id"`
	Product   int64     `json:"product"`
	Name      string    `json:"name"`
	Rating    int       `json:"rating"`
	Comment   string    `json:"comment"`
	CreatedAt time.Time `json:"created_at"`
}

// OccasionNewArrival is the occasion tag docs/product.md uses for new products.
const OccasionNewArrival = 1

// SizeKey is the size as the shop's weight filter spells it: "10 Kg" → "10kg".
func SizeKey(size string) string {
	return strings.ToLower(strings.Join(strings.Fields(size), ""))
}

// Sort orders of the product list.
const (
	SortName      = "name"
	SortPriceLow  = "price-low"
	SortPriceHigh = "price-high"
	// SortRelevance puts the best matches of a search first: a word in the
	// name before one in the category, before one in the description; a
	// product with the very SKU searched for before all.
	SortRelevance = "relevance"
)

// Collections a product list can be narrowed to.
const (
	CollectionNewArrivals = "new-arrivals"
	CollectionBestSellers = "best-sellers"
	CollectionFeatured    = "featured"
)

// Promos a product can be on.
const (
	PromoBulk     = "bulk"
	PromoSeasonal = "seasonal"
)

// ListFilter narrows and orders the product list. Zero values mean "any".
type ListFilter struct {
	Category   string // a category slug; matches its sub-categories too
	Weight     string // a size key such as "10kg"
	Promo      string
	Collection string
	Search     string
	// Sort is one of the Sort… orders; SortRelevance needs a Search.
	Sort     string
	MinPrice *money.Cents
	MaxPrice *money.Cents
	// Page counts from 1; 0 lists every match.
	Page     int
	PageSize int
}

// ProductPage is one page of a product list with the number of matches:
// exact, or CountCap when Capped (there are more).
type ProductPage struct {
	Count    int
	Capped   bool
	Products []Card
}

// CountCap is the most matches a list counts: beyond it the list says
// "1,000+" instead of counting every row of a large catalogue.
const CountCap = 1000
