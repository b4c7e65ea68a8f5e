package notify_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"shop/internal/catalog"
	"shop/internal/db"
	"shop/internal/db/dbtest"
	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/notify"
	"shop/internal/order"
	"shop/internal/sms"
	"shop/internal/testkit"
)

// oneSize stores a product with one 70 Kg size of sku, in a category of
// its own: size 1 of product 1.
func oneSize(t *testing.T, d *db.DB, name, sku string, ksh int64, stock int) *catalog.Store {
	t.Helper()
	ctx := context.Background()
	cat := catalog.NewStore(d)
	if _, err := cat.CreateCategory(ctx, catalog.NewCategory{Name: "Feeds", Slug: "feeds"}); err != nil {
		t.Fatal(err)
	}
	if _, err := cat.CreateProduct(ctx, catalog.NewProduct{Name: name, Slug: catalog.NewProductSlug(name), CategoryID: 1, IsActive: true,
		BasePrice: money.FromShillings(ksh), Variants: []catalog.NewVariant{{Size: "70 Kg", SKU: sku, Price: money.FromShillings(ksh), Stock: stock}}}); err != nil {
		t.Fatal(err)
	}
	return cat
}

// Each step of an order queues its messages once, however often the
// history is read (two instances, or a crash before the cursor moved).
func TestEachStepIsTextedOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		orders := order.NewStore(d)
		gw := &testkit.SMS{}
		texts := &notify.Texts{DB: d, Orders: orders, Queue: sms.NewQueue(d, gw, testkit.Quiet()),
			PublicURL: "https://mifugobora.co.ke", BusinessPhone: "254722000111", Log: testkit.Quiet()}
		c := order.Checkout{FirstName: "Wanjiku", LastName: "Kamau", Email: "w@farm.co.ke", Phone: "254712345678", Address: "Plot 4",
			City: "Ruiru", County: "Kiambu", PaymentMethod: "mpesa", MpesaPhone: "254712345678"}
		oneSize(t, d, "Dairy Meal", "DM-70", 3950, 5)
		var o order.Order
		if err := d.Tx(ctx, func(tx *sql.Tx) error {
			created, err := orders.CreateTx(ctx, tx, order.New{Checkout: c, Delivery: order.Delivery{Kind: "delivery", Name: "Home delivery", Fee: money.FromShillings(300)}}, []order.Item{{VariantID: 1, ProductID: 1, ProductName: "Dairy Meal",
				Size: "70 Kg", SKU: "DM-70", Quantity: 1, UnitPrice: money.FromShillings(3950)}})
			o = created.Order
			return err
		}); err != nil {
			t.Fatal(err)
		}
		move := func(to order.Status) {
			t.Helper()
			if err := d.Tx(ctx, func(tx *sql.Tx) error {
				cur, err := orders.ByIDTx(ctx, tx, o.ID)
				if err != nil {
					return err
				}
				_, err = order.Move(ctx, tx, cur, to, "test", "admin")
				return err
			}); err != nil {
				t.Fatal(err)
			}
		}
		read := func() {
			t.Helper()
			if _, err := texts.Once(ctx); err != nil {
				t.Fatal(err)
			}
			// The cursor moved past what was read.
			if n, err := texts.Once(ctx); err != nil || n != 0 {
				t.Fatalf("read again: %d steps, %v", n, err)
			}
		}
		read()
		move(order.PaymentFailed)
		read()
		move(order.PendingPayment) // a retry: no message of its own
		move(order.Paid)
		read()
		// The cursor goes back, as when another instance read the same steps.
		if _, err := d.Exec(ctx, `UPDATE notify_cursors SET last_id = 0`); err != nil {
			t.Fatal(err)
		}
		read()
		move(order.Processing)
		move(order.Dispatched)
		move(order.Delivered)
		read()
		// Bulk history is skipped: nothing is read again after SkipHistory.
		if _, err := d.Exec(ctx, `UPDATE notify_cursors SET last_id = 0`); err != nil {
			t.Fatal(err)
		}
		if err := notify.SkipHistory(ctx, d); err != nil {
			t.Fatal(err)
		}
		if n, err := texts.Once(ctx); err != nil || n != 0 {
			t.Fatalf("after SkipHistory: %d steps, %v", n, err)
		}
		if _, err := texts.Queue.SendDue(ctx); err != nil {
			t.Fatal(err)
		}
		sent := gw.Sent()
		var kinds []string
		for _, s := range sent {
			kinds = append(kinds, strings.Fields(s)[0]+" "+kindOf(s))
		}
		want := []string{"+254712345678 received", "+254712345678 failed", "+254712345678 paid", "+254722000111 business",
			"+254712345678 dispatched", "+254712345678 delivered"}
		if strings.Join(kinds, ",") != strings.Join(want, ",") {
			t.Fatalf("sent:\n%s\nwant %v", strings.Join(sent, "\n"), want)
		}
		code, _ := orders.ShortCode(ctx, o.ID)
		if !strings.Contains(sent[0], "https://mifugobora.co.ke/o/"+code) || !strings.Contains(sent[0], o.Number) {
			t.Fatalf("no short link or order number: %s", sent[0])
		}
	})
}

