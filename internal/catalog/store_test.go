package catalog_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"shop/internal/apperr"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/review"
	"shop/internal/testkit"
)

// fixture stores a small catalogue whose every product differs in one way the
// filters look at.
func fixture(t *testing.T, d *db.DB) *catalog.Store {
	t.Helper()
	ctx := context.Background()
	s := catalog.NewStore(d)
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
	if err := review.NewStore(d, s).AddPast(ctx, ids[0], []review.Past{{Name: "Wanjiku", Rating: 5, Comment: "Good"}, {Name: "Otieno", Rating: 4}}); err != nil {
		t.Fatal(err)
	}
	return s
}

// eachFixture runs fn on a fresh fixture of each engine.
func eachFixture(t *testing.T, fn func(t *testing.T, s *catalog.Store)) {
	t.Helper()
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, fixture(t, d)) })
}

func slugs(ps []catalog.Card) []string {
	return testkit.Map(ps, func(c catalog.Card) string { return c.Slug })
}

func TestListProductsFilters(t *testing.T) {
	eachFixture(t, func(t *testing.T, s *catalog.Store) {
		low := money.FromShillings(500)
		high := money.FromShillings(2000)
		for _, tc := range []struct {
			name string
			f    catalog.ListFilter
			want []string
		}{
			{"all active by name", catalog.ListFilter{}, []string{"albendazole-10", "dairy-meal-premium", "hy-cubes"}},
			{"category with sub-categories", catalog.ListFilter{Category: "feeds"}, []string{"dairy-meal-premium", "hy-cubes"}},
			{"deepest category", catalog.ListFilter{Category: "high-yield"}, []string{"hy-cubes"}},
			{"unknown category matches nothing", catalog.ListFilter{Category: "nope"}, []string{}},
			{"weight 10kg", catalog.ListFilter{Weight: "10kg"}, []string{"dairy-meal-premium"}},
			{"weight 1litre", catalog.ListFilter{Weight: "1litre"}, []string{"albendazole-10"}},
			{"weight 120ml", catalog.ListFilter{Weight: "120ml"}, []string{"albendazole-10"}},
			{"promo bulk", catalog.ListFilter{Promo: "bulk"}, []string{"hy-cubes"}},
			{"promo seasonal", catalog.ListFilter{Promo: "seasonal"}, []string{"albendazole-10"}},
			{"new arrivals", catalog.ListFilter{Collection: "new-arrivals"}, []string{"hy-cubes"}},
			{"best sellers", catalog.ListFilter{Collection: "best-sellers"}, []string{"albendazole-10", "dairy-meal-premium"}},
			{"featured", catalog.ListFilter{Collection: "featured"}, []string{"dairy-meal-premium"}},
			{"search name, any case", catalog.ListFilter{Search: "DAIRY"}, []string{"dairy-meal-premium", "hy-cubes"}},
			{"search description", catalog.ListFilter{Search: "dewormer"}, []string{"albendazole-10"}},
			{"search 100% is the number", catalog.ListFilter{Search: "100%"}, []string{"hy-cubes"}},
			{"search punctuation separates words", catalog.ListFilter{Search: "dairy_cubes"}, []string{"hy-cubes"}},
			{"search of punctuation alone finds nothing", catalog.ListFilter{Search: "%_%"}, []string{}},
			{"price-low", catalog.ListFilter{Sort: "price-low"}, []string{"albendazole-10", "dairy-meal-premium", "hy-cubes"}},
			{"price-high", catalog.ListFilter{Sort: "price-high"}, []string{"hy-cubes", "dairy-meal-premium", "albendazole-10"}},
			{"price range", catalog.ListFilter{MinPrice: &low, MaxPrice: &high}, []string{"dairy-meal-premium"}},
			{"filters combine", catalog.ListFilter{Category: "feeds", Collection: "best-sellers"}, []string{"dairy-meal-premium"}},
		} {
			t.Run(tc.name, func(t *testing.T) {
				page, err := s.ListProducts(context.Background(), tc.f)
				if err != nil {
					t.Fatal(err)
				}
				if got := slugs(page.Products); !slices.Equal(got, tc.want) {
					t.Fatalf("got %v, want %v", got, tc.want)
				}
				if page.Count != len(tc.want) {
					t.Fatalf("count %d, want %d", page.Count, len(tc.want))
				}
			})
		}
	})
}

