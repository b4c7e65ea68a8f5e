// Package apidoc is the shop's API contract: the OpenAPI 3.1 document of
// every /api/ route (and of the --dev simulators), written by hand in src/,
// a YAML file for each part of the API, and joined into openapi.json, which
// the binary embeds and serves (docs/architecture.md, "The API contract").
package apidoc

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"net/http"
)

//go:embed openapi.json
var document []byte

// Document is the OpenAPI document, as JSON.
func Document() []byte { return document }

var documentETag = func() string {
	sum := sha256.Sum256(document)
	return `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`
}()

// Serve answers GET /api/openapi.json. The document changes only with a new
// binary, so a client revalidates it cheaply by its ETag.
func Serve(w http.ResponseWriter, r *http.Request) error {
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("ETag", documentETag)
	if r.Header.Get("If-None-Match") == documentETag {
		w.WriteHeader(http.StatusNotModified)
		return nil
	}
	_, err := w.Write(document)
	return err
}
