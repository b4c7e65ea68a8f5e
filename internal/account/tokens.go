package account

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/secret"
)

// Tokens is the answer to signing in and to a refresh: docs/product.md's access,
// refresh and user, and how many seconds the access token lives.
type Tokens struct {
	Access    string   `json:"access"`
	Refresh   string   `json:"refresh"`
	ExpiresIn int      `json:"expires_in"`
	User      UserJSON `json:"user"`
	// MFARequired: the password was right and the second step is on; no
	// tokens yet, only MFAToken for POST /api/auth/login/mfa/.
	MFARequired bool   `json:"-"`
	MFAToken    string `json:"-"`
}

const tokenIssuer = "mifugo-bora-shop"

// accessClaims are an access token's contents: who (sub, email, role), in
// which session (sid), and until when.
type accessClaims struct {
	Email string `json:"email"`
	Role  string `json:"role"`
	SID   string `json:"sid"`
	jwt.RegisteredClaims
}

func (s *Service) issueAccess(ctx context.Context, u User, sid string) (string, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return "", err
	}
	now := s.clock()
	jti, _ := randomToken(9)
	claims := accessClaims{Email: u.Email, Role: u.Role, SID: sid, RegisteredClaims: jwt.RegisteredClaims{
		Issuer: tokenIssuer, Subject: userSubject(u.ID), ID: jti,
		IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(AccessTTL)),
	}}
	signed, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(key)
	if err != nil {
		return "", fmt.Errorf("sign access token: %w", err)
	}
	return signed, nil
}

var errBadToken = errors.New("invalid access token")

// verifyAccess checks an access token's signature, issuer and expiry with
// the service's clock, then that its session is still open, and returns the
// principal with the role stored now and the session id. The token's own
// role claim is never trusted: a demoted admin, a changed password or a
// sign-out takes effect on the next request, not when the token expires.
// That costs one primary-key lookup per signed-in request, cheap enough
// that no cache stands between a revocation and its effect.
func (s *Service) verifyAccess(ctx context.Context, token string) (Principal, string, error) {
	key, err := s.signingKey(ctx)
	if err != nil {
		return Principal{}, "", err
	}
	var claims accessClaims
	_, err = jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return key, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithIssuer(tokenIssuer),
		jwt.WithExpirationRequired(), jwt.WithTimeFunc(s.clock))
	if err != nil {
		return Principal{}, "", fmt.Errorf("%w: %w", errBadToken, err)
	}
	id, err := strconv.ParseInt(claims.Subject, 10, 64)
	if err != nil || id <= 0 || claims.SID == "" {
		return Principal{}, "", errBadToken
	}
	p := Principal{UserID: id}
	var mfaOn bool
	err = s.db.QueryRow(ctx, `SELECT u.email, u.role, m.enabled_at IS NOT NULL FROM auth_sessions s JOIN users u ON u.id = s.user_id
		LEFT JOIN auth_mfa m ON m.user_id = u.id
		WHERE s.id = $1 AND s.user_id = $2 AND s.revoked_at IS NULL AND s.expires_at > $3`, claims.SID, id, s.clock()).
		Scan(&p.Email, &p.Role, &mfaOn)
	if err != nil {
		return Principal{}, "", db.RowErr(err, fmt.Errorf("%w: session ended", errBadToken), "check session")
	}
	p.MFASetupRequired = s.mfaSetupRequired(p.Role, mfaOn)
	return p, claims.SID, nil
}

func sessionTTL(remember bool) time.Duration {
	if remember {
		return RememberTTL
	}
	return BrowserSessionTTL
}

// startSession signs u in: a new session with its first refresh token, and
// an access token. It also forgets u's sessions that ended long ago.
func (s *Service) startSession(ctx context.Context, u User, remember bool) (Tokens, error) {
	now := s.clock()
	sid, _ := randomToken(16)
	refresh, refreshHash := randomToken(32)
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM auth_sessions WHERE user_id = $1 AND (expires_at < $2 OR revoked_at < $3)`,
			u.ID, now, now.Add(-RememberTTL)); err != nil {
			return err
		}
		c := clientFrom(ctx)
		if _, err := tx.ExecContext(ctx, `INSERT INTO auth_sessions (id, user_id, remember, created_at, expires_at, user_agent, ip, last_seen_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $4)`, sid, u.ID, remember, now, now.Add(sessionTTL(remember)), c.userAgent(), c.IP); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)`,
			refreshHash, sid, now); err != nil {
			return err
		}
		_, err := tx.ExecContext(ctx, `UPDATE users SET last_login_at = $1 WHERE id = $2`, now, u.ID)
		return err
	})
	if err != nil {
		return Tokens{}, fmt.Errorf("start session: %w", err)
	}
	u.LastLoginAt = &now
	return s.tokensFor(ctx, u, sid, refresh)
}

func (s *Service) tokensFor(ctx context.Context, u User, sid, refresh string) (Tokens, error) {
	access, err := s.issueAccess(ctx, u, sid)
	if err != nil {
		return Tokens{}, err
	}
	j, err := s.UserJSON(ctx, u)
	if err != nil {
		return Tokens{}, err
	}
	return Tokens{Access: access, Refresh: refresh, ExpiresIn: int(AccessTTL / time.Second), User: j}, nil
}

func sessionEnded() error { return apperr.Unauthorized(MsgSessionEnded) }

