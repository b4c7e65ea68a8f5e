package catalogcsv_test

import (
	"context"
	"testing"

	"shop/internal/catalog"
	"shop/internal/catalogcsv"
	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/review"
)

// stores is the catalogue and its products CSV, as the tests use both.
type stores struct {
	*catalog.Store
	*csvStore
}

type csvStore = catalogcsv.Store

var inKiswahili = i18n.WithLang(context.Background(), i18n.Kiswahili)

func newStores(d *db.DB) *stores {
	c := catalog.NewStore(d)
	return &stores{c, catalogcsv.NewStore(d, c)}
}

// fixture stores a small catalogue whose every product differs in one way the
// filters look at.
func fixture(t *testing.T, d *db.DB) *stores {
	t.Helper()
	ctx := context.Background()
	s := newStores(d)
	for _, c := range []catalog.NewCategory{
		{Name: "Feeds", Slug: "feeds"},
		{Name: "Dairy Meal", Slug: "dairy-meal", ParentSlug: "feeds"},
		{Name: "High Yield", Slug: "high-yield", ParentSlug: "dairy-meal"},
		{Name: "Dewormers", Slug: "dewormers"},
	} {
		if _, err := s.CreateCategory(ctx, c); err != nil {
			t.Fatal(err)
		}
	}
	v := func(size, sku string, ksh int64, stock int) catalog.NewVariant {
		return catalog.NewVariant{Size: size, SKU: sku, Price: money.FromShillings(ksh), Stock: stock}
	}
	products := []catalog.NewProduct{
		{Name: "Dairy Meal Premium", Slug: "dairy-meal-premium", Description: "Milk booster for cows.", CategoryID: 2, BasePrice: money.FromShillings(1500),
			IsActive: true, IsFeatured: true, IsBestSeller: true,
			Variants: []catalog.NewVariant{v("10 Kg", "DM-10", 1500, 5), v("70 Kg", "DM-70", 3900, 0)},
			Images:   []catalog.NewImage{{Path: "/media/a.svg", Width: 600, Height: 600}}},
		{Name: "high yield dairy cubes", Slug: "hy-cubes", Description: "For the best 100% yield.", CategoryID: 3, BasePrice: money.FromShillings(2500),
			IsActive: true, IsNewArrival: true, Promo: catalog.PromoBulk,
			Variants: []catalog.NewVariant{v("20 Kg", "HY-20", 2500, 10)}},
		{Name: "Albendazole 10%", Slug: "albendazole-10", Description: "Broad spectrum DEWORMER.", CategoryID: 4, BasePrice: money.FromShillings(450),
			IsActive: true, IsBestSeller: true, Promo: catalog.PromoSeasonal,
			Variants: []catalog.NewVariant{v("120 ml", "AL-120", 450, 0), v("1 litre", "AL-1L", 2400, 0)}},
		{Name: "Hidden Meal", Slug: "hidden", Description: "Not for sale.", CategoryID: 2, BasePrice: money.FromShillings(100),
			IsActive: false, Variants: []catalog.NewVariant{v("10 Kg", "HID-10", 100, 3)}},
	}
	ids := make([]int64, len(products))
	for i, p := range products {
		id, err := s.CreateProduct(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		ids[i] = id
	}
	// The first product's reviews, kept by package review.
	if err := review.NewStore(d, s.Store).AddPast(ctx, ids[0], []review.Past{{Name: "Wanjiku", Rating: 5, Comment: "Good"}, {Name: "Otieno", Rating: 4}}); err != nil {
		t.Fatal(err)
	}
	return s
}
