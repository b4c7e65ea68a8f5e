package account

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/phone"
)

// The back office's view of users: the list, and making or removing admins.

// UserPage is one page of the admin's user list: Count is exact, or when
// Capped a lower bound (a search stops counting at its cap).
type UserPage struct {
	Count  int
	Capped bool
	Users  []User
}

// ListUsers lists users newest first; search matches the email, name or
// phone, case-insensitively, and counts its matches no further than
// countCap (every one when countCap is 0), or than the page asked for.
// role keeps one role's users, or with "staff" everyone but customers.
func (s *Store) ListUsers(ctx context.Context, search, role string, page, pageSize, countCap int) (UserPage, error) {
	var w db.Where
	q := strings.TrimSpace(search)
	if q != "" {
		cond := db.Like(w.Arg(db.Contains(q)), "email_key", "LOWER(first_name || ' ' || last_name)", "phone")
		if n, ok := phone.Normalize(q); ok {
			cond += " OR phone = " + w.Arg(n)
		}
		w.And("(" + cond + ")")
	}
	switch {
	case role == "staff":
		w.And("role <> " + w.Arg(RoleCustomer))
	case ValidRole(role):
		w.And("role = " + w.Arg(role))
	}
	page, pageSize = db.PageBounds(page, pageSize)
	from := ` FROM users` + w.String()
	users, err := db.QueryAll(ctx, s.db, "users", func(r db.Scanner) (User, error) { return scanUser(r) },
		`SELECT `+userColumns+from+` ORDER BY created_at DESC, id DESC`+db.Limit(page, pageSize), w.Args...)
	if err != nil {
		return UserPage{}, err
	}
	out := UserPage{Users: users}
	if q == "" {
		countCap = 0
	}
	out.Count, out.Capped, err = s.db.CountMatches(ctx, "users", from, w.Args, page, pageSize, len(users), countCap)
	if err != nil {
		return UserPage{}, fmt.Errorf("list users: %w", err)
	}
	return out, nil
}

// CountUsers counts every user, customers and admins.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	return s.db.Count(ctx, "users", `SELECT COUNT(*) FROM users`)
}

// RoleByID returns the stored role of a user, which the back office reads
// again before each change it makes.
func (s *Store) RoleByID(ctx context.Context, id int64) (string, error) {
	u, err := s.UserByID(ctx, id)
	return u.Role, err
}

// ErrLastOwner refuses a change that would leave the shop without an owner.
var ErrLastOwner = apperr.Conflict("The shop must keep at least one owner.")

// SetRoleTx gives a user a role inside tx and returns the user as they
// were. Every request reads the stored role, so the change holds at once; a
// change that takes any right away (Lowers) also ends the user's sessions,
// so whoever holds their tokens must sign in again. The last owner keeps
// the role: owners' changes take one lock, so two owners demoting each
// other at once leave one of them.
func (s *Store) SetRoleTx(ctx context.Context, tx *sql.Tx, id int64, role string) (User, error) {
	if err := db.LockKey(ctx, tx, s.db.Dialect, "users:owners"); err != nil {
		return User{}, fmt.Errorf("lock owners: %w", err)
	}
	u, err := scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	if err != nil {
		return User{}, db.RowErr(err, errNoUser, "load user %d", id)
	}
	if u.Role == role {
		return u, nil
	}
	if u.Role == RoleOwner {
		var others int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE role = $1 AND id <> $2`, RoleOwner, id).Scan(&others); err != nil {
			return User{}, fmt.Errorf("count owners: %w", err)
		}
		if others == 0 {
			return User{}, ErrLastOwner
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET role = $1 WHERE id = $2`, role, id); err != nil {
		return User{}, fmt.Errorf("set role of user %d: %w", id, err)
	}
	if Lowers(u.Role, role) {
		if err := revokeUserSessions(ctx, tx, id, "", time.Now().UTC(), "role lowered"); err != nil {
			return User{}, fmt.Errorf("end sessions of user %d: %w", id, err)
		}
	}
	return u, nil
}
