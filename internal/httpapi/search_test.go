package httpapi_test

import (
	"net/url"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/search"
	"shop/internal/testkit"
)

func TestSearchAPI(t *testing.T) {
	eachServer(t, func(t *testing.T, h *testkit.Shop) {
		t.Run("a search without a sort puts the best match first", func(t *testing.T) {
			// The one product named a dewormer before those filed under
			// Dewormers. (Not "dawa ya minyoo": several Kiswahili names say it.)
			rec := h.Get("/api/products/?page=1&search=" + url.QueryEscape("dewormer"))
			page := testkit.Decode[struct {
				Count   int            `json:"count"`
				Capped  bool           `json:"count_capped"`
				Results []catalog.Card `json:"results"`
			}](t, rec)
			if rec.Code != 200 || page.Count == 0 || page.Capped || page.Results[0].Name != "Piperazine Poultry & Pig Dewormer" {
				t.Fatalf("%d: %+v", rec.Code, page)
			}
		})

		t.Run("suggestions", func(t *testing.T) {
			rec := h.Get("/api/search/suggest/?q=albend")
			got := testkit.Decode[[]catalog.Suggestion](t, rec)
			if rec.Code != 200 || len(got) == 0 || len(got) > catalog.MaxSuggestions || got[0].Slug != "albendazole-10" {
				t.Fatalf("%d: %+v", rec.Code, got)
			}
			if rec.Header().Get("ETag") == "" {
				t.Error("suggestions carry no ETag")
			}
			if rec := h.Get("/api/search/suggest/"); rec.Code != 200 || strings.TrimSpace(rec.Body.String()) != "[]" {
				t.Fatalf("nothing typed: %d %s", rec.Code, rec.Body)
			}
			rec = h.Get("/api/search/suggest/?q=" + strings.Repeat("a", 101))
			if rec.Code != 400 || !strings.Contains(rec.Body.String(), `"q"`) {
				t.Fatalf("long q: %d %s", rec.Code, rec.Body)
			}
		})

		t.Run("the admin edits the farmers' words, with an audit entry", func(t *testing.T) {
			admin, _ := h.NewAdmin("owner@mifugobora.co.ke", "Ruiru2026Feeds")
			auth := testkit.Bearer(admin)
			rec := h.Do("PUT", "/api/admin/search/synonyms/", map[string]any{
				"synonyms": []map[string]string{{"phrase": "Sungura", "expansion": "rabbit"}}}, auth...)
			list := testkit.Decode[[]search.Synonym](t, rec)
			if rec.Code != 200 || len(list) != 1 || list[0].Phrase != "sungura" {
				t.Fatalf("%d: %s", rec.Code, rec.Body)
			}
			rec = h.Get("/api/products/?page=1&search=sungura")
			if !strings.Contains(rec.Body.String(), "Rabbit Pellets") {
				t.Fatalf("sungura: %s", rec.Body)
			}
			if rec := h.Get("/api/admin/audit/", auth...); !strings.Contains(rec.Body.String(), "farmers' words") {
				t.Fatalf("audit: %s", rec.Body)
			}
			rec = h.Do("PUT", "/api/admin/search/synonyms/", map[string]any{"synonyms": []map[string]string{{"phrase": "x", "expansion": ""}}}, auth...)
			if rec.Code != 400 || !strings.Contains(rec.Body.String(), search.MsgSynonymsInvalid) {
				t.Fatalf("bad list: %d %s", rec.Code, rec.Body)
			}
		})
	})
}
