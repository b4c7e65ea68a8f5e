package notify_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"shop/internal/i18n"
	"shop/internal/money"
	"shop/internal/notify"
	"shop/internal/order"
	"shop/internal/receipt"
	"shop/internal/testkit"
)

func TestPaidMail(t *testing.T) {
	rec := &testkit.Mailer{}
	n := notify.Orders{Mail: rec, Log: testkit.Quiet(), BusinessEmail: "info@mifugobora.co.ke", PublicURL: "https://shop.example",
		Receipt: receipt.Attachment(receipt.Business{Name: "Mifugo Bora Feeds", KRAPIN: "P051234567X"})}
	o := order.Order{Number: "ORDER-1", Status: order.Paid, Subtotal: 300000, Discount: 20000, CouponCode: "MAZIWA", ShippingCharge: 50000, Total: 330000,
		Items:           []order.Item{{ProductName: "Dairy Meal <Premium>", Size: "70 Kg", Quantity: 1, UnitPrice: 300000, TotalPrice: 300000, Discount: 20000, VATClass: "B", VATRate: 1600, VAT: 38621}},
		Customer:        order.Customer{Name: "Wanjiku Mwangi", FirstName: "Wanjiku", Email: "wanjiku@farm.co.ke", Phone: "254712345678"},
		ShippingAddress: order.Address{Address: "Plot 4", City: "Ruiru", County: "Kiambu"},
		Delivery:        order.Delivery{Kind: "delivery", Name: "Home delivery (Nairobi and Kiambu)", Fee: 50000, ETA: "Next day"},
		Payment:         &order.Payment{Receipt: "NLJ7RT61SV", Amount: money.Cents(330000)}}
	if err := n.PaidTx(context.Background(), nil, o); err != nil {
		t.Fatal(err)
	}
	if len(rec.Messages()) != 2 {
		t.Fatalf("%d mails", len(rec.Messages()))
	}
	c, b := rec.Messages()[0], rec.Messages()[1]
	if len(c.Attachments) != 1 || c.Attachments[0].Filename != "receipt-ORDER-1.pdf" || c.Attachments[0].ContentType != "application/pdf" ||
		!bytes.HasPrefix(c.Attachments[0].Data, []byte("%PDF-")) || len(b.Attachments) != 0 {
		t.Fatalf("the confirmation does not carry the receipt: %d attachments", len(c.Attachments))
	}
	for _, want := range []string{"ORDER-1", "NLJ7RT61SV", "Ksh 3,300", "Discount (MAZIWA): -Ksh 200", "Delivery (Home delivery (Nairobi and Kiambu)): Ksh 500", "We will deliver to: Plot 4, Ruiru, Kiambu (Next day)", "https://shop.example/order-confirmation?orderId=ORDER-1"} {
		if !strings.Contains(c.Text, want) {
			t.Errorf("customer text lacks %q:\n%s", want, c.Text)
		}
	}
	if c.To != "wanjiku@farm.co.ke" || !strings.Contains(c.HTML, "Dairy Meal &lt;Premium&gt;") || strings.Contains(c.HTML, "<Premium>") {
		t.Errorf("customer html not escaped or misaddressed: %s", c.HTML)
	}
	if b.To != "info@mifugobora.co.ke" || !strings.Contains(b.Subject, "ORDER-1") || !strings.Contains(b.Text, "254712345678") {
		t.Errorf("business mail: %+v", b)
	}
}

