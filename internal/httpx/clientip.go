package httpx

import (
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// RemoteIP is the address of the peer that sent r: the client itself when
// no proxy stands in front of the shop.
func RemoteIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// IPOf is the address r came from, as find reads it (ClientIP with the
// trusted proxies), or the peer's when find is nil.
func IPOf(find func(*http.Request) string, r *http.Request) string {
	if find != nil {
		return find(r)
	}
	return RemoteIP(r)
}

// ClientIP returns a function that finds a request's client address. The
// peer's address is the answer unless the peer is one of the trusted
// proxies; then X-Forwarded-For is read from the right, skipping trusted
// proxies, and the first address not trusted is the client. Entries further
// left were written by the client and prove nothing.
func ClientIP(trusted []netip.Prefix) func(*http.Request) string {
	isTrusted := func(s string) bool {
		a, err := netip.ParseAddr(strings.TrimSpace(s))
		if err != nil {
			return false
		}
		a = a.Unmap()
		for _, p := range trusted {
			if p.Contains(a) {
				return true
			}
		}
		return false
	}
	return func(r *http.Request) string {
		peer := RemoteIP(r)
		if len(trusted) == 0 || !isTrusted(peer) {
			return peer
		}
		hops := strings.Split(strings.Join(r.Header.Values("X-Forwarded-For"), ","), ",")
		for i := len(hops) - 1; i >= 0; i-- {
			hop := strings.TrimSpace(hops[i])
			if hop == "" {
				continue
			}
			if !isTrusted(hop) {
				if a, err := netip.ParseAddr(hop); err == nil {
					return a.Unmap().String()
				}
				return peer
			}
		}
		return peer
	}
}
