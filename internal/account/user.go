package account

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
)

// User is a customer or an admin. The email or the phone is the username:
// an account may have no email ("").
type User struct {
	ID        int64
	Email     string
	FirstName string
	LastName  string
	Phone     string
	// PhoneConfirmed: a code sent to the phone came back (docs/product.md, "Accounts").
	PhoneConfirmed bool
	Role           string
	// KRAPIN is the customer's KRA PIN, kept for their eTIMS invoices; "" for none.
	KRAPIN      string
	CreatedAt   time.Time
	LastLoginAt *time.Time
}

// UserJSON is a user as the API shows it (docs/product.md section 3: id, username,
// email, first_name, last_name; the rest is the shop's).
type UserJSON struct {
	ID        int64  `json:"id"`
	Username  string `json:"username"`
	Email     string `json:"email"`
	FirstName string `json:"first_name"`
	LastName  string `json:"last_name"`
	Phone     string `json:"phone"`
	// PhoneConfirmed: the guest orders placed with the phone are in the account.
	PhoneConfirmed bool      `json:"phone_confirmed"`
	Role           string    `json:"role"`
	KRAPIN         string    `json:"kra_pin"`
	DateJoined     time.Time `json:"date_joined"`
	// Permissions is what the role may do in the back office, computed from
	// the stored role (docs/product.md, "Roles"); [] for a customer.
	Permissions []string `json:"permissions"`
	// MFAEnabled and MFASetupRequired are shown to the user themselves
	// (sign-in, refresh, me): whether the second step is on, and whether
	// their role needs it before anything else.
	MFAEnabled       *bool `json:"mfa_enabled,omitempty"`
	MFASetupRequired *bool `json:"mfa_setup_required,omitempty"`
}

// JSON returns u as the API shows it.
func (u User) JSON() UserJSON {
	username := u.Email
	if username == "" {
		username = u.Phone
	}
	return UserJSON{ID: u.ID, Username: username, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		Phone: u.Phone, PhoneConfirmed: u.PhoneConfirmed, Role: u.Role, KRAPIN: u.KRAPIN, DateJoined: u.CreatedAt.UTC(), Permissions: Permissions(u.Role)}
}

// Principal is who u acts as once signed in.
func (u User) Principal() Principal { return Principal{UserID: u.ID, Email: u.Email, Role: u.Role} }

const userColumns = `id, email, first_name, last_name, phone, role, kra_pin, created_at, last_login_at, phone_confirmed_at`

type rowScanner interface{ Scan(dest ...any) error }

func scanUser(row rowScanner, extra ...any) (User, error) {
	var u User
	var last, confirmed sql.NullTime
	err := row.Scan(append([]any{&u.ID, &u.Email, &u.FirstName, &u.LastName, &u.Phone, &u.Role, &u.KRAPIN, &u.CreatedAt, &last, &confirmed}, extra...)...)
	if last.Valid {
		u.LastLoginAt = &last.Time
	}
	u.PhoneConfirmed = confirmed.Valid
	return u, err
}

var errNoUser = apperr.NotFound("No such user")

// UserByID returns the user with id, or an apperr.ErrNotFound error.
func (s *Store) UserByID(ctx context.Context, id int64) (User, error) {
	return userByID(s.db.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id), id)
}

// userByID scans the user row of id, or answers that there is none.
func userByID(row rowScanner, id int64) (User, error) {
	u, err := scanUser(row)
	if err != nil {
		return User{}, db.RowErr(err, errNoUser, "load user %d", id)
	}
	return u, nil
}

