package checkout_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"shop/internal/apperr"
	"shop/internal/cart"
	"shop/internal/catalog"
	"shop/internal/checkout"
	"shop/internal/coupon"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/order"
	"shop/internal/payment"
	"shop/internal/payment/mpesa"
	"shop/internal/ratelimit"
)

// Placing an order from any channel (docs/architecture.md, "Placing an order").

type shop struct {
	d      *db.DB
	co     *checkout.Service
	orders *order.Store
	carts  *cart.Store
	sim    *mpesa.Simulator
}

func newShop(t *testing.T, d *db.DB) *shop {
	t.Helper()
	ctx := context.Background()
	cat := catalog.NewStore(d)
	if _, err := cat.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"}); err != nil {
		t.Fatal(err)
	}
	for _, p := range []catalog.NewProduct{
		{Name: "Dairy Meal", NameSW: "Chakula cha Ng'ombe wa Maziwa", Slug: "dairy-meal", CategoryID: 1, IsActive: true, BasePrice: money.FromShillings(1500),
			Variants: []catalog.NewVariant{{Size: "10 Kg", SKU: "DM-10", Price: money.FromShillings(1500), Stock: 20}}},
		{Name: "Old Mash", Slug: "old-mash", CategoryID: 1, IsActive: false, BasePrice: money.FromShillings(900),
			Variants: []catalog.NewVariant{{Size: "5 Kg", SKU: "OM-5", Price: money.FromShillings(900), Stock: 20}}},
	} {
		if _, err := cat.CreateProduct(ctx, p); err != nil {
			t.Fatal(err)
		}
	}
	s := &shop{d: d, orders: order.NewStore(d), carts: cart.NewStore(d)}
	s.sim = &mpesa.Simulator{ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p", Delay: time.Hour, Mode: mpesa.CallbackNever}
	daraja := httptest.NewServer(s.sim)
	t.Cleanup(func() { s.sim.Close(); daraja.Close() })
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	gateway := mpesa.NewClient(mpesa.Config{BaseURL: daraja.URL, ConsumerKey: "k", ConsumerSecret: "s", ShortCode: "174379", Passkey: "p"}, nil)
	unlimited := payment.PushLimits{PerPhone: ratelimit.Limit{Max: 1000, Window: time.Minute}, PerIP: ratelimit.Limit{Max: 1000, Window: time.Minute}}
	payments := payment.New(d, s.orders, gateway, ratelimit.New(d, nil), payment.Config{PublicURL: "http://127.0.0.1:1", CallbackSecret: "x", Limits: &unlimited}, log)
	s.orders.UsePayments(payments)
	s.co = checkout.New(d, s.orders, coupon.NewStore(d), payments, log)
	return s
}

var wanjiku = checkout.Customer{FirstName: "Wanjiku", LastName: "Mwangi", Phone: "0712 345 678"}
var ruiru = checkout.Address{Address: "Plot 4, Eastern Bypass", City: "Ruiru", County: "Kiambu"}

// rows is what an order left in the tables its checkout wrote.
type rows struct {
	subtotal, shipping, total, discount int64
	items                               string
	delivery                            string
	stock                               int
	payments                            string
}

