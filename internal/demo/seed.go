package demo

import (
	"context"
	"fmt"
	"strconv"

	"shop/internal/catalog"
	"shop/internal/media"
	"shop/internal/money"
	"shop/internal/review"
	"shop/internal/vat"
)

// ImagePath is the URL path of a product's packshot under the media folder.
func ImagePath(slug string) string { return "/media/products/" + slug + ".svg" }

// Seed loads the demo catalogue into a database with no catalogue yet, and
// writes each packshot into mediaDir/products. It reports whether it seeded:
// a database that already has categories is left alone.
func Seed(ctx context.Context, store *catalog.Store, mediaDir string) (bool, error) {
	return seed(ctx, store, media.Dir(mediaDir), len(Products()))
}

// SeedInto seeds like Seed, with the packshots put in the picture store.
func SeedInto(ctx context.Context, store *catalog.Store, pictures media.Store) (bool, error) {
	return seed(ctx, store, pictures, len(Products()))
}

// SeedLarge seeds like Seed, then repeats the demo products under numbered
// names until the catalogue holds n products: the load tests' catalogue.
func SeedLarge(ctx context.Context, store *catalog.Store, mediaDir string, n int) (bool, error) {
	return seed(ctx, store, media.Dir(mediaDir), n)
}

func seed(ctx context.Context, store *catalog.Store, pictures media.Store, n int) (bool, error) {
	cats, err := store.Categories(ctx)
	if err != nil {
		return false, err
	}
	if len(cats) > 0 {
		return false, nil
	}
	reviews := review.NewStore(store.DB(), store)
	ids := map[string]int64{}
	band := bands()
	feeds := under("feeds")
	for _, c := range Categories() {
		made, err := store.CreateCategory(ctx, catalog.NewCategory{Name: c.Name, Slug: c.Slug, ParentSlug: c.ParentSlug, NameSW: c.NameSW})
		if err != nil {
			return false, err
		}
		ids[c.Slug] = made.ID
	}
	products := Products()
	for _, p := range products {
		if err := pictures.Put(ctx, "products/"+p.Slug+".svg", Packshot(p)); err != nil {
			return false, fmt.Errorf("write packshot of %s: %w", p.Slug, err)
		}
	}
	for i := range n {
		p := products[i%len(products)]
		image := ImagePath(p.Slug)
		if lot := i / len(products); lot > 0 {
			suffix := strconv.Itoa(lot + 1)
			p.Name += " (lot " + suffix + ")"
			if p.NameSW != "" {
				p.NameSW += " (lot " + suffix + ")"
			}
			p.Slug += "-lot-" + suffix
			p.Featured, p.BestSeller = false, false
			vs := make([]Variant, len(p.Variants))
			for j, v := range p.Variants {
				v.SKU += "-L" + suffix
				vs[j] = v
			}
			p.Variants = vs
		}
		np := newProduct(p, ids[p.CategorySlug], image)
		if band[p.CategorySlug] == vat.Exempt && feeds[p.CategorySlug] {
			for j := range np.Variants {
				np.Variants[j].LastsDays = LastsDays(np.Variants[j].Size)
			}
		}
		np.VATClass = band[p.CategorySlug]
		id, err := store.CreateProduct(ctx, np)
		if err != nil {
			return false, err
		}
		if err := reviews.AddPast(ctx, id, pastReviews(p.Reviews)); err != nil {
			return false, err
		}
	}
	return true, nil
}

func newProduct(p Product, categoryID int64, image string) catalog.NewProduct {
	np := catalog.NewProduct{
		Name: p.Name, Slug: p.Slug, Description: p.Description, CategoryID: categoryID,
		NameSW: p.NameSW, DescriptionSW: p.DescriptionSW,
		IsActive: true, IsFeatured: p.Featured, IsBestSeller: p.BestSeller, IsNewArrival: p.NewArrival,
		Promo:  p.Promo,
		Images: []catalog.NewImage{{Path: image, Alt: p.Name, Width: 600, Height: 600}},
	}
	for i, v := range p.Variants {
		price := money.FromShillings(int64(v.PriceKsh))
		if i == 0 || price < np.BasePrice {
			np.BasePrice = price
		}
		np.Variants = append(np.Variants, catalog.NewVariant{Size: v.Size, SKU: v.SKU, Price: price, Stock: v.Stock})
	}
	return np
}

// exemptRoots are the demo's top categories whose goods KRA lists as
// exempt (docs/etims.md): animal feeds and veterinary medicines.
var exemptRoots = map[string]bool{"feeds": true, "dewormers": true}

// bands gives each demo category its products' tax band: A under an exempt
// root, B elsewhere.
func bands() map[string]string {
	parent := map[string]string{}
	for _, c := range Categories() {
		parent[c.Slug] = c.ParentSlug
	}
	out := map[string]string{}
	for slug := range parent {
		root := slug
		for parent[root] != "" {
			root = parent[root]
		}
		out[slug] = vat.Standard
		if exemptRoots[root] {
			out[slug] = vat.Exempt
		}
	}
	return out
}

func pastReviews(rs []Review) []review.Past {
	out := make([]review.Past, len(rs))
	for i, r := range rs {
		out[i] = review.Past{Name: r.Name, Rating: r.Rating, Comment: r.Comment, CommentSW: r.CommentSW, DaysAgo: r.DaysAgo}
	}
	return out
}

// under is the set of demo categories in root's tree.
func under(root string) map[string]bool {
	parent := map[string]string{}
	for _, c := range Categories() {
		parent[c.Slug] = c.ParentSlug
	}
	out := map[string]bool{}
	for slug := range parent {
		for s := slug; s != ""; s = parent[s] {
			if s == root {
				out[slug] = true
			}
		}
	}
	return out
}

// LastsDays is how long the demo says a bag of feed of size lasts a small
// farm: about 0.4 days a kilogram (a 70 kg bag of dairy meal, four weeks),
// at least three days; nil when the size names no weight.
func LastsDays(size string) *int {
	g := catalog.WeightOf(size, nil)
	if g <= 0 {
		return nil
	}
	n := max(3, int(g.Kg()*0.4+0.5))
	return &n
}
