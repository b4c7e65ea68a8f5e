package httpx

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// An answer whose language came from the cookie or Accept-Language says so to caches; one whose
// address names the language (?lang=, as the web app asks) is the same for everybody.
func TestWriteCachedJSONVariesByLanguageOnlyWithoutLang(t *testing.T) {
	for _, c := range []struct{ url, vary string }{
		{"/api/products/", "Accept-Language, Cookie"},
		{"/api/products/?lang=sw", ""},
	} {
		w := httptest.NewRecorder()
		if err := WriteCachedJSON(w, httptest.NewRequest(http.MethodGet, c.url, nil), 30, []int{1}); err != nil {
			t.Fatal(err)
		}
		if got := w.Header().Get("Vary"); got != c.vary {
			t.Errorf("%s: Vary = %q, want %q", c.url, got, c.vary)
		}
	}
}
