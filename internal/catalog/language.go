package catalog

import (
	"encoding/json"

	"shop/internal/i18n"
)

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
	cardColumnsSW     = productColumnsSW + cardRest + swNameColumns
	categoryColumnsSW = `id, ` + inSW("name") + `, slug, parent_id`
	// nameKeySW is the Kiswahili list's name order, as the indexes of
	// migration 0020 hold it.
	nameKeySW = "LOWER(" + inSW("p.name") + ")"
)

// categoryColumnsIn are categoryColumns with the name in l.
func categoryColumnsIn(l i18n.Lang) string {
	if l == i18n.Kiswahili {
		return categoryColumnsSW
	}
	return categoryColumns
}

// swNameColumns are a product's names in both languages, read after its
// Kiswahili columns into swNames.
const swNameColumns = `, p.name, p.name_sw`

// swNames are a product's English and Kiswahili names. A picture uploaded
// without a description is described by the product's English name; in
// Kiswahili it is described by the Kiswahili name instead. A description
// the admin wrote stays as written.
type swNames struct{ en, sw string }

func (n *swNames) dest() []any { return []any{&n.en, &n.sw} }

// alts puts the Kiswahili name in the place of the English one in ims' alt texts.
func (n swNames) alts(ims []Image) {
	for i := range ims {
		if n.sw != "" && ims[i].Alt == n.en {
			ims[i].Alt = n.sw
		}
	}
}

// cardAlts is a card's JSON list of pictures with alts.
func (n swNames) cardAlts(images json.RawMessage) (json.RawMessage, error) {
	var ims []Image
	if err := json.Unmarshal(images, &ims); err != nil {
		return nil, err
	}
	n.alts(ims)
	return json.Marshal(ims)
}

// cardSizesSW is a card's JSON list of sizes with each size in Kiswahili
// ("kilo 70" for "70 Kg", i18n.Size); every other field stays as stored.
func cardSizesSW(variants json.RawMessage) (json.RawMessage, error) {
	var vs []map[string]json.RawMessage
	if err := json.Unmarshal(variants, &vs); err != nil {
		return nil, err
	}
	for _, v := range vs {
		var size string
		if err := json.Unmarshal(v["size"], &size); err != nil {
			return nil, err
		}
		sw, err := json.Marshal(i18n.Size(i18n.Kiswahili, size))
		if err != nil {
			return nil, err
		}
		v["size"] = sw
	}
	return json.Marshal(vs)
}
