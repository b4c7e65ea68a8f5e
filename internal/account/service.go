package account

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"shop/internal/db"
	"shop/internal/mail"
	"shop/internal/ratelimit"
	"shop/internal/secret"
)

// Lifetimes of what signing in hands out.
const (
	// AccessTTL is how long an access token works, at most: every request
	// also checks that the token's session is still open.
	AccessTTL = 15 * time.Minute
	// RememberTTL is how long a 'Remember me' session lasts without use; each
	// refresh moves the end forward.
	RememberTTL = 30 * 24 * time.Hour
	// BrowserSessionTTL bounds a session without 'Remember me' on the server.
	// The web app also forgets it when the browser closes.
	BrowserSessionTTL = 24 * time.Hour
	// ResetTTL is how long a password-reset link works.
	ResetTTL = time.Hour
	// RefreshGrace is how long a refresh token that was just exchanged may
	// come again and get the same new refresh token: a phone that lost the
	// answer retries, two tabs refresh at once. Later, it ends the session
	// (docs/product.md, Sessions).
	RefreshGrace = 30 * time.Second
)

// Limits are the rate limits of signing in and of the password forms.
type Limits struct {
	// LoginPerAccount and LoginPerIP count failed sign-ins.
	LoginPerAccount, LoginPerIP Limit
	// ForgotPerAccount counts reset mails to one address (more are silently
	// not sent); ForgotPerIP counts requests from one address (more get 429).
	ForgotPerAccount, ForgotPerIP Limit
	// PasswordChange counts wrong current passwords per user.
	PasswordChange Limit
	// RegisterPerIP counts new accounts from one address.
	RegisterPerIP Limit
	// PhoneCodePerPhone and PhoneCodePerIP count the SMS codes that confirm
	// a phone (and reset links sent by SMS), each costing money.
	PhoneCodePerPhone, PhoneCodePerIP Limit
}

// DefaultLimits: five wrong passwords per account per 15 minutes stops
// guessing while a farmer who mistypes can try again soon. Per IP the limit
// is higher because many phones on mobile data share one carrier address.
var DefaultLimits = Limits{
	LoginPerAccount:  Limit{Max: 5, Window: 15 * time.Minute},
	LoginPerIP:       Limit{Max: 50, Window: 15 * time.Minute},
	ForgotPerAccount: Limit{Max: 3, Window: time.Hour},
	ForgotPerIP:      Limit{Max: 10, Window: 15 * time.Minute},
	PasswordChange:   Limit{Max: 5, Window: 15 * time.Minute},
	// A family or a co-operative may sign up on one connection; a script
	// making accounts by the dozen may not.
	RegisterPerIP: Limit{Max: 10, Window: time.Hour},
	// Enough for a farmer whose SMS came late to ask again twice; a
	// connection that asks for codes to many numbers is stopped sooner than
	// the shop's SMS bill grows.
	PhoneCodePerPhone: Limit{Max: 3, Window: time.Hour},
	PhoneCodePerIP:    Limit{Max: 10, Window: time.Hour},
}

// Options configure a Service. Every field has a usable zero value.
type Options struct {
	// Mailer sends password-reset mail.
	Mailer mail.Mailer
	Log    *slog.Logger
	// PublicURL is the shop's base URL, for links in mail.
	PublicURL string
	// Secret signs access tokens (SHOP_AUTH_SECRET). Empty: a key kept in
	// the database, made on first use.
	Secret string
	// Now is the clock; tests move it.
	Now    func() time.Time
	Limits *Limits
	// RequireMFA makes owners and managers set up two-step sign-in before
	// anything else (SHOP_REQUIRE_MFA).
	RequireMFA bool
	// Issuer names the shop in authenticator apps; empty: the business's name.
	Issuer string
	// Audit records the changes to a second step in the back office's log;
	// nil records nothing.
	Audit AuditFunc
	// SMS sends the codes that confirm a phone and the reset links of
	// accounts without an email; nil sends none.
	SMS SMSQueue
	// ClaimGuestOrders gives a confirmed phone's guest orders to its
	// account; nil gives none.
	ClaimGuestOrders ClaimGuestOrdersFunc
}

