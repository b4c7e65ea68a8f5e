package order

import (
	"context"
	"fmt"
	"strings"
	"time"

	"shop/internal/db"
	"shop/internal/money"
)

// ExportOrder is one order as the accountant's file shows it
// (GET /api/admin/orders/export/, docs/product.md "Orders export").
type ExportOrder struct {
	Number       string
	CreatedAt    time.Time
	PaidAt       *time.Time
	Customer     string
	Phone        string
	Email        string
	County       string
	Channel      string
	DeliveryKind string
	DeliveryName string
	Status       Status
	Goods        money.Cents
	Discount     money.Cents
	Delivery     money.Cents
	Total        money.Cents
	Paid         money.Cents
	Refunded     money.Cents
	// VAT is the VAT held in the order's lines, by tax band.
	VAT      map[string]money.Cents
	Receipts []string
	Courier  string
	Tracking string
	Lines    []ExportLine
}

// ExportLine is one line of an exported order.
type ExportLine struct {
	SKU       string
	Name      string
	Size      string
	Quantity  int
	UnitPrice money.Cents
	Total     money.Cents
	Discount  money.Cents
	Band      string
	RateBP    int
	VAT       money.Cents
}

// exportBatch is how many orders the export reads at a time: the file is
// written as it is read, so a year of orders never sits in memory at once.
const exportBatch = 500

// Export calls each for every order f matches (its Page and PageSize are
// ignored), newest first, with its lines, payments and receipts.
func (s *Store) Export(ctx context.Context, f AdminFilter, each func(ExportOrder) error) error {
	var after int64
	for {
		w := adminWhere(f, s.db.Dialect)
		if err := s.narrowByTrigrams(ctx, w, f.Search); err != nil {
			return err
		}
		if after > 0 {
			// Newest first by id: ids grow with the time an order is placed,
			// and a key that never repeats lets the next batch start after
			// the last order read, whatever is placed meanwhile.
			w.And("o.id < " + w.Arg(after))
		}
		batch, err := db.QueryAll(ctx, s.db, "orders to export", scanExportOrder, `SELECT o.id, o.order_number, o.created_at,
			o.first_name, o.last_name, o.phone, o.email, o.county, o.channel, o.delivery_kind, o.delivery_name, o.status,
			o.subtotal_cents, o.discount_cents, o.shipping_cents, o.total_cents, o.refunded_cents, o.courier, o.tracking_number
			FROM orders o`+w.String()+` ORDER BY o.id DESC LIMIT `+fmt.Sprint(exportBatch), w.Args...)
		if err != nil {
			return err
		}
		if len(batch) == 0 {
			return nil
		}
		if err := s.exportDetails(ctx, batch); err != nil {
			return err
		}
		for _, o := range batch {
			if err := each(o.ExportOrder); err != nil {
				return err
			}
		}
		after = batch[len(batch)-1].id
		if len(batch) < exportBatch {
			return nil
		}
	}
}

type exportRow struct {
	id int64
	ExportOrder
}

func scanExportOrder(r db.Scanner) (o exportRow, err error) {
	var first, last string
	err = r.Scan(&o.id, &o.Number, &o.CreatedAt, &first, &last, &o.Phone, &o.Email, &o.County, &o.Channel, &o.DeliveryKind,
		&o.DeliveryName, &o.Status, &o.Goods, &o.Discount, &o.Delivery, &o.Total, &o.Refunded, &o.Courier, &o.Tracking)
	o.Customer = strings.TrimSpace(first + " " + last)
	return o, err
}

// exportDetails fills a batch's lines, VAT by band, payments and receipts
// with one read of each kind for the whole batch.
func (s *Store) exportDetails(ctx context.Context, batch []exportRow) error {
	ids := make([]int64, len(batch))
	at := make(map[int64]*exportRow, len(batch))
	for i := range batch {
		ids[i] = batch[i].id
		at[batch[i].id] = &batch[i]
		batch[i].VAT = map[string]money.Cents{}
	}
	cond, arg := s.db.InIDs("order_id", 1, ids)
	type line struct {
		orderID int64
		ExportLine
	}
	lines, err := db.QueryAll(ctx, s.db, "lines to export", func(r db.Scanner) (l line, err error) {
		return l, r.Scan(&l.orderID, &l.SKU, &l.Name, &l.Size, &l.Quantity, &l.UnitPrice, &l.Total, &l.Discount, &l.Band, &l.RateBP, &l.VAT)
	}, `SELECT order_id, sku, product_name, size, quantity, unit_price_cents, total_price_cents, discount_cents, vat_class, vat_rate_bp, vat_cents
		FROM order_items WHERE `+cond+` ORDER BY order_id, id`, arg)
	if err != nil {
		return err
	}
	for _, l := range lines {
		o := at[l.orderID]
		o.Lines = append(o.Lines, l.ExportLine)
		o.VAT[l.Band] += l.VAT
	}
	type event struct {
		orderID int64
		at      time.Time
	}
	paidAt, err := db.QueryAll(ctx, s.db, "payment times to export", func(r db.Scanner) (e event, err error) {
		return e, r.Scan(&e.orderID, &e.at)
	}, `SELECT order_id, created_at FROM order_events WHERE to_status = 'paid' AND `+cond+` ORDER BY id DESC`, arg)
	if err != nil {
		return err
	}
	for _, e := range paidAt {
		// Newest first, so the first time an order was paid is kept.
		at[e.orderID].PaidAt = &e.at
	}
	if s.payments == nil {
		return nil
	}
	paid, err := s.payments.Received(ctx, ids)
	if err != nil {
		return err
	}
	receipts, err := s.payments.Receipts(ctx, ids)
	if err != nil {
		return err
	}
	for id, o := range at {
		o.Paid, o.Receipts = paid[id], receipts[id]
	}
	return nil
}
