package admin_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"shop/internal/testkit"
)

// swProduct is a product as the back office answers it, with its texts in
// both languages.
type swProduct struct {
	ID            int64  `json:"id"`
	Slug          string `json:"slug"`
	Name          string `json:"name"`
	Description   string `json:"description"`
	NameSW        string `json:"name_sw"`
	DescriptionSW string `json:"description_sw"`
}

type swCategory struct {
	ID     int64  `json:"id"`
	Name   string `json:"name"`
	NameSW string `json:"name_sw"`
}

// TestKiswahiliTexts: the admin writes a product's and a category's
// Kiswahili beside the English, checked like it but optional; left out of
// an edit it stays; the back office always answers in English with the
// Kiswahili beside it, and the shop in the shopper's language.
func TestKiswahiliTexts(t *testing.T) {
	eachEnv(t, func(t *testing.T, e *env) {
		rec := e.as("POST", "/api/admin/categories/", map[string]any{"name": "Dairy Meal", "name_sw": "  Chakula cha Ng'ombe wa Maziwa "})
		testkit.WantStatus(t, rec, http.StatusCreated)
		cat := testkit.Decode[swCategory](t, rec)
		if cat.Name != "Dairy Meal" || cat.NameSW != "Chakula cha Ng'ombe wa Maziwa" {
			t.Fatalf("created %+v", cat)
		}
		catPath := fmt.Sprintf("/api/admin/categories/%d/", cat.ID)
		if got := testkit.Decode[swCategory](t, e.as("PUT", catPath, map[string]any{"name": "Dairy Meals"})); got.NameSW != cat.NameSW {
			t.Errorf("an edit without name_sw dropped it: %+v", got)
		}
		testkit.WantError(t, e.as("PUT", catPath, map[string]any{"name": "Dairy Meals", "name_sw": strings.Repeat("n", 101)}),
			http.StatusBadRequest, "name_sw", "Name (Kiswahili) must be at most 100 characters")

		rec = e.as("POST", "/api/admin/products/", map[string]any{
			"name": "High Yield Dairy Meal", "description": "A balanced 16% protein dairy meal.", "base_price": "650", "category": cat.ID,
			"name_sw": "Dairy Meal ya Maziwa Mengi", "description_sw": "Chakula cha ng'ombe wa maziwa chenye protini 16%.",
		})
		testkit.WantStatus(t, rec, http.StatusCreated)
		p := testkit.Decode[swProduct](t, rec)
		if p.Name != "High Yield Dairy Meal" || p.NameSW != "Dairy Meal ya Maziwa Mengi" || p.DescriptionSW != "Chakula cha ng'ombe wa maziwa chenye protini 16%." {
			t.Fatalf("created %+v", p)
		}
		path := fmt.Sprintf("/api/admin/products/%d/", p.ID)
		// The back office is English, whatever language the admin's browser asks.
		got := testkit.Decode[swProduct](t, e.Do("GET", path+"?lang=sw", nil, append(testkit.Bearer(e.admin), "Accept-Language", "sw")...))
		if got != p {
			t.Errorf("read back %+v, want %+v", got, p)
		}
		form := map[string]any{"name": "High Yield Dairy Meal", "description": "A balanced 16% protein dairy meal.", "base_price": "650", "category": cat.ID}
		if got := testkit.Decode[swProduct](t, e.as("PUT", path, form)); got.NameSW != p.NameSW || got.DescriptionSW != p.DescriptionSW {
			t.Errorf("an edit without the Kiswahili dropped it: %+v", got)
		}
		form["name_sw"] = "Dairy Meal Bora"
		if got := testkit.Decode[swProduct](t, e.as("PUT", path, form)); got.NameSW != "Dairy Meal Bora" || got.DescriptionSW != p.DescriptionSW {
			t.Errorf("edited %+v", got)
		}
		for field, msg := range map[string]string{
			"name_sw":        "Name (Kiswahili) must be at most 200 characters",
			"description_sw": "Description (Kiswahili) must be at most 20000 characters",
		} {
			bad := map[string]any{}
			for k, v := range form {
				bad[k] = v
			}
			bad[field] = strings.Repeat("a", map[string]int{"name_sw": 201, "description_sw": 20001}[field])
			testkit.WantError(t, e.as("PUT", path, bad), http.StatusBadRequest, field, msg)
		}

		e.variant(p.ID, "70 Kg", "HY-70", "650", 5)
		testkit.WantStatus(t, e.as("POST", path+"publish/", nil), http.StatusOK)

		// The shop: Kiswahili when asked for, field by field, the English otherwise.
		shop := func(lang string, header ...string) map[string]json.RawMessage {
			t.Helper()
			rec := e.Do("GET", "/api/products/"+p.Slug+"/"+lang, nil, header...)
			testkit.WantStatus(t, rec, http.StatusOK)
			return testkit.Decode[map[string]json.RawMessage](t, rec)
		}
		str := func(m map[string]json.RawMessage, k string) (s string) {
			_ = json.Unmarshal(m[k], &s)
			return s
		}
		en, sw, browser := shop(""), shop("?lang=sw"), shop("", "Accept-Language", "sw-KE,sw;q=0.9,en;q=0.8")
		if str(en, "name") != "High Yield Dairy Meal" || str(en, "description") != "A balanced 16% protein dairy meal." {
			t.Errorf("English: %s, %s", en["name"], en["description"])
		}
		for _, m := range []map[string]json.RawMessage{sw, browser} {
			if str(m, "name") != "Dairy Meal Bora" || str(m, "description") != p.DescriptionSW || len(m) != len(en) {
				t.Errorf("Kiswahili: %s, %s (%d fields, English %d)", m["name"], m["description"], len(m), len(en))
			}
		}
		if _, leaked := en["name_sw"]; leaked {
			t.Error("the shop's answer carries the back office's name_sw")
		}
		form["name_sw"], form["description_sw"] = "", ""
		testkit.WantStatus(t, e.as("PUT", path, form), http.StatusOK)
		if m := shop("?lang=sw"); str(m, "name") != "High Yield Dairy Meal" || str(m, "description") != "A balanced 16% protein dairy meal." {
			t.Errorf("without Kiswahili: %s, %s", m["name"], m["description"])
		}

		cats := testkit.Decode[[]swCategory](t, e.as("GET", "/api/admin/categories/?lang=sw", nil))
		if len(cats) != 1 || cats[0].Name != "Dairy Meals" || cats[0].NameSW != "Chakula cha Ng'ombe wa Maziwa" {
			t.Errorf("admin categories %+v", cats)
		}
		shopCats := testkit.Decode[[]swCategory](t, e.Get("/api/categories/?lang=sw"))
		if len(shopCats) != 1 || shopCats[0].Name != "Chakula cha Ng'ombe wa Maziwa" {
			t.Errorf("the shop's categories in Kiswahili %+v", shopCats)
		}

		audit := e.as("GET", "/api/admin/audit/", nil).Body.String()
		for _, want := range []string{`name_sw: \"Dairy Meal ya Maziwa Mengi\" → \"Dairy Meal Bora\"`, "description_sw changed"} {
			if !strings.Contains(audit, want) {
				t.Errorf("the audit log lacks %s:\n%s", want, audit)
			}
		}
	})
}
