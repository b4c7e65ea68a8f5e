package remind

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"time"

	"shop/internal/db"
	"shop/internal/httpx"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/sms"
)

// Reply is an incoming text as the back office reads it, with the phone's
// latest orders beside it.
type Reply struct {
	ID         int64        `json:"id"`
	Phone      string       `json:"phone"`
	Text       string       `json:"text"`
	Action     string       `json:"action"`
	Outcome    string       `json:"outcome"`
	OrderID    string       `json:"orderId"`
	ReceivedAt time.Time    `json:"received_at"`
	Orders     []ReplyOrder `json:"orders"`
}

// ReplyOrder is one of the phone's orders, in brief.
type ReplyOrder struct {
	OrderID   string       `json:"orderId"`
	Status    order.Status `json:"status"`
	Total     money.Cents  `json:"total"`
	Channel   string       `json:"channel"`
	CreatedAt time.Time    `json:"created_at"`
}

const replyColumns = `i.id, i.phone, i.body, i.action, i.outcome, COALESCE(o.order_number, ''), i.received_at`

func scanReply(r db.Scanner) (x Reply, err error) {
	return x, r.Scan(&x.ID, &x.Phone, &x.Text, &x.Action, &x.Outcome, &x.OrderID, &x.ReceivedAt)
}

// Replies lists the newest incoming texts (only those kept for staff when
// all is false), each with the phone's five latest orders.
func (s *Service) Replies(ctx context.Context, all bool, limit int) ([]Reply, error) {
	where := `WHERE i.action = 'message' OR i.outcome LIKE 'no reminder%'`
	if all {
		where = ""
	}
	list, err := db.QueryAll(ctx, s.DB, "sms replies", scanReply,
		`SELECT `+replyColumns+` FROM sms_inbound i LEFT JOIN orders o ON o.id = i.order_id `+where+` ORDER BY i.id DESC LIMIT $1`, limit)
	if err != nil {
		return nil, err
	}
	byPhone := map[string][]ReplyOrder{}
	for i := range list {
		p := list[i].Phone
		if _, seen := byPhone[p]; !seen && p != "" {
			past, err := s.Orders.ForPhone(ctx, p, 5)
			if err != nil {
				return nil, err
			}
			brief := make([]ReplyOrder, len(past))
			for j, o := range past {
				brief[j] = ReplyOrder{OrderID: o.Number, Status: o.Status, Total: o.Total, Channel: o.Channel, CreatedAt: o.CreatedAt}
			}
			byPhone[p] = brief
		}
		list[i].Orders = byPhone[p]
		if list[i].Orders == nil {
			list[i].Orders = []ReplyOrder{}
		}
	}
	return list, nil
}

// AdminReplies answers GET /api/admin/sms/replies/ (?all=1 for every
// incoming text, not only those kept for staff).
func (h *Handlers) AdminReplies(w http.ResponseWriter, r *http.Request) error {
	list, err := h.Service.Replies(r.Context(), r.URL.Query().Get("all") == "1", 200)
	if err != nil {
		return err
	}
	w.Header().Set("Cache-Control", "no-store")
	return httpx.WritePrivate(w, http.StatusOK, list)
}

// Sent is a reminder as a customer's data export shows it.
type Sent struct {
	OrderID  string      `json:"orderId"`
	Product  string      `json:"product"`
	Quantity int         `json:"quantity"`
	Quoted   money.Cents `json:"quoted"`
	SentAt   time.Time   `json:"sent_at"`
	Reorder  string      `json:"reorder_orderId"`
}

// Data is what this package keeps about one customer: their phone's
// consent, the reminders sent to it and the texts it sent.
type Data struct {
	Phone     string      `json:"phone"`
	Consent   sms.Consent `json:"sms_consent"`
	Reminders []Sent      `json:"reminders"`
	Replies   []Reply     `json:"sms_replies"`
}

// ForPhone gathers the reminders and replies of phone, for an export.
func ForPhone(ctx context.Context, d *db.DB, tel string) (Data, error) {
	out := Data{Phone: tel, Reminders: []Sent{}, Replies: []Reply{}}
	if tel == "" {
		return out, nil
	}
	var err error
	if out.Consent, err = sms.ConsentOf(ctx, d, tel); err != nil {
		return out, err
	}
	if out.Reminders, err = db.QueryAll(ctx, d, "reminders of a phone", func(r db.Scanner) (x Sent, err error) {
		return x, r.Scan(&x.OrderID, &x.Product, &x.Quantity, &x.Quoted, &x.SentAt, &x.Reorder)
	}, `SELECT o.order_number, COALESCE(i.product_name || ' ' || i.size, ''), r.quantity, r.quoted_cents, r.sent_at, COALESCE(n.order_number, '')
		FROM reminders r JOIN orders o ON o.id = r.order_id
		LEFT JOIN order_items i ON i.id = (SELECT MIN(i2.id) FROM order_items i2 WHERE i2.order_id = r.order_id AND i2.variant_id = r.variant_id)
		LEFT JOIN orders n ON n.id = r.reorder_id
		WHERE r.phone = $1 ORDER BY r.id`, tel); err != nil {
		return out, err
	}
	if out.Replies, err = db.QueryAll(ctx, d, "replies of a phone", scanReply,
		`SELECT `+replyColumns+` FROM sms_inbound i LEFT JOIN orders o ON o.id = i.order_id WHERE i.phone = $1 ORDER BY i.id`, tel); err != nil {
		return out, err
	}
	for i := range out.Replies {
		out.Replies[i].Orders = []ReplyOrder{}
	}
	return out, nil
}

// ForgetPhoneTx erases what this package and the sms package keep about
// phone inside tx: its reminders go, its texts lose number and words (the
// rows stay, for the figures), the answers to it lose theirs, and its
// consent goes.
func ForgetPhoneTx(ctx context.Context, tx *sql.Tx, tel string) error {
	if tel == "" {
		return nil
	}
	if _, err := tx.ExecContext(ctx, `DELETE FROM reminders WHERE phone = $1`, tel); err != nil {
		return fmt.Errorf("forget reminders: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE sms_inbound SET phone = '', body = '', link_id = '' WHERE phone = $1`, tel); err != nil {
		return fmt.Errorf("forget sms replies: %w", err)
	}
	if err := sms.ForgetRecipientTx(ctx, tx, tel); err != nil {
		return err
	}
	return sms.ForgetPhoneTx(ctx, tx, tel)
}
