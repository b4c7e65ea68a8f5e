package payment

import (
	"context"
	"database/sql"
	"errors"
	"sync"
	"testing"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/payment/mpesa"
)

// startPayout stores a payout as the back office does.
func (f *fixture) startPayout(in PayoutInput) (Payout, error) {
	var p Payout
	err := f.d.Tx(context.Background(), func(tx *sql.Tx) (err error) {
		p, err = f.svc.PayoutTx(context.Background(), tx, in)
		return err
	})
	return p, err
}

func (f *fixture) payoutIs(t *testing.T, id, status string) Payout {
	t.Helper()
	var p Payout
	waitUntil(t, 30*time.Second, "payout "+id+" "+status, func() bool {
		var err error
		p, err = f.svc.PayoutByID(context.Background(), id)
		return err == nil && p.Status == status
	})
	return p
}

func agentPayout(period string, ksh int64) PayoutInput {
	return PayoutInput{Kind: PayoutAgent, PayeeID: 7, Period: period, Method: PayoutMpesa, Amount: money.FromShillings(ksh), Phone: "0733111222", Actor: "admin:1"}
}

// Many requests to pay one agent's period at once store one payout, and
// M-Pesa pays it once; another period is another payout.
func TestPayoutOncePerPeriodInParallel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		var wg sync.WaitGroup
		ids := make(chan string, 8)
		errs := make(chan error, 8)
		for range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p, err := f.startPayout(agentPayout("2026-11", 150))
				if err != nil {
					errs <- err
					return
				}
				ids <- p.ID
			}()
		}
		wg.Wait()
		close(ids)
		close(errs)
		var stored []string
		for id := range ids {
			stored = append(stored, id)
		}
		for err := range errs {
			if !isConflict(err) {
				t.Fatalf("a second payout: %v", err)
			}
		}
		if len(stored) != 1 {
			t.Fatalf("%d payouts stored for one period", len(stored))
		}
		if err := f.svc.SendPayout(context.Background(), stored[0]); err != nil {
			t.Fatal(err)
		}
		p := f.payoutIs(t, stored[0], PayoutSent)
		if p.Phone != "254733111222" || len(p.MpesaReceipt) != 10 || p.Reference != p.MpesaReceipt || f.sim.Paid() != 1 {
			t.Fatalf("payout %+v, paid %d", p, f.sim.Paid())
		}
		if _, err := f.startPayout(agentPayout("2026-11", 150)); !isConflict(err) {
			t.Fatalf("the period again after it was paid: %v", err)
		}
		if _, err := f.startPayout(agentPayout("2026-12", 150)); err != nil {
			t.Fatalf("the next period: %v", err)
		}
	})
}

// A payout whose answer was lost is sent again under its own id: M-Pesa
// refuses the duplicate, Transaction Status says it was paid, and it was
// paid once. A failed payout leaves the period open for another.
func TestPayoutResentAfterALostAnswerIsPaidOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d, 10, mpesa.CallbackOnce, time.Millisecond)
		f.withRefunds(t)
		f.sim.B2COutcome = mpesa.B2CNever
		p, err := f.startPayout(agentPayout("2026-11", 300))
		if err != nil {
			t.Fatal(err)
		}
		f.loseAnswers.Store(1)
		if err := f.svc.SendPayout(context.Background(), p.ID); err != nil {
			t.Fatal(err)
		}
		if got, _ := f.svc.PayoutByID(context.Background(), p.ID); got.Status != PayoutUnknown || f.sim.Paid() != 1 {
			t.Fatalf("after a lost answer: %+v, paid %d", got, f.sim.Paid())
		}
		f.reconcileLater(t, 2*refundFirstQuery)
		f.payoutIs(t, p.ID, PayoutSent)
		if f.sim.Paid() != 1 {
			t.Fatalf("M-Pesa paid %d times", f.sim.Paid())
		}

		f.sim.B2COutcome = "fail:2040"
		failed, err := f.startPayout(agentPayout("2026-12", 300))
		if err != nil {
			t.Fatal(err)
		}
		if err := f.svc.SendPayout(context.Background(), failed.ID); err != nil {
			t.Fatal(err)
		}
		if got := f.payoutIs(t, failed.ID, PayoutFailed); got.ResultText == "" {
			t.Fatalf("failed payout: %+v", got)
		}
		if _, err := f.startPayout(agentPayout("2026-12", 300)); err != nil {
			t.Fatalf("the period after a failed payout: %v", err)
		}
		manual := agentPayout("2027-01", 300)
		manual.Method, manual.Reference = PayoutManual, ""
		if _, err := f.startPayout(manual); err == nil {
			t.Fatal("a manual payout without its reference")
		}
		manual.Reference = "QK7H2LM9"
		if got, err := f.startPayout(manual); err != nil || got.Status != PayoutSent {
			t.Fatalf("manual payout: %+v %v", got, err)
		}
	})
}

func isConflict(err error) bool {
	var e *apperr.Error
	return errors.As(err, &e) && e.Kind == apperr.KindConflict
}
