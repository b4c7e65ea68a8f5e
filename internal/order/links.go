package order

import (
	"context"
	"crypto/subtle"
	"fmt"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/phone"
	"shop/internal/secret"
)

// Short links, the history, and tracking an order by its number and phone:
// how a farmer reaches an order from a text message or another phone
// (docs/notifications.md).

// ShortCodeLen is the length of an order's short link code.
const ShortCodeLen = 10

// ShortCode returns order id's short link code, making it the first time:
// the link in every text message about the order opens its page, on any
// phone, like the order's private token.
func (s *Store) ShortCode(ctx context.Context, id int64) (string, error) {
	for range 5 {
		code := secret.Code(ShortCodeLen)
		_, err := s.db.Exec(ctx, `UPDATE orders SET short_code = $1 WHERE id = $2 AND short_code IS NULL`, code, id)
		if db.IsUniqueViolation(err) {
			continue // another order drew the same code
		}
		if err != nil {
			return "", fmt.Errorf("short code of order %d: %w", id, err)
		}
		var got string
		if err := s.db.QueryRow(ctx, `SELECT short_code FROM orders WHERE id = $1`, id).Scan(&got); err != nil {
			return "", fmt.Errorf("short code of order %d: %w", id, err)
		}
		return got, nil
	}
	return "", fmt.Errorf("short code of order %d: no free code", id)
}

// ByShortCode finds the number of the order whose short link code is code.
func (s *Store) ByShortCode(ctx context.Context, code string) (string, error) {
	if len(code) != ShortCodeLen {
		return "", apperr.NotFound("Order not found")
	}
	var number string
	err := s.db.QueryRow(ctx, `SELECT order_number FROM orders WHERE short_code = $1`, code).Scan(&number)
	if err != nil {
		return "", db.RowErr(err, apperr.NotFound("Order not found"), "find order by short code")
	}
	return number, nil
}

// History is an order's steps, oldest first.
func (s *Store) History(ctx context.Context, orderID int64) ([]Event, error) {
	return db.QueryAll(ctx, s.db, "order history", scanEvent,
		`SELECT id, order_id, from_status, to_status, note, actor, created_at FROM order_events WHERE order_id = $1 ORDER BY id`, orderID)
}

func scanEvent(r db.Scanner) (e Event, err error) {
	return e, r.Scan(&e.ID, &e.OrderID, &e.From, &e.To, &e.Note, &e.Actor, &e.CreatedAt)
}

// EventsAfter lists the history of every order after event id afterID,
// oldest first, for whoever announces what happens to orders.
func (s *Store) EventsAfter(ctx context.Context, afterID int64, limit int) ([]Event, error) {
	return db.QueryAll(ctx, s.db, "order events", scanEvent,
		`SELECT id, order_id, from_status, to_status, note, actor, created_at FROM order_events WHERE id > $1 ORDER BY id LIMIT $2`, afterID, limit)
}

// Tracked is what tracking shows of an order to whoever knows its number
// and phone: no email, no address.
type Tracked struct {
	Number   string      `json:"orderId"`
	Status   Status      `json:"status"`
	Created  time.Time   `json:"created_at"`
	Items    []Item      `json:"items"`
	Subtotal money.Cents `json:"subtotal"`
	Shipping money.Cents `json:"shipping"`
	Total    money.Cents `json:"total"`
	County   string      `json:"county"`
	// Delivery is how the order comes (for a pickup point, its public
	// address and hours); Courier and TrackingNumber once dispatched.
	Delivery       Delivery `json:"delivery"`
	Courier        string   `json:"courier"`
	TrackingNumber string   `json:"tracking_number"`
	// Timeline is when the order reached each status.
	Timeline []Step `json:"timeline"`
}

// MsgTrackNotFound is the one answer to a wrong number or a wrong phone.
const MsgTrackNotFound = "We found no order with this number and phone number. Please check both."

// Track loads order number for someone who gives its phone number, in any
// Kenyan form. A wrong phone and an unknown order answer alike, after the
// same work, so neither can be told from the other.
func (s *Store) Track(ctx context.Context, number, given string) (Tracked, error) {
	notFound := apperr.NotFound(MsgTrackNotFound)
	want, ok := phone.Normalize(given)
	var id int64
	var stored string
	err := s.db.QueryRow(ctx, `SELECT id, phone FROM orders WHERE order_number = $1`, number).Scan(&id, &stored)
	if db.NoRows(err) {
		stored = "254000000000" // compared all the same
	} else if err != nil {
		return Tracked{}, fmt.Errorf("track order %s: %w", number, err)
	}
	match := subtle.ConstantTimeCompare([]byte(want), []byte(stored)) == 1
	if !ok || !match || err != nil {
		return Tracked{}, notFound
	}
	o, err := s.ByID(ctx, id)
	if err != nil {
		return Tracked{}, err
	}
	return Tracked{Number: o.Number, Status: o.Status, Created: o.CreatedAt, Items: o.Items, Subtotal: o.Subtotal,
		Shipping: o.ShippingCharge, Total: o.Total, County: o.ShippingAddress.County, Delivery: o.Delivery,
		Courier: o.Courier, TrackingNumber: o.TrackingNumber, Timeline: o.Timeline}, nil
}