func kindOf(s string) string {
	for _, k := range []struct{ word, kind string }{{"new paid order", "business"}, {" due. ", "received"}, {"failed", "failed"},
		{"Thank you!", "paid"}, {"on its way", "dispatched"}, {"was delivered", "delivered"}} {
		if strings.Contains(s, k.word) {
			return k.kind
		}
	}
	return "?"
}

// Every message fits one GSM-7 segment with the longest real values, in
// both languages: the longest order number, the dearest order, a Paybill
// account, a receipt, and a realistic address for the links.
func TestEveryMessageFitsOneSegment(t *testing.T) {
	number := "ORDER-1795381559464-12"
	link := "https://mifugobora.co.ke/o/ACDEFGHJKM"
	for _, lang := range []i18n.Lang{i18n.English, i18n.Kiswahili} {
		o := order.Order{Number: number, Lang: lang, Total: money.FromShillings(250_000), AmountPaid: money.FromShillings(250_000),
			BalanceDue: money.FromShillings(250_000), ShippingAddress: order.Address{County: "Elgeyo-Marakwet"},
			Payment: &order.Payment{Receipt: "TKM81HDS2P"}, Courier: "Wells Fargo Courier Services", TrackingNumber: "WF-2026-00041872",
			Delivery: order.Delivery{Kind: "pickup", Name: "Kitale Farmers Agrovet, Kenyatta Street", Hours: "Mon-Sat 7:30 AM-6:30 PM, Sun 9:00 AM-1:00 PM"},
			Paybill:  &order.PayGuide{Kind: "paybill", Number: "4123456", Account: "7K3QX9P", Amount: money.FromShillings(250_000)}}
		// The details a message keeps when they fit.
		if d := notify.Dispatched(o, link); !strings.Contains(d, "WF-2026-00041872") {
			t.Errorf("%s: dispatched lost its tracking number: %s", lang, d)
		}
		// The delivery code is what a home delivery's text must never lose.
		if d := notify.DispatchedWithCode(o, link, "0427"); !strings.Contains(d, "0427") {
			t.Errorf("%s: dispatched lost its delivery code: %s", lang, d)
		}
		// The failed prompt's text names the amount and the account number.
		if f := notify.Failed(o, link, ""); !strings.Contains(f, "Ksh 250,000") || !strings.Contains(f, "7K3QX9P") {
			t.Errorf("%s: failed lost the amount or account: %s", lang, f)
		}
		if r := notify.ReadyForPickup(o, link); !strings.Contains(r, "Kitale Farmers Agrovet") {
			t.Errorf("%s: ready lost its pickup point: %s", lang, r)
		}
		for name, text := range map[string]string{
			"received": notify.Received(o, link, ""), "failed": notify.Failed(o, link, ""),
			"received with the USSD code": notify.Received(o, link, "*384*12345#"), "failed with the USSD code": notify.Failed(o, link, "*384*12345#"), "paid": notify.Paid(o, link),
			"dispatched": notify.Dispatched(o, link), "delivered": notify.Delivered(o, link), "business": notify.NewOrder(o, "https://mifugobora.co.ke"),
			"ready": notify.ReadyForPickup(o, link), "collected": notify.Collected(o, link),
			"dispatched with a code": notify.DispatchedWithCode(o, link, "0427"),
		} {
			if n, gsm := sms.Segments(text); n != 1 || !gsm {
				t.Errorf("%s %s: %d segments, GSM-7 %v, %d characters: %s", lang, name, n, gsm, len(text), text)
			}
			if !strings.Contains(text, number) || name != "business" && !strings.Contains(text, link) {
				t.Errorf("%s %s lost the order number or the link: %s", lang, name, text)
			}
		}
	}
}

