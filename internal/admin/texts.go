package admin

import (
	"context"
	"database/sql"
	"errors"
	"net/http"
	"time"

	"shop/internal/apperr"
	"shop/internal/mail"
	"shop/internal/order"
	"shop/internal/ratelimit"
	"shop/internal/sms"
)

// orderView is an order as the back office shows it: with the text
// messages and the mail sent about it and their delivery status.
type orderView struct {
	order.AdminDetail
	SMS  []sms.Message `json:"sms"`
	Mail []mail.Stored `json:"mail"`
}

// writeOrder answers with order d and its text messages.
func (h *Handlers) writeOrder(ctx context.Context, w http.ResponseWriter, d order.AdminDetail) error {
	return h.writeOrderStatus(ctx, w, http.StatusOK, d)
}

// writeOrderStatus is writeOrder with another status, such as 201.
func (h *Handlers) writeOrderStatus(ctx context.Context, w http.ResponseWriter, status int, d order.AdminDetail) error {
	v := orderView{AdminDetail: d, SMS: []sms.Message{}, Mail: []mail.Stored{}}
	if h.sms.Enabled() {
		list, err := h.sms.ForOrder(ctx, d.ID)
		if err != nil {
			return err
		}
		v.SMS = append(v.SMS, list...)
	}
	if h.outbox != nil {
		list, err := h.outbox.ForOrder(ctx, d.ID)
		if err != nil {
			return err
		}
		v.Mail = append(v.Mail, list...)
	}
	return writeJSON(w, status, v)
}

// writeMoved answers with an order a change has just moved: its payments
// and history are read, not the order again.
func (h *Handlers) writeMoved(ctx context.Context, w http.ResponseWriter, status int, o order.Order) error {
	d, err := h.orders.DetailOf(ctx, o)
	if err != nil {
		return err
	}
	return h.writeOrderStatus(ctx, w, status, d)
}

// resendLimit bounds the resends of one order's messages: each costs money.
var resendLimit = ratelimit.Limit{Max: 5, Window: time.Hour}

// MsgTooManyResends answers a resend over resendLimit.
const MsgTooManyResends = "This order's messages were sent again several times in the last hour. Please wait, or call the customer."

// MsgSMSOff answers a resend when the shop sends no SMS.
const MsgSMSOff = "Text messages are not set up on this shop (SHOP_SMS_USERNAME, SHOP_SMS_API_KEY)."

// ResendSMS answers POST /api/admin/orders/{orderId}/sms/{id}/resend/: the
// message is queued again, as a new one, and the order comes back with its
// messages. At most resendLimit per order.
func (h *Handlers) ResendSMS(w http.ResponseWriter, r *http.Request, a Actor) error {
	return h.resend(w, r, a, h.sms.Enabled(), MsgSMSOff, "sms", "SMS ", func(ctx context.Context, tx *sql.Tx, orderID, id int64) (string, error) {
		m, err := h.sms.ResendTx(ctx, tx, orderID, id)
		if errors.Is(err, sms.ErrNoSuchMessage) {
			return "", apperr.NotFound("No such message")
		}
		return m.Kind, err
	})
}

// MsgMailOff answers a resend when the shop sends no mail.
const MsgMailOff = "Mail is not set up on this shop (SHOP_SMTP_URL)."

// ResendMail answers POST /api/admin/orders/{orderId}/mail/{id}/resend/:
// the message is queued again, as a new one with its attachments, and the
// order comes back with its messages. Resends of an order's mail and texts
// share resendLimit.
func (h *Handlers) ResendMail(w http.ResponseWriter, r *http.Request, a Actor) error {
	return h.resend(w, r, a, h.outbox.Enabled(), MsgMailOff, "mail", "Mail ", func(ctx context.Context, tx *sql.Tx, orderID, id int64) (string, error) {
		m, err := h.outbox.ResendTx(ctx, tx, orderID, id)
		if errors.Is(err, mail.ErrNoSuchMessage) {
			return "", apperr.NotFound("No such message")
		}
		return m.Kind, err
	})
}

// resend queues an order's message {id} again through queue, which
// answers its kind, under the order's share of resendLimit, audited as
// what, and answers the order with its messages; a conflict saying off
// when the channel does not send.
func (h *Handlers) resend(w http.ResponseWriter, r *http.Request, a Actor, enabled bool, off, what, label string,
	queue func(ctx context.Context, tx *sql.Tx, orderID, id int64) (string, error)) error {
	id, err := pathID(r, "id", "Message")
	if err != nil {
		return err
	}
	if !enabled {
		return apperr.Conflict(off)
	}
	ctx := r.Context()
	number := r.PathValue("orderId")
	err = h.change(ctx, a, func(tx *sql.Tx) (Entry, error) {
		orderID, err := order.IDByNumber(ctx, tx, number)
		if err != nil {
			return Entry{}, err
		}
		_, wait, err := h.limiter.ReserveTx(ctx, tx, ratelimit.Check{Bucket: "sms-resend:" + number, Limit: resendLimit})
		if err != nil {
			return Entry{}, err
		}
		if wait > 0 {
			return Entry{}, apperr.TooManyRequests(MsgTooManyResends, wait)
		}
		kind, err := queue(ctx, tx, orderID, id)
		if err != nil {
			return Entry{}, err
		}
		return entry("resend", what, number, label+kind), nil
	})
	if err != nil {
		return err
	}
	d, err := h.orders.AdminDetail(ctx, number)
	if err != nil {
		return err
	}
	return h.writeOrder(ctx, w, d)
}
