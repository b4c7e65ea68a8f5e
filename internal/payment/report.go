package payment

import (
	"context"
	"database/sql"
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
func (s *Service) SalesOutcomes(ctx context.Context, sp order.Span) (SalesOutcome, error) {
	var out SalesOutcome
	out.Failures = []Failure{}
	start, end := s.db.TimeArg(sp.Start), s.db.TimeArg(sp.End)
	type group struct {
		status string
		code   sql.NullInt64
		n      int
		amount money.Cents
	}
	groups, err := db.QueryAll(ctx, s.db, "payment outcomes", func(r db.Scanner) (g group, err error) {
		return g, r.Scan(&g.status, &g.code, &g.n, &g.amount)
	}, `SELECT status, result_code, COUNT(*), SUM(amount_cents) FROM payments
		WHERE created_at >= $1 AND created_at < $2 GROUP BY status, result_code`, start, end)
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
	err = s.db.QueryRow(ctx, `SELECT COUNT(order_id), COALESCE(SUM(CASE WHEN order_id IS NULL THEN 0 ELSE amount_cents END), 0),
		COUNT(*) - COUNT(order_id) FROM c2b_payments WHERE received_at >= $1 AND received_at < $2`, start, end).
		Scan(&out.Paybill.Payments, &out.Paybill.Amount, &out.Paybill.Unmatched)
	return out, err
}
