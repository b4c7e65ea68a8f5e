package payment

import (
	"context"
	"database/sql"
	"fmt"

	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/order"
)

// The crediting core that STK pushes and Paybill payments share: money that
// came in for an order moves it, under the order's lock, by one set of rules
// (docs/payments.md section 10, "Crediting").

// lockOrder serialises the money arriving for one order: an STK success and
// a Paybill payment at the same moment add up, and the order is paid once.
func lockOrder(ctx context.Context, tx *sql.Tx, d db.Dialect, orderID int64) error {
	return db.LockKey(ctx, tx, d, fmt.Sprintf("order#%d", orderID))
}

// credit is money that came in for an order.
type credit struct {
	how     string // "M-Pesa" or "M-Pesa Paybill"
	receipt string
	amount  money.Cents
}

func (c credit) String() string {
	s := c.how + " payment"
	if c.receipt != "" {
		s += " " + c.receipt
	}
	return s + " of " + c.amount.Ksh()
}

// creditTx moves order o, which the caller locked, after money c has been
// recorded for it: an order waiting for payment is paid once what it
// received covers its total (flagged when it is more); a part payment
// leaves it waiting; money for a cancelled or already paid order flags it
// for a person. It returns the order when it became paid.
func (s *Service) creditTx(ctx context.Context, tx *sql.Tx, o order.Order, c credit) (*order.Order, error) {
	received, err := paidTx(ctx, tx, o.ID)
	if err != nil {
		return nil, err
	}
	if o.PayOnDelivery && o.Status != order.Cancelled && received < o.Total {
		return s.creditOnDeliveryTx(ctx, tx, o, c, received)
	}
	if o.AtTheDoor() {
		return s.paidAtTheDoorTx(ctx, tx, o, c, received)
	}
	switch {
	case o.Status == order.Cancelled:
		return nil, order.SetAttention(ctx, tx, o.ID, fmt.Sprintf("%s arrived for a cancelled order (received %s in all): refund it.", c, received.Ksh()))
	case !order.CanMove(o.Delivery.Kind, o.Status, order.Paid):
		return nil, order.SetAttention(ctx, tx, o.ID, fmt.Sprintf("Overpaid by %s: %s arrived after the order was %s (received %s for %s); refund the difference.",
			(received-o.Total).Ksh(), c, o.Status, received.Ksh(), o.Total.Ksh()))
	}
	if received < o.Total {
		return nil, order.NoteTx(ctx, tx, o, fmt.Sprintf("%s received; %s still due", c, (o.Total-received).Ksh()), "mpesa")
	}
	if o.Attention == msgReferenceLost {
		o.Attention = "" // the lost push's money has come
	}
	if over := received - o.Total; over > 0 {
		o.Attention = fmt.Sprintf("Overpaid by %s (received %s for %s): refund the difference.", over.Ksh(), received.Ksh(), o.Total.Ksh())
	}
	moved, err := order.Move(ctx, tx, o, order.Paid, c.String()+" received", "mpesa")
	if err != nil {
		return nil, err
	}
	// KRA's invoice is queued with the payment, so no paid order goes without one.
	if s.invoices != nil {
		// The order mail's receipt says the invoice is pending, not that
		// there is none.
		if moved.Etims, err = s.invoices.OrderPaidTx(ctx, tx, moved); err != nil {
			return nil, err
		}
	}
	// The order mail names the payment that completed the order.
	moved.AmountPaid = received
	moved.Payment = &order.Payment{Status: "succeeded", Receipt: c.receipt, Amount: c.amount}
	moved.Receipts, err = receiptsTx(ctx, tx, o.ID)
	return &moved, err
}

// paidHookTx runs the paid hook (the order mail) inside the transaction that
// paid the order: the mail is queued exactly when the payment is kept.
func (s *Service) paidHookTx(ctx context.Context, tx *sql.Tx, paid *order.Order) error {
	if paid == nil || s.OnPaidTx == nil {
		return nil
	}
	if err := s.OnPaidTx(ctx, tx, *paid); err != nil {
		return fmt.Errorf("order %s paid: %w", paid.Number, err)
	}
	return nil
}

// unpaidHookTx runs the hook of a first failed prompt (the mail with the
// Paybill guide) inside the transaction that recorded the failure.
func (s *Service) unpaidHookTx(ctx context.Context, tx *sql.Tx, unpaid *order.Order) error {
	if unpaid == nil || s.OnUnpaidTx == nil {
		return nil
	}
	if err := s.OnUnpaidTx(ctx, tx, *unpaid); err != nil {
		return fmt.Errorf("order %s payment failed: %w", unpaid.Number, err)
	}
	return nil
}

// creditOnDeliveryTx credits a pay-on-delivery order that has not received
// its whole total: its fee paid (or more) while it waits for the fee holds
// its goods for the door (awaiting_delivery_payment, returned as the order
// confirmed, for the mail); any other part payment is a note.
func (s *Service) creditOnDeliveryTx(ctx context.Context, tx *sql.Tx, o order.Order, c credit, received money.Cents) (*order.Order, error) {
	waiting := o.Status == order.PendingPayment || o.Status == order.PaymentFailed
	if !waiting || received < o.ShippingCharge {
		return nil, order.NoteTx(ctx, tx, o, fmt.Sprintf("%s received; %s still due", c, (o.Total-received).Ksh()), "mpesa")
	}
	if o.Attention == msgReferenceLost {
		o.Attention = ""
	}
	moved, err := order.Move(ctx, tx, o, order.AwaitingDeliveryPayment,
		fmt.Sprintf("%s received: the delivery fee is paid, %s is paid on delivery", c, (o.Total-received).Ksh()), "mpesa")
	if err != nil {
		return nil, err
	}
	moved.AmountPaid, moved.BalanceDue = received, o.Total-received
	moved.Payment = &order.Payment{Status: "succeeded", Receipt: c.receipt, Amount: c.amount}
	moved.Receipts, err = receiptsTx(ctx, tx, o.ID)
	return &moved, err
}

// paidAtTheDoorTx credits a pay-on-delivery order whose goods are now
// paid (received covers its total). Before the rider leaves it becomes an
// ordinary paid order; on its way it stays dispatched, noted paid, and the
// rider hands the goods over (docs/payments.md, "Pay on delivery"). Its KRA
// invoice is queued now, as a paid order's is. Nothing is returned: the
// confirmation went with the fee.
func (s *Service) paidAtTheDoorTx(ctx context.Context, tx *sql.Tx, o order.Order, c credit, received money.Cents) (*order.Order, error) {
	if over := received - o.Total; over > 0 {
		if err := order.SetAttention(ctx, tx, o.ID, fmt.Sprintf("Overpaid by %s (received %s for %s): refund the difference.", over.Ksh(), received.Ksh(), o.Total.Ksh())); err != nil {
			return nil, err
		}
	}
	paid := o
	if o.Status == order.AwaitingDeliveryPayment {
		moved, err := order.Move(ctx, tx, o, order.Paid, c.String()+" received: paid in full before delivery", "mpesa")
		if err != nil {
			return nil, err
		}
		paid = moved
	} else if err := order.NoteTx(ctx, tx, o, c.String()+" received at the door: paid in full", "mpesa"); err != nil {
		return nil, err
	}
	if s.invoices != nil {
		if _, err := s.invoices.OrderPaidTx(ctx, tx, paid); err != nil {
			return nil, err
		}
	}
	return nil, nil
}
