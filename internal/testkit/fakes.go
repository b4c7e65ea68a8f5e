package testkit

import (
	"context"
	"log/slog"
	"sync"

	"shop/internal/sms"
)

// Quiet is a logger for tests whose log is noise: it drops everything.
func Quiet() *slog.Logger { return slog.New(slog.DiscardHandler) }

// SMS is a text-message gateway that keeps what it is given, each as the
// number, a space and the message, and says each was sent.
type SMS struct {
	mu   sync.Mutex
	sent []string
}

// Send keeps the message.
func (g *SMS) Send(_ context.Context, to, message string) (sms.Result, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.sent = append(g.sent, to+" "+message)
	return sms.Result{Code: 101, Status: "Success"}, nil
}

// Sent returns what was given, oldest first.
func (g *SMS) Sent() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return append([]string(nil), g.sent...)
}
