package order

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/payment/mpesa"
	"shop/internal/secret"
)

// Store reads and writes orders.
type Store struct {
	db  *db.DB
	now func() time.Time
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d, now: time.Now} }

// DB is the store's database, for callers that join an order change to
// their own in one transaction.
func (s *Store) DB() *db.DB { return s.db }

// ErrEmptyCart is returned when there is nothing to order.
var ErrEmptyCart = apperr.Invalid("Your cart is empty.", nil)

// New is an order about to be made from a cart.
type New struct {
	Checkout Checkout
	UserID   int64 // 0 for a guest
	CartID   int64
}

// Created is a new order with its private access token (shown once) and the
// payment it is waiting for; or, when Existing, the cart's order that is
// already waiting for its payment, made by an earlier submit.
type Created struct {
	Order       Order
	AccessToken string
	PaymentID   int64
	Existing    bool
}

// Create makes the order from the cart's lines at today's prices and takes
// their quantities off the stock, in one transaction: if any size has too
// little stock, nothing is taken and nothing is stored. An M-Pesa order
// starts with a pending payment for the total. When the cart already has an
// order waiting for payment, that order is returned instead (Existing).
// admit, when set, runs in the transaction once the cart is locked and the
// order is known to be new; its error stops the order (a rate limit).
func (s *Store) Create(ctx context.Context, n New, admit func(tx *sql.Tx) error) (Created, error) {
	token := secret.Token(24)
	var out Created
	err := s.db.Tx(ctx, func(tx *sql.Tx) error {
		// One order at a time per cart: a double submit finds the first
		// order here instead of making (and pushing for) a second.
		if err := db.LockKey(ctx, tx, s.db.Dialect, "cart:"+strconv.FormatInt(n.CartID, 10)); err != nil {
			return err
		}
		if o, ok, err := pendingForCart(ctx, tx, n.CartID); err != nil || ok {
			out.Order, out.Existing = o, ok
			return err
		}
		if admit != nil {
			if err := admit(tx); err != nil {
				return err
			}
		}
		items, err := cartLines(ctx, tx, n.CartID)
		if err != nil {
			return err
		}
		if len(items) == 0 {
			return ErrEmptyCart
		}
		var subtotal money.Cents
		for _, it := range items {
			subtotal += it.TotalPrice
		}
		if err := reserve(ctx, tx, items); err != nil {
			return err
		}
		c := n.Checkout
		var userID, cartID any
		if n.UserID != 0 {
			userID = n.UserID
		}
		if n.CartID != 0 {
			cartID = n.CartID
		}
		id, number, err := s.insertOrder(ctx, tx, func(number string) *sql.Row {
			return tx.QueryRowContext(ctx, `INSERT INTO orders (order_number, access_token_hash, user_id, cart_id, status, stock_reserved,
				subtotal_cents, shipping_cents, total_cents, first_name, last_name, email, phone, address, city, county, postal_code, payment_method)
				VALUES ($1, $2, $3, $4, $5, TRUE, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
				ON CONFLICT (order_number) DO NOTHING RETURNING id`,
				number, secret.Hash(token), userID, cartID, PendingPayment, int64(subtotal), int64(Shipping), int64(subtotal+Shipping),
				c.FirstName, c.LastName, c.Email, c.Phone, c.Address, c.City, c.County, c.PostalCode, c.PaymentMethod)
		})
		if err != nil {
			return err
		}
		for _, it := range items {
			if _, err := tx.ExecContext(ctx, `INSERT INTO order_items (order_id, variant_id, product_id, product_name, size, sku, quantity, unit_price_cents, total_price_cents)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, id, it.VariantID, it.ProductID, it.ProductName, it.Size, it.SKU, it.Quantity,
				int64(it.UnitPrice), int64(it.TotalPrice)); err != nil {
				return fmt.Errorf("order item %s: %w", it.SKU, err)
			}
		}
		if err := addEvent(ctx, tx, id, "", PendingPayment, "Order placed", "customer"); err != nil {
			return err
		}
		if c.PaymentMethod == "mpesa" {
			if out.PaymentID, err = NewPayment(ctx, tx, id, c.MpesaPhone, subtotal+Shipping); err != nil {
				return err
			}
		}
		out.Order = Order{ID: id, Number: number, Status: PendingPayment, Items: items, Subtotal: subtotal,
			ShippingCharge: Shipping, Total: subtotal + Shipping, UserID: n.UserID, CartID: n.CartID, StockReserved: true,
			PaymentMethod: c.PaymentMethod}
		return nil
	})
	if err != nil {
		return Created{}, fmt.Errorf("create order from cart %d: %w", n.CartID, err)
	}
	if !out.Existing {
		out.AccessToken = token
	}
	return out, nil
}

func pendingForCart(ctx context.Context, q queryer, cartID int64) (Order, bool, error) {
	if cartID == 0 {
		return Order{}, false, nil
	}
	var id int64
	err := q.QueryRowContext(ctx, `SELECT id FROM orders WHERE cart_id = $1 AND status = $2 ORDER BY id DESC LIMIT 1`,
		cartID, string(PendingPayment)).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Order{}, false, nil
	}
	if err != nil {
		return Order{}, false, fmt.Errorf("find the waiting order of cart %d: %w", cartID, err)
	}
	o, err := loadTx(ctx, q, id)
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
// SPEC.md says, with a suffix when another order took that millisecond.
func (s *Store) insertOrder(ctx context.Context, tx *sql.Tx, insert func(number string) *sql.Row) (int64, string, error) {
	base := "ORDER-" + strconv.FormatInt(s.now().UnixMilli(), 10)
	for i := 1; i <= 1000; i++ {
		number := base
		if i > 1 {
			number += "-" + strconv.Itoa(i)
		}
		var id int64
		err := insert(number).Scan(&id)
		if err == nil {
			return id, number, nil
		}
		if !errors.Is(err, sql.ErrNoRows) {
			return 0, "", fmt.Errorf("insert order: %w", err)
		}
	}
	return 0, "", errors.New("insert order: no free order number")
}

// NewPayment starts a pending M-Pesa payment of amount for an order.
func NewPayment(ctx context.Context, tx *sql.Tx, orderID int64, phone string, amount money.Cents) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `INSERT INTO payments (order_id, method, status, phone, amount_cents) VALUES ($1, 'mpesa', 'pending', $2, $3) RETURNING id`,
		orderID, phone, int64(amount)).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("insert payment: %w", err)
	}
	return id, nil
}

func cartLines(ctx context.Context, tx *sql.Tx, cartID int64) ([]Item, error) {
	rows, err := tx.QueryContext(ctx, `SELECT v.id, p.id, p.name, v.size, v.sku, ci.quantity, v.price_cents, p.is_active
		FROM cart_items ci JOIN variants v ON v.id = ci.variant_id JOIN products p ON p.id = v.product_id
		WHERE ci.cart_id = $1 ORDER BY ci.added_at, ci.id`, cartID)
	if err != nil {
		return nil, fmt.Errorf("load cart %d: %w", cartID, err)
	}
	defer rows.Close()
	var items []Item
	for rows.Next() {
		var it Item
		var active bool
		if err := rows.Scan(&it.VariantID, &it.ProductID, &it.ProductName, &it.Size, &it.SKU, &it.Quantity, &it.UnitPrice, &active); err != nil {
			return nil, err
		}
		if !active {
			return nil, apperr.Invalid(fmt.Sprintf("%s is no longer available. Please remove it from your cart.", it.ProductName), nil)
		}
		it.TotalPrice = it.UnitPrice * money.Cents(it.Quantity)
		items = append(items, it)
	}
	return items, rows.Err()
}

// reserve takes the items' quantities off stock. The guarded UPDATE never
// takes stock below zero on either engine: PostgreSQL locks the row, SQLite
// has one writer.
func reserve(ctx context.Context, tx *sql.Tx, items []Item) error {
	for _, it := range items {
		res, err := tx.ExecContext(ctx, `UPDATE variants SET stock = stock - $1 WHERE id = $2 AND stock >= $1`, it.Quantity, it.VariantID)
		if err != nil {
			return fmt.Errorf("reserve %s: %w", it.SKU, err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return apperr.Invalid(fmt.Sprintf("Sorry, there is not enough stock of %s (%s) left for your order.", it.ProductName, it.Size), nil)
		}
	}
	return nil
}

func release(ctx context.Context, tx *sql.Tx, items []Item) error {
	for _, it := range items {
		if it.VariantID == 0 {
			continue // the size was deleted since
		}
		if _, err := tx.ExecContext(ctx, `UPDATE variants SET stock = stock + $1 WHERE id = $2`, it.Quantity, it.VariantID); err != nil {
			return fmt.Errorf("release %s: %w", it.SKU, err)
		}
	}
	return nil
}

func addEvent(ctx context.Context, tx *sql.Tx, orderID int64, from, to Status, note, actor string) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO order_events (order_id, from_status, to_status, note, actor) VALUES ($1, $2, $3, $4, $5)`,
		orderID, string(from), string(to), note, actor)
	if err != nil {
		return fmt.Errorf("order event: %w", err)
	}
	return nil
}

// Move changes an order's status inside tx, along an allowed transition
// only, keeping stock in step: leaving a stock-holding status releases the
// stock, coming back takes it again. When stock cannot be taken again for a
// late payment, the order is still paid (the money is real) and flagged for
// a person. It returns the order as it now is.
func Move(ctx context.Context, tx *sql.Tx, orderID int64, to Status, note, actor string) (Order, error) {
	o, err := loadTx(ctx, tx, orderID)
	if err != nil {
		return Order{}, err
	}
	if o.Status == to {
		return o, nil
	}
	if !CanMove(o.Status, to) {
		return Order{}, apperr.Conflict(fmt.Sprintf("An order that is %s cannot become %s.", label(o.Status), label(to)))
	}
	reserved := o.StockReserved
	switch {
	case reserved && !holdsStock(to):
		if err := release(ctx, tx, o.Items); err != nil {
			return Order{}, err
		}
		reserved = false
	case !reserved && holdsStock(to):
		if _, err := tx.ExecContext(ctx, `SAVEPOINT take_stock`); err != nil {
			return Order{}, err
		}
		err := reserve(ctx, tx, o.Items)
		switch {
		case err == nil:
			reserved = true
		case to == Paid:
			if _, rerr := tx.ExecContext(ctx, `ROLLBACK TO SAVEPOINT take_stock`); rerr != nil {
				return Order{}, rerr
			}
			o.Attention = "Paid after its stock was released, and there is not enough stock now: restock or refund the customer."
			note += " (not enough stock left: flagged for the shop)"
		default:
			return Order{}, err
		}
		if _, err := tx.ExecContext(ctx, `RELEASE SAVEPOINT take_stock`); err != nil {
			return Order{}, err
		}
	}
	if _, err := tx.ExecContext(ctx, `UPDATE orders SET status = $1, stock_reserved = $2, attention = $3, updated_at = CURRENT_TIMESTAMP WHERE id = $4`,
		string(to), reserved, o.Attention, orderID); err != nil {
		return Order{}, fmt.Errorf("move order %d to %s: %w", orderID, to, err)
	}
	if err := addEvent(ctx, tx, orderID, o.Status, to, note, actor); err != nil {
		return Order{}, err
	}
	if to == Paid && o.CartID != 0 {
		// The cart empties of what was bought once it is paid for.
		if _, err := tx.ExecContext(ctx, `DELETE FROM cart_items WHERE cart_id = $1 AND variant_id IN (SELECT variant_id FROM order_items WHERE order_id = $2)`,
			o.CartID, orderID); err != nil {
			return Order{}, fmt.Errorf("empty cart %d: %w", o.CartID, err)
		}
	}
	o.Status, o.StockReserved = to, reserved
	return o, nil
}

func label(s Status) string {
	switch s {
	case PendingPayment:
		return "waiting for payment"
	case PaymentFailed:
		return "unpaid (payment failed)"
	}
	return string(s)
}

const orderColumns = `o.id, o.order_number, o.status, o.created_at, o.subtotal_cents, o.shipping_cents, o.total_cents,
	o.first_name, o.last_name, o.email, o.phone, o.address, o.city, o.county, o.postal_code,
	COALESCE(o.user_id, 0), COALESCE(o.cart_id, 0), o.stock_reserved, o.attention, o.payment_method`

type scanner interface{ Scan(...any) error }

func scanOrder(row scanner) (Order, error) {
	var o Order
	err := row.Scan(&o.ID, &o.Number, &o.Status, &o.CreatedAt, &o.Subtotal, &o.ShippingCharge, &o.Total,
		&o.Customer.FirstName, &o.Customer.LastName, &o.Customer.Email, &o.Customer.Phone,
		&o.ShippingAddress.Address, &o.ShippingAddress.City, &o.ShippingAddress.County, &o.ShippingAddress.PostalCode,
		&o.UserID, &o.CartID, &o.StockReserved, &o.Attention, &o.PaymentMethod)
	o.Customer.Name = o.Customer.FirstName + " " + o.Customer.LastName
	o.CanRetryPayment = o.Status == PaymentFailed
	return o, err
}

type queryer interface {
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

func loadTx(ctx context.Context, q queryer, orderID int64) (Order, error) {
	o, err := scanOrder(q.QueryRowContext(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.id = $1`, orderID))
	if errors.Is(err, sql.ErrNoRows) {
		return Order{}, apperr.NotFound("Order not found")
	}
	if err != nil {
		return Order{}, fmt.Errorf("load order %d: %w", orderID, err)
	}
	if err := fillDetails(ctx, q, &o); err != nil {
		return Order{}, err
	}
	return o, nil
}

func fillDetails(ctx context.Context, q queryer, o *Order) error {
	rows, err := q.QueryContext(ctx, `SELECT COALESCE(variant_id, 0), COALESCE(product_id, 0), product_name, size, sku, quantity, unit_price_cents, total_price_cents
		FROM order_items WHERE order_id = $1 ORDER BY id`, o.ID)
	if err != nil {
		return fmt.Errorf("load items of order %d: %w", o.ID, err)
	}
	o.Items = []Item{}
	for rows.Next() {
		var it Item
		if err := rows.Scan(&it.VariantID, &it.ProductID, &it.ProductName, &it.Size, &it.SKU, &it.Quantity, &it.UnitPrice, &it.TotalPrice); err != nil {
			rows.Close()
			return err
		}
		o.Items = append(o.Items, it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	var p Payment
	var code sql.NullInt64
	var receipt, checkoutID sql.NullString
	var started time.Time
	err = q.QueryRowContext(ctx, `SELECT id, method, status, phone, amount_cents, result_code, result_desc, receipt, checkout_request_id, created_at
		FROM payments WHERE order_id = $1 ORDER BY id DESC LIMIT 1`, o.ID).
		Scan(&p.ID, &p.Method, &p.Status, &p.Phone, &p.Amount, &code, &p.ResultDesc, &receipt, &checkoutID, &started)
	if errors.Is(err, sql.ErrNoRows) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("load payment of order %d: %w", o.ID, err)
	}
	if code.Valid {
		c := int(code.Int64)
		p.ResultCode = &c
		p.Message = mpesa.CustomerMessage(c)
	}
	p.Receipt = receipt.String
	p.CheckoutRequestID = checkoutID.String
	o.Payment = &p
	if o.Status == PendingPayment && o.StockReserved && o.Attention == "" {
		until := started.UTC().Add(StockHold).Truncate(time.Second)
		o.StockHeldUntil = &until
	}
	return nil
}

// dbQueryer adapts the store's pools to queryer for reads outside a transaction.
type dbQueryer struct{ d *db.DB }

func (q dbQueryer) QueryRowContext(ctx context.Context, s string, args ...any) *sql.Row {
	return q.d.QueryRow(ctx, s, args...)
}
func (q dbQueryer) QueryContext(ctx context.Context, s string, args ...any) (*sql.Rows, error) {
	return q.d.Query(ctx, s, args...)
}

// ByNumber loads an order by its ORDER-… number.
func (s *Store) ByNumber(ctx context.Context, number string) (Order, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM orders WHERE order_number = $1`, number).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return Order{}, apperr.NotFound("Order not found")
	}
	if err != nil {
		return Order{}, fmt.Errorf("find order %s: %w", number, err)
	}
	return loadTx(ctx, dbQueryer{s.db}, id)
}

// Viewer is who asks to read an order.
type Viewer struct {
	UserID  int64
	IsAdmin bool
	Token   string // the order's private access token, if the browser holds it
	// CartID is the cart of the request's browser: the browser that placed
	// an order may read it, also when a second submit of the same cart got
	// the order back without its token.
	CartID int64
}

// ForViewer loads an order its viewer may read: the owner, the holder of
// the order's token, or an admin. Anyone else is told it does not exist,
// since order numbers are easy to guess.
func (s *Store) ForViewer(ctx context.Context, number string, v Viewer) (Order, error) {
	var id, userID, cartID int64
	var tokenHash string
	err := s.db.QueryRow(ctx, `SELECT id, COALESCE(user_id, 0), COALESCE(cart_id, 0), access_token_hash FROM orders WHERE order_number = $1`, number).
		Scan(&id, &userID, &cartID, &tokenHash)
	if errors.Is(err, sql.ErrNoRows) {
		return Order{}, apperr.NotFound("Order not found")
	}
	if err != nil {
		return Order{}, fmt.Errorf("find order %s: %w", number, err)
	}
	allowed := v.IsAdmin || (userID != 0 && userID == v.UserID) || (cartID != 0 && cartID == v.CartID) ||
		(v.Token != "" && subtle.ConstantTimeCompare([]byte(secret.Hash(v.Token)), []byte(tokenHash)) == 1)
	if !allowed {
		return Order{}, apperr.NotFound("Order not found")
	}
	return loadTx(ctx, dbQueryer{s.db}, id)
}

// ForUser lists a customer's orders, newest first, with their items.
func (s *Store) ForUser(ctx context.Context, userID int64) ([]Order, error) {
	rows, err := s.db.Query(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT 200`, userID)
	if err != nil {
		return nil, fmt.Errorf("list orders of user %d: %w", userID, err)
	}
	var orders []Order
	for rows.Next() {
		o, err := scanOrder(rows)
		if err != nil {
			rows.Close()
			return nil, err
		}
		orders = append(orders, o)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}
	out := make([]Order, 0, len(orders))
	for _, o := range orders {
		if err := fillDetails(ctx, dbQueryer{s.db}, &o); err != nil {
			return nil, err
		}
		out = append(out, o)
	}
	return out, nil
}

// ByIDTx loads an order inside tx.
func (s *Store) ByIDTx(ctx context.Context, tx *sql.Tx, id int64) (Order, error) {
	return loadTx(ctx, tx, id)
}
