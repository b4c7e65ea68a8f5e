package order

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"fmt"
	"time"

	"shop/internal/apperr"
	"shop/internal/db"
	"shop/internal/money"
	"shop/internal/secret"
)

// Store reads and writes orders: the orders, order_items and order_events
// tables. Payments belong to the payment package, which reads them for the
// order (Payments).
type Store struct {
	db  *db.DB
	now func() time.Time
	// payments reads an order's payments; nil: orders show none.
	payments PaymentReader
	// invoices reads the orders' KRA invoices; nil: orders show none.
	invoices InvoiceReader
}

// PaymentReader reads what the payment package knows of orders' payments.
type PaymentReader interface {
	// Latest returns each order's latest payment attempt, by order id.
	Latest(ctx context.Context, orderIDs []int64) (map[int64]Payment, error)
	// All returns an order's payments, STK and Paybill, newest first.
	All(ctx context.Context, orderID int64) ([]Payment, error)
	// Received returns what each order has received, by order id.
	Received(ctx context.Context, orderIDs []int64) (map[int64]money.Cents, error)
	// Receipts returns the M-Pesa receipts of what each order has received,
	// by order id, oldest first.
	Receipts(ctx context.Context, orderIDs []int64) (map[int64][]string, error)
	// Guide is how to pay order o from the M-Pesa menu, or nil.
	Guide(o Order) *PayGuide
}

// NewStore returns a Store on d.
func NewStore(d *db.DB) *Store { return &Store{db: d, now: time.Now} }

// UsePayments makes the store show orders with their payments from r.
func (s *Store) UsePayments(r PaymentReader) { s.payments = r }

// DB is the store's database, for callers that join an order change to
// their own in one transaction.
func (s *Store) DB() *db.DB { return s.db }

const orderColumns = `o.id, o.order_number, o.status, o.created_at, o.subtotal_cents, o.shipping_cents, o.total_cents,
	o.first_name, o.last_name, o.email, o.phone, o.address, o.city, o.county, o.postal_code,
	COALESCE(o.user_id, 0), COALESCE(o.cart_id, 0), o.stock_reserved, o.attention, o.payment_method,
	o.delivery_kind, o.delivery_option, o.delivery_name, o.delivery_eta, o.delivery_address, o.delivery_hours, o.weight_grams,
	o.courier, o.tracking_number, o.discount_cents, o.coupon_code, o.refunded_cents, o.lang,
	o.channel, COALESCE(o.placed_by, 0), o.placed_by_name, o.kra_pin, COALESCE(o.account_number, o.order_number)`

func scanOrder(row db.Scanner) (Order, error) {
	var o Order
	var placedBy Staff
	err := row.Scan(&o.ID, &o.Number, &o.Status, &o.CreatedAt, &o.Subtotal, &o.ShippingCharge, &o.Total,
		&o.Customer.FirstName, &o.Customer.LastName, &o.Customer.Email, &o.Customer.Phone,
		&o.ShippingAddress.Address, &o.ShippingAddress.City, &o.ShippingAddress.County, &o.ShippingAddress.PostalCode,
		&o.UserID, &o.CartID, &o.StockReserved, &o.Attention, &o.PaymentMethod,
		&o.Delivery.Kind, &o.Delivery.Option, &o.Delivery.Name, &o.Delivery.ETA, &o.Delivery.Address, &o.Delivery.Hours, &o.Weight,
		&o.Courier, &o.TrackingNumber, &o.Discount, &o.CouponCode, &o.AmountRefunded, &o.Lang,
		&o.Channel, &placedBy.ID, &placedBy.Name, &o.KRAPIN, &o.AccountNumber)
	if placedBy.ID != 0 || placedBy.Name != "" {
		o.PlacedBy = &placedBy
	}
	o.Delivery.Fee = o.ShippingCharge
	o.Customer.Name = o.Customer.FirstName + " " + o.Customer.LastName
	o.CanRetryPayment = o.Status == PaymentFailed
	o.PayOnDelivery = o.PaymentMethod == MethodOnDelivery
	return o, err
}

type queryer interface {
	QueryRowContext(ctx context.Context, q string, args ...any) *sql.Row
	QueryContext(ctx context.Context, q string, args ...any) (*sql.Rows, error)
}

