package catalog

import "context"

// SearchIndexCurrent says whether a search now would be answered from the
// index in memory (searchindex.go).
func (s *Store) SearchIndexCurrent(ctx context.Context) bool {
	return s.index != nil && s.index.current(ctx) != nil
}
