package httpapi

import (
	"fmt"
	"net/http"
	"strings"
	"sync"

	"shop/internal/apperr"
)

// A request the routes do not serve: a known address asked with a method it
// does not take is a 405 naming the ones it takes (Allow), any other a 404
// whatever the method, so a probe learns nothing from the method it tries.
// The catch-alls "/api/" and "/" take every method, so ServeMux's own 405
// never comes; they ask the routes that name a method (methodTable).

// MsgMethodNotAllowed answers an API address asked with a method it does not take.
const MsgMethodNotAllowed = "This endpoint does not take %s requests."

// methodTable holds every route that names its method, and only those. It
// is built by the first request that needs it: registering the routes a
// second time took about 4 % of a cold start's CPU.
type methodTable struct{ mux func() *http.ServeMux }

func newMethodTable(routes []Route) methodTable {
	return methodTable{sync.OnceValue(func() *http.ServeMux {
		mux := http.NewServeMux()
		for _, rt := range routes {
			if strings.Contains(rt.Pattern, " ") {
				mux.Handle(rt.Pattern, http.NotFoundHandler()) // only the matching counts
			}
		}
		return mux
	})}
}

// allow lists the methods the routes take at r's address, as an Allow
// header says them ("GET, HEAD, POST"); "" when no route has the address.
func (m methodTable) allow(r *http.Request) string {
	h, pattern := m.mux().Handler(r)
	if pattern != "" {
		return "" // a route of r's own method, or a redirect: not a 405
	}
	// ServeMux knows the methods but tells them only to the answer it writes.
	var p probe
	h.ServeHTTP(&p, r)
	if p.status != http.StatusMethodNotAllowed {
		return ""
	}
	return p.header.Get("Allow")
}

// probe is a ResponseWriter that keeps only the status and the headers.
type probe struct {
	header http.Header
	status int
}

func (p *probe) Header() http.Header {
	if p.header == nil {
		p.header = http.Header{}
	}
	return p.header
}

func (p *probe) WriteHeader(code int) {
	if p.status == 0 {
		p.status = code
	}
}

func (p *probe) Write(b []byte) (int, error) {
	p.WriteHeader(http.StatusOK)
	return len(b), nil
}

// apiUnserved answers an /api/ request no route took.
func (s *Server) apiUnserved(w http.ResponseWriter, r *http.Request) error {
	if allow := s.methods.allow(r); allow != "" && !s.wrongSecret(r.URL.Path) {
		w.Header().Set("Allow", allow)
		return apperr.MethodNotAllowed(fmt.Sprintf(MsgMethodNotAllowed, r.Method))
	}
	return apperr.NotFound("No such API endpoint: " + r.Method + " " + r.URL.Path)
}

// wrongSecret reports whether p is one of Daraja's addresses (callbackPaths)
// without the callback secret: such an address is not the shop's.
func (s *Server) wrongSecret(p string) bool {
	for _, prefix := range callbackPaths {
		if rest, ok := strings.CutPrefix(p, prefix); ok {
			secret, _, _ := strings.Cut(rest, "/")
			return s.pay.Service == nil || !s.pay.Service.IsCallbackSecret(secret)
		}
	}
	return false
}
