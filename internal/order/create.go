package order

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/secret"
	"shop/internal/vat"
	"shop/internal/weight"
)

// ErrEmptyCart is returned when there is nothing to order.
// ErrEmptyCart names the cart as its field, so a client can tell it from
// other refusals whatever language the message is in (docs/i18n.md).
var ErrEmptyCart = apperr.InvalidField("cart", "Your cart is empty.")

// New is an order about to be made from a cart.
type New struct {
	Checkout Checkout
	UserID   int64 // 0 for a guest
	CartID   int64
	// Delivery is the option chosen, priced by the server (delivery.QuoteTx):
	// its fee is the order's shipping.
	Delivery Delivery
	// Weight is the order's shipping weight.
	Weight weight.Grams
	// Discount is what CouponCode takes off, already shared among the
	// items (Item.Discount) by the caller.
	Discount   money.Cents
	CouponCode string
	// Lang is the language of the request that places the order; without
	// one (the demo's orders) the order is English.
	Lang i18n.Lang
	// Channel is where the order was placed ("" is the web).
	Channel string
	// PlacedBy is who ordered for the customer (staff, an agent), or nil.
	PlacedBy *Staff
}

// Created is a new order with its private access token, shown once.
type Created struct {
	Order       Order
	AccessToken string
}

// CreateTx stores the order for n with items (priced; the caller takes
// their stock in the same transaction) inside tx, and its first event. The caller,
// the payment package, drives the checkout's transaction.
func (s *Store) CreateTx(ctx context.Context, tx *sql.Tx, n New, items []Item) (Created, error) {
	if len(items) == 0 {
		return Created{}, ErrEmptyCart
	}
	token := secret.Token(24)
	var subtotal, shared money.Cents
	for i := range items {
		it := &items[i]
		it.TotalPrice = it.UnitPrice * money.Cents(it.Quantity)
		it.VAT = vat.Of(it.TotalPrice-it.Discount, it.VATRate)
		subtotal += it.TotalPrice
		shared += it.Discount
	}
	if shared != n.Discount {
		return Created{}, fmt.Errorf("order discount %s shared as %s", n.Discount, shared)
	}
	c, dl := n.Checkout, n.Delivery
	shipping := dl.Fee
	var userID, cartID any
	if n.UserID != 0 {
		userID = n.UserID
	}
	if n.CartID != 0 {
		cartID = n.CartID
	}
	lang := n.Lang
	if lang == "" {
		lang = i18n.English
	}
	channel := n.Channel
	if channel == "" {
		channel = ChannelWeb
	}
	var placedBy any
	var placedByName string
	if n.PlacedBy != nil {
		placedByName = n.PlacedBy.Name
		if n.PlacedBy.ID != 0 {
			placedBy = n.PlacedBy.ID
		}
	}
	id, number, account, err := s.insertOrder(ctx, tx, func(number, account string) *sql.Row {
		return tx.QueryRowContext(ctx, `INSERT INTO orders (order_number, account_number, access_token_hash, user_id, cart_id, status, stock_reserved,
			subtotal_cents, shipping_cents, total_cents, first_name, last_name, email, phone, address, city, county, postal_code, payment_method,
			delivery_kind, delivery_option, delivery_name, delivery_eta, delivery_address, delivery_hours, weight_grams, discount_cents, coupon_code, lang,
			channel, placed_by, placed_by_name, kra_pin)
			VALUES ($1, $32, $2, $3, $4, $5, TRUE, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27,
			$28, $29, $30, $31)
			ON CONFLICT DO NOTHING RETURNING id`,
			number, secret.Hash(token), userID, cartID, PendingPayment, int64(subtotal), int64(shipping), int64(subtotal-n.Discount+shipping),
			c.FirstName, c.LastName, c.Email, c.Phone, c.Address, c.City, c.County, c.PostalCode, c.PaymentMethod,
			dl.Kind, dl.Option, dl.Name, dl.ETA, dl.Address, dl.Hours, int64(n.Weight), int64(n.Discount), n.CouponCode, string(lang),
			channel, placedBy, placedByName, c.KRAPIN, account)
	})
	if err != nil {
		return Created{}, err
	}
	for _, it := range items {
		if _, err := tx.ExecContext(ctx, `INSERT INTO order_items (order_id, variant_id, product_id, product_name, size, sku, quantity, unit_price_cents, total_price_cents,
			discount_cents, vat_class, vat_rate_bp, vat_cents, product_name_sw)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`, id, it.VariantID, it.ProductID, it.ProductName, it.Size, it.SKU, it.Quantity,
			int64(it.UnitPrice), int64(it.TotalPrice), int64(it.Discount), it.VATClass, it.VATRate, int64(it.VAT), it.ProductNameSW); err != nil {
			return Created{}, fmt.Errorf("order item %s: %w", it.SKU, err)
		}
	}
	if err := addEvent(ctx, tx, id, "", PendingPayment, "Order placed", "customer"); err != nil {
		return Created{}, err
	}
	o := Order{ID: id, Number: number, AccountNumber: account, Status: PendingPayment, Lang: lang, Items: items, Subtotal: subtotal, Discount: n.Discount, CouponCode: n.CouponCode,
		ShippingCharge: shipping, Total: subtotal - n.Discount + shipping, UserID: n.UserID, CartID: n.CartID, StockReserved: true,
		PaymentMethod: c.PaymentMethod, PayOnDelivery: c.PaymentMethod == MethodOnDelivery, Delivery: dl, Weight: n.Weight, Channel: channel, PlacedBy: n.PlacedBy}
	return Created{Order: o, AccessToken: token}, nil
}

