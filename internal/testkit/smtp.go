package testkit

import (
	"io"
	"net"
	"net/mail"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-smtp"
)

// SMTPServer is a real SMTP server (emersion/go-smtp) on the loopback,
// without TLS (a sender reaches it with smtp://ADDR?tls=off). Its answer
// decides what each message meets at DATA: nil takes it, an error from
// SMTPRefusal refuses it with that code.
type SMTPServer struct {
	Addr   string
	mu     sync.Mutex
	answer func(n int) error
	tries  int
	got    []*mail.Message
	ids    []string
}

// StartSMTP starts a server that answers the nth message (1, 2, …) with
// answer(n); it stops when the test ends.
func StartSMTP(t testing.TB, answer func(n int) error) *SMTPServer {
	t.Helper()
	f := &SMTPServer{answer: answer}
	s := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &smtpSession{f}, nil }))
	s.Domain = "mx.test"
	s.ReadTimeout, s.WriteTimeout = 10*time.Second, 10*time.Second
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	f.Addr = ln.Addr().String()
	go func() { _ = s.Serve(ln) }()
	t.Cleanup(func() { s.Close() })
	return f
}

// SMTPRefusal is an answer of code (451: try later; 550: never).
func SMTPRefusal(code int) error {
	return &smtp.SMTPError{Code: code, EnhancedCode: smtp.EnhancedCode{code / 100, 0, 0}, Message: "refused by the test"}
}

type smtpSession struct{ f *SMTPServer }

func (*smtpSession) Reset()                               {}
func (*smtpSession) Logout() error                        { return nil }
func (*smtpSession) Mail(string, *smtp.MailOptions) error { return nil }
func (*smtpSession) Rcpt(string, *smtp.RcptOptions) error { return nil }

func (s *smtpSession) Data(r io.Reader) error {
	m, err := mail.ReadMessage(r)
	if err != nil {
		return err
	}
	body, err := io.ReadAll(m.Body)
	if err != nil {
		return err
	}
	m.Body = strings.NewReader(string(body))
	f := s.f
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tries++
	f.ids = append(f.ids, m.Header.Get("Message-Id"))
	if err := f.answer(f.tries); err != nil {
		return err
	}
	f.got = append(f.got, m)
	return nil
}

// Received is the messages the server took, oldest first. Each body can be
// read once.
func (f *SMTPServer) Received() []*mail.Message {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]*mail.Message(nil), f.got...)
}

// MessageIDs is the Message-ID of every message offered, taken or not.
func (f *SMTPServer) MessageIDs() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.ids...)
}
