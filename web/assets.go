// Package web holds the built React app that the shop binary serves.
// Build with -tags webdist after `npm run build` (make build does both); without
// the tag the binary serves one page saying the web app is not built, so the
// Go code builds and tests without Node.
package web

import "io/fs"

// Assets returns the web app: with webdist, index.html at the root, hashed
// files under assets/ and .gz/.br siblings of the larger text files; without
// it, the one placeholder page asking to run `make build`.
func Assets() fs.FS {
	sub, err := fs.Sub(files, root)
	if err != nil {
		panic(err) // unreachable: root is a valid path and is embedded
	}
	return sub
}
