package account

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
	"github.com/skip2/go-qrcode"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/ratelimit"
	"shop/internal/secret"
)

// Two-step sign-in (docs/security.md): a code from an authenticator app
// (TOTP, RFC 6238: 30-second steps, 6 digits, SHA-1, which every app reads)
// after the password, or one of ten recovery codes.
const (
	// MFATokenTTL is how long the mfa_token of a right password works.
	MFATokenTTL = 5 * time.Minute
	// RecoveryCodes is how many recovery codes a confirmation hands out.
	RecoveryCodes = 10
	// MFACodeSetupRequired is the code of the 403 a staff member without
	// two-step sign-in gets, where SHOP_REQUIRE_MFA asks for it.
	MFACodeSetupRequired = "mfa_setup_required"
)

// mfaPeriod, mfaDigits and mfaAlgorithm are what every authenticator app
// assumes when the otpauth URL says nothing else.
const (
	mfaPeriod    = 30
	mfaDigits    = otp.DigitsSix
	mfaAlgorithm = otp.AlgorithmSHA1
)

// Messages of two-step sign-in.
const (
	MsgMFACodeRequired    = "Enter the 6-digit code from your app, or a recovery code."
	MsgMFACodeWrong       = "That code is not right. Check the time on your phone and enter the newest code."
	MsgMFATokenExpired    = "Signing in took too long. Please enter your email and password again."
	MsgMFAAlreadyOn       = "Two-step sign-in is already on."
	MsgMFANotStarted      = "Start setting up two-step sign-in first."
	MsgMFANotOn           = "Two-step sign-in is not on."
	MsgMFASetupRequired   = "Your role needs two-step sign-in. Set it up to continue."
	MsgMFARequiredForRole = "Your role needs two-step sign-in, so it cannot be turned off."
)

// MFARoles are the roles that must use two-step sign-in where
// SHOP_REQUIRE_MFA is on: those who hold the money.
func MFARoles(role string) bool { return role == RoleOwner || role == RoleManager }

// AuditEntry is a change to someone's second step, for the back office's
// audit log: who did it, what (mfa_setup, mfa_enable, mfa_disable,
// mfa_recovery_used) and to which user.
type AuditEntry struct {
	ActorID    int64
	ActorEmail string
	Action     string
	UserID     int64
	Summary    string
}

// AuditFunc stores an AuditEntry in the change's transaction.
type AuditFunc func(ctx context.Context, tx *sql.Tx, e AuditEntry) error

func (s *Service) audit(ctx context.Context, tx *sql.Tx, p Principal, action, summary string) error {
	if s.auditFn == nil {
		return nil
	}
	return s.auditFn(ctx, tx, AuditEntry{ActorID: p.UserID, ActorEmail: p.Email, Action: action, UserID: p.UserID, Summary: p.Email + ": " + summary})
}

// MFASetup is the answer of POST /api/auth/mfa/setup/: the secret (the
// only time it is shown), the otpauth URL an app reads, and that URL as a
// QR code (a PNG data URL).
type MFASetup struct {
	Secret     string `json:"secret"`
	OTPAuthURL string `json:"otpauth_url"`
	QR         string `json:"qr"`
}

