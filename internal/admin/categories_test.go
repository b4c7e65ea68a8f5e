package admin_test

import (
	"fmt"
	"net/http"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/testkit"
)

func TestCategories(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)

		testkit.WantError(t, e.as("POST", "/api/admin/categories/", map[string]any{"name": "   "}), http.StatusBadRequest, "name", catalog.MsgNameRequired)
		feeds := e.category("Animal Feeds", nil)
		if feeds.Slug != "animal-feeds" || feeds.Parent != nil {
			t.Fatalf("created %+v", feeds)
		}
		// docs/product.md: lower case, spaces as hyphens.
		layers := e.category("Layers  Mash Premium", &feeds.ID)
		if layers.Slug != "layers-mash-premium" || layers.Parent == nil || *layers.Parent != feeds.ID {
			t.Fatalf("created %+v", layers)
		}
		rec := e.as("POST", "/api/admin/categories/", map[string]any{"name": "animal feeds"})
		testkit.WantError(t, rec, http.StatusBadRequest, "name", `A category with the slug "animal-feeds" already exists.`)
		testkit.WantError(t, e.as("POST", "/api/admin/categories/", map[string]any{"name": "Orphan", "parent": 999999}),
			http.StatusBadRequest, "parent", catalog.MsgParentUnknown)

		// Not its own parent, nor below its own sub-category.
		chicks := e.category("Chicks", &layers.ID)
		path := fmt.Sprintf("/api/admin/categories/%d/", feeds.ID)
		testkit.WantError(t, e.as("PUT", path, map[string]any{"name": "Animal Feeds", "parent": feeds.ID}), http.StatusBadRequest, "parent", catalog.MsgOwnParent)
		testkit.WantError(t, e.as("PUT", path, map[string]any{"name": "Animal Feeds", "parent": layers.ID}), http.StatusBadRequest, "parent", catalog.MsgParentIsDescendant)
		testkit.WantError(t, e.as("PUT", path, map[string]any{"name": "Animal Feeds", "parent": chicks.ID}), http.StatusBadRequest, "parent", catalog.MsgParentIsDescendant)

		// Renaming follows the slug rule; moving keeps the slug.
		rec = e.as("PATCH", fmt.Sprintf("/api/admin/categories/%d/", chicks.ID), map[string]any{"name": "Chick Feeds", "parent": feeds.ID})
		testkit.WantStatus(t, rec, http.StatusOK)
		if c := testkit.Decode[category](t, rec); c.Slug != "chick-feeds" || *c.Parent != feeds.ID {
			t.Fatalf("renamed %+v", c)
		}
		testkit.WantError(t, e.as("PATCH", fmt.Sprintf("/api/admin/categories/%d/", chicks.ID), map[string]any{"name": "Animal   Feeds"}),
			http.StatusBadRequest, "name", `A category with the slug "animal-feeds" already exists.`)

		// Deleting: refused while it holds products or sub-categories.
		e.product("Layers Mash", layers.ID, "3000", true)
		e.product("Layers Mash Plus", layers.ID, "3100", true)
		testkit.WantError(t, e.as("DELETE", fmt.Sprintf("/api/admin/categories/%d/", layers.ID), nil), http.StatusConflict, "",
			"This category still has products (2) or sub-categories; move or delete them first.")
		testkit.WantError(t, e.as("DELETE", path, nil), http.StatusConflict, "",
			"This category still has products (0) or sub-categories; move or delete them first.")
		rec = e.as("DELETE", fmt.Sprintf("/api/admin/categories/%d/", chicks.ID), nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		if b := testkit.Decode[map[string]any](t, rec); b["message"] != "Category deleted successfully" {
			t.Fatalf("delete answer %v", b)
		}
		testkit.WantStatus(t, e.as("DELETE", fmt.Sprintf("/api/admin/categories/%d/", chicks.ID), nil), http.StatusNotFound)

		cats := testkit.Decode[[]category](t, e.as("GET", "/api/admin/categories/", nil))
		if len(cats) != 2 || cats[1].ProductCount != 2 {
			t.Fatalf("categories %+v", cats)
		}
		// The shop's list shows the change.
		if public := testkit.Decode[[]category](t, e.do("GET", "/api/categories/", "", nil)); len(public) != 2 {
			t.Fatalf("public categories %+v", public)
		}
	})
}
