package i18n

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

func TestNegotiate(t *testing.T) {
	cases := []struct {
		name, url, cookie, accept string
		want                      Lang
	}{
		{"nothing", "/", "", "", English},
		{"accept sw", "/", "", "sw-KE,sw;q=0.9,en;q=0.8", Kiswahili},
		{"accept en first", "/", "", "en-GB,en;q=0.9,sw;q=0.8", English},
		{"accept by quality", "/", "", "en;q=0.5, sw;q=0.8", Kiswahili},
		{"accept neither", "/", "", "fr-FR,de;q=0.8", English},
		{"accept sw refused", "/", "", "sw;q=0, en;q=0.1", English},
		{"accept bad q", "/", "", "sw;q=2", English},
		{"cookie beats accept", "/", "en", "sw", English},
		{"cookie sw", "/", "sw", "", Kiswahili},
		{"bad cookie ignored", "/", "fr", "sw", Kiswahili},
		{"query beats cookie", "/shop?lang=sw", "en", "en", Kiswahili},
		{"query en", "/?lang=EN", "sw", "sw", English},
		{"bad query ignored", "/?lang=xx", "sw", "", Kiswahili},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := httptest.NewRequest(http.MethodGet, c.url, nil)
			if c.cookie != "" {
				r.AddCookie(&http.Cookie{Name: CookieName, Value: c.cookie})
			}
			if c.accept != "" {
				r.Header.Set("Accept-Language", c.accept)
			}
			if got := Negotiate(r); got != c.want {
				t.Fatalf("Negotiate = %q, want %q", got, c.want)
			}
		})
	}
}

func TestMiddlewareStoresQueryChoice(t *testing.T) {
	var seen Lang
	h := Middleware(true, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { seen = From(r.Context()) }))

	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest(http.MethodGet, "/product/x?lang=sw", nil))
	if seen != Kiswahili {
		t.Fatalf("context language = %q, want sw", seen)
	}
	cookies := w.Result().Cookies()
	if len(cookies) != 1 || cookies[0].Name != "lang" || cookies[0].Value != "sw" || cookies[0].Path != "/" || cookies[0].MaxAge <= 0 || !cookies[0].Secure {
		t.Fatalf("cookies = %+v, want lang=sw for a year on /, HTTPS only", cookies)
	}

	// The choice already stored: nothing to set again.
	w = httptest.NewRecorder()
	r := httptest.NewRequest(http.MethodGet, "/api/products/?lang=sw", nil)
	r.AddCookie(&http.Cookie{Name: "lang", Value: "sw"})
	h.ServeHTTP(w, r)
	if len(w.Result().Cookies()) != 0 {
		t.Fatalf("a ?lang= the cookie already holds set it again: %+v", w.Result().Cookies())
	}
	// Another choice: stored.
	w = httptest.NewRecorder()
	r = httptest.NewRequest(http.MethodGet, "/?lang=en", nil)
	r.AddCookie(&http.Cookie{Name: "lang", Value: "sw"})
	h.ServeHTTP(w, r)
	if c := w.Result().Cookies(); len(c) != 1 || c[0].Value != "en" {
		t.Fatalf("?lang=en over lang=sw: cookies %+v, want lang=en", c)
	}

	w = httptest.NewRecorder()
	r = httptest.NewRequest(http.MethodGet, "/shop", nil)
	r.Header.Set("Accept-Language", "sw")
	h.ServeHTTP(w, r)
	if seen != Kiswahili {
		t.Fatalf("context language = %q, want sw from Accept-Language", seen)
	}
	if len(w.Result().Cookies()) != 0 {
		t.Fatal("a visit without ?lang= must not set the cookie")
	}
}