// PendingForCartTx returns, inside tx, the cart's order that is waiting for
// its payment, if there is one.
func (s *Store) PendingForCartTx(ctx context.Context, tx *sql.Tx, cartID int64) (Order, bool, error) {
	if cartID == 0 {
		return Order{}, false, nil
	}
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM orders WHERE cart_id = $1 AND status = $2 ORDER BY id DESC LIMIT 1`,
		cartID, string(PendingPayment)).Scan(&id)
	if err != nil {
		return Order{}, false, db.RowErr(err, nil, "find the waiting order of cart %d", cartID)
	}
	o, err := loadTx(ctx, tx, id)
	return o, err == nil, err
}

// SetAttention flags an order for a person with a note saying why, or
// clears the flag with "".
func SetAttention(ctx context.Context, tx *sql.Tx, orderID int64, note string) error {
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET attention = $1, updated_at = CURRENT_TIMESTAMP WHERE id = $2`, note, orderID); err != nil {
		return fmt.Errorf("flag order %d: %w", orderID, err)
	}
	return nil
}

// insertOrder numbers the order "ORDER-" plus the time in milliseconds, as
// docs/product.md says, with a suffix when another order took that
// millisecond, and draws its Paybill account number, again when another
// order has it (the insert does nothing on either clash).
func (s *Store) insertOrder(ctx context.Context, tx *sql.Tx, insert func(number, account string) *sql.Row) (int64, string, string, error) {
	base := "ORDER-" + strconv.FormatInt(s.now().UnixMilli(), 10)
	for i := 1; i <= 1000; i++ {
		number := base
		if i > 1 {
			number += "-" + strconv.Itoa(i)
		}
		account := NewAccountNumber()
		var id int64
		err := insert(number, account).Scan(&id)
		if err == nil {
			return id, number, account, nil
		}
		if !db.NoRows(err) {
			return 0, "", "", fmt.Errorf("insert order: %w", err)
		}
	}
	return 0, "", "", errors.New("insert order: no free order number")
}

func addEvent(ctx context.Context, tx *sql.Tx, orderID int64, from, to Status, note, actor string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO order_events (order_id, from_status, to_status, note, actor) VALUES ($1, $2, $3, $4, $5)`,
		orderID, string(from), string(to), note, actor)
	if err != nil {
		return fmt.Errorf("order event: %w", err)
	}
	return nil
}

// NoteTx writes a line in an order's history without moving it, such as a
// part payment received.
func NoteTx(ctx context.Context, tx *sql.Tx, o Order, note, actor string) error {
	return addEvent(ctx, tx, o.ID, o.Status, o.Status, note, actor)
}

// PaymentStart is the outcome of placing an order or asking again for its
// money (packages checkout and payment).
type PaymentStart struct {
	Order       Order
	AccessToken string // only for a new order
	// CheckoutRequestID is the prompt's, "" when none was sent.
	CheckoutRequestID string
	// PushErr is set when the prompt could not be sent: the order stays, unpaid, to retry.
	PushErr error
	// Existing: the cart already had this order waiting for its payment, so
	// no new order was made and no new prompt sent.
	Existing bool
}
