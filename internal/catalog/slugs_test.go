package catalog_test

import (
	"context"
	"slices"
	"testing"

	"shop/internal/catalog"
)

func TestProductSlugs(t *testing.T) {
	eachFixture(t, func(t *testing.T, s *catalog.Store) {
		got, err := s.ProductSlugs(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, p := range got {
			names = append(names, p.Slug)
			if p.UpdatedAt.IsZero() {
				t.Errorf("%s has no update time", p.Slug)
			}
		}
		// Active products only, in id order.
		if want := []string{"dairy-meal-premium", "hy-cubes", "albendazole-10"}; !slices.Equal(names, want) {
			t.Fatalf("slugs %v, want %v", names, want)
		}
	})
}
