package delivery

import (
	"slices"
	"strings"
)

// Counties are Kenya's 47 counties by their official names (the
// Constitution's First Schedule; Nairobi City is written "Nairobi", as the
// shop's earlier orders and most farmers write it), in alphabetical order:
// the checkout's county select and the server's check (docs/product.md
// section 5). Migration 0013 puts each of them in the first delivery zone.
var Counties = []string{
	"Baringo", "Bomet", "Bungoma", "Busia", "Elgeyo-Marakwet", "Embu", "Garissa", "Homa Bay", "Isiolo",
	"Kajiado", "Kakamega", "Kericho", "Kiambu", "Kilifi", "Kirinyaga", "Kisii", "Kisumu", "Kitui", "Kwale",
	"Laikipia", "Lamu", "Machakos", "Makueni", "Mandera", "Marsabit", "Meru", "Migori", "Mombasa", "Murang'a",
	"Nairobi", "Nakuru", "Nandi", "Narok", "Nyamira", "Nyandarua", "Nyeri", "Samburu", "Siaya", "Taita-Taveta",
	"Tana River", "Tharaka-Nithi", "Trans Nzoia", "Turkana", "Uasin Gishu", "Vihiga", "Wajir", "West Pokot",
}

// IsCounty reports whether s is one of the counties, spelled exactly.
func IsCounty(s string) bool {
	_, ok := slices.BinarySearchFunc(Counties, s, strings.Compare)
	return ok
}
