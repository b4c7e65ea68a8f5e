package catalog

import "shop/internal/i18n"

// The storefront's reads (Product, ListProducts, Categories, Suggest) answer
// in the language their context carries (i18n.From): in Kiswahili a name or
// description is the Kiswahili one where the admin wrote it, else the
// English, field by field, in the same JSON. The database picks, so an
// English read runs the very statement it ran before there was Kiswahili.
// The back office always reads English, with the Kiswahili beside it
// (EditedProduct, EditedCategory). docs/i18n.md, "Product content".

// inSW is the Kiswahili column beside col (col + "_sw") where it holds
// something, else col.
func inSW(col string) string {
	return "CASE WHEN " + col + "_sw <> '' THEN " + col + "_sw ELSE " + col + " END"
}

var (
	productColumnsSW  = `p.id, ` + inSW("p.name") + `, p.slug, ` + inSW("p.description") + `, ` + productRest
	cardColumnsSW     = productColumnsSW + cardRest
	categoryColumnsSW = `id, ` + inSW("name") + `, slug, parent_id`
	// nameKeySW is the Kiswahili list's name order, as the index
	// products_active_name_sw (migration 0020) holds it.
	nameKeySW = "LOWER(" + inSW("p.name") + ")"
)

// productColumnsIn are productColumns with the texts in l.
func productColumnsIn(l i18n.Lang) string {
	if l == i18n.Kiswahili {
		return productColumnsSW
	}
	return productColumns
}

// cardColumnsIn are cardColumns with the texts in l.
func cardColumnsIn(l i18n.Lang) string {
	if l == i18n.Kiswahili {
		return cardColumnsSW
	}
	return cardColumns
}

// categoryColumnsIn are categoryColumns with the name in l.
func categoryColumnsIn(l i18n.Lang) string {
	if l == i18n.Kiswahili {
		return categoryColumnsSW
	}
	return categoryColumns
}
