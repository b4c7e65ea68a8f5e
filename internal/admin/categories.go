package admin

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"

	"shop/internal/catalog"
)

// AdminCategory is a category, its name in both languages, with how many
// products it holds directly.
type AdminCategory struct {
	catalog.EditedCategory
	ProductCount int `json:"product_count"`
}

// Categories answers GET /api/admin/categories/.
func (h *Handlers) Categories(w http.ResponseWriter, r *http.Request, _ Actor) error {
	cats, err := h.catalog.AdminCategories(r.Context())
	if err != nil {
		return err
	}
	counts, err := h.catalog.CategoryProductCounts(r.Context())
	if err != nil {
		return err
	}
	out := make([]AdminCategory, len(cats))
	for i, c := range cats {
		out[i] = AdminCategory{EditedCategory: c, ProductCount: counts[c.ID]}
	}
	return writeJSON(w, http.StatusOK, out)
}

func parentWord(p *int64) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprint(*p)
}

// CreateCategory answers POST /api/admin/categories/ with {name, parent, name_sw}.
func (h *Handlers) CreateCategory(w http.ResponseWriter, r *http.Request, a Actor) error {
	store := func(ctx context.Context, tx *sql.Tx, f catalog.CategoryFields) (AdminCategory, error) {
		c, err := h.catalog.CreateCategoryTx(ctx, tx, f)
		return AdminCategory{EditedCategory: c}, err
	}
	return create(h, w, r, a, &catalog.CategoryInput{}, store, func(c AdminCategory) Entry {
		return entry("create", "category", c.ID, fmt.Sprintf("created %s (slug %s, parent %s)", quote(c.Name), c.Slug, parentWord(c.Parent)))
	})
}

// UpdateCategory answers PUT or PATCH /api/admin/categories/{id}/ with {name, parent, name_sw}.
func (h *Handlers) UpdateCategory(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, f, err := readIDForm(r, "Category", &catalog.CategoryInput{})
	if err != nil {
		return err
	}
	var after catalog.EditedCategory
	err = h.change(r.Context(), a, func(tx *sql.Tx) (Entry, error) {
		var before catalog.EditedCategory
		if before, after, err = h.catalog.UpdateCategoryTx(r.Context(), tx, id, f); err != nil {
			return Entry{}, err
		}
		var d diff
		d.add("name", before.Name, after.Name)
		d.add("slug", before.Slug, after.Slug)
		d.add("parent", parentWord(before.Parent), parentWord(after.Parent))
		d.add("name_sw", before.NameSW, after.NameSW)
		return updated("category", id, quote(before.Name), d), nil
	})
	if err != nil {
		return err
	}
	counts, err := h.catalog.CategoryProductCounts(r.Context())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, AdminCategory{EditedCategory: after, ProductCount: counts[id]})
}

// DeleteCategory answers DELETE /api/admin/categories/{id}/; a category that
// still has products or sub-categories is refused with 409.
func (h *Handlers) DeleteCategory(w http.ResponseWriter, r *http.Request, a Actor) error {
	id, err := pathID(r, "id", "Category")
	if err != nil {
		return err
	}
	return commit(h, w, r, a, http.StatusOK, func(tx *sql.Tx) (map[string]any, Entry, error) {
		c, err := h.catalog.DeleteCategoryTx(r.Context(), tx, id)
		if err != nil {
			return nil, Entry{}, err
		}
		return map[string]any{"deleted": true, "message": "Category deleted successfully"},
			entry("delete", "category", id, fmt.Sprintf("deleted %s (slug %s)", quote(c.Name), c.Slug)), nil
	})
}