func TestUnpaidMailCarriesThePaybillGuide(t *testing.T) {
	rec := &testkit.Mailer{}
	n := notify.Orders{Mail: rec, Log: testkit.Quiet(), PublicURL: "https://shop.example"}
	code := 1032
	o := order.Order{Number: "ORDER-7", Status: order.PaymentFailed, Total: 146000, BalanceDue: 96000,
		Customer: order.Customer{FirstName: "Wanjiku<b>", Email: "wanjiku@farm.co.ke"},
		Payment:  &order.Payment{ResultCode: &code, Message: "You cancelled the payment on your phone"},
		Paybill:  &order.PayGuide{Kind: "paybill", Number: "174379", Account: "ORDER-7", Amount: 96000}}
	if err := n.UnpaidTx(context.Background(), nil, o); err != nil {
		t.Fatal(err)
	}
	m := rec.Messages()[0]
	for _, want := range []string{"You cancelled the payment", "Pay Bill", "Business number: 174379", "Account number: ORDER-7", "Amount: Ksh 960",
		"https://shop.example/order-confirmation?orderId=ORDER-7"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("unpaid mail lacks %q:\n%s\n%s", want, m.Text, m.HTML)
		}
	}
	if m.To != "wanjiku@farm.co.ke" || strings.Contains(m.HTML, "Wanjiku<b>") {
		t.Errorf("unpaid mail misaddressed or not escaped: %+v", m)
	}
	o.ID, o.Paybill = 8, &order.PayGuide{Kind: "till", Number: "5123456", Amount: 96000}
	if err := n.UnpaidTx(context.Background(), nil, o); err != nil {
		t.Fatal(err)
	}
	if m := rec.Messages()[1]; !strings.Contains(m.Text, "Buy Goods and Services") || !strings.Contains(m.Text, "Till number: 5123456") || strings.Contains(m.Text, "Account number") {
		t.Errorf("till mail:\n%s", m.Text)
	}
}

func TestPaidMailForPickup(t *testing.T) {
	rec := &testkit.Mailer{}
	n := notify.Orders{Mail: rec, Log: testkit.Quiet(), BusinessEmail: "info@mifugobora.co.ke", PublicURL: "https://shop.example"}
	o := order.Order{Number: "ORDER-2", Status: order.Paid, Subtotal: 395000, Total: 395000, Weight: 70000,
		Items:           []order.Item{{ProductName: "Dairy Meal", Size: "70 Kg", Quantity: 1, UnitPrice: 395000, TotalPrice: 395000}},
		Customer:        order.Customer{Name: "Achieng Otieno", FirstName: "Achieng", Email: "achieng@farm.co.ke", Phone: "254712345679"},
		ShippingAddress: order.Address{Address: "Lodwar town", City: "Lodwar", County: "Turkana"},
		Delivery: order.Delivery{Kind: "pickup", Name: "Mifugo Bora store, Ruiru", Address: "Eastern Bypass, Ruiru",
			Hours: "Mon-Fri 8:00 AM-6:00 PM"}}
	if err := n.PaidTx(context.Background(), nil, o); err != nil {
		t.Fatal(err)
	}
	c, b := rec.Messages()[0], rec.Messages()[1]
	for _, want := range []string{"Delivery (Mifugo Bora store, Ruiru): Ksh 0", "Collect it at: Mifugo Bora store, Ruiru, Eastern Bypass, Ruiru (open Mon-Fri 8:00 AM-6:00 PM)",
		"when it is ready for pickup"} {
		if !strings.Contains(c.Text, want) || !strings.Contains(c.HTML, strings.SplitN(want, " (", 2)[0]) {
			t.Errorf("customer mail lacks %q:\n%s\n%s", want, c.Text, c.HTML)
		}
	}
	if strings.Contains(c.Text, "deliver to") || !strings.Contains(b.Text, "Collect it at: Mifugo Bora store") || !strings.Contains(b.Text, "Weight: 70 kg") {
		t.Errorf("pickup mails: %s\n%s", c.Text, b.Text)
	}
}

