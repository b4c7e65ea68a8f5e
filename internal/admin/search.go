package admin

import (
	"database/sql"
	"fmt"
	"net/http"

	"shop/internal/catalog"
)

// Synonyms answers GET /api/admin/search/synonyms/: the farmers' words the
// shop's search understands.
func (h *Handlers) Synonyms(w http.ResponseWriter, r *http.Request, _ Actor) error {
	return show(w, r, h.catalog.Synonyms)
}

// UpdateSynonyms answers PUT /api/admin/search/synonyms/ with {synonyms:
// [{phrase, expansion}]}: the whole new list, stored with its audit entry.
func (h *Handlers) UpdateSynonyms(w http.ResponseWriter, r *http.Request, a Actor) error {
	list, err := readForm(r, &catalog.SynonymsInput{})
	if err != nil {
		return err
	}
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		before, err := h.catalog.ReplaceSynonymsTx(r.Context(), tx, list)
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
