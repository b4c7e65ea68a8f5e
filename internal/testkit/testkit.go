// Package testkit runs the shop's real HTTP handler (routes, guards,
// middleware) on a test database, sends it JSON requests, signs people in,
// and keeps the mail it sends. It imports httpapi, so only external test
// packages (package x_test) of the packages httpapi imports can use it.
package testkit

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"shop/internal/account"
	"shop/internal/app"
	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/demo"
	"shop/internal/httpapi"
	"shop/internal/mail"
)

// WebApp is a built web app as far as most tests care: an index.html.
var WebApp = fstest.MapFS{"index.html": {Data: []byte("<!doctype html><title>shop</title>")}}

// Parts are the usual test shop's: a quiet log, WebApp, a fresh media
// folder and http://localhost. No M-Pesa gateway, no mail and no text
// messages; the payment service is there, so orders show their payments.
func Parts(t testing.TB, d *db.DB) app.Parts {
	return app.Parts{DB: d, Log: Quiet(), WebAssets: WebApp, MediaDir: t.TempDir(), PublicURL: "http://localhost"}
}

// Option changes a test shop's Parts before it is wired.
type Option func(t testing.TB, p *app.Parts)

// With changes the Parts as fn says.
func With(fn func(p *app.Parts)) Option {
	return func(_ testing.TB, p *app.Parts) { fn(p) }
}

// Demo loads the demo catalogue, with its pictures in the media folder.
func Demo(t testing.TB, p *app.Parts) {
	t.Helper()
	if _, err := demo.Seed(context.Background(), catalog.NewStore(p.DB), p.MediaDir); err != nil {
		t.Fatal(err)
	}
	if err := delivery.NewStore(p.DB).Replace(context.Background(), demo.Zones(), demo.PickupPoints()); err != nil {
		t.Fatal(err)
	}
}

// Shop is the whole server on a test database, wired as the shop is.
type Shop struct {
	*httpapi.Server
	// Deps are the stores and services the server was built on.
	Deps httpapi.Deps
	// Outbox is the mail queue; SendMail sends what waits in it.
	Outbox *mail.Outbox
	// Remote, when set, is the client address of every request that does
	// not name its own. Otherwise each request comes from an address of its
	// own, so the per-address sign-in limits never bite.
	Remote string
	t      testing.TB
}

// NewShop wires the shop on d from Parts changed by opts, in order.
func NewShop(t testing.TB, d *db.DB, opts ...Option) *Shop {
	t.Helper()
	p := Parts(t, d)
	for _, o := range opts {
		o(t, &p)
	}
	w, err := app.Wire(p)
	if err != nil {
		t.Fatal(err)
	}
	return &Shop{Server: w.Server, Deps: w.Deps, Outbox: w.Outbox, t: t}
}

// SendMail hands what waits in the mail outbox to Parts.Mailer, as the
// shop's sender does every few seconds.
func (s *Shop) SendMail() {
	s.t.Helper()
	if _, err := s.Outbox.SendDue(context.Background()); err != nil {
		s.t.Fatal(err)
	}
}

var requestIP atomic.Int64

// Bearer is the header pair that sends an access token; none for "".
func Bearer(token string) []string {
	if token == "" {
		return nil
	}
	return []string{"Authorization", "Bearer " + token}
}

// Do sends a request and returns the answer. body is sent as it is when a
// string, as JSON otherwise, and not at all when nil. header holds name,
// value pairs; the name "remote" sets the client address instead.
func (s *Shop) Do(method, path string, body any, header ...string) *httptest.ResponseRecorder {
	s.t.Helper()
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, s.Request(method, path, body, header...))
	return rec
}

// Request is the request Do sends, for a test that sends it itself (from
// another goroutine, say: it calls the test's Fatal, so build it on the
// test's own).
func (s *Shop) Request(method, path string, body any, header ...string) *http.Request {
	s.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		if err != nil {
			s.t.Fatal(err)
		}
		r = bytes.NewReader(j)
	}
	req := httptest.NewRequest(method, path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if s.Remote != "" {
		req.RemoteAddr = s.Remote
	} else {
		n := requestIP.Add(1)
		req.RemoteAddr = fmt.Sprintf("10.%d.%d.%d:1234", n>>16&255, n>>8&255, n&255)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "remote" {
			req.RemoteAddr = header[i+1]
			continue
		}
		req.Header.Set(header[i], header[i+1])
	}
	return req
}