// SetupMFA makes a new authenticator secret for p, kept sealed until a
// code confirms it. Setting up again before confirming replaces the secret;
// once on, it must be turned off (or reset by the owner) first.
func (s *Service) SetupMFA(ctx context.Context, p Principal) (MFASetup, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: s.issuer, AccountName: p.Email, Period: mfaPeriod,
		Digits: mfaDigits, Algorithm: mfaAlgorithm})
	if err != nil {
		return MFASetup{}, fmt.Errorf("make authenticator secret: %w", err)
	}
	png, err := qrcode.Encode(key.URL(), qrcode.Medium, 256)
	if err != nil {
		return MFASetup{}, fmt.Errorf("draw the QR code: %w", err)
	}
	sealed, err := s.seal(ctx, key.Secret())
	if err != nil {
		return MFASetup{}, err
	}
	now := s.clock()
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := lockMFA(ctx, tx, s.db, p.UserID); err != nil {
			return err
		}
		var enabled sql.NullTime
		err := tx.QueryRowContext(ctx, `SELECT enabled_at FROM auth_mfa WHERE user_id = $1`, p.UserID).Scan(&enabled)
		if err != nil && !db.NoRows(err) {
			return err
		}
		if enabled.Valid {
			return apperr.Conflict(MsgMFAAlreadyOn)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO auth_mfa (user_id, secret_sealed, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed, created_at = excluded.created_at, last_step = 0`,
			p.UserID, sealed, now); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "mfa_setup", "two-step sign-in set-up started")
	})
	if err != nil {
		return MFASetup{}, fmt.Errorf("set up two-step sign-in: %w", err)
	}
	return MFASetup{Secret: key.Secret(), OTPAuthURL: key.URL(), QR: "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)}, nil
}

// ConfirmMFA turns two-step sign-in on with a code from the app, proving
// the app holds the secret, and returns ten new recovery codes: the only
// time they are shown.
func (s *Service) ConfirmMFA(ctx context.Context, p Principal, code string) ([]string, error) {
	if strings.TrimSpace(code) == "" {
		return nil, apperr.InvalidField("code", MsgMFACodeRequired)
	}
	now := s.clock()
	var codes []string
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := lockMFA(ctx, tx, s.db, p.UserID); err != nil {
			return err
		}
		var sealed string
		var enabled sql.NullTime
		var last int64
		err := tx.QueryRowContext(ctx, `SELECT secret_sealed, enabled_at, last_step FROM auth_mfa WHERE user_id = $1`, p.UserID).
			Scan(&sealed, &enabled, &last)
		if db.NoRows(err) {
			return apperr.Conflict(MsgMFANotStarted)
		}
		if err != nil {
			return err
		}
		if enabled.Valid {
			return apperr.Conflict(MsgMFAAlreadyOn)
		}
		key, err := s.unseal(ctx, sealed)
		if err != nil {
			return err
		}
		step := matchStep(key, code, now, last)
		if step == 0 {
			return apperr.InvalidField("code", MsgMFACodeWrong)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE auth_mfa SET enabled_at = $1, last_step = $2 WHERE user_id = $3`, now, step, p.UserID); err != nil {
			return err
		}
		if codes, err = newRecoveryCodes(ctx, tx, p.UserID, now); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "mfa_enable", "two-step sign-in turned on")
	})
	if err != nil {
		return nil, fmt.Errorf("confirm two-step sign-in: %w", err)
	}
	return codes, nil
}

// DisableMFA turns p's two-step sign-in off, with their password, unless
// their role must keep it.
func (s *Service) DisableMFA(ctx context.Context, p Principal, password string) error {
	if s.requireMFA && MFARoles(p.Role) {
		return apperr.Forbidden(MsgMFARequiredForRole)
	}
	if password == "" {
		return apperr.InvalidField("password", MsgCurrentPassword)
	}
	bucket, err := s.checkCurrentPassword(ctx, p.UserID, password, "password")
	if err != nil {
		return err
	}
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		on, err := ResetMFATx(ctx, tx, p.UserID)
		if err != nil {
			return err
		}
		if !on {
			return apperr.Conflict(MsgMFANotOn)
		}
		if err := ratelimit.ClearTx(ctx, tx, bucket); err != nil {
			return err
		}
		return s.audit(ctx, tx, p, "mfa_disable", "two-step sign-in turned off")
	})
}

// ResetMFATx forgets a user's second step (secret, recovery codes, pending
// challenges) inside tx and reports whether it was on: the owner's reset
// and a user's own turning off.
func ResetMFATx(ctx context.Context, tx *sql.Tx, userID int64) (wasOn bool, err error) {
	var enabled sql.NullTime
	err = tx.QueryRowContext(ctx, `SELECT enabled_at FROM auth_mfa WHERE user_id = $1`, userID).Scan(&enabled)
	if err != nil && !db.NoRows(err) {
		return false, fmt.Errorf("reset two-step sign-in: %w", err)
	}
	for _, q := range []string{`DELETE FROM auth_mfa WHERE user_id = $1`, `DELETE FROM auth_recovery_codes WHERE user_id = $1`,
		`DELETE FROM auth_mfa_challenges WHERE user_id = $1`} {
		if _, err := tx.ExecContext(ctx, q, userID); err != nil {
			return false, fmt.Errorf("reset two-step sign-in: %w", err)
		}
	}
	return enabled.Valid, nil
}