// An order placed in Kiswahili is texted in Kiswahili with the same
// details; the business's message stays English.
func TestTextsInTheOrdersLanguage(t *testing.T) {
	link := "https://mifugobora.co.ke/o/ACDEFGHJKM"
	o := order.Order{Number: "ORDER-1732000000000", Lang: i18n.Kiswahili, Total: money.FromShillings(3950), AmountPaid: money.FromShillings(3950),
		BalanceDue: money.FromShillings(3950), ShippingAddress: order.Address{County: "Kiambu"}, Payment: &order.Payment{Receipt: "TKM81HDS2P"},
		Courier: "G4S", TrackingNumber: "T-1", Delivery: order.Delivery{Kind: "pickup", Name: "Ruiru store", Hours: "Mon-Fri 8:00 AM-6:00 PM"},
		Paybill: &order.PayGuide{Kind: "paybill", Number: "4123456", Account: "7K3QX9P", Amount: money.FromShillings(3950)}}
	for _, c := range []struct{ got, want string }{
		{notify.Received(o, link, ""), "Mifugo Bora: oda ORDER-1732000000000 imepokelewa, lipa Ksh 3,950. Pay Bill 4123456, akaunti 7K3QX9P. " + link},
		{notify.Received(o, link, "*384*123#"), "Mifugo Bora: oda ORDER-1732000000000 imepokelewa, lipa Ksh 3,950. Pay Bill 4123456, akaunti 7K3QX9P. " + link + " Au piga *384*123#."},
		{notify.Failed(o, link, ""), "Mifugo Bora: malipo ya Ksh 3,950 kwa ORDER-1732000000000 hayakufaulu. Pay Bill 4123456, akaunti 7K3QX9P, au jaribu tena: " + link},
		// The USSD code is left out where it would make a second segment.
		{notify.Failed(o, link, "*384*123#"), "Mifugo Bora: malipo ya Ksh 3,950 kwa ORDER-1732000000000 hayakufaulu. Pay Bill 4123456, akaunti 7K3QX9P, au jaribu tena: " + link},
		{notify.Paid(o, link), "Mifugo Bora: tumepokea Ksh 3,950 kwa oda ORDER-1732000000000, risiti ya M-Pesa TKM81HDS2P. Asante! " + link},
		{notify.Dispatched(o, link), "Mifugo Bora: oda ORDER-1732000000000 iko njiani na G4S, namba ya kufuatilia T-1. " + link},
		{notify.ReadyForPickup(o, link), "Mifugo Bora: oda ORDER-1732000000000 iko tayari kuchukuliwa katika Ruiru store, hufunguliwa Mon-Fri 8:00 AM-6:00 PM. " + link},
		{notify.Collected(o, link), "Mifugo Bora: oda ORDER-1732000000000 imechukuliwa. Asante kwa kununua kwetu! " + link},
		{notify.Delivered(o, link), "Mifugo Bora: oda ORDER-1732000000000 imefikishwa. Asante kwa kununua kwetu! " + link},
		{notify.NewOrder(o, "https://mifugobora.co.ke"), "Mifugo Bora: new paid order ORDER-1732000000000, Ksh 3,950, Kiambu. https://mifugobora.co.ke/admin"},
	} {
		if c.got != c.want {
			t.Errorf("got  %s\nwant %s", c.got, c.want)
		}
	}
	o.Lang = i18n.English
	if got, want := notify.Failed(o, link, ""), "Mifugo Bora: payment of Ksh 3,950 for ORDER-1732000000000 failed. Pay Bill 4123456, account 7K3QX9P, or try again: "+link; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if got := notify.Delivered(o, link); got != "Mifugo Bora: order ORDER-1732000000000 was delivered. Thank you for buying from us! "+link {
		t.Errorf("English: %s", got)
	}
}