// Service is signing up, signing in and out, tokens and passwords.
type Service struct {
	Store     *Store
	db        *db.DB
	mailer    mail.Mailer
	log       *slog.Logger
	publicURL string
	now       func() time.Time
	secret    []byte
	limits    Limits
	limiter   *ratelimit.Limiter
	// requireMFA, issuer and auditFn: Options' RequireMFA, Issuer and Audit.
	requireMFA bool
	issuer     string
	auditFn    AuditFunc
	// sms and claimOrders: Options' SMS and ClaimGuestOrders.
	sms         SMSQueue
	claimOrders ClaimGuestOrdersFunc
	key         atomic.Pointer[[]byte]
	keyMu       sync.Mutex
	// background holds mail being sent after its request answered.
	background sync.WaitGroup
}

// NewService returns the service on d, its store and limiter (which counts
// sign-ins, sign-ups and reset links on the service's clock). It does no
// I/O: Init loads the signing key, or the first request does.
func NewService(d *db.DB, store *Store, limiter *ratelimit.Limiter, o Options) *Service {
	s := &Service{Store: store, limiter: limiter, db: d, mailer: o.Mailer, log: o.Log, publicURL: strings.TrimRight(o.PublicURL, "/"),
		now: o.Now, limits: DefaultLimits, requireMFA: o.RequireMFA, issuer: o.Issuer, auditFn: o.Audit,
		sms: o.SMS, claimOrders: o.ClaimGuestOrders}
	if s.issuer == "" {
		s.issuer = businessName
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.mailer == nil {
		s.mailer = mail.Unsent{Log: s.log}
	}
	if s.now == nil {
		s.now = time.Now
	}
	if o.Secret != "" {
		s.secret = []byte(o.Secret)
	}
	if o.Limits != nil {
		s.limits = *o.Limits
	}
	return s
}

// Init loads (or makes) the token signing key, so a database problem shows
// at start rather than at the first sign-in.
func (s *Service) Init(ctx context.Context) error {
	_, err := s.signingKey(ctx)
	return err
}

// Wait returns when the mail sent in the background has gone.
func (s *Service) Wait() { s.background.Wait() }

func (s *Service) clock() time.Time { return s.now().UTC() }

const keyName = "access_token_hs256"

// signingKey returns SHOP_AUTH_SECRET, or the key every instance shares
// through the database: the first instance to need one makes it.
func (s *Service) signingKey(ctx context.Context) ([]byte, error) {
	if k := s.key.Load(); k != nil {
		return *k, nil
	}
	s.keyMu.Lock()
	defer s.keyMu.Unlock()
	if k := s.key.Load(); k != nil {
		return *k, nil
	}
	key := s.secret
	if key == nil {
		fresh := make([]byte, 32)
		if _, err := rand.Read(fresh); err != nil {
			return nil, fmt.Errorf("make signing key: %w", err)
		}
		if _, err := s.db.Exec(ctx, `INSERT INTO auth_keys (name, secret, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (name) DO NOTHING`, keyName, base64.StdEncoding.EncodeToString(fresh), s.clock()); err != nil {
			return nil, fmt.Errorf("store signing key: %w", err)
		}
		var stored string
		if err := s.db.QueryRow(ctx, `SELECT secret FROM auth_keys WHERE name = $1`, keyName).Scan(&stored); err != nil {
			return nil, fmt.Errorf("load signing key: %w", err)
		}
		var err error
		if key, err = base64.StdEncoding.DecodeString(stored); err != nil || len(key) < 32 {
			return nil, fmt.Errorf("the stored signing key is damaged")
		}
	}
	s.key.Store(&key)
	return key, nil
}

// randomToken returns a URL-safe secret of n random bytes and its hash, the
// only form the database keeps.
func randomToken(n int) (token, hash string) {
	token = secret.Token(n)
	return token, secret.Hash(token)
}

// goBackground runs fn after the request that asked for it has answered, so a slow
// mail server neither delays the answer nor shows in its timing.
func (s *Service) goBackground(fn func(ctx context.Context)) {
	s.background.Add(1)
	go func() {
		defer s.background.Done()
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		fn(ctx)
	}()
}

// DerivedKey is a key for purpose made from the signing key, so links that
// must be checked without a stored token (a newsletter's unsubscribe link)
// are signed alike by every instance, and by nothing that signs sign-ins.
func (s *Service) DerivedKey(ctx context.Context, purpose string) ([]byte, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return nil, err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte("derived-key:" + purpose))
	return m.Sum(nil), nil
}
