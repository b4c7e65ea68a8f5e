package rider

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/order"
	"shop/internal/phone"
	"shop/internal/ratelimit"
)

// Rider is the rider acting: their account and how the order's history
// names them.
type Rider struct {
	ID    int64
	Email string
}

func (r Rider) actor() string { return "rider:" + r.Email }

// assigned is a rider's delivery row, read under the order's lock.
type assigned struct {
	order    order.Order
	code     string
	attempts int
	outcome  string
}

// mineTx loads order number's delivery for rider r inside tx, under the
// order's lock. Another rider's delivery is not found, as an order that
// does not exist: a rider learns nothing of deliveries not theirs.
func (s *Service) mineTx(ctx context.Context, tx *sql.Tx, r Rider, number string) (assigned, error) {
	o, err := s.orders.ByNumberTx(ctx, tx, number)
	if errors.Is(err, apperr.ErrNotFound) {
		return assigned{}, apperr.NotFound(MsgNotFound)
	}
	if err != nil {
		return assigned{}, err
	}
	if err := s.payments.LockOrderTx(ctx, tx, o.ID); err != nil {
		return assigned{}, err
	}
	var a assigned
	var riderID sql.NullInt64
	err = tx.QueryRowContext(ctx, `SELECT rider_id, code, code_attempts, outcome FROM rider_deliveries WHERE order_id = $1`, o.ID).
		Scan(&riderID, &a.code, &a.attempts, &a.outcome)
	if db.NoRows(err) || (err == nil && riderID.Int64 != r.ID) {
		return assigned{}, apperr.NotFound(MsgNotFound)
	}
	if err != nil {
		return assigned{}, err
	}
	if a.order, err = s.orders.ByIDTx(ctx, tx, o.ID); err != nil {
		return assigned{}, err
	}
	return a, nil
}

// mine checks that order number is rider r's delivery and returns it.
func (s *Service) mine(ctx context.Context, r Rider, number string) (assigned, error) {
	var a assigned
	err := s.db.Tx(ctx, func(tx *sql.Tx) (err error) {
		a, err = s.mineTx(ctx, tx, r, number)
		return err
	})
	return a, err
}

// One returns rider r's delivery number as the screen shows it: what the
// screen polls while a prompt waits.
func (s *Service) One(ctx context.Context, r Rider, number string) (Delivery, error) {
	a, err := s.mine(ctx, r, number)
	if err != nil {
		return Delivery{}, err
	}
	o, err := s.orders.ByID(ctx, a.order.ID)
	if err != nil {
		return Delivery{}, err
	}
	d := view(o, s.payments)
	d.Outcome = a.outcome
	return d, nil
}

// CollectBucket is the rate-limit bucket of the door prompts of an order.
func CollectBucket(orderID int64) string { return fmt.Sprintf("rider:collect:%d", orderID) }

// Collect sends the M-Pesa prompt for what rider r's delivery number still
// owes to the customer's phone, or to payer when the customer gives
// another number. While a prompt waits, tapping again sends nothing more.
func (s *Service) Collect(ctx context.Context, r Rider, number, payer, ip string) (order.PaymentStart, error) {
	a, err := s.mine(ctx, r, number)
	if err != nil {
		return order.PaymentStart{}, err
	}
	if a.outcome != "" {
		return order.PaymentStart{}, apperr.Conflict(MsgFinished)
	}
	to := a.order.Customer.Phone
	if strings.TrimSpace(payer) != "" {
		p, ok := phone.Normalize(payer)
		if !ok {
			return order.PaymentStart{}, apperr.InvalidField("phone", order.MsgPhoneInvalid)
		}
		to = p
	}
	if to == "" {
		return order.PaymentStart{}, apperr.InvalidField("phone", order.MsgMpesaPhone)
	}
	return s.payments.CollectAtDoor(ctx, a.order, to, ip, r.actor(), ratelimit.Check{Bucket: CollectBucket(a.order.ID), Limit: CollectLimit})
}