// userWithHash returns the user a sign-in names and their password hash, or
// an apperr.ErrNotFound error: by email, or by phone (254XXXXXXXXX) when
// phone is set, the account that confirmed it first, else the oldest.
func (s *Store) userWithHash(ctx context.Context, id Identifier) (User, string, error) {
	var hash string
	q, arg := `SELECT `+userColumns+`, password_hash FROM users WHERE email_key = $1`, EmailKey(id.Email)
	if id.Phone != "" {
		q = `SELECT ` + userColumns + `, password_hash FROM users WHERE phone = $1
			ORDER BY CASE WHEN phone_confirmed_at IS NULL THEN 1 ELSE 0 END, id LIMIT 1`
		arg = id.Phone
	}
	u, err := scanUser(s.db.QueryRow(ctx, q, arg), &hash)
	if err != nil {
		return User{}, "", db.RowErr(err, errNoUser, "load user to sign in")
	}
	return u, hash, nil
}

// passwordHash returns the password hash of the user with id.
func (s *Store) passwordHash(ctx context.Context, id int64) (string, error) {
	var hash string
	err := s.db.QueryRow(ctx, `SELECT password_hash FROM users WHERE id = $1`, id).Scan(&hash)
	if err != nil {
		return "", db.RowErr(err, errNoUser, "load password of user %d", id)
	}
	return hash, nil
}

// NewUser is what registration stores.
type NewUser struct {
	Email, FirstName, LastName, Phone, PasswordHash string
	CreatedAt                                       time.Time
}

// CreateUser stores a customer. A taken email (in any case) is a validation
// error on the email field with docs/product.md's message. Without an email
// the phone is the username, so it may not be another account's already:
// two such sign-ups take turns on the phone's lock.
func (s *Store) CreateUser(ctx context.Context, n NewUser) (User, error) {
	email := strings.TrimSpace(n.Email)
	var key any
	if email != "" {
		key = EmailKey(email)
	}
	var u User
	err := s.db.Tx(ctx, func(tx *sql.Tx) (err error) {
		if email == "" {
			if err := db.LockKey(ctx, tx, s.db.Dialect, "user-phone#"+n.Phone); err != nil {
				return err
			}
			var taken int
			if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM users WHERE phone = $1`, n.Phone).Scan(&taken); err != nil {
				return err
			}
			if taken > 0 {
				return apperr.Invalid(MsgPhoneTakenError, map[string]string{"phone": MsgPhoneTaken})
			}
		}
		u, err = scanUser(tx.QueryRowContext(ctx, `INSERT INTO users
			(email, email_key, first_name, last_name, phone, password_hash, role, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING `+userColumns,
			email, key, n.FirstName, n.LastName, n.Phone, n.PasswordHash, RoleCustomer, n.CreatedAt.UTC()))
		return err
	})
	if db.IsUniqueViolation(err) {
		return User{}, apperr.Invalid(MsgEmailTakenError, map[string]string{"email": MsgEmailTaken})
	}
	if err != nil {
		return User{}, fmt.Errorf("create user: %w", err)
	}
	return u, nil
}

// UpdateProfile sets a user's names, phone and KRA PIN and returns the user.
func (s *Store) UpdateProfile(ctx context.Context, id int64, firstName, lastName, phone, kraPIN string) (User, error) {
	var u User
	err := s.db.Tx(ctx, func(tx *sql.Tx) (err error) {
		// A new number is not confirmed: its code went to the old one.
		u, err = scanUser(tx.QueryRowContext(ctx, `UPDATE users SET first_name = $1, last_name = $2, phone = $3, kra_pin = $4,
			phone_confirmed_at = CASE WHEN phone = $3 THEN phone_confirmed_at END
			WHERE id = $5 RETURNING `+userColumns, firstName, lastName, phone, kraPIN, id))
		return err
	})
	if err != nil {
		return User{}, db.RowErr(err, errNoUser, "update user %d", id)
	}
	return u, nil
}

func userSubject(id int64) string { return strconv.FormatInt(id, 10) }

// ReviewName is the name u's product reviews show: the first name and the
// last name's initial ("Wanjiku K."), never the email.
func ReviewName(u User) string {
	name := strings.TrimSpace(u.FirstName)
	if last := []rune(strings.TrimSpace(u.LastName)); len(last) > 0 {
		name += " " + string(last[0]) + "."
	}
	return strings.TrimSpace(name)
}