func TestListProductsPages(t *testing.T) {
	eachFixture(t, func(t *testing.T, s *catalog.Store) {
		ctx := context.Background()
		for _, tc := range []struct {
			page, size int
			want       []string
		}{
			{1, 2, []string{"albendazole-10", "dairy-meal-premium"}},
			{2, 2, []string{"hy-cubes"}},
			{3, 2, []string{}},
		} {
			page, err := s.ListProducts(ctx, catalog.ListFilter{Page: tc.page, PageSize: tc.size})
			if err != nil {
				t.Fatal(err)
			}
			if got := slugs(page.Products); !slices.Equal(got, tc.want) || page.Count != 3 {
				t.Fatalf("page %d: got %v count %d, want %v count 3", tc.page, got, page.Count, tc.want)
			}
		}
	})
}

func TestProductDetails(t *testing.T) {
	eachFixture(t, func(t *testing.T, s *catalog.Store) {
		ctx := context.Background()
		p, err := s.Product(ctx, "dairy-meal-premium")
		if err != nil {
			t.Fatal(err)
		}
		byID, err := s.Product(ctx, fmt.Sprint(p.ID))
		if err != nil || byID.Slug != p.Slug {
			t.Fatalf("by id: %v %v", byID.Slug, err)
		}
		if len(p.Variants) != 2 || p.Variants[0].SKU != "DM-10" || p.Variants[0].Price.String() != "1500.00" || p.Variants[1].Stock != 0 {
			t.Fatalf("variants: %+v", p.Variants)
		}
		if len(p.Images) != 1 || p.Images[0].Image != "/media/a.svg" {
			t.Fatalf("images: %+v", p.Images)
		}
		if p.ReviewCount != 2 || p.Rating == nil || *p.Rating != 4.5 {
			t.Fatalf("reviews: %d %v", p.ReviewCount, p.Rating)
		}
		if !p.IsFeatured || !p.IsBestSeller || p.IsNewArrival || len(p.OccasionTags) != 0 || !p.InStock() {
			t.Fatalf("flags: %+v", p)
		}
		if p.CreatedAt.IsZero() {
			t.Fatal("created_at not read")
		}
		cubes, _ := s.Product(ctx, "hy-cubes")
		if !slices.Equal(cubes.OccasionTags, []int{1}) || cubes.Promo == nil || *cubes.Promo != "bulk" {
			t.Fatalf("cubes: tags %v promo %v", cubes.OccasionTags, cubes.Promo)
		}
		alb, _ := s.Product(ctx, "albendazole-10")
		if alb.InStock() {
			t.Fatal("albendazole has no stock but reads in stock")
		}
		for _, missing := range []string{"hidden", "no-such", "999"} {
			if _, err := s.Product(ctx, missing); !errors.Is(err, apperr.ErrNotFound) {
				t.Fatalf("%s: got %v, want not found", missing, err)
			}
		}
	})
}

func TestCreateRefusesDuplicates(t *testing.T) {
	eachFixture(t, func(t *testing.T, s *catalog.Store) {
		ctx := context.Background()
		_, err := s.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"})
		if e, ok := apperr.From(err); !ok || e.Kind != apperr.KindConflict {
			t.Fatalf("duplicate category: %v", err)
		}
		_, err = s.CreateProduct(ctx, catalog.NewProduct{Name: "X", Slug: "x", CategoryID: 1, IsActive: true,
			Variants: []catalog.NewVariant{{Size: "1 Kg", SKU: "DM-10", Price: 100, Stock: 1}}})
		if e, ok := apperr.From(err); !ok || e.Kind != apperr.KindConflict {
			t.Fatalf("duplicate sku: %v", err)
		}
		if _, err := s.Product(ctx, "x"); !errors.Is(err, apperr.ErrNotFound) {
			t.Fatal("a product whose variant failed was kept")
		}
		cats, err := s.Categories(ctx)
		if err != nil || len(cats) != 4 || cats[1].Parent == nil || *cats[1].Parent != cats[0].ID {
			t.Fatalf("categories: %+v %v", cats, err)
		}
	})
}
