package receipt_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"shop/internal/i18n"
	"shop/internal/order"
	"shop/internal/receipt"
)

// pdfText reads the text a PDF's uncompressed page shows: the strings of
// its Tj operators, unescaped, and decoded from the UTF-16 that fpdf writes
// for an embedded Unicode font. Enough for fpdf's own output, no tools.
func pdfText(pdf []byte) string {
	var out []string
	for _, m := range regexp.MustCompile(`\(((?:\\.|[^\\)])*)\) ?Tj`).FindAllSubmatch(pdf, -1) {
		s := unescapePDF(m[1])
		if len(s)%2 == 0 {
			u := make([]uint16, len(s)/2)
			for i := range u {
				u[i] = uint16(s[2*i])<<8 | uint16(s[2*i+1])
			}
			out = append(out, string(utf16.Decode(u)))
		} else {
			out = append(out, string(s))
		}
	}
	return strings.Join(out, "\n")
}

// unescapePDF undoes a PDF string's backslash escapes.
func unescapePDF(b []byte) []byte {
	var out []byte
	for i := 0; i < len(b); i++ {
		if b[i] != '\\' || i+1 == len(b) {
			out = append(out, b[i])
			continue
		}
		i++
		switch b[i] {
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		default:
			out = append(out, b[i])
		}
	}
	return out
}

func paidOrder() order.Order {
	paidAt := time.Date(2026, 11, 20, 21, 30, 0, 0, time.UTC) // 00:30 on the 21st in Nairobi
	return order.Order{
		Number: "ORDER-1763674200000", Status: order.Processing, CreatedAt: paidAt.Add(-time.Minute),
		Items: []order.Item{
			{ProductName: "Layers Mash", Size: "70 Kg", Quantity: 2, UnitPrice: 390000, TotalPrice: 780000, Discount: 20000, VATClass: "B", VATRate: 1600, VAT: 104828},
			{ProductName: "Dairy Meal", Size: "10 Kg", Quantity: 1, UnitPrice: 150000, TotalPrice: 150000, VATClass: "C", VATRate: 0},
			{ProductName: "Mineral Lick", Size: "2 Kg", Quantity: 3, UnitPrice: 50050, TotalPrice: 150150, VATClass: "A", VATRate: 0},
		},
		Subtotal: 1080150, Discount: 20000, CouponCode: "MASH200", ShippingCharge: 30000, Total: 1090150,
		Customer:        order.Customer{Name: "Wanjiku Mwangi (Kiambu)", FirstName: "Wanjiku", Phone: "254712345678", Email: "wanjiku@farm.co.ke"},
		ShippingAddress: order.Address{Address: "Plot 4", City: "Ruiru", County: "Kiambu"},
		Delivery:        order.Delivery{Kind: "delivery", Name: "Home delivery", Fee: 30000},
		Timeline:        []order.Step{{Status: order.PendingPayment, At: paidAt.Add(-time.Minute)}, {Status: order.Paid, At: paidAt}},
		Payment:         &order.Payment{Receipt: "TKL4ABC9XY", Amount: 1090150},
	}
}

func TestReceiptPDFShowsTheOrder(t *testing.T) {
	o := paidOrder()
	b := receipt.Business{Name: "Mifugo Bora Feeds", Address: "Eastern Bypass, Ruiru, Kenya", Phone: "+254 722 000 111",
		Email: "info@mifugobora.co.ke", KRAPIN: "P051234567X", USSDCode: "*384*123#"}
	pdf, err := receipt.PDF(o, b, receipt.Options{Uncompressed: true})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(pdf, []byte("%PDF-1.")) || !bytes.Contains(pdf[len(pdf)-10:], []byte("%%EOF")) {
		t.Fatalf("not a PDF: %q … %q", pdf[:10], pdf[len(pdf)-10:])
	}
	text := pdfText(pdf)
	for _, want := range []string{
		"Mifugo Bora Feeds", "KRA PIN: P051234567X", "Receipt number: ORDER-1763674200000",
		"Date: 21 November 2026, 00:30 (Nairobi time)", "Wanjiku Mwangi (Kiambu), 254712345678",
		"Layers Mash (70 Kg)", "Ksh 3,900", "Mineral Lick (2 Kg)", "Ksh 500.50", "C 0%", "A Exempt", "Tax band",
		"Discount (MASH200)", "-Ksh 200", "Delivery (Home delivery)", "Ksh 300",
		"Total", "Ksh 10,901.50",
		"B 16% on Ksh 7,600 (included)", "Ksh 1,048.28", "C 0% supplies", "A Exempt supplies", "Ksh 1,501.50",
		"Paid by M-Pesa, receipt TKL4ABC9XY", "Order again from any phone: dial *384*123#.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the receipt lacks %q; it reads:\n%s", want, text)
		}
	}
	// Without a USSD code there is no line for it.
	b.USSDCode = ""
	if bare, err := receipt.PDF(o, b, receipt.Options{Uncompressed: true}); err != nil || strings.Contains(pdfText(bare), "dial") {
		t.Errorf("a receipt without a USSD code mentions dialling: %v", err)
	}
	// Compressed (as served), it is still a PDF, and smaller.
	small, err := receipt.PDF(o, b, receipt.Options{})
	if err != nil || !bytes.HasPrefix(small, []byte("%PDF-1.")) || len(small) >= len(pdf) || strings.Contains(string(small), "TKL4ABC9XY") {
		t.Fatalf("compressed: %d bytes (uncompressed %d), %v", len(small), len(pdf), err)
	}
}

