package mail

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"math/big"
	"net"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeSMTP is just enough of an SMTP server to receive one message: EHLO,
// STARTTLS (or TLS from the start), AUTH PLAIN, MAIL, RCPT, DATA, QUIT.
type fakeSMTP struct {
	addr     string
	pool     *x509.CertPool
	mu       sync.Mutex
	auth     string // "user\x00pass" as received
	from, to string
	data     string
	tlsSeen  bool
}

func selfSigned(t *testing.T) (tls.Certificate, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}, pool
}

func startFakeSMTP(t *testing.T, implicitTLS bool) *fakeSMTP {
	t.Helper()
	cert, pool := selfSigned(t)
	cfg := &tls.Config{Certificates: []tls.Certificate{cert}}
	var ln net.Listener
	var err error
	if implicitTLS {
		ln, err = tls.Listen("tcp", "127.0.0.1:0", cfg)
	} else {
		ln, err = net.Listen("tcp", "127.0.0.1:0")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	f := &fakeSMTP{addr: ln.Addr().String(), pool: pool, tlsSeen: implicitTLS}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go f.serve(c, cfg)
		}
	}()
	return f
}

func (f *fakeSMTP) serve(c net.Conn, cfg *tls.Config) {
	defer c.Close()
	r, w := bufio.NewReader(c), bufio.NewWriter(c)
	say := func(s string) { w.WriteString(s + "\r\n"); w.Flush() }
	say("220 fake ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return
		}
		line = strings.TrimRight(line, "\r\n")
		verb := strings.ToUpper(strings.SplitN(line, " ", 2)[0])
		f.mu.Lock()
		secure := f.tlsSeen
		f.mu.Unlock()
		switch verb {
		case "EHLO", "HELO":
			if secure {
				say("250-fake\r\n250-AUTH PLAIN\r\n250 8BITMIME")
			} else {
				say("250-fake\r\n250 STARTTLS")
			}
		case "STARTTLS":
			say("220 go ahead")
			tc := tls.Server(c, cfg)
			if err := tc.Handshake(); err != nil {
				return
			}
			c = tc
			r, w = bufio.NewReader(c), bufio.NewWriter(c)
			f.mu.Lock()
			f.tlsSeen = true
			f.mu.Unlock()
		case "AUTH":
			parts := strings.Fields(line)
			var b64 string
			if len(parts) == 3 {
				b64 = parts[2]
			} else {
				say("334 ")
				b64, _ = r.ReadString('\n')
			}
			raw, _ := base64.StdEncoding.DecodeString(strings.TrimSpace(b64))
			f.mu.Lock()
			f.auth = strings.TrimPrefix(string(raw), "\x00")
			f.mu.Unlock()
			say("235 ok")
		case "MAIL":
			f.mu.Lock()
			f.from = line
			f.mu.Unlock()
			say("250 ok")
		case "RCPT":
			f.mu.Lock()
			f.to = line
			f.mu.Unlock()
			say("250 ok")
		case "DATA":
			say("354 go on")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(l)
			}
			f.mu.Lock()
			f.data = b.String()
			f.mu.Unlock()
			say("250 queued")
		case "QUIT":
			say("221 bye")
			return
		default:
			say("250 ok")
		}
	}
}

func testMessage() Message {
	return Message{To: "jane@farm.co.ke", Subject: "Reset your password",
		Text: "Open https://shop.example/reset-password?token=abc to continue.", HTML: "<p>Open <a href=\"https://shop.example/\">the shop</a></p>"}
}

