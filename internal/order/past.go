package order

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"shop/internal/db"
	"shop/internal/money"
)

// Past is an order from the shop's history, written as it ended up:
// benchmark data (cmd/benchdata) and the demo shop's sales (--dev).
type Past struct {
	Number    string
	Status    Status
	CreatedAt time.Time
	UserID    int64
	Customer  Customer
	Address   Address
	Delivery  Delivery
	Items     []Item
	// Refund, when set, was sent back: the order counts it (its refund row
	// is payment's, payment.InsertPastRefundsTx).
	Refund *Refund
}

// InsertPastTx writes past orders inside tx, in bulk, with their items and
// their history (placed, then their status), and returns their
// ids in the order given. Their stock is not taken: the catalogue's stock
// counts as what is left after them, which still hold theirs (restocking a
// refunded one puts its goods back).
func InsertPastTx(ctx context.Context, d *db.DB, tx *sql.Tx, list []Past) ([]int64, error) {
	rows := make([][]any, len(list))
	for i, p := range list {
		var sub money.Cents
		for _, it := range p.Items {
			sub += it.UnitPrice * money.Cents(it.Quantity)
		}
		var user any
		if p.UserID != 0 {
			user = p.UserID
		}
		var refunded money.Cents
		if p.Refund != nil {
			refunded = p.Refund.Amount
		}
		rows[i] = []any{p.Number, "-", user, string(p.Status), holdsStock(p.Status) && p.Status != Refunded, int64(sub), int64(p.Delivery.Fee),
			int64(sub + p.Delivery.Fee), p.Customer.FirstName, p.Customer.LastName, p.Customer.Email, p.Customer.Phone, p.Address.Address,
			p.Address.City, p.Address.County, "mpesa", p.Delivery.Kind, p.Delivery.Option, p.Delivery.Name, p.Delivery.ETA,
			int64(refunded), d.TimeArg(p.CreatedAt), d.TimeArg(p.CreatedAt)}
	}
	ids, err := d.InsertRowsKeyed(ctx, tx, "orders", []string{"order_number", "access_token_hash", "user_id", "status", "stock_reserved",
		"subtotal_cents", "shipping_cents", "total_cents", "first_name", "last_name", "email", "phone", "address", "city", "county",
		"payment_method", "delivery_kind", "delivery_option", "delivery_name", "delivery_eta", "refunded_cents", "created_at", "updated_at"},
		rows, "order_number")
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(list))
	var items, events [][]any
	for i, p := range list {
		id := ids[p.Number]
		if id == 0 {
			return nil, fmt.Errorf("past order %s was not stored", p.Number)
		}
		out[i] = id
		for _, it := range p.Items {
			items = append(items, []any{id, it.VariantID, it.ProductID, it.ProductName, it.ProductNameSW, it.Size, it.SKU, it.Quantity,
				int64(it.UnitPrice), int64(it.UnitPrice) * int64(it.Quantity)})
		}
		at := d.TimeArg(p.CreatedAt)
		events = append(events, []any{id, "", string(PendingPayment), "Order placed", "customer", at})
		if p.Status != PendingPayment {
			events = append(events, []any{id, string(PendingPayment), string(p.Status), "", "shop", at})
		}
	}
	if err := d.InsertRows(ctx, tx, "order_items", []string{"order_id", "variant_id", "product_id", "product_name", "product_name_sw", "size", "sku",
		"quantity", "unit_price_cents", "total_price_cents"}, items, "", nil); err != nil {
		return nil, err
	}
	return out, d.InsertRows(ctx, tx, "order_events", []string{"order_id", "from_status", "to_status", "note", "actor", "created_at"}, events, "", nil)
}

// LastEventIDTx is the id of the latest step of any order's history.
func LastEventIDTx(ctx context.Context, tx *sql.Tx) (int64, error) {
	var id int64
	err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM order_events`).Scan(&id)
	return id, err
}
