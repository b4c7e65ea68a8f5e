package account

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The back office's view of users: the list, and making or removing admins.

// UserPage is one page of the admin's user list.
type UserPage struct {
	Count int
	Users []User
}

// ListUsers lists users newest first; search matches the email, name or
// phone, case-insensitively.
func (s *Store) ListUsers(ctx context.Context, search, role string, page, pageSize int) (UserPage, error) {
	var where []string
	var args []any
	arg := func(v any) string {
		args = append(args, v)
		return "$" + strconv.Itoa(len(args))
	}
	if q := strings.TrimSpace(search); q != "" {
		n := arg("%" + strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(strings.ToLower(q)) + "%")
		conds := []string{
			"email_key LIKE " + n + " ESCAPE '\\'",
			"LOWER(first_name || ' ' || last_name) LIKE " + n + " ESCAPE '\\'",
			"phone LIKE " + n + " ESCAPE '\\'",
		}
		if phone, ok := NormalizePhone(q); ok {
			conds = append(conds, "phone = "+arg(phone))
		}
		where = append(where, "("+strings.Join(conds, " OR ")+")")
	}
	if role == RoleAdmin || role == RoleCustomer {
		where = append(where, "role = "+arg(role))
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	if page < 1 {
		page = 1
	}
	if pageSize < 1 || pageSize > 100 {
		pageSize = 20
	}
	var out UserPage
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM users`+cond, args...).Scan(&out.Count); err != nil {
		return UserPage{}, fmt.Errorf("count users: %w", err)
	}
	rows, err := s.db.Query(ctx, `SELECT `+userColumns+` FROM users`+cond+` ORDER BY created_at DESC, id DESC LIMIT `+
		strconv.Itoa(pageSize)+` OFFSET `+strconv.Itoa((page-1)*pageSize), args...)
	if err != nil {
		return UserPage{}, fmt.Errorf("list users: %w", err)
	}
	defer rows.Close()
	out.Users = []User{}
	for rows.Next() {
		u, err := scanUser(rows)
		if err != nil {
			return UserPage{}, fmt.Errorf("scan user: %w", err)
		}
		out.Users = append(out.Users, u)
	}
	return out, rows.Err()
}

// CountUsers counts every user, customers and admins.
func (s *Store) CountUsers(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRow(ctx, `SELECT COUNT(*) FROM users`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count users: %w", err)
	}
	return n, nil
}

// RoleByID returns the stored role of a user: access tokens carry the role
// they were issued with, and the back office checks it is still so.
func (s *Store) RoleByID(ctx context.Context, id int64) (string, error) {
	var role string
	err := s.db.QueryRow(ctx, `SELECT role FROM users WHERE id = $1`, id).Scan(&role)
	if errors.Is(err, sql.ErrNoRows) {
		return "", errNoUser
	}
	if err != nil {
		return "", fmt.Errorf("load role of user %d: %w", id, err)
	}
	return role, nil
}

// SetRoleTx gives a user a role inside tx and returns the user as they
// were. Every request reads the stored role, so the change holds at once; a
// demotion also ends the user's sessions, so whoever holds their tokens must
// sign in again.
func (s *Store) SetRoleTx(ctx context.Context, tx *sql.Tx, id int64, role string) (User, error) {
	u, err := scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return User{}, errNoUser
	}
	if err != nil {
		return User{}, fmt.Errorf("load user %d: %w", id, err)
	}
	if u.Role == role {
		return u, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE users SET role = $1 WHERE id = $2`, role, id); err != nil {
		return User{}, fmt.Errorf("set role of user %d: %w", id, err)
	}
	if u.Role == RoleAdmin {
		if err := revokeUserSessions(ctx, tx, id, "", time.Now().UTC(), "admin role removed"); err != nil {
			return User{}, fmt.Errorf("end sessions of user %d: %w", id, err)
		}
	}
	return u, nil
}
