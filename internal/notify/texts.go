package notify

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"shop/internal/db"
	"shop/internal/every"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/sms"
)

// Texts tells farmers by SMS what happens to their orders. It reads the
// order history after its cursor and queues each step's messages in one
// transaction with the cursor's move: the history is written with the step
// itself, so no step is missed after a crash, and a message's key (the
// event and the recipient) queues it once however often the step is read
// (docs/notifications.md).
type Texts struct {
	DB     *db.DB
	Orders *order.Store
	Queue  *sms.Queue
	// PublicURL starts the short links; BusinessPhone (254XXXXXXXXX, or "")
	// is told of each paid order.
	PublicURL     string
	BusinessPhone string
	Log           *slog.Logger
	// DeliveryCode is a home delivery's four-digit code, which the
	// dispatch text gives the customer for the rider (internal/rider); nil:
	// none.
	DeliveryCode func(ctx context.Context, o order.Order) (string, error)
	// USSDCode is the code farmers dial to order and pay (SHOP_USSD_CODE,
	// such as *384*123#), added to the texts that ask for the money when it
	// fits their one segment; "" when the business has none.
	USSDCode string
}

// text is one message to queue.
type text struct {
	orderID             int64
	key, kind, to, body string
}

// Once queues the messages of the steps since the cursor and reports how
// many steps it read.
func (n *Texts) Once(ctx context.Context) (int, error) {
	if !n.Queue.Enabled() {
		return 0, nil
	}
	cursor, err := readCursor(ctx, n.DB, "sms")
	if err != nil {
		return 0, err
	}
	events, err := n.Orders.EventsAfter(ctx, cursor, 100)
	if err != nil || len(events) == 0 {
		return 0, err
	}
	var texts []text
	for _, e := range events {
		t, err := n.compose(ctx, e)
		if err != nil {
			return 0, err
		}
		texts = append(texts, t...)
	}
	last := events[len(events)-1].ID
	err = n.DB.Tx(ctx, func(tx *sql.Tx) error {
		for _, t := range texts {
			if _, err := n.Queue.EnqueueTx(ctx, tx, t.key, t.orderID, t.kind, t.to, t.body); err != nil {
				return err
			}
		}
		return advanceTx(ctx, tx, "sms", last)
	})
	if err != nil {
		return 0, fmt.Errorf("queue order texts: %w", err)
	}
	return len(events), nil
}

// compose writes the messages one step of an order's history announces.
func (n *Texts) compose(ctx context.Context, e order.Event) ([]text, error) {
	if e.From == e.To {
		return nil, nil // a note, such as a part payment
	}
	o, err := n.Orders.ByID(ctx, e.OrderID)
	if err != nil {
		return nil, err
	}
	code, err := n.Orders.ShortCode(ctx, o.ID)
	if err != nil {
		return nil, err
	}
	link := n.PublicURL + "/o/" + code
	if o.Channel != order.ChannelWeb && (e.To == order.PendingPayment || e.To == order.PaymentFailed) {
		// An order placed by phone or USSD: the farmer may have no account
		// and no browser session, so its texts about paying open the
		// payment link (internal/paylink), with the Paybill steps and a
		// button for the prompt.
		link = n.PublicURL + "/pay/" + code
	}
	key := func(what string) string { return fmt.Sprintf("order:%d:%s", o.ID, what) }
	customer := func(kind, body string) text { return text{o.ID, key(kind), kind, o.Customer.Phone, body} }
	if o.Customer.Phone == "" && e.To != order.Paid && e.To != order.AwaitingDeliveryPayment {
		return nil, nil // an erased customer's order: nobody to text
	}
	switch e.To {
	case order.PendingPayment:
		if e.From != "" {
			return nil, nil // a retry: the prompt itself is the message
		}
		if paying(o) {
			return nil, nil // no "please pay" beside money on its way
		}
		return []text{customer("received", Received(o, link, n.USSDCode))}, nil
	case order.PaymentFailed:
		if paying(o) || e.Actor == order.ActorExpiry {
			return nil, nil
		}
		return []text{customer("failed", Failed(o, link, n.USSDCode))}, nil
	case order.Paid, order.AwaitingDeliveryPayment:
		// A pay-on-delivery order is confirmed by its fee: the customer is
		// told what was received, the business that there is an order to send.
		var out []text
		if o.Customer.Phone != "" {
			// The receipt is the payment that completed the order: an STK
			// push, or a Paybill payment, newest first.
			if d, err := n.Orders.DetailOf(ctx, o); err == nil {
				for _, p := range d.Payments {
					if p.Status == "succeeded" && p.Receipt != "" {
						o.Payment = &p
						break
					}
				}
			}
			out = append(out, customer("paid", Paid(o, link)))
		}
		if n.BusinessPhone != "" {
			out = append(out, text{o.ID, key("business"), "business", n.BusinessPhone, NewOrder(o, n.PublicURL)})
		}
		return out, nil
	case order.Dispatched:
		if n.DeliveryCode != nil {
			code, err := n.DeliveryCode(ctx, o)
			if err != nil {
				return nil, err
			}
			if code != "" {
				return []text{customer("dispatched", DispatchedWithCode(o, link, code))}, nil
			}
		}
		return []text{customer("dispatched", Dispatched(o, link))}, nil
	case order.Delivered:
		return []text{customer("delivered", Delivered(o, link))}, nil
	case order.ReadyForPickup:
		return []text{customer("ready", ReadyForPickup(o, link))}, nil
	case order.Collected:
		return []text{customer("collected", Collected(o, link))}, nil
	}
	return nil, nil
}

