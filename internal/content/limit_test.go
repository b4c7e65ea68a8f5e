package content

import (
	"testing"
	"time"
)

func TestLimiter(t *testing.T) {
	now := time.Date(2025, 6, 1, 8, 0, 0, 0, time.UTC)
	l := NewLimiter(3, 10*time.Minute)
	l.now = func() time.Time { return now }
	for i := range 3 {
		if ok, _ := l.Allow("10.0.0.1"); !ok {
			t.Fatalf("event %d refused", i+1)
		}
		now = now.Add(time.Minute)
	}
	ok, wait := l.Allow("10.0.0.1")
	if ok || wait != 7*time.Minute {
		t.Fatalf("fourth event: allowed %v, wait %v; want refused for 7m", ok, wait)
	}
	if ok, _ := l.Allow("10.0.0.2"); !ok {
		t.Fatal("another address is limited too")
	}
	now = now.Add(7 * time.Minute)
	if ok, _ := l.Allow("10.0.0.1"); !ok {
		t.Fatal("still refused once the first event left the window")
	}
	now = now.Add(time.Hour)
	l.Allow("10.0.0.3")
	if _, kept := l.seen["10.0.0.2"]; kept || len(l.seen) != 1 {
		t.Fatalf("quiet addresses are kept: %v", l.seen)
	}
}
