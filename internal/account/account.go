// Package account holds the shop's users: customers and admins, their
// password hashes, and the rules their details follow.
package account

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"shop/internal/apperr"
	"shop/internal/db"
)

// Roles a user can have (docs/product.md, "Roles"). Every role but
// customer is staff.
const (
	RoleCustomer    = "customer"
	RoleOwner       = "owner"
	RoleManager     = "manager"
	RoleClerk       = "clerk"
	RoleStorekeeper = "storekeeper"
	RoleRider       = "rider"
	RoleAgent       = "agent"
)

// Store reads and writes users.
type Store struct {
	db *db.DB
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// EnsureAdmin creates an admin with email and password, or makes the
// existing user with that email an admin without touching their password.
// It reports whether the user was created.
func (s *Store) EnsureAdmin(ctx context.Context, email, password string) (created bool, err error) {
	email = strings.TrimSpace(email)
	fields := map[string]string{}
	if m := CheckEmail(email); m != "" {
		fields["email"] = m
	}
	if m := CheckNewPassword(password); m != "" {
		fields["password"] = m
	}
	if len(fields) > 0 {
		msgs := []string{}
		for _, k := range []string{"email", "password"} {
			if m, ok := fields[k]; ok {
				msgs = append(msgs, m)
			}
		}
		return false, apperr.Invalid(strings.Join(msgs, ". "), fields)
	}
	hash, err := HashPassword(password)
	if err != nil {
		return false, err
	}
	err = s.db.Tx(ctx, func(tx *sql.Tx) error {
		var id int64
		err := tx.QueryRowContext(ctx, `SELECT id FROM users WHERE email_key = $1`, EmailKey(email)).Scan(&id)
		if db.NoRows(err) {
			created = true
			_, err = tx.ExecContext(ctx, `INSERT INTO users (email, email_key, password_hash, role) VALUES ($1, $2, $3, $4)`,
				email, EmailKey(email), hash, RoleOwner)
			return err
		}
		if err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE users SET role = $1 WHERE id = $2`, RoleOwner, id)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("ensure admin: %w", err)
	}
	return created, nil
}

// Role returns the role of the user with email, or apperr.ErrNotFound.
func (s *Store) Role(ctx context.Context, email string) (string, error) {
	var role string
	err := s.db.QueryRow(ctx, `SELECT role FROM users WHERE email_key = $1`, EmailKey(email)).Scan(&role)
	if err != nil {
		return "", db.RowErr(err, apperr.NotFound("No user with that email"), "load role")
	}
	return role, nil
}

// CheckCredentials reports whether password is the password of the user with
// email, without the sign-in service's limits and sessions: what the admin
// command's tests need to see that EnsureAdmin set or kept a password.
func (s *Store) CheckCredentials(ctx context.Context, email, password string) (bool, error) {
	var hash string
	err := s.db.QueryRow(ctx, `SELECT password_hash FROM users WHERE email_key = $1`, EmailKey(email)).Scan(&hash)
	if err != nil {
		return false, db.RowErr(err, nil, "load password")
	}
	return CheckPassword(hash, password)
}
