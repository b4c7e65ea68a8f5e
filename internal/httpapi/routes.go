package httpapi

import (
	"net/http"

	"shop/internal/httpx"
)

// Access says who may call a route. Every route states it, so a test can
// walk the list and check each guard.
type Access int

const (
	Public Access = iota
)

// Route is one entry of the shop's HTTP surface.
type Route struct {
	// Pattern is a Go ServeMux pattern; {$} pins the trailing slash.
	Pattern string
	Handler http.Handler
	Access  Access
	// MaxBody caps the request body; 0 means DefaultMaxBody.
	MaxBody int64
}

// DefaultMaxBody is the body limit of a JSON request.
const DefaultMaxBody = 64 << 10

// routes lists every route of the shop in one place.
func (s *Server) routes() []Route {
	c := s.catalog
	cached := s.microcache.Wrap
	return []Route{
		{Pattern: "GET /healthz", Handler: httpx.Handler(s.healthz)},

		{Pattern: "GET /api/products/{$}", Handler: cached(httpx.Handler(c.ListProducts))},
		{Pattern: "GET /api/products/{id}/{$}", Handler: cached(httpx.Handler(c.GetProduct))},
		{Pattern: "GET /api/categories/{$}", Handler: cached(httpx.Handler(c.ListCategories))},

		{Pattern: "/api/", Handler: httpx.Handler(apiNotFound)},
		{Pattern: "GET /media/", Handler: s.media},
		{Pattern: "GET /robots.txt", Handler: http.HandlerFunc(s.robots)},
		{Pattern: "/", Handler: s.app},
	}
}
