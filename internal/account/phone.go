package account

import (
	"context"

	"shop/internal/db"
)

// UserByPhone finds the customer account whose phone is phone
// (254XXXXXXXXX): the one that confirmed it, else the oldest when several
// share it; ok is false when none does. A phone order or a USSD session is
// then theirs, in their history.
func (s *Store) UserByPhone(ctx context.Context, phone string) (u User, ok bool, err error) {
	u, err = scanUser(s.db.QueryRow(ctx, `SELECT `+userColumns+` FROM users WHERE phone = $1 AND role = $2
		ORDER BY CASE WHEN phone_confirmed_at IS NULL THEN 1 ELSE 0 END, id LIMIT 1`, phone, RoleCustomer))
	if db.NoRows(err) {
		return User{}, false, nil
	}
	return u, err == nil, err
}