// paying reports whether order o, read when its step is, needs no "please
// pay": it is paid or no longer waiting, some money has come, or a prompt is
// on the customer's phone (its own failure, or the money, is texted then).
func paying(o order.Order) bool {
	return o.Status != order.PendingPayment && o.Status != order.PaymentFailed || o.AmountPaid > 0 ||
		o.Payment != nil && o.Payment.Status == "pending"
}

// Run queues new steps' messages and sends what is due every interval,
// until ctx is done; a failure to queue does not hold back sending.
func (n *Texts) Run(ctx context.Context, interval time.Duration) {
	every.Run(ctx, interval, n.Log, "order texts", func(ctx context.Context) error {
		_, queueErr := n.Once(ctx)
		_, sendErr := n.Queue.SendDue(ctx)
		return errors.Join(queueErr, sendErr)
	})
}

// The messages, in the order's language (Kiswahili in texts_sw.go; the
// business's stays English). Each fits one 160-character GSM-7 segment with
// the longest real values (a test checks): plain words, no characters
// outside GSM-7.

// smsWords are the customer's texts in one language: formats of the same
// values in every language, so each message is put together once.
type smsWords struct {
	// account names the Paybill account in payBy's few words.
	account string
	// received is a format of the order number, the amount due, how to pay
	// and the link; promptOnPhone is how to pay without a Paybill.
	received, promptOnPhone string
	// failedPayBy are formats of the amount due, the order number, how to
	// pay and the link, longest first; failed, without a Paybill, of the
	// amount, the number and link.
	failedPayBy []string
	failed      string
	// dial is a format of the USSD code, added when it fits.
	dial string
	// receipt starts the receipt; paid is a format of the amount, the order
	// number, the receipt and the link.
	receipt, paid string
	// with starts the courier, tracking its tracking number; dispatched
	// are formats of the order number, the courier (then not) and the link.
	with, tracking string
	dispatched     [2]string
	// withCode are formats of the order number, the courier (then not),
	// the delivery code and the link, each shorter than the one before.
	withCode [3]string
	// ready are formats of the order number, the pickup point, its hours
	// and the link, each shorter than the one before.
	ready [3]string
	// collected and delivered are formats of the order number and link.
	collected, delivered string
}

var englishSMS = smsWords{
	account:       ", account ",
	received:      "Mifugo Bora: order %s received, %s due. %s. %s",
	promptOnPhone: "Pay with the M-Pesa request on your phone",
	failedPayBy: []string{"Mifugo Bora: payment of %s for %s failed. %s, or try again: %s",
		"Mifugo Bora: %s for %s failed. %s, or try again: %s"},
	failed:  "Mifugo Bora: payment of %s for %s failed. Try again: %s",
	dial:    " Or dial %s.",
	receipt: ", M-Pesa receipt ",
	paid:    "Mifugo Bora: %s received for %s%s. Thank you! %s",
	with:    " with ", tracking: ", tracking ",
	dispatched: [2]string{"Mifugo Bora: order %s is on its way%s. %s", "Mifugo Bora: order %s is on its way. %s"},
	withCode: [3]string{"Mifugo Bora: order %s is on its way%s. Delivery code %s: give it to the rider only at your door. %s",
		"Mifugo Bora: order %s is on its way%s. Delivery code %s. %s",
		"Mifugo Bora: order %s is on its way%.0s. Delivery code %s. %s"},
	ready: [3]string{"Mifugo Bora: order %s is ready for pickup at %s, open %s. %s",
		"Mifugo Bora: order %s is ready for pickup at %s. %s",
		"Mifugo Bora: order %s is ready for pickup. %s"},
	collected: "Mifugo Bora: order %s was collected. Thank you for buying from us! %s",
	delivered: "Mifugo Bora: order %s was delivered. Thank you for buying from us! %s",
}

// smsIn is the texts' words in language l.
func smsIn(l i18n.Lang) *smsWords {
	if l == i18n.Kiswahili {
		return &kiswahiliSMS
	}
	return &englishSMS
}

// payBy is the Paybill (or till) road in a few words, or "" without one.
func payBy(o order.Order, w *smsWords) string {
	switch g := o.Paybill; {
	case g == nil:
		return ""
	case g.Kind == "till":
		return "Buy Goods till " + g.Number
	default:
		return "Pay Bill " + g.Number + w.account + g.Account
	}
}

