package mail

import (
	"context"
	"log/slog"
)

// DevLog is the sender in --dev without SHOP_SMTP_URL: nothing leaves the
// machine; each message is written, link and all, to the log, and stays in
// the outbox for /dev/outbox.
type DevLog struct{ Log *slog.Logger }

func (d DevLog) Send(ctx context.Context, m Message) error {
	d.Log.InfoContext(ctx, "mail kept in the dev outbox (see /dev/outbox)", "to", m.To, "subject", m.Subject, "text", m.Text)
	return nil
}