func (s *shop) rows(t *testing.T, o order.Order) rows {
	t.Helper()
	ctx := context.Background()
	var r rows
	if err := s.d.QueryRow(ctx, `SELECT subtotal_cents, shipping_cents, total_cents, discount_cents, delivery_kind || '/' || delivery_name || '/' || county
		FROM orders WHERE id = $1`, o.ID).Scan(&r.subtotal, &r.shipping, &r.total, &r.discount, &r.delivery); err != nil {
		t.Fatal(err)
	}
	list, err := db.QueryAll(ctx, s.d, "items", func(sc db.Scanner) (string, error) {
		var name, size, sku, class string
		var qty, unit, total, vat int64
		err := sc.Scan(&name, &size, &sku, &qty, &unit, &total, &class, &vat)
		return fmt.Sprintf("%s|%s|%s|%s x %d = %s|%s|%s", name, size, sku, money.Cents(unit), qty, money.Cents(total), class, money.Cents(vat)), err
	}, `SELECT product_name, size, sku, quantity, unit_price_cents, total_price_cents, vat_class, vat_cents FROM order_items WHERE order_id = $1 ORDER BY id`, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range list {
		r.items += l + ";"
	}
	pays, err := db.QueryAll(ctx, s.d, "payments", func(sc db.Scanner) (string, error) {
		var status, phone, ref string
		var amount int64
		err := sc.Scan(&status, &phone, &amount, &ref)
		// The reference is the order number's last 12 characters.
		return fmt.Sprintf("%s|%s|%s|ref ok %t", status, phone, money.Cents(amount), len(ref) == 12 && strings.HasSuffix(o.Number, ref)), err
	}, `SELECT status, phone, amount_cents, COALESCE(account_ref, '') FROM payments WHERE order_id = $1`, o.ID)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pays {
		r.payments += p + ";"
	}
	if err := s.d.QueryRow(ctx, `SELECT stock FROM variants WHERE sku = 'DM-10'`).Scan(&r.stock); err != nil {
		t.Fatal(err)
	}
	return r
}

// A phone order (no cart, no web form) and the same lines through the web
// cart make the same order, stock and payment rows; only the channel and
// who placed it differ.
func TestPhoneOrderAndWebCartMakeTheSameOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d)
		ctx := context.Background()
		clerk := &order.Staff{ID: 0, Name: "Achieng (clerk)"}
		phone, err := s.co.Place(ctx, checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru,
			Lines: []checkout.Line{{VariantID: 1, Quantity: 1}, {VariantID: 1, Quantity: 1}}, PlacedBy: clerk, ClientIP: "192.0.2.1"})
		if err != nil || phone.PushErr != nil || phone.CheckoutRequestID == "" {
			t.Fatalf("phone order: %v %v %q", err, phone.PushErr, phone.CheckoutRequestID)
		}
		byPhone := s.rows(t, phone.Order)

		res, err := s.carts.Resolve(ctx, cart.Owner{}, true)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.carts.Add(ctx, res.CartID, 1, 2); err != nil {
			t.Fatal(err)
		}
		web, err := s.co.Place(ctx, checkout.Request{Channel: order.ChannelWeb, Customer: wanjiku, Address: ruiru, CartID: res.CartID, ClientIP: "192.0.2.2"})
		if err != nil || web.PushErr != nil {
			t.Fatalf("web order: %v %v", err, web.PushErr)
		}
		byWeb := s.rows(t, web.Order)
		if byPhone.stock != 18 || byWeb.stock != 16 {
			t.Fatalf("stock after the phone order %d, after the web order %d; want 18 and 16", byPhone.stock, byWeb.stock)
		}
		byPhone.stock, byWeb.stock = 0, 0
		if byPhone != byWeb {
			t.Fatalf("the two roads differ:\nphone %+v\nweb   %+v", byPhone, byWeb)
		}
		if byPhone.items == "" || !strings.HasPrefix(byPhone.payments, "pending|254712345678|") || !strings.HasSuffix(byPhone.payments, "|ref ok true;") {
			t.Fatalf("rows %+v", byPhone)
		}
		got, err := s.orders.ByNumber(ctx, phone.Order.Number)
		if err != nil || got.Channel != order.ChannelStaff || got.PlacedBy == nil || got.PlacedBy.Name != clerk.Name {
			t.Fatalf("phone order reads back as channel %q placed by %+v (%v)", got.Channel, got.PlacedBy, err)
		}
		if got, _ := s.orders.ByNumber(ctx, web.Order.Number); got.Channel != order.ChannelWeb || got.PlacedBy != nil {
			t.Fatalf("web order reads back as channel %q placed by %+v", got.Channel, got.PlacedBy)
		}
		for channel, want := range map[string]int{order.ChannelStaff: 1, order.ChannelWeb: 1, order.ChannelUSSD: 0, "": 2} {
			page, err := s.orders.AdminList(ctx, order.AdminFilter{Channel: channel, PageSize: 20})
			if err != nil || page.Count != want || len(page.Orders) != want {
				t.Fatalf("admin list of channel %q: %d (%d listed), %v; want %d", channel, page.Count, len(page.Orders), err, want)
			}
		}
	})
}

// What every order needs, whatever the channel: a known channel, a
// reachable phone, lines of sizes on sale, stock.
func TestEveryChannelsOrderIsChecked(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d)
		ctx := context.Background()
		line := []checkout.Line{{VariantID: 1, Quantity: 1}}
		for name, c := range map[string]struct {
			r     checkout.Request
			field string
		}{
			"unknown channel": {checkout.Request{Channel: "fax", Customer: wanjiku, Address: ruiru, Lines: line}, "channel"},
			"bad phone":       {checkout.Request{Channel: order.ChannelUSSD, Customer: checkout.Customer{Phone: "12345"}, Address: ruiru, Lines: line}, "phone"},
			"bad payer":       {checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Payer: "0800", Address: ruiru, Lines: line}, "mpesaPhone"},
			"no lines":        {checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru}, "items"},
			"zero quantity":   {checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru, Lines: []checkout.Line{{VariantID: 1}}}, "items"},
			"unknown size":    {checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru, Lines: []checkout.Line{{VariantID: 99, Quantity: 1}}}, "items"},
			"not on sale":     {checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru, Lines: []checkout.Line{{VariantID: 2, Quantity: 1}}}, "items"},
			"no county":       {checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Lines: line}, "county"},
			"unknown coupon":  {checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru, Lines: line, Coupon: "NOPE"}, "code"},
			"unknown road":    {checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru, Lines: line, Road: "card"}, "payment"},
		} {
			_, err := s.co.Place(ctx, c.r)
			var e *apperr.Error
			if !errors.As(err, &e) || e.Kind != apperr.KindInvalid || e.Fields[c.field] == "" {
				t.Errorf("%s: %v, want a 400 on %s", name, err, c.field)
			}
		}
		_, err := s.co.Place(ctx, checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru, Lines: []checkout.Line{{VariantID: 1, Quantity: 21}}})
		if err == nil {
			t.Fatal("21 of a size with 20 in stock were ordered")
		}
		var n int
		if err := d.QueryRow(ctx, `SELECT (SELECT COUNT(*) FROM orders) + (SELECT COUNT(*) FROM payments)`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("refused orders left %d rows (%v)", n, err)
		}
	})
}