// Received: the order is in and waits for its payment; ussd, when set, is
// the code to dial, added when it fits.
func Received(o order.Order, link, ussd string) string {
	w := smsIn(o.Lang)
	how := payBy(o, w)
	if how == "" {
		how = w.promptOnPhone
	}
	return withDial(w, ussd, fmt.Sprintf(w.received, o.Number, due(o).Ksh(), how, link))
}

// Failed: the prompt for the amount due failed; pay by Paybill, or try
// again (or dial ussd, when set and it fits).
func Failed(o order.Order, link, ussd string) string {
	w := smsIn(o.Lang)
	how := payBy(o, w)
	if how == "" {
		return withDial(w, ussd, fmt.Sprintf(w.failed, due(o).Ksh(), o.Number, link))
	}
	texts := make([]string, len(w.failedPayBy))
	for i, f := range w.failedPayBy {
		texts[i] = fmt.Sprintf(f, due(o).Ksh(), o.Number, how, link)
	}
	return withDial(w, ussd, oneSegment(texts...))
}

// due is what o asks for now: its Paybill guide's amount (a pay-on-delivery
// order's fee), else its balance.
func due(o order.Order) money.Cents {
	if o.Paybill != nil {
		return o.Paybill.Amount
	}
	return o.BalanceDue
}

// withDial adds the USSD code to text when there is one and it still fits
// one segment.
func withDial(w *smsWords, ussd, text string) string {
	if ussd == "" {
		return text
	}
	return oneSegment(text+fmt.Sprintf(w.dial, ussd), text)
}

// Paid: the money came, with its receipt.
func Paid(o order.Order, link string) string {
	w := smsIn(o.Lang)
	receipt := ""
	if o.Payment != nil && o.Payment.Receipt != "" {
		receipt = w.receipt + o.Payment.Receipt
	}
	return fmt.Sprintf(w.paid, o.AmountPaid.Ksh(), o.Number, receipt, link)
}

// Dispatched: the order is on its way, with its courier and tracking number.
func Dispatched(o order.Order, link string) string {
	w := smsIn(o.Lang)
	with := ""
	if o.Courier != "" {
		with = w.with + o.Courier
		if o.TrackingNumber != "" {
			with += w.tracking + o.TrackingNumber
		}
	}
	return oneSegment(
		fmt.Sprintf(w.dispatched[0], o.Number, with, link),
		fmt.Sprintf(w.dispatched[1], o.Number, link))
}

// DispatchedWithCode: a home delivery is on its way, with the code its
// customer gives the rider at the door (internal/rider).
func DispatchedWithCode(o order.Order, link, code string) string {
	w := smsIn(o.Lang)
	with := ""
	if o.Courier != "" {
		with = w.with + o.Courier
	}
	return oneSegment(
		fmt.Sprintf(w.withCode[0], o.Number, with, code, link),
		fmt.Sprintf(w.withCode[1], o.Number, with, code, link),
		fmt.Sprintf(w.withCode[2], o.Number, with, code, link))
}

// ReadyForPickup: the order waits at its pickup point, open at its hours.
func ReadyForPickup(o order.Order, link string) string {
	w := smsIn(o.Lang)
	return oneSegment(
		fmt.Sprintf(w.ready[0], o.Number, o.Delivery.Name, o.Delivery.Hours, link),
		fmt.Sprintf(w.ready[1], o.Number, o.Delivery.Name, link),
		fmt.Sprintf(w.ready[2], o.Number, link))
}

// Collected: the farmer has the order.
func Collected(o order.Order, link string) string {
	return fmt.Sprintf(smsIn(o.Lang).collected, o.Number, link)
}

// oneSegment is the first of texts, longest first, that fits one GSM-7
// segment (the last if none does): a long courier or pickup name costs a
// detail, not a second message.
func oneSegment(texts ...string) string {
	for _, t := range texts {
		if n, gsm := sms.Segments(t); n == 1 && gsm {
			return t
		}
	}
	return texts[len(texts)-1]
}

// Delivered: the order arrived.
func Delivered(o order.Order, link string) string {
	return fmt.Sprintf(smsIn(o.Lang).delivered, o.Number, link)
}

// NewOrder tells the business of a paid order.
func NewOrder(o order.Order, publicURL string) string {
	return fmt.Sprintf("Mifugo Bora: new paid order %s, %s, %s. %s/admin", o.Number, o.Total.Ksh(), o.ShippingAddress.County, publicURL)
}

// SkipHistory moves the text notifier's cursor past every order event
// there is now: history written in bulk (the demo's past sales, benchmark
// data) is not news to text farmers about.
func SkipHistory(ctx context.Context, d *db.DB) error {
	return d.Tx(ctx, func(tx *sql.Tx) error {
		last, err := order.LastEventIDTx(ctx, tx)
		if err != nil {
			return err
		}
		return advanceTx(ctx, tx, "sms", last)
	})
}
