package account

import (
	"context"
	"database/sql"

	"shop/internal/db"
)

// InsertPastTx writes customers from the shop's history inside tx, in bulk
// (cmd/benchdata, the demo's sales), and returns their ids in the order
// given. PasswordHash may be one no password matches ("!"): such a
// customer signs in only after resetting the password.
func InsertPastTx(ctx context.Context, d *db.DB, tx *sql.Tx, list []NewUser) ([]int64, error) {
	rows := make([][]any, len(list))
	for i, n := range list {
		rows[i] = []any{n.Email, EmailKey(n.Email), n.FirstName, n.LastName, n.Phone, n.PasswordHash, RoleCustomer, d.TimeArg(n.CreatedAt)}
	}
	ids, err := d.InsertRowsKeyed(ctx, tx, "users", []string{"email", "email_key", "first_name", "last_name", "phone", "password_hash", "role", "created_at"},
		rows, "email_key")
	out := make([]int64, len(list))
	for i, n := range list {
		out[i] = ids[EmailKey(n.Email)]
	}
	return out, err
}
