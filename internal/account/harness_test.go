package account_test

import (
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"shop/internal/account"
	"shop/internal/app"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/mail"
	"shop/internal/testkit"
)

// fakeClock is the service's clock, moved by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// harness is the shop's real HTTP handler (routes, guards, middleware) on a
// fresh database, with the sign-in service's clock and mail in the test's hands.
type harness struct {
	*testkit.Shop
	t     *testing.T
	svc   *account.Service
	clock *fakeClock
	mail  *testkit.Mailer
	d     *db.DB
}

func newHarness(t *testing.T, d *db.DB, limits *account.Limits, more ...func(*app.Parts)) *harness {
	t.Helper()
	clock := &fakeClock{t: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	fm := &testkit.Mailer{}
	shop := testkit.NewShop(t, d, testkit.With(func(p *app.Parts) {
		p.Mailer, p.Now, p.AuthLimits, p.PublicURL = fm, clock.Now, limits, "https://shop.example"
		for _, fn := range more {
			fn(p)
		}
	}))
	svc := shop.Deps.Auth
	// Every request from one address, unless it names its own: the limits
	// per address are under test.
	shop.Remote = "192.0.2.1:1234"
	return &harness{Shop: shop, t: t, svc: svc, clock: clock, mail: fm, d: d}
}

// mails is the mail sent so far: what the requests queued (once their
// background work is done) goes out through the outbox first.
func (h *harness) mails() []mail.Message {
	h.t.Helper()
	h.svc.Wait()
	h.SendMail()
	return h.mail.Messages()
}

// eachHarness runs fn on a fresh harness of each engine.
func eachHarness(t *testing.T, fn func(t *testing.T, h *harness)) {
	t.Helper()
	eachLimited(t, nil, fn)
}

// eachLimited is eachHarness with the sign-in limits given (nil: the
// defaults).
func eachLimited(t *testing.T, limits *account.Limits, fn func(t *testing.T, h *harness)) {
	t.Helper()
	dbtest.Each(t, func(t *testing.T, d *db.DB) { fn(t, newHarness(t, d, limits)) })
}

// sqliteHarness is a harness on a fresh SQLite database, for what does
// not depend on the engine.
func sqliteHarness(t *testing.T) *harness {
	t.Helper()
	return newHarness(t, dbtest.SQLite(t), nil)
}

// authenticate passes a request with the given Authorization header (none
// for "") through svc's middleware, and says whom it let through and what
// it answered.
func authenticate(svc *account.Service, authorization string) (p account.Principal, ok bool, rec *httptest.ResponseRecorder) {
	req := httptest.NewRequest("GET", "/", nil)
	if authorization != "" {
		req.Header.Set("Authorization", authorization)
	}
	rec = httptest.NewRecorder()
	svc.Authenticate(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, ok = account.PrincipalFrom(r.Context())
	})).ServeHTTP(rec, req)
	return p, ok, rec
}

type reply struct {
	*httptest.ResponseRecorder
	t *testing.T
}

func (r reply) json() map[string]any {
	r.t.Helper()
	return testkit.Decode[map[string]any](r.t, r.ResponseRecorder)
}

// tokens reads a sign-in or refresh answer.
func (r reply) tokens() tokens {
	r.t.Helper()
	return testkit.Decode[tokens](r.t, r.ResponseRecorder)
}

func (r reply) errorBody() (string, map[string]string) {
	r.t.Helper()
	e := testkit.Decode[testkit.ErrorBody](r.t, r.ResponseRecorder)
	return e.Error, e.Fields
}

// do sends a JSON request; extra holds header name/value pairs, and "remote" sets
// the client address.
func (h *harness) do(method, path string, body any, extra ...string) reply {
	h.t.Helper()
	return reply{h.Do(method, path, body, extra...), h.t}
}

// as sends a request signed in with the access token.
func (h *harness) as(access, method, path string, body any) reply {
	h.t.Helper()
	return h.do(method, path, body, testkit.Bearer(access)...)
}

// me asks who the access token's holder is.
func (h *harness) me(access string) reply {
	h.t.Helper()
	return h.as(access, "GET", "/api/auth/me/", nil)
}

type tokens struct {
	Access    string            `json:"access"`
	Refresh   string            `json:"refresh"`
	ExpiresIn int               `json:"expires_in"`
	User      map[string]any    `json:"user"`
	Fields    map[string]string `json:"fields"`
}

func (h *harness) register(email, password string) {
	h.t.Helper()
	rec := h.do("POST", "/api/auth/register/", map[string]string{"first_name": "Wanjiku", "last_name": "Kamau",
		"email": email, "phone": "254 712 345 678", "password": password})
	if rec.Code != http.StatusCreated {
		h.t.Fatalf("register %s: %d %s", email, rec.Code, rec.Body)
	}
}

func (h *harness) login(email, password string, remember bool) tokens {
	h.t.Helper()
	rec := h.do("POST", "/api/auth/login/", map[string]any{"username": email, "password": password, "remember": remember})
	if rec.Code != http.StatusOK {
		h.t.Fatalf("login %s: %d %s", email, rec.Code, rec.Body)
	}
	return rec.tokens()
}

func (h *harness) refresh(token string) reply {
	h.t.Helper()
	return h.do("POST", "/api/auth/token/refresh/", map[string]string{"refresh": token})
}