func TestOnlyPaidOrdersHaveReceipts(t *testing.T) {
	o := paidOrder()
	if !receipt.IsPaid(o) {
		t.Fatal("a paid order has no receipt")
	}
	o.Timeline = o.Timeline[:1]
	o.Status = order.PaymentFailed
	if receipt.IsPaid(o) {
		t.Fatal("an unpaid order has a receipt")
	}
}

func TestReceiptInKiswahiliPrintsKikuyuNamesAsWritten(t *testing.T) {
	o := paidOrder()
	o.Lang = i18n.Kiswahili
	o.Customer.Name = "Njũguna Wanjikũ"
	o.Items[0].ProductNameSW = "Chakula cha Kuku wa Mayai"
	o.Items[1].Size = "250 grams"
	b := receipt.Business{Name: "Mifugo Bora Feeds", Address: "Eastern Bypass, Ruiru, Kenya", Phone: "+254 722 000 111",
		KRAPIN: "P051234567X", USSDCode: "*384*123#"}
	pdf, err := receipt.PDF(o, b, receipt.Options{Uncompressed: true})
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(pdf)
	for _, want := range []string{
		"Njũguna Wanjikũ, 254712345678", "Risiti", "Namba ya risiti: ORDER-1763674200000",
		"Tarehe: 21 Novemba 2026, 00:30 (saa za Nairobi)", "Chakula cha Kuku wa Mayai (kilo 70)", "Dairy Meal (gramu 250)",
		"Bidhaa", "Idadi", "Kundi la kodi", "Punguzo (MASH200)", "Usafirishaji (Kuletewa nyumbani)", "Jumla", "Ksh 10,901.50",
		"B 16% kwa Ksh 7,600 (imejumuishwa)", "Mauzo ya C 0%", "Imelipwa kwa M-Pesa, risiti TKL4ABC9XY",
		"Agiza tena kwa simu yoyote: piga *384*123#.", "Risiti hii si ankara ya kodi ya eTIMS",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("the Kiswahili receipt lacks %q; it reads:\n%s", want, text)
		}
	}
	for _, english := range []string{"Receipt", "Home delivery", "grams", "Kg", "Customer", "Paid by", "Subtotal", "Layers Mash"} {
		if strings.Contains(text, english) {
			t.Errorf("the Kiswahili receipt says %q; it reads:\n%s", english, text)
		}
	}
	// The font is in the file: a reader without Go fonts prints the names too.
	if !bytes.Contains(pdf, []byte("/FontFile2")) {
		t.Error("the receipt's font is not embedded")
	}

	// Signed by KRA: the same fields, labelled in Kiswahili.
	o.Etims = &order.Etims{Status: "signed", CUInvoiceNo: "KRACU0400000001/17", SCUID: "KRACU0400000001",
		InternalData: "ABCDEFGH", Signature: "ABCD1234", KRADateTime: "20261121123000"}
	if pdf, err = receipt.PDF(o, b, receipt.Options{Uncompressed: true}); err != nil {
		t.Fatal(err)
	}
	text = pdfText(pdf)
	for _, want := range []string{"Namba ya ankara ya CU: KRACU0400000001/17", "Kitambulisho cha SCU: KRACU0400000001",
		"Data ya ndani: ABCD-EFGH", "Sahihi ya risiti: ABCD-1234", "Tarehe: 21/11/2026   Saa: 12:30:00"} {
		if !strings.Contains(text, want) {
			t.Errorf("the signed Kiswahili receipt lacks %q; it reads:\n%s", want, text)
		}
	}
	if strings.Contains(text, "Receipt") || strings.Contains(text, "signature") {
		t.Errorf("the signed Kiswahili receipt has English labels:\n%s", text)
	}
}
