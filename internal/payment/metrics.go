package payment

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"time"

	"shop/internal/db"
)

// Outcome counts the payments with one status and result code, for /metrics.
type Outcome struct {
	Status string
	// ResultCode is Daraja's code as text; "" while a payment waits.
	ResultCode string
	Count      int
}

// Outcomes counts every payment by status and result code.
func (s *Service) Outcomes(ctx context.Context) ([]Outcome, error) {
	return db.QueryAll(ctx, s.db, "payment outcomes", func(r db.Scanner) (o Outcome, err error) {
		var code sql.NullInt64
		err = r.Scan(&o.Status, &code, &o.Count)
		if code.Valid {
			o.ResultCode = strconv.FormatInt(code.Int64, 10)
		}
		return o, err
	}, `SELECT status, result_code, COUNT(*) FROM payments GROUP BY status, result_code`)
}

// Backlog is the reconciler's work: payments still waiting for M-Pesa's
// answer, those due to be asked about now, and how long the oldest has waited.
type Backlog struct {
	Pending, Due int
	OldestAge    time.Duration
}

// Backlog reads the reconciler's backlog at now.
func (s *Service) Backlog(ctx context.Context, now time.Time) (Backlog, error) {
	var b Backlog
	err := s.db.QueryRow(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN next_query_at <= $1 THEN 1 ELSE 0 END), 0)
		FROM payments WHERE status = 'pending'`, now.UTC()).Scan(&b.Pending, &b.Due)
	if err != nil || b.Pending == 0 {
		return b, wrap("reconciler backlog", err)
	}
	// The column itself, not MIN(): SQLite hands an aggregate back as text.
	var oldest time.Time
	if err := s.db.QueryRow(ctx, `SELECT created_at FROM payments WHERE status = 'pending' ORDER BY created_at LIMIT 1`).
		Scan(&oldest); err != nil {
		return b, wrap("oldest pending payment", err)
	}
	b.OldestAge = max(0, now.Sub(oldest))
	return b, nil
}

func wrap(what string, err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("%s: %w", what, err)
}
