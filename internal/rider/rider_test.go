package rider_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/money"
	"shop/internal/notify"
	"shop/internal/order"
	"shop/internal/rider"
	"shop/internal/sms"
	"shop/internal/testkit"
)

// The dispatch text of a home delivery carries its delivery code, in the
// customer's language, and the code is the one the rider is asked for.
func TestTheDispatchTextCarriesTheDeliveryCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		orders := order.NewStore(d)
		riders := rider.New(d, orders, nil, nil, nil, testkit.Quiet())
		gw := &testkit.SMS{}
		texts := &notify.Texts{DB: d, Orders: orders, Queue: sms.NewQueue(d, gw, testkit.Quiet()), PublicURL: "https://mifugobora.co.ke",
			Log: testkit.Quiet(), DeliveryCode: riders.Code}
		cat := catalog.NewStore(d)
		if _, err := cat.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"}); err != nil {
			t.Fatal(err)
		}
		if _, err := cat.CreateProduct(ctx, catalog.NewProduct{Name: "Dairy Meal", Slug: "dairy-meal", CategoryID: 1, IsActive: true,
			BasePrice: money.FromShillings(3950), Variants: []catalog.NewVariant{{Size: "70 Kg", SKU: "DM-70", Price: money.FromShillings(3950), Stock: 5}}}); err != nil {
			t.Fatal(err)
		}
		c := order.Checkout{FirstName: "Wanjiku", LastName: "Kamau", Phone: "254712345678", Address: "Plot 4", City: "Ruiru", County: "Kiambu",
			PaymentMethod: "mpesa", MpesaPhone: "254712345678"}
		var o order.Order
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			created, err := orders.CreateTx(ctx, tx, order.New{Checkout: c, Lang: "sw", Delivery: order.Delivery{Kind: "delivery", Name: "Home delivery", Fee: money.FromShillings(300)}},
				[]order.Item{{VariantID: 1, ProductID: 1, ProductName: "Dairy Meal", Size: "70 Kg", SKU: "DM-70", Quantity: 1, UnitPrice: money.FromShillings(3950)}})
			o = created.Order
			return err
		}); err != nil {
			t.Fatal(err)
		}
		for _, to := range []order.Status{order.Paid, order.Processing, order.Dispatched} {
			if err := d.Tx(ctx, func(tx *sql.Tx) error {
				cur, err := orders.ByIDTx(ctx, tx, o.ID)
				if err == nil {
					_, err = order.Move(ctx, tx, cur, to, "test", "admin")
				}
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := texts.Once(ctx); err != nil {
			t.Fatal(err)
		}
		if _, err := texts.Queue.SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		code, err := riders.Code(ctx, o)
		if err != nil || len(code) != 4 {
			t.Fatalf("code %q, %v", code, err)
		}
		var dispatched string
		for _, s := range gw.Sent() {
			if strings.Contains(s, "iko njiani") {
				dispatched = s
			}
		}
		if !strings.Contains(dispatched, "Namba ya kupokea "+code) {
			t.Fatalf("dispatch text without the code %s: %q (sent %q)", code, dispatched, gw.Sent())
		}
		// Asked again, the code stays the same.
		if again, _ := riders.Code(ctx, o); again != code {
			t.Fatalf("code changed: %s then %s", code, again)
		}
	})
}

// A phone that refused a delivery is found, whichever of the order's
// phones it was.
func TestRefusedPhones(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		if _, err := d.Exec(ctx, `INSERT INTO refused_phones (phone, reason) VALUES ('254712345678', 'not at home')`); err != nil {
			t.Fatal(err)
		}
		for phones, want := range map[[2]string]bool{{"254700000111", "254712345678"}: true, {"254712345678", ""}: true, {"254700000111", ""}: false} {
			var got bool
			err := d.Tx(ctx, func(tx *sql.Tx) (err error) {
				got, err = rider.RefusedTx(ctx, tx, phones[0], phones[1])
				return err
			})
			if err != nil || got != want {
				t.Errorf("%v: %v, %v; want %v", phones, got, err, want)
			}
		}
	})
}
