//go:build !webdist

// Package web holds the built React app that the shop binary serves.
// This file is used when the binary is built without the webdist tag (no Node needed):
// it serves a single page saying the web app is not built.
package web

import (
	"embed"
	"io/fs"
)

//go:embed placeholder
var placeholder embed.FS

// Assets returns a stand-in for the web app: one index.html asking to run `make build`.
func Assets() fs.FS {
	sub, err := fs.Sub(placeholder, "placeholder")
	if err != nil {
		panic(err) // unreachable: "placeholder" is a valid path and is embedded above
	}
	return sub
}
