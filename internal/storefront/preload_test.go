package storefront_test

import (
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/httpapi"
	"shop/internal/testkit"
)

func TestModulePreloads(t *testing.T) {
	index := string(seoIndex["index.html"].Data)
	files := fstest.MapFS{
		"index.html": {Data: []byte(index)},
		".vite/manifest.json": {Data: []byte(`{
			"index.html": {"file": "assets/index-abc.js", "isEntry": true, "imports": ["_vendor.js"]},
			"_vendor.js": {"file": "assets/vendor-1.js"},
			"_Page.js": {"file": "assets/Page-2.js", "imports": ["_vendor.js"]},
			"src/features/shop/ShopPage.tsx": {"file": "assets/ShopPage-3.js", "isDynamicEntry": true, "imports": ["_vendor.js", "_Page.js"]},
			"src/features/product/ProductPage.tsx": {"file": "assets/ProductPage-4.js", "isDynamicEntry": true, "imports": ["_Page.js"]}
		}`)},
	}
	srv := testkit.NewShop(t, dbtest.New(t, db.SQLite), testkit.With(func(deps *httpapi.Deps) { deps.WebAssets = files }), testkit.Demo)
	preloads := func(path string) []string {
		var out []string
		for _, m := range regexp.MustCompile(`<link rel="modulepreload" crossorigin href="([^"]+)" />`).FindAllStringSubmatch(srv.Get(path).Body.String(), -1) {
			out = append(out, m[1])
		}
		return out
	}
	for path, want := range map[string]string{
		"/shop?category=feeds":            "/assets/Page-2.js /assets/ShopPage-3.js",
		"/products/high-yield-dairy-meal": "/assets/Page-2.js /assets/ProductPage-4.js",
		"/products/no-such-product":       "", // a 404 needs no page code
		"/":                               "",
		"/about":                          "", // not in this manifest
	} {
		if got := strings.Join(preloads(path), " "); got != want {
			t.Errorf("%s preloads %q, want %q", path, got, want)
		}
	}
}
