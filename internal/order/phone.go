package order

import (
	"context"
	"database/sql"
	"fmt"
)

// ForPhone lists the latest n orders for phone (254XXXXXXXXX), newest
// first, with their items: who a caller or a USSD session is, what they
// ordered and how it came to them.
func (s *Store) ForPhone(ctx context.Context, phone string, n int) ([]Order, error) {
	orders, err := s.list(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.phone = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT $2`, phone, n)
	if err != nil {
		return nil, fmt.Errorf("list orders of a phone: %w", err)
	}
	return orders, nil
}

// ClaimGuestOrdersTx gives user userID the guest orders placed with phone
// (254XXXXXXXXX) inside tx, once that user has confirmed the phone
// (docs/product.md, "Accounts"), and returns how many. Orders that are
// already someone's stay theirs, so running it again changes nothing.
func (s *Store) ClaimGuestOrdersTx(ctx context.Context, tx *sql.Tx, userID int64, phone string) (int64, error) {
	res, err := tx.ExecContext(ctx, `UPDATE orders SET user_id = $1 WHERE user_id IS NULL AND phone = $2`, userID, phone)
	if err != nil {
		return 0, fmt.Errorf("give guest orders to user %d: %w", userID, err)
	}
	return res.RowsAffected()
}
