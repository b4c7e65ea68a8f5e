package testkit

import (
	"net"
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
