package storefront

import (
	"strings"
	"testing"

	"shop/internal/i18n"
)

// TestEveryPageTextHasKiswahili: a customer page's title and description,
// and the texts every head may hold, have their Kiswahili; the back
// office's pages stay English.
func TestEveryPageTextHasKiswahili(t *testing.T) {
	want := []string{siteTagline, homeDescription, "Page not found", "Product not found", "From %s. ", "%s — from %s", "from %s",
		"Pay with M-Pesa · Delivery across Kenya"}
	for _, pg := range pages {
		if !strings.HasPrefix(pg.path, "/admin") {
			want = append(want, pg.title, pg.description)
		}
	}
	for _, s := range want {
		if s == "" {
			continue
		}
		sw, ok := swTexts[s]
		if !ok || sw == "" || sw == s {
			t.Errorf("no Kiswahili for %q", s)
		}
		if strings.Count(sw, "%s") != strings.Count(s, "%s") {
			t.Errorf("%q and its Kiswahili %q hold different values", s, sw)
		}
	}
	if got := tr(i18n.English, "Shop"); got != "Shop" {
		t.Errorf("English is %q", got)
	}
	if got := pageTitle(i18n.Kiswahili, ""); got != "Mifugo Bora Feeds — "+swTexts[siteTagline] {
		t.Errorf("home title in Kiswahili %q", got)
	}
}

func TestWithLang(t *testing.T) {
	for _, tc := range []struct {
		in   string
		lang i18n.Lang
		want string
	}{
		{`<!doctype html>` + "\n" + `<html lang="en"><head>`, i18n.Kiswahili, `<!doctype html>` + "\n" + `<html lang="sw"><head>`},
		{`<html lang="sw"><head>`, i18n.English, `<html lang="en"><head>`},
		{`<html lang="en"><head>`, i18n.English, `<html lang="en"><head>`},
		{`<html><head>`, i18n.Kiswahili, `<html><head>`},
	} {
		if got := string(WithLang([]byte(tc.in), tc.lang)); got != tc.want {
			t.Errorf("WithLang(%q, %s) = %q", tc.in, tc.lang, got)
		}
	}
}