// MFAEnabled reports whether user id signs in with a second step.
func (s *Store) MFAEnabled(ctx context.Context, id int64) (bool, error) {
	var n int
	err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM auth_mfa WHERE user_id = $1 AND enabled_at IS NOT NULL`, id).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("read two-step sign-in: %w", err)
	}
	return n > 0, nil
}

// MFALogin is the second step's form: the mfa_token of the right password
// and a code from the app or a recovery code.
type MFALogin struct {
	MFAToken string `json:"mfa_token"`
	Code     string `json:"code"`
}

// challenge answers a right password when u has the second step on: an
// mfa_token, good once within MFATokenTTL, for LoginMFA.
func (s *Service) challenge(ctx context.Context, u User, remember bool) (Tokens, error) {
	now := s.clock()
	token, hash := randomToken(32)
	if _, err := s.db.Exec(ctx, `DELETE FROM auth_mfa_challenges WHERE expires_at < $1`, now.Add(-time.Hour)); err != nil {
		return Tokens{}, fmt.Errorf("forget old sign-in challenges: %w", err)
	}
	if _, err := s.db.Exec(ctx, `INSERT INTO auth_mfa_challenges (token_hash, user_id, remember, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5)`, hash, u.ID, remember, now, now.Add(MFATokenTTL)); err != nil {
		return Tokens{}, fmt.Errorf("store sign-in challenge: %w", err)
	}
	return Tokens{MFARequired: true, MFAToken: token}, nil
}

// LoginMFA is the second step of signing in. A wrong code counts against
// the same limits as a wrong password (per account and per address), which
// a right password does not clear while the second step is pending; only a
// right code does. A code from the app is good once (its step must be newer
// than the last one used); a recovery code is good once, even when two
// requests bring it at the same moment.
func (s *Service) LoginMFA(ctx context.Context, in MFALogin, ip string) (Tokens, error) {
	code := strings.TrimSpace(in.Code)
	if code == "" || len(code) > 40 {
		return Tokens{}, apperr.InvalidField("code", MsgMFACodeRequired)
	}
	if in.MFAToken == "" || len(in.MFAToken) > 100 {
		return Tokens{}, apperr.Unauthorized(MsgMFATokenExpired)
	}
	now := s.clock()
	tokenHash := secret.Hash(in.MFAToken)
	var (
		userID   int64
		remember bool
		expires  time.Time
		used     sql.NullTime
	)
	err := s.db.QueryRow(ctx, `SELECT user_id, remember, expires_at, used_at FROM auth_mfa_challenges WHERE token_hash = $1`, tokenHash).
		Scan(&userID, &remember, &expires, &used)
	if db.NoRows(err) || (err == nil && (used.Valid || !now.Before(expires))) {
		return Tokens{}, apperr.Unauthorized(MsgMFATokenExpired)
	}
	if err != nil {
		return Tokens{}, fmt.Errorf("read sign-in challenge: %w", err)
	}
	u, err := s.Store.UserByID(ctx, userID)
	if errors.Is(err, apperr.ErrNotFound) {
		return Tokens{}, apperr.Unauthorized(MsgMFATokenExpired)
	}
	if err != nil {
		return Tokens{}, err
	}
	accountBucket := accountLoginBucket(u)
	res, err := s.reserve(ctx, MsgTooManySignIns,
		ratelimit.Check{Bucket: accountBucket, Limit: s.limits.LoginPerAccount},
		ratelimit.Check{Bucket: ratelimit.IPBucket("login:ip:", ip), Limit: s.limits.LoginPerIP})
	if err != nil {
		return Tokens{}, err
	}
	var right, expired bool
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		if err := lockMFA(ctx, tx, s.db, userID); err != nil {
			return err
		}
		var sealed string
		var last int64
		err := tx.QueryRowContext(ctx, `SELECT secret_sealed, last_step FROM auth_mfa WHERE user_id = $1 AND enabled_at IS NOT NULL`, userID).
			Scan(&sealed, &last)
		if db.NoRows(err) {
			// Reset by the owner since the password was checked.
			expired = true
			return nil
		}
		if err != nil {
			return err
		}
		recovery := false
		if isAppCode(code) {
			key, err := s.unseal(ctx, sealed)
			if err != nil {
				// The sign-in key changed (docs/security.md): only a recovery
				// code opens the account now.
				s.log.WarnContext(ctx, "two-step secret unreadable", "user", userID)
			} else if step := matchStep(key, code, now, last); step > 0 {
				r, err := tx.ExecContext(ctx, `UPDATE auth_mfa SET last_step = $1 WHERE user_id = $2 AND last_step < $1`, step, userID)
				if err != nil {
					return err
				}
				right = affected(r) == 1
			}
		} else {
			r, err := tx.ExecContext(ctx, `UPDATE auth_recovery_codes SET used_at = $1 WHERE user_id = $2 AND code_hash = $3 AND used_at IS NULL`,
				now, userID, secret.Hash(normalRecoveryCode(code)))
			if err != nil {
				return err
			}
			right, recovery = affected(r) == 1, true
		}
		if !right {
			return nil
		}
		r, err := tx.ExecContext(ctx, `UPDATE auth_mfa_challenges SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL`, now, tokenHash)
		if err != nil {
			return err
		}
		if affected(r) != 1 {
			// Another request with the same token won: this one takes back
			// what it did (the transaction rolls back).
			return errChallengeUsed
		}
		if recovery {
			var left int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM auth_recovery_codes WHERE user_id = $1 AND used_at IS NULL`, userID).Scan(&left); err != nil {
				return err
			}
			return s.audit(ctx, tx, u.Principal(), "mfa_recovery_used", fmt.Sprintf("recovery code used to sign in (%d left)", left))
		}
		return nil
	})
	if errors.Is(err, errChallengeUsed) || expired {
		return Tokens{}, apperr.Unauthorized(MsgMFATokenExpired)
	}
	if err != nil {
		return Tokens{}, fmt.Errorf("check second step: %w", err)
	}
	if !right {
		// The reservation stays: it is the failed attempt.
		return Tokens{}, apperr.InvalidField("code", MsgMFACodeWrong)
	}
	if err := res.Cancel(ctx); err != nil {
		return Tokens{}, err
	}
	if err := s.limiter.Clear(ctx, accountBucket); err != nil {
		return Tokens{}, err
	}
	return s.startSession(ctx, u, remember)
}

