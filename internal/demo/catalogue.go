package demo

import "strings"

// sz is one pack size with its price (Ksh) and stock; the SKU is derived.
type sz struct {
	size         string
	price, stock int
}

// vars builds variants whose SKUs are prefix + "-" + a size code,
// e.g. vars("MB-DM", sz{"70 Kg", 3650, 40}) gives SKU "MB-DM-70KG".
func vars(prefix string, sizes ...sz) []Variant {
	out := make([]Variant, len(sizes))
	for i, s := range sizes {
		out[i] = Variant{Size: s.size, SKU: prefix + "-" + sizeCode(s.size), PriceKsh: s.price, Stock: s.stock}
	}
	return out
}

// sizeCode turns "10 Kg" into "10KG", "250 grams" into "250G",
// "1 litre" into "1L" and "120 ml" into "120ML".
func sizeCode(size string) string {
	c := strings.ToUpper(strings.ReplaceAll(size, " ", ""))
	c = strings.Replace(c, "GRAMS", "G", 1)
	return strings.Replace(c, "LITRE", "L", 1)
}

// Products returns the demo catalogue. The order is the id order:
// index 0 becomes product id 1. Only id 1 is featured and only ids 1-3
// are best sellers, matching the shop's badge rules.
func Products() []Product {
	return append(feedProducts(), healthProducts()...)
}