// payments is what an order's payments look like to the texts, as the
// payment package would say.
type payments struct {
	latest   order.Payment
	received money.Cents
}

func (p *payments) Latest(_ context.Context, ids []int64) (map[int64]order.Payment, error) {
	return map[int64]order.Payment{ids[0]: p.latest}, nil
}
func (p *payments) All(context.Context, int64) ([]order.Payment, error) { return nil, nil }
func (p *payments) Received(_ context.Context, ids []int64) (map[int64]money.Cents, error) {
	return map[int64]money.Cents{ids[0]: p.received}, nil
}
func (p *payments) Receipts(context.Context, []int64) (map[int64][]string, error) { return nil, nil }
func (p *payments) Guide(o order.Order) *order.PayGuide {
	return &order.PayGuide{Kind: "paybill", Number: "174379", Account: o.AccountNumber, Amount: o.BalanceDue}
}

// No "please pay" text goes while a prompt is on the customer's phone or
// once money has come; the failed prompt's text names the amount.
func TestNoPleasePayBesideMoneyOnItsWay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		orders := order.NewStore(d)
		pay := &payments{latest: order.Payment{Status: "pending"}}
		orders.UsePayments(pay)
		gw := &testkit.SMS{}
		texts := &notify.Texts{DB: d, Orders: orders, Queue: sms.NewQueue(d, gw, testkit.Quiet()), PublicURL: "https://mifugobora.co.ke",
			Log: testkit.Quiet(), USSDCode: "*384*123#"}
		oneSize(t, d, "Dairy Meal", "DM-70", 3950, 5)
		var o order.Order
		move := func(to order.Status) {
			t.Helper()
			if err := d.Tx(ctx, func(tx *sql.Tx) error {
				if o.ID == 0 {
					c := order.Checkout{FirstName: "Wanjiku", LastName: "Kamau", Phone: "254712345678", Address: "Plot 4", City: "Ruiru",
						County: "Kiambu", PaymentMethod: "mpesa"}
					created, err := orders.CreateTx(ctx, tx, order.New{Checkout: c, Delivery: order.Delivery{Kind: "delivery", Name: "Home delivery"}},
						[]order.Item{{VariantID: 1, ProductID: 1, ProductName: "Dairy Meal", Size: "70 Kg", SKU: "DM-70", Quantity: 1, UnitPrice: money.FromShillings(3950)}})
					o = created.Order
					return err
				}
				cur, err := orders.ByIDTx(ctx, tx, o.ID)
				if err == nil {
					_, err = order.Move(ctx, tx, cur, to, "test", "mpesa")
				}
				return err
			}); err != nil {
				t.Fatal(err)
			}
			if _, err := texts.Once(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := texts.Queue.SendDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		move(order.PendingPayment) // placed, its prompt on the phone
		if sent := gw.Sent(); len(sent) != 0 {
			t.Fatalf("sent beside a prompt: %v", sent)
		}
		pay.latest.Status, pay.received = "failed", 1000_00 // a part came by Paybill, then the prompt failed
		move(order.PaymentFailed)
		if sent := gw.Sent(); len(sent) != 0 {
			t.Fatalf("sent after a part payment: %v", sent)
		}
		pay.received = 0
		move(order.PendingPayment)
		move(order.PaymentFailed)
		sent := gw.Sent()
		if len(sent) != 1 || !strings.Contains(sent[0], "payment of Ksh 3,950 for "+o.Number+" failed") || !strings.Contains(sent[0], o.AccountNumber) {
			t.Fatalf("failed prompt: %v", sent)
		}
	})
}
