package testkit

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// FreeAddr is a loopback address with a port free a moment ago, for a
// server the test starts.
func FreeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// WaitUntil checks cond every 20 ms until it holds, failing the test after
// limit: tests wait for a condition, never for a fixed time.
func WaitUntil(t testing.TB, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(limit); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

// Send sends a request to a server the test started, with c: body as JSON
// (no Content-Type for a GET without one) and header's name, value pairs.
// It returns the answer, already read, and its body.
func Send(c *http.Client, method, url, body string, header ...string) (*http.Response, []byte, error) {
	req, err := http.NewRequest(method, url, strings.NewReader(body))
	if err != nil {
		return nil, nil, err
	}
	if body != "" || method != http.MethodGet {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	// A body cut short fails the test's own checks of what it says.
	b, _ := io.ReadAll(resp.Body)
	return resp, b, nil
}
