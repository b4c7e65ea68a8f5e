package app

import (
	"context"
	"fmt"
	"log/slog"

	"shop/internal/account"
	"shop/internal/config"
	"shop/internal/db"
	"shop/internal/mail"
)

// newOutbox builds the mail queue every message goes through, and picks
// how it sends: through SHOP_SMTP_URL when set (answers go to
// SHOP_BUSINESS_EMAIL); in --dev otherwise to the log, the messages staying
// in the queue that /dev/outbox lists; otherwise nowhere, saying so in the
// log.
func newOutbox(cfg config.Config, d *db.DB, log *slog.Logger) (*mail.Outbox, error) {
	var sender mail.Mailer
	switch {
	case cfg.SMTPURL != "":
		smtp, err := mail.NewSMTP(cfg.SMTPURL, cfg.MailFrom, cfg.BusinessEmail)
		if err != nil {
			return nil, err
		}
		sender = smtp
	case cfg.Dev:
		sender = mail.DevLog{Log: log}
	default:
		log.Warn("SHOP_SMTP_URL is not set: the shop sends no mail (password resets, order mail)")
	}
	outbox := mail.NewOutbox(d, sender, log)
	outbox.KeepSecrets = cfg.Dev
	return outbox, nil
}

// newAuth builds the sign-in service and loads its signing key, so a
// database that cannot hold one fails at start.
func newAuth(ctx context.Context, cfg config.Config, d *db.DB, log *slog.Logger, mailer mail.Mailer) (*account.Service, error) {
	limits := account.DefaultLimits
	limits.RegisterPerIP.Max = cfg.SignupsPerAddress
	auth := account.NewService(d, account.Options{Mailer: mailer, Log: log, PublicURL: cfg.PublicURL, Secret: cfg.AuthSecret, Limits: &limits})
	if err := auth.Init(ctx); err != nil {
		return nil, fmt.Errorf("sign-in key: %w", err)
	}
	return auth, nil
}