// Refresh exchanges a refresh token for a new pair. Each refresh token works
// once: presenting one that was already exchanged means two parties hold the
// session, so the whole session ends. Within RefreshGrace of its exchange,
// while its successor is unused, it is a retry and gets that successor again.
func (s *Service) Refresh(ctx context.Context, refresh string) (Tokens, error) {
	if refresh == "" {
		return Tokens{}, sessionEnded()
	}
	now := s.clock()
	hash := secret.Hash(refresh)
	next, err := s.successor(ctx, refresh)
	if err != nil {
		return Tokens{}, err
	}
	nextHash := secret.Hash(next)
	var (
		u      User
		sid    string
		reused bool
		ended  bool
	)
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		// Two requests with one token take turns, so the second sees the
		// first's successor (on SQLite the single writer already does).
		if err := db.LockKey(ctx, tx, s.db.Dialect, "refresh#"+hash); err != nil {
			return err
		}
		var userID int64
		var remember bool
		var expires time.Time
		var used, revoked sql.NullTime
		err := tx.QueryRowContext(ctx, `SELECT t.session_id, t.used_at, s.user_id, s.remember, s.expires_at, s.revoked_at
			FROM auth_refresh_tokens t JOIN auth_sessions s ON s.id = t.session_id WHERE t.token_hash = $1`, hash).
			Scan(&sid, &used, &userID, &remember, &expires, &revoked)
		if db.NoRows(err) {
			ended = true
			return nil
		}
		if err != nil {
			return err
		}
		if revoked.Valid || !now.Before(expires) {
			ended = true
			return nil
		}
		if used.Valid {
			retry, err := retriedInGrace(ctx, tx, used.Time, now, nextHash, sid)
			if err != nil {
				return err
			}
			if !retry {
				reused = true
				return revokeSession(ctx, tx, sid, now, "refresh token reused")
			}
		} else {
			if _, err := tx.ExecContext(ctx, `UPDATE auth_refresh_tokens SET used_at = $1 WHERE token_hash = $2`, now, hash); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO auth_refresh_tokens (token_hash, session_id, created_at) VALUES ($1, $2, $3)`,
				nextHash, sid, now); err != nil {
				return err
			}
			// Last seen moves here, not on every request: a refresh comes
			// every quarter of an hour of use, which is all a list of
			// devices needs, and costs no write per request.
			c := clientFrom(ctx)
			if _, err := tx.ExecContext(ctx, `UPDATE auth_sessions SET expires_at = $1, last_seen_at = $3,
				ip = CASE WHEN $4 = '' THEN ip ELSE $4 END, user_agent = CASE WHEN $5 = '' THEN user_agent ELSE $5 END
				WHERE id = $2`, now.Add(sessionTTL(remember)), sid, now, c.IP, c.userAgent()); err != nil {
				return err
			}
		}
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, userID))
		return err
	})
	if err != nil {
		return Tokens{}, fmt.Errorf("refresh session: %w", err)
	}
	if reused {
		s.log.WarnContext(ctx, "refresh token presented twice: session ended", "session", sid)
		return Tokens{}, sessionEnded()
	}
	if ended {
		return Tokens{}, sessionEnded()
	}
	return s.tokensFor(ctx, u, sid, next)
}

// successor is the refresh token that refresh is exchanged for. It is made
// from the token itself with a key only the server holds, not drawn at
// random, so a retry can be given the same one again while the database
// keeps nothing but hashes.
func (s *Service) successor(ctx context.Context, refresh string) (string, error) {
	key, err := s.DerivedKey(ctx, "refresh-successor")
	if err != nil {
		return "", err
	}
	m := hmac.New(sha256.New, key)
	m.Write([]byte(refresh))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)), nil
}

// retriedInGrace says whether a refresh token exchanged at used, presented
// again now, is a retry: still within RefreshGrace and its successor (by
// hash) not yet exchanged itself. Otherwise someone else holds a copy.
func retriedInGrace(ctx context.Context, tx *sql.Tx, used, now time.Time, nextHash, sid string) (bool, error) {
	if now.Sub(used) >= RefreshGrace {
		return false, nil
	}
	var nextUsed sql.NullTime
	err := tx.QueryRowContext(ctx, `SELECT used_at FROM auth_refresh_tokens WHERE token_hash = $1 AND session_id = $2`,
		nextHash, sid).Scan(&nextUsed)
	if db.NoRows(err) {
		// Exchanged before successors were derived: there is none to give again.
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return !nextUsed.Valid, nil
}

type execer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
}

func revokeSession(ctx context.Context, tx execer, sid string, now time.Time, reason string) error {
	_, err := tx.ExecContext(ctx, `UPDATE auth_sessions SET revoked_at = $1, revoked_reason = $2 WHERE id = $3 AND revoked_at IS NULL`,
		now, reason, sid)
	return err
}

// revokeUserSessions ends every session of a user but keep (may be "").
func revokeUserSessions(ctx context.Context, tx execer, userID int64, keep string, now time.Time, reason string) error {
	_, err := tx.ExecContext(ctx, `UPDATE auth_sessions SET revoked_at = $1, revoked_reason = $2
		WHERE user_id = $3 AND id <> $4 AND revoked_at IS NULL`, now, reason, userID, keep)
	return err
}

// Logout ends the session of the refresh token, and the session sid (from
// the request's access token) when given. Unknown tokens are ignored: the
// answer is the same either way.
func (s *Service) Logout(ctx context.Context, refresh, sid string) error {
	now := s.clock()
	return s.db.Tx(ctx, func(tx *sql.Tx) error {
		if refresh != "" {
			if _, err := tx.ExecContext(ctx, `UPDATE auth_sessions SET revoked_at = $1, revoked_reason = 'signed out'
				WHERE revoked_at IS NULL AND id = (SELECT session_id FROM auth_refresh_tokens WHERE token_hash = $2)`,
				now, secret.Hash(refresh)); err != nil {
				return fmt.Errorf("sign out: %w", err)
			}
		}
		if sid != "" {
			return revokeSession(ctx, tx, sid, now, "signed out")
		}
		return nil
	})
}