// An order placed in Kiswahili gets its mail in Kiswahili, with the same
// amounts, receipt and links; the business's copy stays English.
func TestMailInTheOrdersLanguage(t *testing.T) {
	rec := &testkit.Mailer{}
	n := notify.Orders{Mail: rec, Log: testkit.Quiet(), BusinessEmail: "info@mifugobora.co.ke", PublicURL: "https://shop.example"}
	o := order.Order{Number: "ORDER-1", Lang: i18n.Kiswahili, Status: order.Paid, Subtotal: 300000, Discount: 20000, CouponCode: "MAZIWA",
		ShippingCharge: 50000, Total: 330000,
		Items: []order.Item{{ProductName: "Dairy Meal", ProductNameSW: "Chakula cha Ng'ombe wa Maziwa", Size: "70 Kg", Quantity: 1,
			UnitPrice: 300000, TotalPrice: 300000}},
		Customer:        order.Customer{Name: "Wanjiku Mwangi", FirstName: "Wanjiku", Email: "wanjiku@farm.co.ke", Phone: "254712345678"},
		ShippingAddress: order.Address{Address: "Plot 4", City: "Ruiru", County: "Kiambu"},
		Delivery:        order.Delivery{Kind: "delivery", Name: "Home delivery (Nairobi and Kiambu)", Fee: 50000, ETA: "Next day"},
		Payment:         &order.Payment{Receipt: "NLJ7RT61SV"}}
	if err := n.PaidTx(context.Background(), nil, o); err != nil {
		t.Fatal(err)
	}
	c, b := rec.Messages()[0], rec.Messages()[1]
	if c.Subject != "Oda yako ORDER-1 imethibitishwa" {
		t.Errorf("subject %q", c.Subject)
	}
	for _, want := range []string{"Habari Wanjiku,", "Risiti ya M-Pesa: NLJ7RT61SV", "- Chakula cha Ng'ombe wa Maziwa (kilo 70) × 1: Ksh 3,000", "Punguzo (MAZIWA): -Ksh 200",
		"Usafirishaji (Kuletewa nyumbani (Nairobi and Kiambu)): Ksh 500", "Jumla uliyolipa: Ksh 3,300",
		"Tutakuletea katika: Plot 4, Ruiru, Kiambu (Next day)", "Tutakupigia simu kwenye 254712345678 kabla ya kukuletea.",
		"Angalia oda yako: https://shop.example/order-confirmation?orderId=ORDER-1"} {
		if !strings.Contains(c.Text, want) {
			t.Errorf("Kiswahili text lacks %q:\n%s", want, c.Text)
		}
	}
	for _, want := range []string{`<html lang="sw">`, "Asante, Wanjiku!", "Chakula cha Ng&#39;ombe wa Maziwa (kilo 70) × 1", "imethibitishwa", "<strong>NLJ7RT61SV</strong>", "Jumla uliyolipa", "Ksh 3,300",
		`<a href="https://shop.example/order-confirmation?orderId=ORDER-1">Angalia oda yako</a>`} {
		if !strings.Contains(c.HTML, want) {
			t.Errorf("Kiswahili page lacks %q:\n%s", want, c.HTML)
		}
	}
	for _, english := range []string{"Thank you", "Total paid", "We will", "Delivery (", "Home delivery", "Dairy Meal", "70 Kg"} {
		if strings.Contains(c.Text, english) || strings.Contains(c.HTML, english) {
			t.Errorf("Kiswahili mail still says %q:\n%s\n%s", english, c.Text, c.HTML)
		}
	}
	if b.Subject != "New order ORDER-1 (Ksh 3,300)" || !strings.Contains(b.Text, "We will deliver to: Plot 4") || !strings.Contains(b.Text, "M-Pesa receipt: NLJ7RT61SV") ||
		!strings.Contains(b.Text, "- Dairy Meal (70 Kg) × 1: Ksh 3,000") {
		t.Errorf("the business's copy is not the English one:\n%s\n%s", b.Subject, b.Text)
	}

	code := 1032
	o.Status, o.BalanceDue = order.PaymentFailed, 96000
	o.Payment = &order.Payment{ResultCode: &code, Message: "You cancelled the payment on your phone"}
	o.Paybill = &order.PayGuide{Kind: "paybill", Number: "174379", Account: "ORDER-1", Amount: 96000}
	if err := n.UnpaidTx(context.Background(), nil, o); err != nil {
		t.Fatal(err)
	}
	m := rec.Messages()[2]
	if m.Subject != "Oda yako ORDER-1 inasubiri malipo" {
		t.Errorf("subject %q", m.Subject)
	}
	for _, want := range []string{"hayakufaulu: Ulighairi malipo kwenye simu yako", "Fungua M-Pesa na uchague Lipa na M-Pesa.", "Chagua Pay Bill.",
		"Namba ya biashara: 174379", "Namba ya akaunti: ORDER-1", "Kiasi: Ksh 960", "https://shop.example/order-confirmation?orderId=ORDER-1"} {
		if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, want) {
			t.Errorf("Kiswahili unpaid mail lacks %q:\n%s\n%s", want, m.Text, m.HTML)
		}
	}
	if strings.Contains(m.Text, "cancelled") || strings.Contains(m.Text, "Business number") {
		t.Errorf("Kiswahili unpaid mail has English:\n%s", m.Text)
	}
}
