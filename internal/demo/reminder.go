package demo

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/delivery"
	"shop/internal/order"
	"shop/internal/payment"
	"shop/internal/sms"
)

// ReminderPhone is the demo farmer whose bag runs low: she said yes to
// reminders, and her last bag of feed was bought long enough ago that its
// reminder is due as the shop starts (docs/notifications.md section 8), so
// the dev outbox shows one to answer with 1 between 08:00 and 18:00
// Nairobi time.
const ReminderPhone = "254712000333"

// SeedReminder writes that farmer's past order and her yes to reminders.
func SeedReminder(ctx context.Context, d *db.DB, cat *catalog.Store, now time.Time) error {
	sizes, err := cat.SellableSizes(ctx, 5000)
	if err != nil {
		return err
	}
	var lasts int
	var size catalog.Sellable
	for _, s := range sizes {
		var n sql.NullInt64
		if err := d.QueryRow(ctx, `SELECT lasts_days FROM variants WHERE id = $1`, s.VariantID).Scan(&n); err != nil {
			return err
		}
		if n.Valid && n.Int64 >= 5 {
			size, lasts = s, int(n.Int64)
			break
		}
	}
	if lasts == 0 {
		return nil
	}
	at := now.Add(-time.Duration(lasts-2) * 24 * time.Hour)
	p := order.Past{Number: fmt.Sprintf("ORDER-%d999", at.Unix()), Status: order.Delivered, CreatedAt: at,
		Customer: order.Customer{FirstName: "Wanjiku", LastName: "Kamau", Email: "wanjiku.kamau@example.co.ke", Phone: ReminderPhone},
		Address:  order.Address{Address: "Plot 12, Thika Road", City: "Ruiru", County: "Kiambu"},
		Delivery: order.Delivery{Kind: delivery.KindDelivery, Name: "Home delivery", Fee: 0, ETA: "1–3 days"},
		Items: []order.Item{{VariantID: size.VariantID, ProductID: size.ProductID, ProductName: size.ProductName, Size: size.Size,
			SKU: size.SKU, Quantity: 1, UnitPrice: size.Price}}}
	return d.Tx(ctx, func(tx *sql.Tx) error {
		ids, err := order.InsertPastTx(ctx, d, tx, []order.Past{p})
		if err != nil {
			return err
		}
		// Delivered, so paid: by its prompt, as every demo order is.
		ok := 0
		paid := payment.PastPayment{OrderID: ids[0], Status: "succeeded", ResultCode: &ok, Phone: ReminderPhone, Amount: size.Price,
			Receipt: fmt.Sprintf("R%09d", at.Unix()%1_000_000_000), At: at.Add(time.Minute)}
		if err := payment.InsertPastTx(ctx, d, tx, []payment.PastPayment{paid}); err != nil {
			return err
		}
		return sms.SetRemindersTx(ctx, d, tx, ReminderPhone, true)
	})
}
