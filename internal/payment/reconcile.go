package payment

import (
	"context"
	"errors"
	"fmt"
	"time"

	"shop/internal/db"
	"shop/internal/every"
	"shop/internal/order"
	"shop/internal/payment/mpesa"
)

// Reconciliation timing. Daraja's callback sometimes never comes; the shop
// then asks with an STK Query, first after firstQueryAfter, then less and
// less often, and gives up after giveUpAfter: the push has long expired on
// the phone by then. Giving up releases the stock; a success that still
// arrives afterwards is recorded all the same.
const (
	giveUpAfter = order.StockHold
	maxBackoff  = 5 * time.Minute
)

func backoff(queries int) time.Duration {
	d := 30 * time.Second << min(queries, 4)
	return min(d, maxBackoff)
}

// ReconcileOnce queries the pushes whose answer is late, and reports how many
// it looked at. Several instances may run it at once: each payment is claimed
// by bumping its query count before it is asked about.
func (s *Service) ReconcileOnce(ctx context.Context) (int, error) {
	now := s.now().UTC().Truncate(time.Second)
	if _, err := s.ExpireUnprompted(ctx, now); err != nil {
		return 0, err
	}
	if !s.Enabled() {
		return 0, nil
	}
	if err := s.resolveLost(ctx, now); err != nil {
		return 0, err
	}
	if err := s.applyPendingC2B(ctx); err != nil {
		return 0, err
	}
	if err := s.pullMissed(ctx, now); err != nil {
		return 0, err
	}
	if err := s.reconcileLate(ctx, now, "refunds", s.askStatus, s.SendRefund); err != nil {
		return 0, err
	}
	if err := s.reconcileLate(ctx, now, "payouts", s.askPayoutStatus, s.SendPayout); err != nil {
		return 0, err
	}
	type due struct {
		id         int64
		checkoutID string
		queries    int
		created    time.Time
	}
	list, err := db.QueryAll(ctx, s.db, "late payments", func(r db.Scanner) (d due, err error) {
		return d, r.Scan(&d.id, &d.checkoutID, &d.queries, &d.created)
	}, `SELECT id, checkout_request_id, queries, created_at FROM payments
		WHERE status = 'pending' AND checkout_request_id IS NOT NULL AND next_query_at <= $1
		ORDER BY next_query_at LIMIT 50`, now)
	if err != nil {
		return 0, err
	}
	for _, d := range list {
		next := now.Add(backoff(d.queries + 1))
		res, err := s.db.Exec(ctx, `UPDATE payments SET queries = queries + 1, next_query_at = $1 WHERE id = $2 AND queries = $3 AND status = 'pending'`,
			next, d.id, d.queries)
		if err != nil {
			return 0, fmt.Errorf("claim payment %d: %w", d.id, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue // another instance has it
		}
		q, err := s.gateway.STKQuery(ctx, d.checkoutID)
		switch {
		case err != nil:
			s.log.WarnContext(ctx, "stk query failed; will retry", "checkout_request_id", d.checkoutID, "err", err)
		case !q.Pending:
			if err := s.record(ctx, d.checkoutID, q.ResultCode, q.ResultDesc, "", nil); err != nil {
				return 0, err
			}
			continue
		}
		if now.Sub(d.created.UTC()) > giveUpAfter {
			if err := s.settle(ctx, d.id, mpesa.ResultExpired, "No answer from M-Pesa; the request expired", ""); err != nil {
				return 0, err
			}
		}
	}
	return len(list), nil
}

// Reconcile runs ReconcileOnce every interval until ctx is done. State lives
// in the database, so a restart picks up where it stopped.
func (s *Service) Reconcile(ctx context.Context, interval time.Duration) {
	every.Run(ctx, interval, s.log, "payment reconciliation", func(ctx context.Context) error {
		_, err := s.ReconcileOnce(ctx)
		return err
	})
}

// Pull Transactions timing: missed Paybill confirmations are looked for once
// a minute, over the last pullWindow (Daraja keeps 48 hours).
const (
	pullEvery  = time.Minute
	pullWindow = 6 * time.Hour
	pullPages  = 20
)

// C2BGateway is the part of the Daraja client that lists Paybill payments.
type C2BGateway interface {
	PullTransactions(ctx context.Context, from, to time.Time, offset int) ([]mpesa.C2BPayment, error)
}

// pullMissed asks Daraja for the recent Paybill payments and records those
// whose confirmation never came, through the confirmation's own path (a
// payment already stored changes nothing).
func (s *Service) pullMissed(ctx context.Context, now time.Time) error {
	g, ok := s.gateway.(C2BGateway)
	if !ok {
		return nil
	}
	s.pullMu.Lock()
	due := now.Sub(s.lastPull) >= pullEvery
	if due {
		s.lastPull = now
	}
	s.pullMu.Unlock()
	if !due {
		return nil
	}
	offset := 0
	for range pullPages {
		page, err := g.PullTransactions(ctx, now.Add(-pullWindow), now, offset)
		if err != nil {
			s.log.WarnContext(ctx, "pull transactions failed; will retry", "err", err)
			return nil
		}
		if len(page) == 0 {
			return nil
		}
		for _, p := range page {
			if err := s.receiveC2B(ctx, p, "pull"); err != nil && !errors.Is(err, errUnreadable) {
				return err
			}
		}
		offset += len(page)
	}
	return nil
}
