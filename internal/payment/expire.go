package payment

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"shop/internal/db"
	"shop/internal/order"
)

// DefaultUnpromptedHold is how long an order waiting for its money with no
// M-Pesa prompt on a phone keeps its stock (SHOP_SMS_LINK_ORDER_HOURS).
const DefaultUnpromptedHold = 24 * time.Hour

// ExpireUnprompted ends the wait of orders that have waited for their money
// longer than the hold with no prompt on a phone, such as a staff phone
// order sent as an SMS link and never paid: like a web order whose prompt
// failed, each becomes payment_failed and its stock goes back on sale,
// once; money that still comes pays it as usual, taking the stock again
// (docs/payments.md section 10). It reports how many it ended.
func (s *Service) ExpireUnprompted(ctx context.Context, now time.Time) (int, error) {
	cutoff := now.Add(-s.unpromptedHold)
	ids, err := db.QueryAll(ctx, s.db, "orders past their hold", scanOne[int64],
		`SELECT o.id FROM orders o WHERE o.status = $1 AND o.stock_reserved AND o.created_at < $2
		AND NOT EXISTS (SELECT 1 FROM payments p WHERE p.order_id = o.id AND (p.status = 'pending' OR p.created_at >= $2))
		ORDER BY o.id LIMIT 100`, string(order.PendingPayment), s.db.TimeArg(cutoff))
	if err != nil {
		return 0, err
	}
	note := fmt.Sprintf("No payment within %s: the stock is back on sale", hoursText(s.unpromptedHold))
	ended := 0
	for _, id := range ids {
		err := s.db.Tx(ctx, func(tx *sql.Tx) error {
			if err := lockOrder(ctx, tx, s.db.Dialect, id); err != nil {
				return err
			}
			o, err := s.orders.ByIDTx(ctx, tx, id)
			if err != nil || o.Status != order.PendingPayment || !o.StockReserved {
				return err // paid, or ended by another instance, meanwhile
			}
			// A prompt sent since the list was read keeps the order waiting.
			if p, ok, err := latestTx(ctx, tx, id); err != nil || ok && (p.Status == "pending" || !p.StartedAt.Before(cutoff)) {
				return err
			}
			if _, err := order.Move(ctx, tx, o, order.PaymentFailed, note, order.ActorExpiry); err != nil {
				return err
			}
			ended++
			return nil
		})
		if err != nil {
			return ended, fmt.Errorf("end the wait of order %d: %w", id, err)
		}
	}
	if ended > 0 {
		s.log.InfoContext(ctx, "unpaid orders past their hold: stock back on sale", "orders", ended)
	}
	return ended, nil
}

// hoursText is a hold in whole hours, as the history says it.
func hoursText(d time.Duration) string {
	if h := int(d / time.Hour); h == 1 {
		return "1 hour"
	} else if h > 1 {
		return fmt.Sprintf("%d hours", h)
	}
	return d.String()
}