func TestSMTPSendsOverSTARTTLSWithAuth(t *testing.T) {
	for _, tc := range []struct {
		name, scheme string
		implicit     bool
	}{{"starttls", "smtp", false}, {"implicit tls", "smtps", true}} {
		t.Run(tc.name, func(t *testing.T) {
			f := startFakeSMTP(t, tc.implicit)
			s, err := NewSMTP(tc.scheme+"://shop%40mifugobora.co.ke:p%40ss@"+f.addr, "Mifugo Bora Feeds <no-reply@mifugobora.co.ke>", "")
			if err != nil {
				t.Fatal(err)
			}
			s.tlsConfig = &tls.Config{RootCAs: f.pool, ServerName: "127.0.0.1"}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if err := s.Send(ctx, testMessage()); err != nil {
				t.Fatal(err)
			}
			f.mu.Lock()
			defer f.mu.Unlock()
			if !f.tlsSeen || f.auth != "shop@mifugobora.co.ke\x00p@ss" {
				t.Fatalf("tls %v, auth %q", f.tlsSeen, f.auth)
			}
			if !strings.Contains(f.from, "no-reply@mifugobora.co.ke") || !strings.Contains(f.to, "jane@farm.co.ke") {
				t.Fatalf("envelope %q %q", f.from, f.to)
			}
			for _, want := range []string{"Subject: Reset your password", "To: <jane@farm.co.ke>", "text/plain", "text/html",
				"multipart/alternative", "token=3Dabc" /* quoted-printable */} {
				if !strings.Contains(f.data, want) {
					t.Errorf("message lacks %q:\n%s", want, f.data)
				}
			}
		})
	}
}

func TestSMTPSendsAttachments(t *testing.T) {
	f := startFakeSMTP(t, true)
	s, err := NewSMTP("smtps://shop%40mifugobora.co.ke:p%40ss@"+f.addr, "shop@mifugobora.co.ke", "")
	if err != nil {
		t.Fatal(err)
	}
	s.tlsConfig = &tls.Config{RootCAs: f.pool, ServerName: "127.0.0.1"}
	m := testMessage()
	m.Attachments = []Attachment{{Filename: "receipt-ORDER-1.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.3 receipt")}}
	if err := s.Send(context.Background(), m); err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	for _, want := range []string{"multipart/mixed", `filename="receipt-ORDER-1.pdf"`, "Content-Type: application/pdf",
		base64.StdEncoding.EncodeToString([]byte("%PDF-1.3 receipt"))} {
		if !strings.Contains(f.data, want) {
			t.Errorf("message lacks %q:\n%s", want, f.data)
		}
	}
	m.Attachments[0].Filename = "a\r\nBcc: x@y.z"
	if err := s.Send(context.Background(), m); err == nil {
		t.Error("a file name with a line break was sent")
	}
}

func TestSMTPRefusesAServerWithoutTLS(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		c.Write([]byte("220 plain\r\n"))
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if strings.HasPrefix(strings.ToUpper(line), "EHLO") {
				c.Write([]byte("250 plain\r\n"))
			} else {
				c.Write([]byte("250 ok\r\n"))
			}
		}
	}()
	s, err := NewSMTP("smtp://user:s3cret@"+ln.Addr().String(), "shop@mifugobora.co.ke", "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	err = s.Send(ctx, testMessage())
	if err == nil {
		t.Fatal("sent a message (and a password) to a server without STARTTLS")
	}
	if strings.Contains(err.Error(), "s3cret") {
		t.Fatalf("error repeats the password: %v", err)
	}
}

func TestNewSMTPRejects(t *testing.T) {
	for _, u := range []string{"http://mail.example", "smtp://", "smtp://user:s3cret@mail.example:notaport",
		"smtp://mail.example?tls=sometimes", "smtp://user:s3cret@mail example"} {
		_, err := NewSMTP(u, "shop@mifugobora.co.ke", "")
		if err == nil {
			t.Errorf("%s accepted", u)
		} else if strings.Contains(err.Error(), "s3cret") {
			t.Errorf("%s: error repeats the password: %v", u, err)
		}
	}
	if _, err := NewSMTP("smtp://mail.example", "nobody", ""); err == nil {
		t.Error("a sender that is not an address was accepted")
	}
}

func TestMessageCheck(t *testing.T) {
	ok := testMessage()
	if err := ok.Check(); err != nil {
		t.Fatal(err)
	}
	for name, m := range map[string]Message{
		"no recipient":      {Subject: "x", Text: "x"},
		"two recipients":    {To: "a@x.co, b@x.co", Subject: "x", Text: "x"},
		"named recipient":   {To: "Jane <a@x.co>", Subject: "x", Text: "x"},
		"header injection":  {To: "a@x.co", Subject: "Hi\r\nBcc: victim@x.co", Text: "x"},
		"empty subject":     {To: "a@x.co", Subject: " ", Text: "x"},
		"empty text":        {To: "a@x.co", Subject: "x", HTML: "<p>x</p>"},
		"recipient with LF": {To: "a@x.co\nBcc: b@x.co", Subject: "x", Text: "x"},
	} {
		if err := m.Check(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
