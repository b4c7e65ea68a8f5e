package storefront_test

import (
	"net/http/httptest"
	"strings"
	"testing"

	"shop/internal/storefront"
)

func TestDataSaverDecision(t *testing.T) {
	for _, tc := range []struct {
		name, saveData, cookie string
		want                   bool
	}{
		{"nothing said", "", "", false},
		{"browser asks", "on", "", true},
		{"browser asks, any case", " On ", "", true},
		{"browser says off", "off", "", false},
		{"customer switched it on", "", "data_saver=1", true},
		{"customer switched it off despite the browser", "on", "data_saver=0", false},
		{"an unknown cookie value leaves it to the browser", "on", "data_saver=yes", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			if tc.saveData != "" {
				r.Header.Set("Save-Data", tc.saveData)
			}
			if tc.cookie != "" {
				r.Header.Set("Cookie", tc.cookie)
			}
			if got := storefront.DataSaver(r); got != tc.want {
				t.Errorf("DataSaver = %v, want %v", got, tc.want)
			}
		})
	}
}

// With the data saver on, the page says so to the app and fetches no
// picture early; without it, the pictures of the first view are preloaded.
func TestDataSaverHead(t *testing.T) {
	h := seoServer(t)
	const meta = `<meta name="shop:data-saver" content="on" />`
	for _, path := range []string{"/", "/products/high-yield-dairy-meal"} {
		for _, tc := range []struct {
			name    string
			headers []string
			saver   bool
		}{
			{"plain", nil, false},
			{"Save-Data", []string{"Save-Data", "on"}, true},
			{"cookie", []string{"Cookie", "data_saver=1"}, true},
			{"switched off", []string{"Save-Data", "on", "Cookie", "data_saver=0"}, false},
		} {
			t.Run(path+" "+tc.name, func(t *testing.T) {
				rec := h.Get(path, tc.headers...)
				body := rec.Body.String()
				if rec.Code != 200 {
					t.Fatalf("status %d", rec.Code)
				}
				if got := strings.Contains(body, meta); got != tc.saver {
					t.Errorf("data-saver meta present: %v, want %v", got, tc.saver)
				}
				if got := strings.Contains(body, `rel="preload" as="image"`); got == tc.saver {
					t.Errorf("image preload present: %v with data saver %v", got, tc.saver)
				}
				if !strings.Contains(rec.Header().Get("Vary"), "Save-Data") {
					t.Errorf("Vary %q lacks Save-Data", rec.Header().Get("Vary"))
				}
			})
		}
	}
}
