package order

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/apperr"
	"shop/internal/db"
)

// ErasedName is what an order shows as its customer's first name once the
// customer's personal details were erased at their request.
const ErasedName = "(erased)"

// MsgEraseWhilePaying refuses to erase an account while one of its orders
// waits for an M-Pesa payment: the payment's answer must find its order whole.
const MsgEraseWhilePaying = "An order of this account is waiting for its M-Pesa payment. Please try again once it is paid or has failed."

// AnonymizeForUserTx erases the personal details on every order of userID
// inside tx (names, email, phone and delivery address) and detaches the
// orders from the account, keeping their items, totals, statuses and history
// for the shop's accounts. It returns the orders' ids so their payments can
// be anonymised too, and refuses while one of them waits for its payment.
func AnonymizeForUserTx(ctx context.Context, tx *sql.Tx, userID int64) ([]int64, error) {
	rows, err := tx.QueryContext(ctx, `SELECT id, status FROM orders WHERE user_id = $1 ORDER BY id`, userID)
	if err != nil {
		return nil, fmt.Errorf("orders of user %d: %w", userID, err)
	}
	type row struct {
		id     int64
		status Status
	}
	list, err := db.Collect(rows, func(r db.Scanner) (o row, err error) { return o, r.Scan(&o.id, &o.status) })
	if err != nil {
		return nil, fmt.Errorf("orders of user %d: %w", userID, err)
	}
	ids := make([]int64, 0, len(list))
	for _, o := range list {
		if o.status == PendingPayment {
			return nil, apperr.Conflict(MsgEraseWhilePaying)
		}
		ids = append(ids, o.id)
	}
	// The short link goes too: its code sits in the messages that were
	// sent, and would open the order.
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET first_name = $1, last_name = '', email = '', phone = '',
		address = '', city = '', county = '', postal_code = '', user_id = NULL, cart_id = NULL, short_code = NULL WHERE user_id = $2`,
		ErasedName, userID); err != nil {
		return nil, fmt.Errorf("anonymise orders of user %d: %w", userID, err)
	}
	return ids, nil
}
