package httpapi

import (
	"strings"
)

// The one redaction list (docs/deploy.md, "Secrets in logs"): the routes
// whose path carries a credential declare its wildcard (Route.Secret), and
// SecretHeaders names the headers that carry one. The shop's request log
// masks the first and never writes the second; deploy/Caddyfile masks and
// drops the same, and deploy's test holds it to this list.

// SecretHeaders are the request headers that carry a credential (a bearer
// token, the session cookie, an order's private token) or the address of a
// page that may be a secret one (Referer).
var SecretHeaders = []string{"Authorization", "Cookie", "X-Order-Token", "Referer"}

// SecretResponseHeaders are the answer's headers that may carry one: a
// short link's redirect names the order's code, a cookie its session.
var SecretResponseHeaders = []string{"Location", "Set-Cookie"}

// Masked stands in the log for a secret path segment.
const Masked = "[masked]"

// redaction masks the secret segment of the paths of the routes that
// declare one: every path under the literal part before the wildcard, so a
// wrong or mistyped secret, which no route matches, is masked too.
type redaction struct{ prefixes []string }

func newRedaction(routes []Route) redaction {
	var r redaction
	seen := map[string]bool{}
	for _, rt := range routes {
		if p := SecretPrefix(rt); p != "" && !seen[p] {
			seen[p] = true
			r.prefixes = append(r.prefixes, p)
		}
	}
	return r
}

// SecretPrefix is the literal part of rt's path before its secret wildcard,
// or "" when rt declares none.
func SecretPrefix(rt Route) string {
	if rt.Secret == "" {
		return ""
	}
	path := rt.Pattern
	if _, p, ok := strings.Cut(path, " "); ok {
		path = p
	}
	before, _, ok := strings.Cut(path, "{"+rt.Secret+"}")
	if !ok {
		panic("route " + rt.Pattern + " declares a secret {" + rt.Secret + "} it does not have")
	}
	return before
}

// mask hides the segment after any secret prefix of p.
func (r redaction) mask(p string) string {
	for _, prefix := range r.prefixes {
		if rest, ok := strings.CutPrefix(p, prefix); ok && rest != "" {
			_, after, found := strings.Cut(rest, "/")
			if found {
				return prefix + Masked + "/" + after
			}
			return prefix + Masked
		}
	}
	return p
}
