package demo

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
)

// catalogueJSON is the demo catalogue as data, so the shop's owner can read
// and edit it without reading Go. Products are listed in id order: the
// first is the one featured product and the first three are the best
// sellers (the feeds first, the best-selling dewormer third), matching the
// shop's badge rules.
//
//go:embed catalogue.json
var catalogueJSON []byte

type catalogueFile struct {
	Categories []struct {
		Name, Slug, Parent, NameSW string
	}
	Products []struct {
		Name, Slug, Category, Description, Promo string
		NameSW, DescriptionSW                    string
		Featured, BestSeller, NewArrival         bool
		SKUPrefix                                string
		Sizes                                    []struct {
			Size            string
			PriceKsh, Stock int
		}
		Reviews []Review
		Look    Look
	}
}

// load decodes the embedded catalogue afresh, so every caller owns what it
// gets. The file ships inside the binary and a test reads it, so a broken
// file is a build-time mistake, not a run-time condition.
func load() catalogueFile {
	var f catalogueFile
	dec := json.NewDecoder(bytes.NewReader(catalogueJSON))
	dec.DisallowUnknownFields() // a misspelt field fails the tests instead of vanishing
	if err := dec.Decode(&f); err != nil {
		panic(fmt.Sprintf("demo: catalogue.json: %v", err))
	}
	return f
}

// Categories returns the category tree, parents before children.
// The order is the id order: index 0 becomes category id 1.
func Categories() []Category {
	f := load()
	out := make([]Category, len(f.Categories))
	for i, c := range f.Categories {
		out[i] = Category{Name: c.Name, Slug: c.Slug, ParentSlug: c.Parent, NameSW: c.NameSW}
	}
	return out
}

// Products returns the demo catalogue. The order is the id order:
// index 0 becomes product id 1.
func Products() []Product {
	f := load()
	out := make([]Product, len(f.Products))
	for i, p := range f.Products {
		out[i] = Product{
			Name: p.Name, Slug: p.Slug, Description: p.Description, CategorySlug: p.Category,
			NameSW: p.NameSW, DescriptionSW: p.DescriptionSW,
			Featured: p.Featured, BestSeller: p.BestSeller, NewArrival: p.NewArrival, Promo: p.Promo,
			Reviews: p.Reviews, Look: p.Look,
		}
		// SKUs are the prefix and a size code: "MB-DM" and "70 Kg" give "MB-DM-70KG".
		for _, s := range p.Sizes {
			out[i].Variants = append(out[i].Variants, Variant{Size: s.Size, SKU: p.SKUPrefix + "-" + sizeCode(s.Size), PriceKsh: s.PriceKsh, Stock: s.Stock})
		}
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
