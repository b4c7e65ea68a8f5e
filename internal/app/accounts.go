package app

import (
	"log/slog"

	"shop/internal/config"
	"shop/internal/db"
	"shop/internal/mail"
)

// newMailer picks how the shop sends mail: through SHOP_SMTP_URL when set;
// in --dev also (or only) into the outbox that /dev/outbox lists; otherwise
// nowhere, saying so in the log. outbox is nil outside --dev.
func newMailer(cfg config.Config, d *db.DB, log *slog.Logger) (m mail.Mailer, outbox *mail.Outbox, err error) {
	var smtp *mail.SMTP
	if cfg.SMTPURL != "" {
		if smtp, err = mail.NewSMTP(cfg.SMTPURL, cfg.MailFrom); err != nil {
			return nil, nil, err
		}
	}
	switch {
	case cfg.Dev && smtp != nil:
		outbox = mail.NewOutbox(d, log)
		return mail.Tee{smtp, outbox}, outbox, nil
	case cfg.Dev:
		outbox = mail.NewOutbox(d, log)
		return outbox, outbox, nil
	case smtp != nil:
		return smtp, nil, nil
	default:
		log.Warn("SHOP_SMTP_URL is not set: the shop sends no mail (password resets, order mail)")
		return mail.Unsent{Log: log}, nil, nil
	}
}
