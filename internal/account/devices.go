package account

import (
	"context"
	"database/sql"
	"fmt"
	"sort"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/secret"
)

// Client is the device a request comes from, as the list of signed-in
// devices shows it: its address and its browser's User-Agent.
type Client struct {
	IP        string
	UserAgent string
}

type clientKey struct{}

// WithClient returns ctx carrying the client that signs in or refreshes.
func WithClient(ctx context.Context, c Client) context.Context {
	return context.WithValue(ctx, clientKey{}, c)
}

func clientFrom(ctx context.Context) Client {
	c, _ := ctx.Value(clientKey{}).(Client)
	return c
}

// userAgent is the User-Agent as kept: enough to name the browser, never
// a whole header a client chose to make huge.
func (c Client) userAgent() string {
	ua := strings.TrimSpace(c.UserAgent)
	if len(ua) > 300 {
		ua = ua[:300]
	}
	return strings.ToValidUTF8(ua, "")
}

// mfaSetupRequired says whether a user of role, with the second step on
// or not, may reach only its set-up.
func (s *Service) mfaSetupRequired(role string, mfaOn bool) bool {
	return s.requireMFA && MFARoles(role) && !mfaOn
}

// UserJSON is u as u themselves see it: with whether the second step is on
// and whether their role needs it first.
func (s *Service) UserJSON(ctx context.Context, u User) (UserJSON, error) {
	j := u.JSON()
	on, err := s.Store.MFAEnabled(ctx, u.ID)
	if err != nil {
		return UserJSON{}, err
	}
	required := s.mfaSetupRequired(u.Role, on)
	j.MFAEnabled, j.MFASetupRequired = &on, &required
	return j, nil
}

// Messages of the signed-in devices.
const (
	MsgSessionNotFound = "That device is not signed in any more."
)

// Session is a signed-in device as GET /api/auth/sessions/ shows it. ID is
// made from the session's own id, which stays on the server.
type Session struct {
	ID         string    `json:"id"`
	Browser    string    `json:"browser"`
	IP         string    `json:"ip"`
	CreatedAt  time.Time `json:"created_at"`
	LastSeenAt time.Time `json:"last_seen_at"`
	Current    bool      `json:"current"`
}

// publicSessionID is what the API calls session sid.
func publicSessionID(sid string) string { return secret.Hash("session:" + sid)[:20] }

// openSessions reads the open sessions of a user, newest use first, with
// their real ids.
func (s *Service) openSessions(ctx context.Context, userID int64) ([]Session, []string, error) {
	rows, err := s.db.Query(ctx, `SELECT id, user_agent, ip, created_at, last_seen_at FROM auth_sessions
		WHERE user_id = $1 AND revoked_at IS NULL AND expires_at > $2`, userID, s.clock())
	if err != nil {
		return nil, nil, fmt.Errorf("list sessions: %w", err)
	}
	defer rows.Close()
	type row struct {
		Session
		sid string
	}
	var all []row
	for rows.Next() {
		var r row
		var ua string
		var seen sql.NullTime
		if err := rows.Scan(&r.sid, &ua, &r.IP, &r.CreatedAt, &seen); err != nil {
			return nil, nil, fmt.Errorf("list sessions: %w", err)
		}
		r.LastSeenAt = r.CreatedAt
		if seen.Valid {
			r.LastSeenAt = seen.Time
		}
		r.CreatedAt, r.LastSeenAt = r.CreatedAt.UTC(), r.LastSeenAt.UTC()
		r.ID, r.Browser = publicSessionID(r.sid), DescribeAgent(ua)
		all = append(all, r)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("list sessions: %w", err)
	}
	sort.Slice(all, func(i, j int) bool {
		if !all[i].LastSeenAt.Equal(all[j].LastSeenAt) {
			return all[i].LastSeenAt.After(all[j].LastSeenAt)
		}
		return all[i].ID < all[j].ID
	})
	out, sids := make([]Session, len(all)), make([]string, len(all))
	for i, r := range all {
		out[i], sids[i] = r.Session, r.sid
	}
	return out, sids, nil
}

// Sessions lists the devices user is signed in on, current marking the
// one asking.
func (s *Service) Sessions(ctx context.Context, userID int64, current string) ([]Session, error) {
	list, sids, err := s.openSessions(ctx, userID)
	for i := range list {
		list[i].Current = sids[i] == current
	}
	return list, err
}

// EndSession signs user out on the device with the public id: only their
// own devices are found.
func (s *Service) EndSession(ctx context.Context, userID int64, id string) error {
	_, sids, err := s.openSessions(ctx, userID)
	if err != nil {
		return err
	}
	for _, sid := range sids {
		if publicSessionID(sid) == id {
			_, err := s.db.Exec(ctx, `UPDATE auth_sessions SET revoked_at = $1, revoked_reason = 'signed out from another device'
				WHERE id = $2 AND user_id = $3 AND revoked_at IS NULL`, s.clock(), sid, userID)
			if err != nil {
				return fmt.Errorf("end session: %w", err)
			}
			return nil
		}
	}
	return apperr.NotFound(MsgSessionNotFound)
}

// EndOtherSessions signs user out everywhere but on the session keep, and
// says on how many devices.
func (s *Service) EndOtherSessions(ctx context.Context, userID int64, keep string) (int64, error) {
	r, err := s.db.Exec(ctx, `UPDATE auth_sessions SET revoked_at = $1, revoked_reason = 'signed out everywhere else'
		WHERE user_id = $2 AND id <> $3 AND revoked_at IS NULL AND expires_at > $1`, s.clock(), userID, keep)
	if err != nil {
		return 0, fmt.Errorf("end other sessions: %w", err)
	}
	return affected(r), nil
}

// EndUserSessionsTx ends every open session of a user inside tx (the
// owner's "sign out everywhere" for a staff member), and says how many.
func EndUserSessionsTx(ctx context.Context, tx *sql.Tx, userID int64, reason string) (int64, error) {
	now := time.Now().UTC()
	r, err := tx.ExecContext(ctx, `UPDATE auth_sessions SET revoked_at = $1, revoked_reason = $2
		WHERE user_id = $3 AND revoked_at IS NULL`, now, reason, userID)
	if err != nil {
		return 0, fmt.Errorf("end sessions of user %d: %w", userID, err)
	}
	return affected(r), nil
}

// DescribeAgent names a browser and its system in plain words ("Chrome on
// Android") from a User-Agent, or "Unknown browser".
func DescribeAgent(ua string) string {
	browser := ""
	for _, b := range []struct{ token, name string }{
		{"SamsungBrowser/", "Samsung Internet"}, {"OPR/", "Opera"}, {"Opera Mini", "Opera Mini"}, {"Edg/", "Edge"},
		{"UCBrowser/", "UC Browser"}, {"Firefox/", "Firefox"}, {"FxiOS/", "Firefox"}, {"CriOS/", "Chrome"},
		{"Chrome/", "Chrome"}, {"Chromium/", "Chromium"}, {"Safari/", "Safari"}, {"curl/", "curl"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	system := ""
	for _, o := range []struct{ token, name string }{
		{"Android", "Android"}, {"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Windows", "Windows"},
		{"Mac OS X", "macOS"}, {"CrOS", "ChromeOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, o.token) {
			system = o.name
			break
		}
	}
	switch {
	case browser != "" && system != "":
		return browser + " on " + system
	case browser != "":
		return browser
	case system != "":
		return "A browser on " + system
	}
	return "Unknown browser"
}