// Get is Do for a GET.
func (s *Shop) Get(path string, header ...string) *httptest.ResponseRecorder {
	s.t.Helper()
	return s.Do(http.MethodGet, path, nil, header...)
}

// Register creates a customer through the API.
func (s *Shop) Register(first, last, email, phone, password string) {
	s.t.Helper()
	rec := s.Do("POST", "/api/auth/register/", map[string]string{
		"first_name": first, "last_name": last, "email": email, "phone": phone, "password": password,
	})
	if rec.Code != http.StatusCreated {
		s.t.Fatalf("register %s: %d %s", email, rec.Code, rec.Body)
	}
}

// Login signs in through the API and returns the access token and the user's id.
func (s *Shop) Login(email, password string) (access string, userID int64) {
	s.t.Helper()
	rec := s.Do("POST", "/api/auth/login/", map[string]string{"username": email, "password": password})
	if rec.Code != http.StatusOK {
		s.t.Fatalf("login %s: %d %s", email, rec.Code, rec.Body)
	}
	out := Decode[struct {
		Access string `json:"access"`
		User   struct {
			ID int64 `json:"id"`
		} `json:"user"`
	}](s.t, rec)
	if out.Access == "" {
		s.t.Fatalf("login answer %s", rec.Body)
	}
	return out.Access, out.User.ID
}

// NewAdmin makes the user with email an admin, as `shop admin` does, and
// signs them in.
func (s *Shop) NewAdmin(email, password string) (access string, userID int64) {
	s.t.Helper()
	if _, err := account.NewStore(s.Deps.DB).EnsureAdmin(context.Background(), email, password); err != nil {
		s.t.Fatal(err)
	}
	return s.Login(email, password)
}

var staffPhone atomic.Int64

// NewStaff registers a user with email and password, gives them role as
// an owner's role change would (directly in the store, so no owner is
// needed), and signs them in.
func (s *Shop) NewStaff(role, email, password string) (access string, userID int64) {
	s.t.Helper()
	s.Register("Staff", role, email, fmt.Sprintf("2547%08d", 10_000_000+staffPhone.Add(1)), password)
	if _, err := s.Deps.DB.Exec(context.Background(), `UPDATE users SET role = $1 WHERE email_key = $2`, role, account.EmailKey(email)); err != nil {
		s.t.Fatal(err)
	}
	return s.Login(email, password)
}

// Map is fn of each element of list, in order: the one field a test
// compares of a list it got back.
func Map[T, U any](list []T, fn func(T) U) []U {
	out := make([]U, len(list))
	for i, v := range list {
		out[i] = fn(v)
	}
	return out
}

// Decode reads the answer's JSON body as a T.
func Decode[T any](t testing.TB, rec *httptest.ResponseRecorder) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
		t.Fatalf("decode %q: %v", rec.Body.String(), err)
	}
	return v
}

// ErrorBody is the API's error answer.
type ErrorBody struct {
	Error  string            `json:"error"`
	Fields map[string]string `json:"fields"`
}

// WantStatus fails the test unless the answer has status code.
func WantStatus(t testing.TB, rec *httptest.ResponseRecorder, code int) {
	t.Helper()
	if rec.Code != code {
		t.Fatalf("status %d, want %d: %s", rec.Code, code, rec.Body)
	}
}

// WantError fails the test unless the answer is status code with msg: the
// message of field, or the answer's message when field is "".
func WantError(t testing.TB, rec *httptest.ResponseRecorder, code int, field, msg string) {
	t.Helper()
	WantStatus(t, rec, code)
	b := Decode[ErrorBody](t, rec)
	if field == "" {
		if b.Error != msg {
			t.Fatalf("error %q, want %q", b.Error, msg)
		}
		return
	}
	if b.Fields[field] != msg {
		t.Fatalf("field %s: %q, want %q (body %s)", field, b.Fields[field], msg, rec.Body)
	}
}
