package sms

import (
	"context"
	"log/slog"
	"strconv"
	"sync/atomic"
)

// DevGateway is --dev's gateway: nothing leaves the machine. The queue keeps
// each message, so the dev outbox (/dev/outbox) lists it beside the mail.
type DevGateway struct {
	Log *slog.Logger
	n   atomic.Int64
}

// Send logs the message and reports it sent.
func (g *DevGateway) Send(ctx context.Context, to, message string) (Result, error) {
	g.Log.InfoContext(ctx, "sms kept in the dev outbox (see /dev/outbox)", "to", to, "message", message)
	return Result{Code: 101, Status: "Success (dev outbox)", MessageID: "dev-" + strconv.FormatInt(g.n.Add(1), 10)}, nil
}
