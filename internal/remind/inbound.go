package remind

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"unicode"

	"shop/internal/apperr"
	"shop/internal/checkout"
	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/order"
	"shop/internal/phone"
	"shop/internal/ratelimit"
	"shop/internal/sms"
)

// Inbound is one incoming message as Africa's Talking posts it
// (docs/notifications.md, "Replies by SMS").
type Inbound struct {
	From, To, Text, Date, ID, LinkID string
}

// Actions an incoming message is taken as.
const (
	ActOrder   = "order"
	ActStop    = "stop"
	ActStart   = "start"
	ActMessage = "message"
)

// Action reads what a farmer's text asks: 1 (ndio, yes) orders again,
// STOP (acha, simama) and START, in any case and with stray punctuation;
// anything else is a message for the staff.
func Action(text string) string {
	t := strings.ToLower(strings.TrimFunc(text, func(r rune) bool { return unicode.IsSpace(r) || unicode.IsPunct(r) }))
	switch t {
	case "1", "ndio", "ndiyo", "yes":
		return ActOrder
	case "stop", "acha", "simama":
		return ActStop
	case "start", "anza":
		return ActStart
	}
	return ActMessage
}

// Receive acts on one incoming message, once per message id: a second
// delivery of the same id (the gateway retried) changes nothing.
func (s *Service) Receive(ctx context.Context, in Inbound) error {
	tel, ok := phone.Normalize(in.From)
	if !ok || in.ID == "" || len(in.ID) > 100 || len(in.Text) > 1600 {
		return apperr.Invalid("Unreadable incoming message.", nil)
	}
	act := Action(in.Text)
	var id int64
	err := s.DB.QueryRow(ctx, `INSERT INTO sms_inbound (provider_id, phone, short_code, body, link_id, sent_date, action, received_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (provider_id) DO NOTHING RETURNING id`,
		in.ID, tel, clip(in.To, 20), in.Text, clip(in.LinkID, 100), clip(in.Date, 40), act, s.DB.TimeArg(s.now())).Scan(&id)
	if db.NoRows(err) {
		return nil // delivered before: acted on then
	}
	if err != nil {
		return fmt.Errorf("store incoming sms: %w", err)
	}
	lang, err := s.langOf(ctx, tel, in.Text)
	if err != nil {
		return err
	}
	var outcome string
	var orderID int64
	switch act {
	case ActStop, ActStart:
		outcome, err = s.stop(ctx, id, tel, lang, act == ActStop)
	case ActOrder:
		outcome, orderID, err = s.reorder(ctx, id, tel, lang)
	default:
		outcome, err = s.message(ctx, id, tel, lang)
	}
	if err != nil {
		return err
	}
	var oid any
	if orderID != 0 {
		oid = orderID
	}
	if _, err := s.DB.Exec(ctx, `UPDATE sms_inbound SET action = $1, outcome = $2, order_id = $3 WHERE id = $4`,
		act, outcome, oid, id); err != nil {
		return fmt.Errorf("record incoming sms: %w", err)
	}
	return nil
}

// langOf is the language to answer phone in: Kiswahili for acha and
// simama, else the language of its latest order, Kiswahili without one.
func (s *Service) langOf(ctx context.Context, tel, text string) (i18n.Lang, error) {
	t := strings.ToLower(strings.TrimSpace(text))
	if t == "acha" || t == "simama" || t == "ndio" || t == "ndiyo" || t == "anza" {
		return i18n.Kiswahili, nil
	}
	if t == "yes" {
		return i18n.English, nil
	}
	past, err := s.Orders.ForPhone(ctx, tel, 1)
	if err != nil || len(past) == 0 {
		return i18n.Kiswahili, err
	}
	return past[0].Lang, nil
}

// answer queues the answer to incoming message id (once, by its key).
func (s *Service) answer(ctx context.Context, tx *sql.Tx, key, tel, body string) error {
	_, err := s.Queue.EnqueueTx(ctx, tx, key, 0, "reply", tel, body)
	return err
}

// stop records a STOP (or START) and answers it once: a STOP to a phone
// already stopped is not answered, so nobody who asked for quiet is texted.
func (s *Service) stop(ctx context.Context, id int64, tel string, lang i18n.Lang, stop bool) (string, error) {
	outcome := "unchanged"
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		changed, err := sms.SetStoppedTx(ctx, s.DB, tx, tel, stop)
		if err != nil || !changed {
			return err
		}
		outcome = "stopped"
		body := wordsIn(lang).stopped
		if !stop {
			outcome, body = "started", wordsIn(lang).started
		}
		return s.answer(ctx, tx, fmt.Sprintf("inbound:%d", id), tel, body)
	})
	return outcome, err
}

