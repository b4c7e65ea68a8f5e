// Package cart keeps shoppers' carts on the server: a guest's by a token in
// an httpOnly cookie, a signed-in customer's by their account. Prices always
// come from the catalogue, never from the client.
package cart

import (
	"time"

	"shop/internal/money"
)

// Item is a cart line in docs/product.md's cart-item shape.
type Item struct {
	ID         int64       `json:"id"`
	Variant    Variant     `json:"variant"`
	Quantity   int         `json:"quantity"`
	UnitPrice  money.Cents `json:"unit_price"`
	TotalPrice money.Cents `json:"total_price"`
	AddedAt    time.Time   `json:"added_at"`
}

// Variant is the size in the cart, with what the cart screen shows of it.
type Variant struct {
	ID      int64       `json:"id"`
	Size    string      `json:"size"`
	SKU     string      `json:"sku"`
	Price   money.Cents `json:"price"`
	Stock   int         `json:"stock"`
	Product Product     `json:"product"`
}

// Product is the product of a cart line.
type Product struct {
	ID     int64   `json:"id"`
	Name   string  `json:"name"`
	Slug   string  `json:"slug"`
	Images []Image `json:"images"`
}

// Image is the product's first picture.
type Image struct {
	Image  string `json:"image"`
	Alt    string `json:"alt"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
}

// Owner says whose cart a request means: a signed-in user's, a guest's (by
// the token in their cookie), or both at the moment a guest signs in.
type Owner struct {
	UserID     int64
	GuestToken string
}

// Subtotal adds up the lines.
func Subtotal(items []Item) money.Cents {
	var sum money.Cents
	for _, it := range items {
		sum += it.TotalPrice
	}
	return sum
}

// Count adds up the quantities: the header badge.
func Count(items []Item) int {
	n := 0
	for _, it := range items {
		n += it.Quantity
	}
	return n
}
