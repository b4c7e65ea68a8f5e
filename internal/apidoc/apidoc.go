// Package apidoc is the shop's API contract: the OpenAPI 3.1 document of
// every /api/ route (and of the --dev simulators), written by hand in src/,
// a YAML file for each part of the API, and joined into openapi.json, which
// the binary embeds. It serves the document and a page that shows it to
// people (docs/architecture.md, "The API contract").
package apidoc

import (
	_ "embed"
	"encoding/json"
	"net/http"

	"shop/internal/httpx"
)

//go:embed openapi.json
var document []byte

// Document is the OpenAPI document, as JSON.
func Document() []byte { return document }

// Serve answers GET /api/openapi.json, revalidated by its ETag: the
// document changes only with a new binary.
func Serve(w http.ResponseWriter, r *http.Request) error {
	return httpx.WriteCachedJSON(w, r, 300, json.RawMessage(document))
}

//go:embed docs.html
var page []byte

// pagePolicy is the docs page's Content-Security-Policy: the shop's own
// (internal/httpapi), plus what Redoc needs and no other page allows: the
// styles it writes into the page, and its search worker, made from a blob.
const pagePolicy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
	"font-src 'self'; connect-src 'self'; worker-src 'self' blob:; frame-ancestors 'none'; base-uri 'self'; " +
	"form-action 'self'; object-src 'none'"

// Page answers GET /api/docs: the document as a page for people, rendered
// in the browser by Redoc's standalone bundle, which the web app's build
// copies to /apidocs/ (web/scripts/apidocs.mjs) so that no other page loads it.
func Page(w http.ResponseWriter, r *http.Request) error {
	h := w.Header()
	h.Set("Content-Security-Policy", pagePolicy)
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	_, err := w.Write(page)
	return err
}
