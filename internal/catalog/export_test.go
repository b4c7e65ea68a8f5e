package catalog

import (
	"context"
	"errors"

	"shop/internal/i18n"
	"shop/internal/search"
)

// SearchIndexCurrent says whether a search now would be answered from the
// index in memory (searchindex.go).
func (s *Store) SearchIndexCurrent(ctx context.Context) bool {
	return s.index.current(ctx) != nil
}

// AnsweredFromIndex says whether the index in memory answers f.
func (s *Store) AnsweredFromIndex(ctx context.Context, f ListFilter) bool {
	_, ok, err := s.listFromIndex(ctx, f, i18n.From(ctx))
	return ok && err == nil
}

// SearchIndexRanks are the index's scores of every product a search
// matches, by id, as the engine's ranking function returns them: bm25 on
// SQLite, ts_rank on PostgreSQL. ok is false when the index declines to
// rank the search.
func (s *Store) SearchIndexRanks(ctx context.Context, typed string) (ranks map[int64]float64, ok bool, err error) {
	x := s.index.current(ctx)
	if x == nil {
		return nil, false, errors.New("the search index is not current")
	}
	plan, err := search.PlanFor(ctx, s.db, typed)
	if err != nil || len(plan.Text) == 0 {
		return nil, false, err
	}
	lists := x.phrases(plan.Text)
	matched, alts, altOf := x.match(plan.Text, lists)
	score, ok := x.scoreFor(plan.Text, lists, alts, altOf)
	if !ok {
		return nil, false, nil
	}
	ranks = map[int64]float64{}
	for _, doc := range matched {
		ranks[x.docs[doc].id] = score(doc)
	}
	return ranks, true, nil
}

// SearchIndexWords are the index's words.
func (s *Store) SearchIndexWords(ctx context.Context) []string {
	if x := s.index.current(ctx); x != nil {
		return x.words
	}
	return nil
}
