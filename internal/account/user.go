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

// User is a customer or an admin. The email is the username.
type User struct {
	ID        int64
	Email     string
	FirstName string
	LastName  string
	Phone     string
	Role      string
	// KRAPIN is the customer's KRA PIN, kept for their eTIMS invoices; "" for none.
	KRAPIN      string
	CreatedAt   time.Time
	LastLoginAt *time.Time
}

// UserJSON is a user as the API shows it (docs/product.md section 3: id, username,
// email, first_name, last_name; the rest is the shop's).
type UserJSON struct {
	ID         int64     `json:"id"`
	Username   string    `json:"username"`
	Email      string    `json:"email"`
	FirstName  string    `json:"first_name"`
	LastName   string    `json:"last_name"`
	Phone      string    `json:"phone"`
	Role       string    `json:"role"`
	KRAPIN     string    `json:"kra_pin"`
	DateJoined time.Time `json:"date_joined"`
	// Permissions is what the role may do in the back office, computed from
	// the stored role (docs/product.md, "Roles"); [] for a customer.
	Permissions []string `json:"permissions"`
}

// JSON returns u as the API shows it.
func (u User) JSON() UserJSON {
	return UserJSON{ID: u.ID, Username: u.Email, Email: u.Email, FirstName: u.FirstName, LastName: u.LastName,
		Phone: u.Phone, Role: u.Role, KRAPIN: u.KRAPIN, DateJoined: u.CreatedAt.UTC(), Permissions: Permissions(u.Role)}
}

// Principal is who u acts as once signed in.
func (u User) Principal() Principal { return Principal{UserID: u.ID, Email: u.Email, Role: u.Role} }

const userColumns = `id, email, first_name, last_name, phone, role, kra_pin, created_at, last_login_at`

type rowScanner interface{ Scan(dest ...any) error }

func scanUser(row rowScanner, extra ...any) (User, error) {
	var u User
	var last sql.NullTime
	err := row.Scan(append([]any{&u.ID, &u.Email, &u.FirstName, &u.LastName, &u.Phone, &u.Role, &u.KRAPIN, &u.CreatedAt, &last}, extra...)...)
	if last.Valid {
		u.LastLoginAt = &last.Time
	}
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

// userWithHash returns the user with email and their password hash, or an
// apperr.ErrNotFound error.
func (s *Store) userWithHash(ctx context.Context, email string) (User, string, error) {
	var hash string
	u, err := scanUser(s.db.QueryRow(ctx, `SELECT `+userColumns+`, password_hash FROM users WHERE email_key = $1`, EmailKey(email)), &hash)
	if err != nil {
		return User{}, "", db.RowErr(err, errNoUser, "load user by email")
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
// error on the email field with docs/product.md's message.
func (s *Store) CreateUser(ctx context.Context, n NewUser) (User, error) {
	email := strings.TrimSpace(n.Email)
	var u User
	err := s.db.Tx(ctx, func(tx *sql.Tx) (err error) {
		u, err = scanUser(tx.QueryRowContext(ctx, `INSERT INTO users
			(email, email_key, first_name, last_name, phone, password_hash, role, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING `+userColumns,
			email, EmailKey(email), n.FirstName, n.LastName, n.Phone, n.PasswordHash, RoleCustomer, n.CreatedAt.UTC()))
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
		u, err = scanUser(tx.QueryRowContext(ctx, `UPDATE users SET first_name = $1, last_name = $2, phone = $3, kra_pin = $4
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
