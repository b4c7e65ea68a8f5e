package account

import (
	"context"
	"net/http"
	"strings"
)

type sessionKey struct{}

// sessionFrom returns the session id of the request's access token.
func sessionFrom(ctx context.Context) string {
	sid, _ := ctx.Value(sessionKey{}).(string)
	return sid
}

// Authenticate reads "Authorization: Bearer <access token>" and, when the
// token is good, puts its Principal in the request's context. Without a
// token the request is anonymous. With a bad or expired one it is anonymous
// too, and the answer carries WWW-Authenticate: Bearer error="invalid_token"
// (RFC 6750), so the web app knows to refresh even where a route answered
// anonymously; routes for signed-in users answer 401 through their guard.
func (s *Service) Authenticate(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := r.Header.Get("Authorization")
		if h == "" {
			next.ServeHTTP(w, r)
			return
		}
		scheme, token, _ := strings.Cut(h, " ")
		if !strings.EqualFold(scheme, "Bearer") || strings.TrimSpace(token) == "" {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_request"`)
			next.ServeHTTP(w, r)
			return
		}
		p, sid, err := s.verifyAccess(r.Context(), strings.TrimSpace(token))
		if err != nil {
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			next.ServeHTTP(w, r)
			return
		}
		ctx := context.WithValue(WithPrincipal(r.Context(), p), sessionKey{}, sid)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}
