package order

import (
	"context"
	"crypto/rand"
	"database/sql"
	"strings"
	"unicode"

	"shop/internal/apperr"
	"shop/internal/db"
)

// The Paybill account number: what a farmer types in Lipa na M-Pesa to pay
// an order, short where the order number is long (docs/payments.md section 10).

// accountAlphabet is digits and capitals without look-alikes (no 0, O, 1, I):
// 32 characters, so a random byte picks one evenly.
const accountAlphabet = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"

// AccountNumberLen is how long a new order's account number is: 7
// characters, 32^7 (34 billion) of them, so a clash is rare and redrawn.
const AccountNumberLen = 7

// NewAccountNumber draws an account number.
func NewAccountNumber() string {
	b := make([]byte, AccountNumberLen)
	_, _ = rand.Read(b) // crypto/rand.Read never fails (Go 1.24+)
	for i, c := range b {
		b[i] = accountAlphabet[c%32]
	}
	return string(b)
}

// AccountNumberOf reads what a farmer typed as an account number, forgiving
// case, spaces and dashes ("7k3-qx9p" is "7K3QX9P"); "" when it cannot be one.
func AccountNumberOf(typed string) string {
	a := strings.Map(func(r rune) rune {
		switch {
		case r == '-' || unicode.IsSpace(r):
			return -1
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		}
		return r
	}, typed)
	if a == "" || len(a) > 8 || strings.ContainsFunc(a, func(r rune) bool { return !strings.ContainsRune(accountAlphabet, r) }) {
		return ""
	}
	return a
}

// IDByAccountNumber finds an order's id and number by its account number as
// typed (AccountNumberOf) inside tx.
func IDByAccountNumber(ctx context.Context, tx *sql.Tx, typed string) (id int64, number string, err error) {
	a := AccountNumberOf(typed)
	if a == "" {
		return 0, "", apperr.NotFound("Order not found")
	}
	err = tx.QueryRowContext(ctx, `SELECT id, order_number FROM orders WHERE account_number = $1`, a).Scan(&id, &number)
	if err != nil {
		return 0, "", db.RowErr(err, apperr.NotFound("Order not found"), "find order by account number")
	}
	return id, number, nil
}