// message keeps a text no rule understands for the staff and answers it
// with how to reach the shop, once a Nairobi day per phone: two
// autoresponders never text each other all day.
func (s *Service) message(ctx context.Context, _ int64, tel string, lang i18n.Lang) (string, error) {
	day := s.now().In(db.Nairobi).Format("2006-01-02")
	body := fmt.Sprintf(wordsIn(lang).info, phoneForPeople(s.BusinessPhone), s.PublicURL)
	err := s.DB.Tx(ctx, func(tx *sql.Tx) error {
		return s.answer(ctx, tx, "inbound-info:"+tel+":"+day, tel, body)
	})
	return "kept for staff", err
}

// reorder answers a 1: the phone's latest reminder is ordered again,
// once, through the one checkout (channel sms) with the reminded order's
// customer and delivery, and the M-Pesa prompt goes to the phone. The
// order's own texts (received, then paid or failed) follow as for any
// order. Without a reminder, a 1 is a message like any other.
func (s *Service) reorder(ctx context.Context, id int64, tel string, lang i18n.Lang) (string, int64, error) {
	w := wordsIn(lang)
	var rem struct {
		id, orderID, variantID int64
		quantity               int
		lang                   string
		reorder                sql.NullInt64
	}
	err := s.DB.QueryRow(ctx, `SELECT id, order_id, variant_id, quantity, lang, reorder_id FROM reminders WHERE phone = $1 ORDER BY sent_at DESC, id DESC LIMIT 1`, tel).
		Scan(&rem.id, &rem.orderID, &rem.variantID, &rem.quantity, &rem.lang, &rem.reorder)
	if db.NoRows(err) {
		out, err := s.message(ctx, id, tel, lang)
		return "no reminder: " + out, 0, err
	}
	if err != nil {
		return "", 0, fmt.Errorf("reminder of %s: %w", tel, err)
	}
	lang = i18n.Parse(rem.lang)
	w = wordsIn(lang)
	reply := func(body string) error {
		return s.DB.Tx(ctx, func(tx *sql.Tx) error { return s.answer(ctx, tx, fmt.Sprintf("inbound:%d", id), tel, body) })
	}
	res, err := s.DB.Exec(ctx, `UPDATE reminders SET claimed = TRUE WHERE id = $1 AND reorder_id IS NULL AND NOT claimed`, rem.id)
	if err != nil {
		return "", 0, fmt.Errorf("claim reminder: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		// Ordered already (another reply, or the same one racing).
		var number string
		if rem.reorder.Valid {
			if o, err := s.Orders.ByID(ctx, rem.reorder.Int64); err == nil {
				number = o.Number
			}
		}
		if number == "" {
			return "being ordered", 0, nil
		}
		return "ordered already", rem.reorder.Int64, reply(fmt.Sprintf(w.already, number))
	}
	release := func() {
		if _, err := s.DB.Exec(context.WithoutCancel(ctx), `UPDATE reminders SET claimed = FALSE WHERE id = $1`, rem.id); err != nil {
			s.Log.Error("release reminder", "err", err)
		}
	}
	_, wait, err := s.Limiter.Reserve(ctx, ratelimit.Check{Bucket: "sms:order:" + tel, Limit: s.OrdersPerPhone})
	if err != nil {
		release()
		return "", 0, err
	}
	if wait > 0 {
		release()
		return "daily limit", 0, reply(fmt.Sprintf(w.limit, phoneForPeople(s.BusinessPhone)))
	}
	last, err := s.Orders.ByID(ctx, rem.orderID)
	if err != nil {
		release()
		return "", 0, err
	}
	req := checkout.Request{Channel: order.ChannelSMS, Road: checkout.Prompt, Lang: lang, ClientIP: "sms:" + tel,
		Customer: checkout.Customer{FirstName: last.Customer.FirstName, LastName: last.Customer.LastName, Email: last.Customer.Email, Phone: tel},
		Address: checkout.Address{Address: last.ShippingAddress.Address, City: last.ShippingAddress.City, County: last.ShippingAddress.County,
			PostalCode: last.ShippingAddress.PostalCode},
		DeliveryOption: last.Delivery.Option, UserID: last.UserID,
		Lines: []checkout.Line{{VariantID: rem.variantID, Quantity: rem.quantity}}}
	st, err := s.Checkout.Place(ctx, req)
	if err != nil {
		release()
		if e, ok := apperr.From(err); ok {
			return "not placed: " + e.Message, 0, reply(fmt.Sprintf(w.failed, phoneForPeople(s.BusinessPhone)))
		}
		return "", 0, err
	}
	if _, err := s.DB.Exec(ctx, `UPDATE reminders SET reorder_id = $1, claimed = FALSE WHERE id = $2`, st.Order.ID, rem.id); err != nil {
		return "", 0, fmt.Errorf("reminder's order: %w", err)
	}
	outcome := "ordered " + st.Order.Number
	if st.PushErr != nil {
		outcome += " (prompt refused)"
	}
	return outcome, st.Order.ID, nil
}

func clip(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
