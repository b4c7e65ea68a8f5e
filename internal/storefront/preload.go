package storefront

import (
	"encoding/json"
	"io/fs"
	"sort"
	"strings"
)

// Every page but home is a chunk of its own that the app fetches on first
// visit. A deep link (a shared product, a search result) would fetch it only
// after the main script runs: one more round trip on a slow phone. So the
// server, which knows the page, names its chunks in <link rel="modulepreload">
// and the browser fetches them alongside the main script.

type manifestChunk struct {
	File    string   `json:"file"`
	Imports []string `json:"imports"`
	IsEntry bool     `json:"isEntry"`
}

// modulePreloads reads Vite's build manifest and returns, for each route
// module, the files it needs beyond those index.html already loads. Without
// a manifest (an older build, tests) there is nothing to preload.
func modulePreloads(files fs.FS) map[string][]string {
	b, err := fs.ReadFile(files, ".vite/manifest.json")
	if err != nil {
		return nil
	}
	var m map[string]manifestChunk
	if err := json.Unmarshal(b, &m); err != nil {
		return nil
	}
	var walk func(key string, into map[string]bool)
	walk = func(key string, into map[string]bool) {
		c, ok := m[key]
		if !ok || into[c.File] {
			return
		}
		into[c.File] = true
		for _, imp := range c.Imports {
			walk(imp, into)
		}
	}
	loaded := map[string]bool{}
	for key, c := range m {
		if c.IsEntry {
			walk(key, loaded)
		}
	}
	out := map[string][]string{}
	for _, pg := range pages {
		src := pg.module
		if src == "" {
			continue
		}
		need := map[string]bool{}
		walk(src, need)
		var list []string
		for f := range need {
			if !loaded[f] && strings.HasSuffix(f, ".js") {
				list = append(list, "/"+f)
			}
		}
		sort.Strings(list)
		if len(list) > 0 {
			out[src] = list
		}
	}
	return out
}
