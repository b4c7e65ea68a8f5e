package account

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/ratelimit"
)

// ConfirmPassword checks the password of a customer about to do something
// that cannot be undone (deleting their account), within the limit of wrong
// current passwords. A mistake is reported on the field "password".
func (s *Service) ConfirmPassword(ctx context.Context, userID int64, password string) error {
	if password == "" {
		return apperr.Invalid(MsgCurrentPassword, map[string]string{"password": MsgCurrentPassword})
	}
	bucket, err := s.checkCurrentPassword(ctx, userID, password, "password")
	if err != nil {
		return err
	}
	return s.limiter.Clear(ctx, bucket)
}

// UserByIDTx loads a user inside tx.
func (s *Store) UserByIDTx(ctx context.Context, tx *sql.Tx, id int64) (User, error) {
	return userByID(tx.QueryRowContext(ctx, `SELECT `+userColumns+` FROM users WHERE id = $1`, id), id)
}

// DeleteUserTx deletes a user inside tx. Their sessions, refresh tokens,
// reset links and cart go with the row (ON DELETE CASCADE), so every token
// they held stops working at once; their orders stay, no longer theirs (SET
// NULL), for the caller to anonymise first. Their failed sign-in counts go too.
func (s *Store) DeleteUserTx(ctx context.Context, tx *sql.Tx, u User) error {
	res, err := tx.ExecContext(ctx, `DELETE FROM users WHERE id = $1`, u.ID)
	if err != nil {
		return fmt.Errorf("delete user %d: %w", u.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return errNoUser
	}
	if err := ratelimit.ClearTx(ctx, tx, accountLoginBucket(u)); err != nil {
		return err
	}
	return ratelimit.ClearTx(ctx, tx, fmt.Sprintf("password:user:%d", u.ID))
}
