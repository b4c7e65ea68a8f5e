package payment

import (
	"context"
	"database/sql"
	"fmt"
	"sort"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// SalesOutcome is what the M-Pesa payments of a span came to, for the sales
// report: STK prompts by result, and Paybill payments.
type SalesOutcome struct {
	STK struct {
		Prompts    int         `json:"prompts"`
		Paid       int         `json:"paid"`
		PaidAmount money.Cents `json:"paid_amount"`
		Failed     int         `json:"failed"`
		Pending    int         `json:"pending"`
	} `json:"stk"`
	// Failures are the failed prompts by M-Pesa result code, the most
	// frequent first.
	Failures []Failure `json:"failures"`
	Paybill  struct {
		Payments int         `json:"payments"`
		Amount   money.Cents `json:"amount"`
		// Unmatched counts Paybill payments no order claimed yet.
		Unmatched int `json:"unmatched"`
	} `json:"paybill"`
}

// Failure is how many prompts failed with one result code, and why.
type Failure struct {
	// ResultCode is M-Pesa's; null when none came (the reconciler gave up).
	ResultCode *int   `json:"result_code"`
	Reason     string `json:"reason"`
	Count      int    `json:"count"`
}

// SalesOutcomes sums the STK prompts started and the Paybill payments received
// in sp.
//
// A span of whole Nairobi days (every report's) is read from the daily
// totals of migration 0076; any other from the payments themselves.
func (s *Service) SalesOutcomes(ctx context.Context, sp order.Span) (SalesOutcome, error) {
	if from, to, ok := sp.Days(); ok {
		if err := s.foldPaymentDays(ctx); err != nil {
			return SalesOutcome{}, err
		}
		return s.salesOutcomes(ctx, `SELECT status, NULLIF(result_code, -1), SUM(prompts), SUM(amount_cents) FROM payment_days
			WHERE day >= $1 AND day < $2 GROUP BY status, result_code HAVING SUM(prompts) <> 0 ORDER BY 1, 2`,
			`SELECT COALESCE(SUM(payments), 0), COALESCE(SUM(amount_cents), 0), COALESCE(SUM(unmatched), 0) FROM paybill_days
			WHERE day >= $1 AND day < $2`, from, to)
	}
	return s.SalesOutcomesFromPayments(ctx, sp)
}

// SalesOutcomesFromPayments is SalesOutcomes summed from the payments
// themselves: the daily totals' definition.
func (s *Service) SalesOutcomesFromPayments(ctx context.Context, sp order.Span) (SalesOutcome, error) {
	return s.salesOutcomes(ctx, `SELECT status, result_code, COUNT(*), SUM(amount_cents) FROM payments
		WHERE created_at >= $1 AND created_at < $2 GROUP BY status, result_code ORDER BY 1, 2`,
		`SELECT COUNT(order_id), COALESCE(SUM(CASE WHEN order_id IS NULL THEN 0 ELSE amount_cents END), 0),
		COUNT(*) - COUNT(order_id) FROM c2b_payments WHERE received_at >= $1 AND received_at < $2`,
		s.db.TimeArg(sp.Start), s.db.TimeArg(sp.End))
}

// foldPaymentDays folds PostgreSQL's rows of changes into one row a day and
// outcome. Writers only ever add changes, so a fold never waits for a
// checkout; two folds at once lose nothing (the second skips the rows the
// first deleted, and the folded rows are counted under a lock of their own).
func (s *Service) foldPaymentDays(ctx context.Context) error {
	if s.db.Dialect != db.Postgres {
		return nil
	}
	if _, err := s.db.Exec(ctx, `WITH gone AS (DELETE FROM payment_days WHERE NOT folded RETURNING day, status, result_code, prompts, amount_cents)
		INSERT INTO payment_days AS t (day, status, result_code, prompts, amount_cents, folded)
		SELECT day, status, result_code, SUM(prompts), SUM(amount_cents), TRUE FROM gone GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
		ON CONFLICT (day, status, result_code) WHERE folded DO UPDATE SET prompts = t.prompts + excluded.prompts,
			amount_cents = t.amount_cents + excluded.amount_cents`); err != nil {
		return fmt.Errorf("fold payment days: %w", err)
	}
	if _, err := s.db.Exec(ctx, `WITH gone AS (DELETE FROM paybill_days WHERE NOT folded RETURNING day, payments, amount_cents, unmatched)
		INSERT INTO paybill_days AS t (day, payments, amount_cents, unmatched, folded)
		SELECT day, SUM(payments), SUM(amount_cents), SUM(unmatched), TRUE FROM gone GROUP BY 1 ORDER BY 1
		ON CONFLICT (day) WHERE folded DO UPDATE SET payments = t.payments + excluded.payments,
			amount_cents = t.amount_cents + excluded.amount_cents, unmatched = t.unmatched + excluded.unmatched`); err != nil {
		return fmt.Errorf("fold paybill days: %w", err)
	}
	return nil
}

// salesOutcomes reads the prompts by status and result code (byOutcome)
// and the Paybill payments (paybill), both of range from, to.
func (s *Service) salesOutcomes(ctx context.Context, byOutcome, paybill string, from, to any) (SalesOutcome, error) {
	var out SalesOutcome
	out.Failures = []Failure{}
	type group struct {
		status string
		code   sql.NullInt64
		n      int
		amount money.Cents
	}
	groups, err := db.QueryAll(ctx, s.db, "payment outcomes", func(r db.Scanner) (g group, err error) {
		return g, r.Scan(&g.status, &g.code, &g.n, &g.amount)
	}, byOutcome, from, to)
	if err != nil {
		return SalesOutcome{}, err
	}
	for _, g := range groups {
		out.STK.Prompts += g.n
		switch g.status {
		case "succeeded":
			out.STK.Paid += g.n
			out.STK.PaidAmount += g.amount
		case "failed":
			out.STK.Failed += g.n
			f := Failure{Reason: "No answer from M-Pesa", Count: g.n}
			if g.code.Valid {
				c := int(g.code.Int64)
				f.ResultCode, f.Reason = &c, mpesa.CustomerMessage(c)
			}
			out.Failures = append(out.Failures, f)
		default:
			out.STK.Pending += g.n
		}
	}
	sort.SliceStable(out.Failures, func(i, j int) bool { return out.Failures[i].Count > out.Failures[j].Count })
	err = s.db.QueryRow(ctx, paybill, from, to).Scan(&out.Paybill.Payments, &out.Paybill.Amount, &out.Paybill.Unmatched)
	return out, err
}
