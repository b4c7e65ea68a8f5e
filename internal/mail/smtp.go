package mail

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"net/mail"
	"net/textproto"
	"net/url"
	"strconv"
	"strings"
	"time"

	gomail "github.com/wneessen/go-mail"
)

// SMTP sends mail through an SMTP server.
type SMTP struct {
	host string
	from string
	// domain ends every Message-ID: the sender's own, so the ids match the
	// domain the mail claims to come from.
	domain string
	// replyTo is where a customer's answer goes: the business's address.
	replyTo string
	opts    []gomail.Option
	// tlsConfig replaces the default (the system's roots, the URL's host),
	// for tests against a server with its own certificate.
	tlsConfig *tls.Config
}

// NewSMTP reads the server from rawURL:
//
//	smtp://user:pass@host:587    STARTTLS, required (port 587 by default)
//	smtps://user:pass@host:465   TLS from the first byte (port 465 by default)
//
// The query parameter tls=opportunistic allows a server without STARTTLS (a
// relay on the same machine); tls=off never encrypts. from is the sender, as
// "Name <address>" or a plain address; replyTo ("" for none) is where
// answers go.
func NewSMTP(rawURL, from, replyTo string) (*SMTP, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		// Not wrapped: url's error repeats the URL, password and all.
		return nil, fmt.Errorf("SHOP_SMTP_URL is not a valid URL")
	}
	sender, err := mail.ParseAddress(from)
	if err != nil {
		return nil, fmt.Errorf("SHOP_MAIL_FROM %q is not an email address: %w", from, err)
	}
	_, domain, _ := strings.Cut(sender.Address, "@")
	if replyTo != "" {
		if _, err := mail.ParseAddress(replyTo); err != nil {
			return nil, fmt.Errorf("SHOP_BUSINESS_EMAIL %q is not an email address: %w", replyTo, err)
		}
	}
	if u.Hostname() == "" {
		return nil, fmt.Errorf("SHOP_SMTP_URL has no host")
	}
	opts := []gomail.Option{gomail.WithTimeout(20 * time.Second)}
	port := 0
	if p := u.Port(); p != "" {
		if port, err = strconv.Atoi(p); err != nil {
			return nil, fmt.Errorf("SHOP_SMTP_URL port %q: %w", p, err)
		}
	}
	switch u.Scheme {
	case "smtp":
		if port == 0 {
			port = gomail.DefaultPortTLS
		}
		switch tlsMode := u.Query().Get("tls"); tlsMode {
		case "", "required":
			opts = append(opts, gomail.WithTLSPolicy(gomail.TLSMandatory))
		case "opportunistic":
			opts = append(opts, gomail.WithTLSPolicy(gomail.TLSOpportunistic))
		case "off":
			opts = append(opts, gomail.WithTLSPolicy(gomail.NoTLS))
		default:
			return nil, fmt.Errorf("SHOP_SMTP_URL: tls must be required, opportunistic or off, not %q", tlsMode)
		}
	case "smtps":
		if port == 0 {
			port = gomail.DefaultPortSSL
		}
		opts = append(opts, gomail.WithSSL())
	default:
		return nil, fmt.Errorf("SHOP_SMTP_URL must start with smtp:// or smtps://")
	}
	opts = append(opts, gomail.WithPort(port))
	if u.User != nil {
		pass, _ := u.User.Password()
		opts = append(opts, gomail.WithSMTPAuth(gomail.SMTPAuthAutoDiscover),
			gomail.WithUsername(u.User.Username()), gomail.WithPassword(pass))
	}
	return &SMTP{host: u.Hostname(), from: from, domain: domain, replyTo: replyTo, opts: opts}, nil
}

// Send delivers m over a new connection: the shop sends a few mails an hour,
// not enough to keep one open.
func (s *SMTP) Send(ctx context.Context, m Message) error {
	if err := m.Check(); err != nil {
		return err
	}
	msg := gomail.NewMsg()
	if err := msg.From(s.from); err != nil {
		return fmt.Errorf("mail from: %w", err)
	}
	if err := msg.To(m.To); err != nil {
		return fmt.Errorf("mail to: %w", err)
	}
	if s.replyTo != "" {
		if err := msg.ReplyTo(s.replyTo); err != nil {
			return fmt.Errorf("mail reply-to: %w", err)
		}
	}
	msg.Subject(m.Subject)
	msg.SetDate()
	id := m.ID
	if id == "" {
		id = newKey()
	}
	msg.SetMessageIDWithValue(id + "@" + s.domain)
	msg.SetBodyString(gomail.TypeTextPlain, m.Text)
	if m.HTML != "" {
		msg.AddAlternativeString(gomail.TypeTextHTML, m.HTML)
	}
	for _, a := range m.Attachments {
		if err := msg.AttachReader(a.Filename, bytes.NewReader(a.Data), gomail.WithFileContentType(gomail.ContentType(a.ContentType))); err != nil {
			return fmt.Errorf("attach %s: %w", a.Filename, err)
		}
	}
	opts := s.opts
	if s.tlsConfig != nil {
		opts = append(append([]gomail.Option{}, opts...), gomail.WithTLSConfig(s.tlsConfig))
	}
	c, err := gomail.NewClient(s.host, opts...)
	if err != nil {
		return fmt.Errorf("smtp client: %w", err)
	}
	if err := c.DialAndSendWithContext(ctx, msg); err != nil {
		err = fmt.Errorf("send mail to %s via %s: %w", m.To, s.host, err)
		if permanent(err) {
			return &PermanentError{Err: err}
		}
		return err
	}
	return nil
}

// permanent reports whether the server refused with a 5xx answer, at any
// step from the greeting to the end of the data. Timeouts, a closed
// connection and 4xx answers are worth another try.
func permanent(err error) bool {
	var send *gomail.SendError
	if errors.As(err, &send) && send.ErrorCode() >= 500 {
		return true
	}
	var proto *textproto.Error
	return errors.As(err, &proto) && proto.Code >= 500
}
