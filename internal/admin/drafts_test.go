package admin_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/testkit"
)

type draft struct {
	ID       int64  `json:"id"`
	Slug     string `json:"slug"`
	IsActive bool   `json:"is_active"`
	IsDraft  bool   `json:"is_draft"`
}

// A product saved as a draft stays off the storefront, the sitemap and the
// search until it is published with a size that has a price.
func TestProductSavedAsADraftAndPublished(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		cat := e.category("Feeds", nil)
		body := map[string]any{"name": "Sungura Pellets", "description": "Pellets for rabbits.", "base_price": "1200", "category": cat.ID, "is_active": true}
		rec := e.as("POST", "/api/admin/products/", body)
		testkit.WantStatus(t, rec, http.StatusCreated)
		p := testkit.Decode[draft](t, rec)
		if !p.IsDraft || p.IsActive {
			t.Fatalf("new product %+v, want a draft", p)
		}
		hidden := func() {
			t.Helper()
			testkit.WantStatus(t, e.Do("GET", fmt.Sprintf("/api/products/%d/", p.ID), nil), http.StatusNotFound)
			if got := e.Do("GET", "/api/products/?search=sungura", nil).Body.String(); strings.Contains(got, "Sungura") {
				t.Fatalf("draft listed: %s", got)
			}
			if got := e.Do("GET", "/sitemap.xml", nil).Body.String(); strings.Contains(got, p.Slug) {
				t.Fatalf("draft in the sitemap: %s", got)
			}
		}
		hidden()
		// Saving the form cannot put a draft on sale.
		rec = e.as("PATCH", fmt.Sprintf("/api/admin/products/%d/", p.ID), body)
		testkit.WantStatus(t, rec, http.StatusOK)
		if got := testkit.Decode[draft](t, rec); !got.IsDraft || got.IsActive {
			t.Fatalf("saved draft %+v", got)
		}
		list := testkit.Decode[page[draft]](t, e.as("GET", "/api/admin/products/?status=draft", nil))
		if list.Count != 1 || list.Results[0].ID != p.ID || !list.Results[0].IsDraft {
			t.Fatalf("drafts %+v", list)
		}
		testkit.WantError(t, e.as("GET", "/api/admin/products/?status=hidden", nil), http.StatusBadRequest, "status", "status must be active, inactive or draft.")

		publish := fmt.Sprintf("/api/admin/products/%d/publish/", p.ID)
		testkit.WantError(t, e.as("POST", publish, nil), http.StatusConflict, "", catalog.MsgPublishNeedsSize)
		hidden()
		testkit.WantStatus(t, e.as("POST", "/api/admin/products/999999/publish/", nil), http.StatusNotFound)
		testkit.WantStatus(t, e.do("POST", publish, e.customer, nil), http.StatusForbidden)

		e.variant(p.ID, "5 Kg", "SP-5", "1200", 10)
		rec = e.as("POST", publish, nil)
		testkit.WantStatus(t, rec, http.StatusOK)
		if got := testkit.Decode[draft](t, rec); got.IsDraft || !got.IsActive {
			t.Fatalf("published %+v", got)
		}
		testkit.WantStatus(t, e.Do("GET", fmt.Sprintf("/api/products/%d/", p.ID), nil), http.StatusOK)
		if got := e.Do("GET", "/sitemap.xml", nil).Body.String(); !strings.Contains(got, p.Slug) {
			t.Fatalf("published product not in the sitemap")
		}
		// Published again: nothing changes, nothing more is audited.
		testkit.WantStatus(t, e.as("POST", publish, nil), http.StatusOK)
		audit := testkit.Decode[page[struct {
			Action string `json:"action"`
		}]](t, e.as("GET", fmt.Sprintf("/api/admin/audit/?entity=product&entity_id=%d", p.ID), nil))
		if audit.Count == 0 || audit.Results[0].Action != "publish" || len(audit.Results) > 1 && audit.Results[1].Action == "publish" {
			t.Fatalf("audit %+v", audit)
		}
		if list := testkit.Decode[page[draft]](t, e.as("GET", "/api/admin/products/?status=draft", nil)); list.Count != 0 {
			t.Fatalf("drafts after publishing %+v", list)
		}
	})
}
