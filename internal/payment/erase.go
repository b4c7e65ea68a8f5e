package payment

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/db"
	"shop/internal/ratelimit"
)

// AnonymizeOrdersTx erases the phone numbers and payer names on the payments
// of the given orders inside tx, keeping amounts, result codes and M-Pesa
// receipts for the shop's accounts (Data Protection Act: a customer's erasure
// leaves the business's records of money received), and the prompt limits
// named after those phones.
func (s *Service) AnonymizeOrdersTx(ctx context.Context, tx *sql.Tx, orderIDs []int64) error {
	if len(orderIDs) == 0 {
		return nil
	}
	cond, arg := s.db.InIDs("order_id", 1, orderIDs)
	rows, err := tx.QueryContext(ctx, `SELECT DISTINCT phone FROM payments WHERE phone <> '' AND `+cond, arg)
	if err != nil {
		return fmt.Errorf("phones of the payments: %w", err)
	}
	phones, err := db.Collect(rows, func(r db.Scanner) (p string, err error) { return p, r.Scan(&p) })
	if err != nil {
		return fmt.Errorf("phones of the payments: %w", err)
	}
	for _, p := range phones {
		if err := ratelimit.ClearTx(ctx, tx, PhoneBucket(p)); err != nil {
			return err
		}
	}
	for _, q := range []string{
		`UPDATE payments SET phone = '' WHERE ` + cond,
		`UPDATE c2b_payments SET msisdn = '', payer_name = '' WHERE ` + cond,
	} {
		if _, err := tx.ExecContext(ctx, q, arg); err != nil {
			return fmt.Errorf("anonymise payments: %w", err)
		}
	}
	return nil
}
