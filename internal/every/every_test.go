package every

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"time"
)

// A step runs at once and again at each tick, a failure is logged and does
// not stop the job, and the job ends with its context.
func TestRun(t *testing.T) {
	var logged bytes.Buffer
	log := slog.New(slog.NewTextHandler(&logged, nil))
	ctx, cancel := context.WithCancel(context.Background())
	steps := make(chan int, 10)
	n := 0
	done := make(chan struct{})
	go func() {
		defer close(done)
		Run(ctx, time.Millisecond, log, "test job", func(context.Context) error {
			n++
			steps <- n
			if n == 1 {
				return errors.New("database is locked")
			}
			return nil
		})
	}()
	for want := 1; want <= 3; want++ {
		if got := <-steps; got != want {
			t.Fatalf("step %d, want %d", got, want)
		}
	}
	cancel()
	<-done
	if !strings.Contains(logged.String(), "test job") || !strings.Contains(logged.String(), "database is locked") {
		t.Fatalf("the failed step was not logged: %q", logged.String())
	}
}
