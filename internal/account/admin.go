package account

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/phone"
)

// The back office's view of users: the list, and making or removing admins.

// UserPage is one page of the admin's user list: Count is exact, or when
// Capped a lower bound (a search stops counting at its cap). RoleCounts
// counts the users the filters but the role select in each role, for the
// list's chips (absent for a search too broad to count).
type UserPage struct {
	Count      int
	Capped     bool
	Users      []ListedUser
	RoleCounts map[string]int
}

// ListedUser is a user as the admin's list shows them, with how many paid
// orders they placed and what those came to, net of refunds.
type ListedUser struct {
	User
	Orders int
	Spent  money.Cents
}

// UserFilter narrows and orders the admin's user list.
type UserFilter struct {
	// Search matches the email, name or phone, case-insensitively.
	Search string
	// Role keeps one role's users, or with "staff" everyone but customers.
	Role string
	// From and To bound when the user registered: From included, To not.
	From, To time.Time
	// IDs keeps those users only (every one when empty): the back office's
	// selected rows.
	IDs []int64
	// Sort is a key of UserSorts.
	Sort string
	// Page counts from 1; PageSize is at most db.MaxPageSize. A search
	// counts its matches no further than CountCap (every one when 0), or
	// than the page asked for.
	Page, PageSize, CountCap int
}

// UserSorts are the admin user list's orders by ?sort= value ("" is the
// newest registered first), each ending in the id so pages never overlap.
// orders and spent are ListUsers' own columns.
var UserSorts = map[string]string{
	"":        "created_at DESC, id DESC",
	"oldest":  "created_at, id",
	"name":    "LOWER(first_name || ' ' || last_name), id",
	"-name":   "LOWER(first_name || ' ' || last_name) DESC, id DESC",
	"orders":  "orders_count DESC, id DESC",
	"-orders": "orders_count, id",
	"spent":   "spent DESC, id DESC",
	"-spent":  "spent, id",
}

// paidOrders is the condition on orders o of the orders a customer's count
// and spend take in: paid, whatever happened to them since, but cancelled.
const paidOrders = `o.user_id = users.id AND o.status IN ('paid', 'processing', 'dispatched', 'delivered')`

// ListUsers lists the users f selects in f.Sort's order. Each listed user's
// orders and spend are read from the orders table (order's to write; read
// here so a sort by them is one statement, through orders_user).
func (s *Store) ListUsers(ctx context.Context, f UserFilter) (UserPage, error) {
	order, ok := UserSorts[f.Sort]
	if !ok {
		return UserPage{}, apperr.InvalidField("sort", MsgUserSort)
	}
	var w db.Where
	q := strings.TrimSpace(f.Search)
	if q != "" {
		cond := db.Like(w.Arg(db.Contains(q)), "email_key", "LOWER(first_name || ' ' || last_name)", "phone")
		if n, ok := phone.Normalize(q); ok {
			cond += " OR phone = " + w.Arg(n)
		}
		w.And("(" + cond + ")")
	}
	if !f.From.IsZero() {
		w.And("created_at >= " + w.Arg(s.db.TimeArg(f.From)))
	}
	if !f.To.IsZero() {
		w.And("created_at < " + w.Arg(s.db.TimeArg(f.To)))
	}
	if len(f.IDs) > 0 {
		marks := make([]string, len(f.IDs))
		for i, id := range f.IDs {
			marks[i] = w.Arg(id)
		}
		w.And("id IN (" + strings.Join(marks, ", ") + ")")
	}
	countCap := f.CountCap
	if q == "" {
		countCap = 0
	}
	roles, err := s.roleCounts(ctx, w, countCap)
	if err != nil {
		return UserPage{}, err
	}
	switch {
	case f.Role == "staff":
		w.And("role <> " + w.Arg(RoleCustomer))
	case ValidRole(f.Role):
		w.And("role = " + w.Arg(f.Role))
	}
	page, pageSize := db.PageBounds(f.Page, f.PageSize)
	from := ` FROM users` + w.String()
	users, err := db.QueryAll(ctx, s.db, "users", func(r db.Scanner) (ListedUser, error) {
		var u ListedUser
		var err error
		u.User, err = scanUser(r, &u.Orders, &u.Spent)
		return u, err
	}, `SELECT `+userColumns+`,
		(SELECT COUNT(*) FROM orders o WHERE `+paidOrders+`) AS orders_count,
		(SELECT COALESCE(SUM(o.total_cents - o.refunded_cents), 0) FROM orders o WHERE `+paidOrders+`) AS spent`+
		from+` ORDER BY `+order+db.Limit(page, pageSize), w.Args...)
	if err != nil {
		return UserPage{}, err
	}
	out := UserPage{Users: users, RoleCounts: roles}
	out.Count, out.Capped, err = s.db.CountMatches(ctx, "users", from, w.Args, page, pageSize, len(users), countCap)
	if err != nil {
		return UserPage{}, fmt.Errorf("list users: %w", err)
	}
	return out, nil
}

// MsgUserSort refuses a sort the admin's user list does not know.
const MsgUserSort = "sort must be oldest, name, -name, orders, -orders, spent or -spent."

// roleCounts counts the users w selects in each role; nil when w is a
// search matching more than most users (most 0: count every one).
func (s *Store) roleCounts(ctx context.Context, w db.Where, most int) (map[string]int, error) {
	if most > 0 {
		n, capped, err := s.db.CountMatches(ctx, "users", ` FROM users`+w.String(), w.Args, 1, 1, 1, most)
		if err != nil || capped || n > most {
			return nil, err
		}
	}
	out := map[string]int{}
	_, err := db.QueryAll(ctx, s.db, "users by role", func(r db.Scanner) (struct{}, error) {
		var role string
		var n int
		err := r.Scan(&role, &n)
		out[role] = n
		return struct{}{}, err
	}, `SELECT role, COUNT(*) FROM users`+w.String()+` GROUP BY role`, w.Args...)
	return out, err
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
