//go:build webdist

// Package web holds the built React app that the shop binary serves.
// Build with -tags webdist after `npm run build` (make build does both); without
// the tag, embed_placeholder.go serves a page that says the app is not built.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Assets returns the built web app: index.html at the root, hashed files under assets/,
// and .gz/.br siblings of the larger text files.
func Assets() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // unreachable: "dist" is a valid path and is embedded above
	}
	return sub
}