var errChallengeUsed = errors.New("sign-in challenge already used")

func affected(r sql.Result) int64 {
	n, err := r.RowsAffected()
	if err != nil {
		return 0
	}
	return n
}

// lockMFA makes the changes to one user's second step take turns.
func lockMFA(ctx context.Context, tx *sql.Tx, d *db.DB, userID int64) error {
	return db.LockKey(ctx, tx, d.Dialect, fmt.Sprintf("mfa#%d", userID))
}

// isAppCode says whether code is an app's code (six digits) rather than a
// recovery code (letters and digits).
func isAppCode(code string) bool {
	code = strings.ReplaceAll(code, " ", "")
	if len(code) != 6 {
		return false
	}
	for _, c := range code {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// matchStep returns the 30-second step whose code code is, among the
// current one and its neighbours (a phone's clock may be off by that much),
// if it is newer than last; 0 otherwise.
func matchStep(key, code string, now time.Time, last int64) int64 {
	code = strings.ReplaceAll(strings.TrimSpace(code), " ", "")
	if !isAppCode(code) {
		return 0
	}
	current := now.Unix() / mfaPeriod
	for _, step := range []int64{current, current - 1, current + 1} {
		if step <= last {
			continue
		}
		want, err := totp.GenerateCodeCustom(key, time.Unix(step*mfaPeriod, 0), totp.ValidateOpts{Period: mfaPeriod,
			Digits: mfaDigits, Algorithm: mfaAlgorithm})
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step
		}
	}
	return 0
}

// newRecoveryCodes replaces a user's recovery codes with RecoveryCodes new
// ones and returns them; only their hashes are kept. Each has 16 characters
// of secret.Code's alphabet (about 74 bits), beyond guessing even from a
// copy of the database.
func newRecoveryCodes(ctx context.Context, tx *sql.Tx, userID int64, now time.Time) ([]string, error) {
	if _, err := tx.ExecContext(ctx, `DELETE FROM auth_recovery_codes WHERE user_id = $1`, userID); err != nil {
		return nil, err
	}
	codes := make([]string, RecoveryCodes)
	for i := range codes {
		c := secret.Code(16)
		codes[i] = c[:4] + "-" + c[4:8] + "-" + c[8:12] + "-" + c[12:]
		if _, err := tx.ExecContext(ctx, `INSERT INTO auth_recovery_codes (user_id, code_hash, created_at) VALUES ($1, $2, $3)`,
			userID, secret.Hash(c), now); err != nil {
			return nil, err
		}
	}
	return codes, nil
}

// normalRecoveryCode reads a recovery code however it was typed: any case,
// with or without its dashes and spaces.
func normalRecoveryCode(code string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' {
			return -1
		}
		return r
	}, strings.ToUpper(code))
}

// seal encrypts an authenticator secret with a key made from the sign-in
// key, so a copy of the database alone does not give the codes away.
func (s *Service) seal(ctx context.Context, plain string) (string, error) {
	gcm, err := s.sealer(ctx)
	if err != nil {
		return "", err
	}
	nonce := make([]byte, gcm.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.StdEncoding.EncodeToString(gcm.Seal(nonce, nonce, []byte(plain), nil)), nil
}

func (s *Service) unseal(ctx context.Context, sealed string) (string, error) {
	gcm, err := s.sealer(ctx)
	if err != nil {
		return "", err
	}
	b, err := base64.StdEncoding.DecodeString(sealed)
	if err != nil || len(b) < gcm.NonceSize() {
		return "", fmt.Errorf("the sealed two-step secret is damaged")
	}
	plain, err := gcm.Open(nil, b[:gcm.NonceSize()], b[gcm.NonceSize():], nil)
	if err != nil {
		return "", fmt.Errorf("open the two-step secret (did SHOP_AUTH_SECRET change?): %w", err)
	}
	return string(plain), nil
}

func (s *Service) sealer(ctx context.Context) (cipher.AEAD, error) {
	key, err := s.DerivedKey(ctx, "mfa-secret-seal")
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, err
	}
	return cipher.NewGCM(block)
}