// A code typed for an order without a cart is priced under the coupon's
// lock like the cart's; the payment-link road stores no prompt.
func TestTypedCouponAndThePaymentLinkRoad(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d)
		ctx := context.Background()
		c, err := coupon.Input{Code: "KARIBU10", Kind: coupon.Percent, Value: []byte(`10`)}.Check()
		if err != nil {
			t.Fatal(err)
		}
		if err := d.Tx(ctx, func(tx *sql.Tx) error { _, err := coupon.NewStore(d).CreateTx(ctx, tx, c); return err }); err != nil {
			t.Fatal(err)
		}
		st, err := s.co.Place(ctx, checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru, Road: checkout.Link,
			Lines: []checkout.Line{{VariantID: 1, Quantity: 2}}, Coupon: " karibu10 "})
		if err != nil || st.CheckoutRequestID != "" {
			t.Fatalf("link order: %v, prompt %q", err, st.CheckoutRequestID)
		}
		if st.Order.Discount != money.FromShillings(300) || st.Order.CouponCode != "KARIBU10" {
			t.Fatalf("discount %s code %q, want Ksh 300 KARIBU10", st.Order.Discount, st.Order.CouponCode)
		}
		var payments, uses int
		_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM payments`).Scan(&payments)
		_ = d.QueryRow(ctx, `SELECT COUNT(*) FROM coupon_uses WHERE phone = '254712345678'`).Scan(&uses)
		if payments != 0 || uses != 1 {
			t.Fatalf("payments %d, coupon uses %d; want 0 and 1", payments, uses)
		}
	})
}

// An order keeps the product's name in both languages as it was when the
// order was placed, whatever the catalogue says later, and whichever road it
// came by; the cart and the order read in Kiswahili name it in Kiswahili
// (docs/i18n.md, "Product content").
func TestTheOrderKeepsBothNames(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newShop(t, d)
		ctx := context.Background()
		sw := i18n.WithLang(ctx, i18n.Kiswahili)
		res, err := s.carts.Resolve(ctx, cart.Owner{}, true)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.carts.Add(ctx, res.CartID, 1, 1); err != nil {
			t.Fatal(err)
		}
		lines, err := s.carts.Items(sw, res.CartID)
		if err != nil || len(lines) != 1 || lines[0].Variant.Product.Name != "Chakula cha Ng'ombe wa Maziwa" || lines[0].Variant.Size != "kilo 10" {
			t.Fatalf("the Kiswahili cart reads %+v (%v)", lines, err)
		}
		if lines, _ := s.carts.Items(ctx, res.CartID); lines[0].Variant.Product.Name != "Dairy Meal" || lines[0].Variant.Size != "10 Kg" {
			t.Fatalf("the English cart reads %+v", lines)
		}
		web, err := s.co.Place(sw, checkout.Request{Channel: order.ChannelWeb, Customer: wanjiku, Address: ruiru, CartID: res.CartID,
			ClientIP: "192.0.2.2", Lang: i18n.Kiswahili})
		if err != nil {
			t.Fatal(err)
		}
		phone, err := s.co.Place(ctx, checkout.Request{Channel: order.ChannelStaff, Customer: wanjiku, Address: ruiru,
			Lines: []checkout.Line{{VariantID: 1, Quantity: 1}}, PlacedBy: &order.Staff{Name: "Achieng"}, ClientIP: "192.0.2.1"})
		if err != nil {
			t.Fatal(err)
		}
		// The catalogue's names change afterwards; the orders keep theirs.
		if _, err := d.Exec(ctx, `UPDATE products SET name = 'Renamed', name_sw = 'Jina Jipya' WHERE id = 1`); err != nil {
			t.Fatal(err)
		}
		for _, number := range []string{web.Order.Number, phone.Order.Number} {
			o, err := s.orders.ByNumber(ctx, number)
			if err != nil || len(o.Items) != 1 {
				t.Fatalf("order %s: %+v (%v)", number, o.Items, err)
			}
			it := o.Items[0]
			if it.ProductName != "Dairy Meal" || it.ProductNameSW != "Chakula cha Ng'ombe wa Maziwa" || it.Size != "10 Kg" {
				t.Errorf("order %s keeps %q / %q (%s)", number, it.ProductName, it.ProductNameSW, it.Size)
			}
			if sw := o.ItemsIn(i18n.Kiswahili)[0]; sw.ProductName != "Chakula cha Ng'ombe wa Maziwa" || sw.Size != "kilo 10" {
				t.Errorf("order %s in Kiswahili names %q (%s)", number, sw.ProductName, sw.Size)
			}
		}
		if o, _ := s.orders.ByNumber(ctx, web.Order.Number); o.Lang != i18n.Kiswahili {
			t.Errorf("the web order's language is %q", o.Lang)
		}
	})
}
