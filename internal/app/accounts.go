package app

import (
	"log/slog"

	"shop/internal/config"
	"shop/internal/mail"
)

// newMailSender picks how the mail outbox sends: through SHOP_SMTP_URL when
// set (answers go to SHOP_BUSINESS_EMAIL); in --dev otherwise to the log,
// the messages staying in the outbox that /dev/outbox lists; otherwise
// nowhere (nil), saying so in the log.
func newMailSender(cfg config.Config, log *slog.Logger) (mail.Mailer, error) {
	switch {
	case cfg.SMTPURL != "":
		return mail.NewSMTP(cfg.SMTPURL, cfg.MailFrom, cfg.BusinessEmail)
	case cfg.Dev:
		return mail.DevLog{Log: log}, nil
	default:
		log.Warn("SHOP_SMTP_URL is not set: the shop sends no mail (password resets, order mail)")
		return nil, nil
	}
}
