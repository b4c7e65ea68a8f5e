package catalog

import (
	"context"
	"fmt"

	"shop/internal/db"
	"shop/internal/weight"
)

// WeightOf is a size's shipping weight: w when given, otherwise read from
// the size's name ("70 Kg" → 70 kg, "500 ml" → 0.5 kg), or 0 when the name
// says no weight (the admin then sets it).
func WeightOf(size string, w *weight.Grams) weight.Grams {
	if w != nil {
		return *w
	}
	g, _ := weight.FromSize(size)
	return g
}

// DeriveWeights gives every size that has no shipping weight yet the one
// its name says (migration 0013 added the column empty). It runs when the
// shop starts and changes nothing once every size has a weight.
func (s *Store) DeriveWeights(ctx context.Context) (int, error) {
	type size struct {
		id   int64
		name string
	}
	sizes, err := db.QueryAll(ctx, s.db, "sizes without a weight", func(r db.Scanner) (v size, err error) {
		return v, r.Scan(&v.id, &v.name)
	}, `SELECT id, size FROM variants WHERE weight_grams IS NULL`)
	if err != nil || len(sizes) == 0 {
		return 0, err
	}
	for _, v := range sizes {
		if _, err := s.db.Exec(ctx, `UPDATE variants SET weight_grams = $1 WHERE id = $2 AND weight_grams IS NULL`, int64(WeightOf(v.name, nil)), v.id); err != nil {
			return 0, fmt.Errorf("weigh size %d: %w", v.id, err)
		}
	}
	return len(sizes), nil
}