// Delivered records that rider r handed over delivery number: with the
// customer's delivery code, or, for a pay-on-delivery order, once the
// shop's server has its whole payment (the code is then not needed: the
// customer paid from their phone at the door). A pay-on-delivery order
// with money still due is never handed over. Wrong codes count; after
// MaxCodeAttempts only the shop can help.
func (s *Service) Delivered(ctx context.Context, r Rider, number, code string) (Delivery, error) {
	code = strings.TrimSpace(code)
	wrong := false
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		a, err := s.mineTx(ctx, tx, r, number)
		if err != nil {
			return err
		}
		switch a.outcome {
		case "delivered":
			return nil // a second tap: done already
		case "refused":
			return apperr.Conflict(MsgFinished)
		}
		o := a.order
		received, err := s.payments.ReceivedTx(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		paidAtDoor := o.PayOnDelivery && received >= o.Total
		if o.PayOnDelivery && !paidAtDoor {
			return apperr.Conflict(fmt.Sprintf(MsgCollectFirst, (o.Total - received).Ksh()))
		}
		how := "paid at the door"
		if !paidAtDoor {
			switch {
			case a.attempts >= MaxCodeAttempts:
				return apperr.Conflict(MsgCodeLocked)
			case code == "":
				return apperr.InvalidField("code", MsgCodeRequired)
			case code != a.code:
				wrong = true
				_, err := tx.ExecContext(ctx, `UPDATE rider_deliveries SET code_attempts = code_attempts + 1, updated_at = CURRENT_TIMESTAMP WHERE order_id = $1`, o.ID)
				return err
			}
			how = "with the delivery code"
		}
		// An order the shop did not mark dispatched is, once at the door.
		for _, step := range []order.Status{order.Processing, order.Dispatched} {
			if o.Status != order.Dispatched && order.CanMove(o.Delivery.Kind, o.Status, step) {
				if o, err = order.Move(ctx, tx, o, step, "Handed to the rider", r.actor()); err != nil {
					return err
				}
			}
		}
		if _, err := order.Move(ctx, tx, o, order.Delivered, "Delivered by the rider, "+how, r.actor()); err != nil {
			return err
		}
		collected := received - o.ShippingCharge
		if !o.PayOnDelivery || collected < 0 {
			collected = 0
		}
		_, err = tx.ExecContext(ctx, `UPDATE rider_deliveries SET outcome = 'delivered', outcome_at = $1, collected_cents = $2, updated_at = CURRENT_TIMESTAMP
			WHERE order_id = $3`, s.db.TimeArg(s.now()), int64(collected), o.ID)
		return err
	})
	if err != nil {
		return Delivery{}, fmt.Errorf("deliver %s: %w", number, err)
	}
	if wrong {
		return Delivery{}, apperr.InvalidField("code", MsgCodeWrong)
	}
	return s.One(ctx, r, number)
}

// MaxReason bounds a refusal's reason.
const MaxReason = 300

// Refused records that the customer of rider r's delivery number refused
// it, with reason. The order is cancelled at once, which puts its stock
// back: the rider brings the goods back to the store the same day
// (docs/product.md, "The rider's screen"). The delivery fee paid up front
// is kept; money paid for the goods is flagged for a refund. The
// customer's phone is offered pay on delivery no more.
func (s *Service) Refused(ctx context.Context, r Rider, number, reason string) (Delivery, error) {
	reason = strings.TrimSpace(reason)
	switch {
	case reason == "":
		return Delivery{}, apperr.InvalidField("reason", MsgReasonRequired)
	case utf8.RuneCountInString(reason) > MaxReason:
		return Delivery{}, apperr.InvalidField("reason", order.MsgTooLong)
	}
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		a, err := s.mineTx(ctx, tx, r, number)
		if err != nil {
			return err
		}
		switch a.outcome {
		case "refused":
			return nil
		case "delivered":
			return apperr.Conflict(MsgFinished)
		}
		o := a.order
		received, err := s.payments.ReceivedTx(ctx, tx, o.ID)
		if err != nil {
			return err
		}
		kept := received
		if o.PayOnDelivery {
			kept = min(received, o.ShippingCharge)
		}
		if extra := received - kept; extra > 0 {
			msg := fmt.Sprintf(msgRefusedPaid, received.Ksh())
			if o.PayOnDelivery {
				msg = fmt.Sprintf(msgRefusedDoorPaid, extra.Ksh())
			}
			o.Attention = msg
		}
		if _, err := order.RefuseTx(ctx, tx, o, "Refused at the door: "+reason, r.actor()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE rider_deliveries SET outcome = 'refused', reason = $1, outcome_at = $2, updated_at = CURRENT_TIMESTAMP
			WHERE order_id = $3`, reason, s.db.TimeArg(s.now()), o.ID); err != nil {
			return err
		}
		for _, p := range []string{o.Customer.Phone, paymentPhone(o)} {
			if p == "" {
				continue
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO refused_phones (phone, order_id, reason) VALUES ($1, $2, $3) ON CONFLICT (phone) DO NOTHING`,
				p, o.ID, reason); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Delivery{}, fmt.Errorf("refuse %s: %w", number, err)
	}
	return s.One(ctx, r, number)
}

func paymentPhone(o order.Order) string {
	if o.Payment == nil {
		return ""
	}
	return o.Payment.Phone
}