func loadTx(ctx context.Context, q queryer, orderID int64) (Order, error) {
	o, err := scanOrder(q.QueryRowContext(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.id = $1`, orderID))
	if err != nil {
		return Order{}, db.RowErr(err, apperr.NotFound("Order not found"), "load order %d", orderID)
	}
	if err := fillDetails(ctx, q, &o); err != nil {
		return Order{}, err
	}
	return o, nil
}

func fillDetails(ctx context.Context, q queryer, o *Order) error {
	rows, err := q.QueryContext(ctx, `SELECT i.id, COALESCE(i.variant_id, 0), COALESCE(i.product_id, 0), i.product_name, i.size, i.sku, i.quantity,
		i.unit_price_cents, i.total_price_cents, i.discount_cents, i.vat_class, i.vat_rate_bp, i.vat_cents, i.restocked_quantity, i.product_name_sw,
		(SELECT COALESCE(SUM(l.quantity), 0) FROM refund_lines l JOIN refunds f ON f.id = l.refund_id
			WHERE l.order_item_id = i.id AND f.status <> 'failed')
		FROM order_items i WHERE i.order_id = $1 ORDER BY i.id`, o.ID)
	if err != nil {
		return fmt.Errorf("load items of order %d: %w", o.ID, err)
	}
	o.Items, err = db.Collect(rows, func(r db.Scanner) (it Item, err error) {
		return it, r.Scan(&it.ID, &it.VariantID, &it.ProductID, &it.ProductName, &it.Size, &it.SKU, &it.Quantity, &it.UnitPrice, &it.TotalPrice,
			&it.Discount, &it.VATClass, &it.VATRate, &it.VAT, &it.Restocked, &it.ProductNameSW, &it.Refunded)
	})
	if err != nil {
		return err
	}
	// A note (a part payment) is no step of its own.
	rows, err = q.QueryContext(ctx, `SELECT to_status, created_at FROM order_events WHERE order_id = $1 AND from_status <> to_status ORDER BY id`, o.ID)
	if err != nil {
		return fmt.Errorf("load timeline of order %d: %w", o.ID, err)
	}
	o.Timeline, err = db.Collect(rows, func(r db.Scanner) (s Step, err error) { return s, r.Scan(&s.Status, &s.At) })
	if err != nil {
		return err
	}
	o.Refunds, err = refundsOf(ctx, q, o.ID)
	return err
}

// withPayments fills each order's latest payment from the payment package,
// and how long an unpaid one holds its stock.
func (s *Store) withPayments(ctx context.Context, orders ...*Order) error {
	if s.payments == nil || len(orders) == 0 {
		return nil
	}
	ids := make([]int64, len(orders))
	for i, o := range orders {
		ids[i] = o.ID
	}
	latest, err := s.payments.Latest(ctx, ids)
	if err != nil {
		return err
	}
	received, err := s.payments.Received(ctx, ids)
	if err != nil {
		return err
	}
	receipts, err := s.payments.Receipts(ctx, ids)
	if err != nil {
		return err
	}
	for _, o := range orders {
		o.AmountPaid = received[o.ID]
		o.Receipts = receipts[o.ID]
		o.BalanceDue = max(0, o.Total-o.AmountPaid)
		o.Paybill = s.payments.Guide(*o)
		p, ok := latest[o.ID]
		if !ok {
			continue
		}
		o.Payment = &p
		if o.Status == PendingPayment && o.StockReserved && o.Attention == "" {
			until := p.StartedAt.UTC().Add(StockHold).Truncate(time.Second)
			o.StockHeldUntil = &until
		}
	}
	return nil
}

// ByNumber loads an order by its ORDER-… number.
func (s *Store) ByNumber(ctx context.Context, number string) (Order, error) {
	var id int64
	err := s.db.QueryRow(ctx, `SELECT id FROM orders WHERE order_number = $1`, number).Scan(&id)
	if err != nil {
		return Order{}, db.RowErr(err, apperr.NotFound("Order not found"), "find order %s", number)
	}
	return s.ByID(ctx, id)
}

// ByID reads an order with its items and latest payment. The order's row
// and its items, steps and refunds are read at one moment: a refund ending
// between two separate reads would show as sent beside a refunded total
// from before it.
func (s *Store) ByID(ctx context.Context, id int64) (Order, error) {
	var o Order
	err := s.db.ReadTx(ctx, func(tx *sql.Tx) (err error) {
		o, err = loadTx(ctx, tx, id)
		return err
	})
	if err != nil {
		return Order{}, err
	}
	if err := s.withInvoices(ctx, &o); err != nil {
		return Order{}, err
	}
	return o, s.withPayments(ctx, &o)
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
// the order's token or its short link's code, or an admin. Anyone else is told it does not exist,
// since order numbers are easy to guess.
func (s *Store) ForViewer(ctx context.Context, number string, v Viewer) (Order, error) {
	var id, userID, cartID int64
	var tokenHash, shortCode string
	err := s.db.QueryRow(ctx, `SELECT id, COALESCE(user_id, 0), COALESCE(cart_id, 0), access_token_hash, COALESCE(short_code, '')
		FROM orders WHERE order_number = $1`, number).Scan(&id, &userID, &cartID, &tokenHash, &shortCode)
	if err != nil {
		return Order{}, db.RowErr(err, apperr.NotFound("Order not found"), "find order %s", number)
	}
	allowed := v.IsAdmin || (userID != 0 && userID == v.UserID) || (cartID != 0 && cartID == v.CartID) ||
		(v.Token != "" && subtle.ConstantTimeCompare([]byte(secret.Hash(v.Token)), []byte(tokenHash)) == 1) ||
		// The short link's code opens the order too, on any phone.
		(shortCode != "" && subtle.ConstantTimeCompare([]byte(v.Token), []byte(shortCode)) == 1)
	if !allowed {
		return Order{}, apperr.NotFound("Order not found")
	}
	return s.ByID(ctx, id)
}

// ForUser lists a customer's latest 200 orders, newest first, with their items.
func (s *Store) ForUser(ctx context.Context, userID int64) ([]Order, error) {
	return s.forUser(ctx, userID, " LIMIT 200")
}

// AllForUser lists every order of a customer, newest first: their data
// export leaves none out.
func (s *Store) AllForUser(ctx context.Context, userID int64) ([]Order, error) {
	return s.forUser(ctx, userID, "")
}

func (s *Store) forUser(ctx context.Context, userID int64, limit string) ([]Order, error) {
	orders, err := s.list(ctx, `SELECT `+orderColumns+` FROM orders o WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC`+limit, userID)
	if err != nil {
		return nil, fmt.Errorf("list orders of user %d: %w", userID, err)
	}
	return orders, nil
}

// list reads the orders query q finds with their details, all at one
// moment (see ByID), then their invoices and payments.
func (s *Store) list(ctx context.Context, q string, args ...any) ([]Order, error) {
	var orders []Order
	err := s.db.ReadTx(ctx, func(tx *sql.Tx) error {
		rows, err := tx.QueryContext(ctx, q, args...)
		if err != nil {
			return err
		}
		if orders, err = db.Collect(rows, scanOrder); err != nil {
			return err
		}
		for i := range orders {
			if err := fillDetails(ctx, tx, &orders[i]); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	ptrs := make([]*Order, len(orders))
	for i := range orders {
		ptrs[i] = &orders[i]
	}
	if err := s.withInvoices(ctx, ptrs...); err != nil {
		return nil, err
	}
	return orders, s.withPayments(ctx, ptrs...)
}

// ByNumberTx loads an order by its ORDER-… number with its items inside tx.
func (s *Store) ByNumberTx(ctx context.Context, tx *sql.Tx, number string) (Order, error) {
	id, err := IDByNumber(ctx, tx, number)
	if err != nil {
		return Order{}, err
	}
	return loadTx(ctx, tx, id)
}

// ByIDTx loads an order with its items inside tx; not its payments, which
// the payment package reads itself.
func (s *Store) ByIDTx(ctx context.Context, tx *sql.Tx, id int64) (Order, error) {
	return loadTx(ctx, tx, id)
}

// Bought reports whether user has an order holding product that was paid
// (paid or any later status, cancelled excepted): who may review it.
func (s *Store) Bought(ctx context.Context, userID, productID int64) (bool, error) {
	n, err := s.db.Count(ctx, "orders holding a product", `SELECT COUNT(*) FROM orders o
		WHERE o.user_id = $1 AND o.status NOT IN ($2, $3, $4)
		AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.product_id = $5)`,
		userID, string(PendingPayment), string(PaymentFailed), string(Cancelled), productID)
	return n > 0, err
}
