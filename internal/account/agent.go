package account

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
)

// MsgStaffNotAgent refuses to make a staff member an agent: their role
// would be lost.
const MsgStaffNotAgent = "This email or phone belongs to a member of staff: an agent needs an account of their own."

// MsgAgentPassword asks for a first password for a new agent's account.
const MsgAgentPassword = "A new agent needs a first password (at least 8 characters) to sign in with."

// NewAgent is who the owner signs up as an agent.
type NewAgent struct {
	Email, FirstName, LastName, Phone string
	// Password is the first password of a new account; ignored when the
	// person already has one.
	Password string
}

// EnsureAgentTx gives the person with n's email, or else with n's phone
// (254XXXXXXXXX, a customer's account), the role agent inside tx, or
// creates their account with it. A staff account is refused: the back
// office's roles are not taken away by signing someone up as an agent.
func (s *Store) EnsureAgentTx(ctx context.Context, tx *sql.Tx, n NewAgent) (User, error) {
	email := strings.TrimSpace(n.Email)
	var u User
	var err error
	found := false
	if email != "" {
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE email_key = $1`, EmailKey(email)))
		if err == nil {
			found = true
		} else if !db.NoRows(err) {
			return User{}, fmt.Errorf("find agent by email: %w", err)
		}
	}
	if !found && n.Phone != "" {
		u, err = scanUser(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE phone = $1 AND role IN ($2, $3) ORDER BY id LIMIT 1`,
			n.Phone, RoleCustomer, RoleAgent))
		if err == nil {
			found = true
		} else if !db.NoRows(err) {
			return User{}, fmt.Errorf("find agent by phone: %w", err)
		}
	}
	if found {
		if u.Role != RoleCustomer && u.Role != RoleAgent {
			return User{}, apperr.Conflict(MsgStaffNotAgent)
		}
		if u.Role == RoleCustomer {
			if _, err := tx.ExecContext(ctx, `UPDATE users SET role = $1 WHERE id = $2`, RoleAgent, u.ID); err != nil {
				return User{}, fmt.Errorf("make user %d an agent: %w", u.ID, err)
			}
			u.Role = RoleAgent
		}
		if u.Phone == "" && n.Phone != "" {
			if _, err := tx.ExecContext(ctx, `UPDATE users SET phone = $1 WHERE id = $2`, n.Phone, u.ID); err != nil {
				return User{}, fmt.Errorf("set agent's phone: %w", err)
			}
			u.Phone = n.Phone
		}
		return u, nil
	}
	bad := map[string]string{}
	if m := CheckEmail(email); m != "" {
		bad["email"] = m
	}
	if n.Password == "" {
		bad["password"] = MsgAgentPassword
	} else if m := CheckNewPassword(n.Password); m != "" {
		bad["password"] = m
	}
	if len(bad) > 0 {
		return User{}, apperr.FixFields(bad)
	}
	hash, err := HashPassword(n.Password)
	if err != nil {
		return User{}, err
	}
	u, err = scanUser(tx.QueryRowContext(ctx, `INSERT INTO users (email, email_key, first_name, last_name, phone, password_hash, role, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING `+userColumns,
		email, EmailKey(email), n.FirstName, n.LastName, n.Phone, hash, RoleAgent, time.Now().UTC()))
	if err != nil {
		return User{}, fmt.Errorf("create agent's account: %w", err)
	}
	return u, nil
}
