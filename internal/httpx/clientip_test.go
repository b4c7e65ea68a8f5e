package httpx

import (
	"net/http/httptest"
	"net/netip"
	"testing"
)

func TestClientIP(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8"), netip.MustParsePrefix("::1/128")}
	for _, tc := range []struct {
		trusted []netip.Prefix
		remote  string
		xff     []string
		want    string
	}{
		{nil, "41.90.1.2:5000", nil, "41.90.1.2"},
		// Without trusted proxies the header is the client's word: ignored.
		{nil, "41.90.1.2:5000", []string{"1.2.3.4"}, "41.90.1.2"},
		// From an untrusted peer too.
		{trusted, "41.90.1.2:5000", []string{"1.2.3.4"}, "41.90.1.2"},
		{trusted, "10.1.1.1:5000", []string{"41.90.1.2"}, "41.90.1.2"},
		// A client that sends its own header cannot pick its address: the
		// rightmost untrusted hop is the one the proxy saw.
		{trusted, "10.1.1.1:5000", []string{"1.2.3.4, 41.90.1.2"}, "41.90.1.2"},
		{trusted, "10.1.1.1:5000", []string{"1.2.3.4", "41.90.1.2, 10.2.2.2"}, "41.90.1.2"},
		{trusted, "[::1]:5000", []string{"2001:db8::7"}, "2001:db8::7"},
		{trusted, "10.1.1.1:5000", []string{"garbage"}, "10.1.1.1"},
		{trusted, "10.1.1.1:5000", nil, "10.1.1.1"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = tc.remote
		for _, v := range tc.xff {
			r.Header.Add("X-Forwarded-For", v)
		}
		if got := ClientIP(tc.trusted)(r); got != tc.want {
			t.Errorf("%s %v: %s, want %s", tc.remote, tc.xff, got, tc.want)
		}
	}
}
