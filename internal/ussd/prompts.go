package ussd

import (
	"context"
	"errors"
	"fmt"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/every"
	"shop/internal/order"
)

// SendDuePrompts sends the M-Pesa prompts of USSD orders whose sessions
// have ended, and reports how many it sent. Each is claimed before it is
// sent, so two instances never send one twice; a crash between the claim
// and the push loses that prompt, never doubles it, and the farmer still
// has the Paybill steps and the payment link by SMS.
func (s *Service) SendDuePrompts(ctx context.Context) (int, error) {
	if !s.Payments.Enabled() {
		return 0, nil
	}
	now := s.at(s.now())
	type due struct {
		orderID int64
		phone   string
	}
	list, err := db.QueryAll(ctx, s.DB, "due ussd prompts", func(r db.Scanner) (d due, err error) {
		return d, r.Scan(&d.orderID, &d.phone)
	}, `SELECT order_id, phone FROM ussd_prompts WHERE sent_at IS NULL AND due_at <= $1 ORDER BY due_at LIMIT 50`, now)
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, d := range list {
		if ctx.Err() != nil {
			return sent, nil // stopped (the job's lease lost, a shutdown): the rest wait for the next sender
		}
		res, err := s.DB.Exec(ctx, `UPDATE ussd_prompts SET sent_at = $1 WHERE order_id = $2 AND sent_at IS NULL`, now, d.orderID)
		if err != nil {
			return sent, fmt.Errorf("claim ussd prompt: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			continue // another instance has it
		}
		// A claimed prompt is sent and its outcome recorded to the end even
		// when the job is told to stop: cut off, it would be lost, as in a
		// crash, though nothing crashed.
		sending, cancel := context.WithTimeout(context.WithoutCancel(ctx), promptFor)
		pushed, err := s.prompt(sending, d.orderID, d.phone)
		cancel()
		if err != nil {
			return sent, err
		}
		if pushed {
			sent++
		}
	}
	return sent, nil
}

// promptFor bounds one claimed prompt's push and record.
const promptFor = time.Minute

// prompt sends the claimed prompt of an order and records its outcome:
// sent, refused by M-Pesa, or skipped. It reports whether the prompt went
// to M-Pesa.
func (s *Service) prompt(ctx context.Context, orderID int64, phone string) (pushed bool, err error) {
	outcome := "sent"
	o, err := s.Orders.ByID(ctx, orderID)
	if err == nil {
		var st order.PaymentStart
		st, err = s.Payments.Prompt(ctx, o, phone, "ussd:"+phone, "ussd")
		if err == nil && st.PushErr != nil {
			outcome = "refused: " + st.PushErr.Error()
		}
	}
	var e *apperr.Error
	switch {
	case errors.As(err, &e):
		// Paid by Paybill meanwhile, a prompt already waiting, a limit:
		// nothing more to send.
		outcome = "skipped: " + e.Message
	case err != nil:
		return false, err
	default:
		pushed = true
	}
	if _, err := s.DB.Exec(ctx, `UPDATE ussd_prompts SET outcome = $1 WHERE order_id = $2`, clip(outcome, 200), orderID); err != nil {
		return false, fmt.Errorf("ussd prompt outcome: %w", err)
	}
	return pushed, nil
}

// Run sends due prompts every interval until ctx is done.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	every.Run(ctx, interval, s.Log, "ussd prompts", func(ctx context.Context) error {
		_, err := s.SendDuePrompts(ctx)
		return err
	})
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
