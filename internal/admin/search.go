package admin

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"shop/internal/search"
)

// Synonyms answers GET /api/admin/search/synonyms/: the farmers' words the
// shop's search understands.
func (h *Handlers) Synonyms(w http.ResponseWriter, r *http.Request, _ Actor) error {
	return show(w, r, func(ctx context.Context) ([]search.Synonym, error) { return search.Synonyms(ctx, h.db) })
}

// UpdateSynonyms answers PUT /api/admin/search/synonyms/ with {synonyms:
// [{phrase, expansion}]}: the whole new list, stored with its audit entry.
func (h *Handlers) UpdateSynonyms(w http.ResponseWriter, r *http.Request, a Actor) error {
	list, err := readForm(r, &search.SynonymsInput{})
	if err != nil {
		return err
	}
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		before, err := search.ReplaceSynonymsTx(r.Context(), tx, list)
		if err != nil {
			return Entry{}, err
		}
		return entry("update", "synonyms", "", fmt.Sprintf("farmers' words: %d phrases, now %d", before, len(list))), nil
	})
	if err != nil {
		return err
	}
	return h.Synonyms(w, r, a)
}
